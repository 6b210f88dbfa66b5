// Diagnostics: the corpus in tests/diagnostics (each file states the errors it must produce),
// rendering, JSON, and hostile input that must give errors, never a crash or a hang.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <system_error>

#include "dsl/dsl.hpp"
#include "interpreter/interpreter.hpp"
#include "support/temp_dir.hpp"

namespace dsl_diagnostics_tests {

namespace {

using vari::Diagnostic;
using vari::test::TempDir;
namespace dsl = vari::dsl;

// "# expect-error LINE:COL: text" (the message contains text) or "# expect-hint LINE:COL: text"
// (the hint does).
struct Expectation {
    bool is_hint = false;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string text;
};

std::vector<Expectation> expectations_in(const std::string& source) {
    std::vector<Expectation> found;
    std::istringstream lines(source);
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        for (const bool is_hint : {false, true}) {
            const std::string tag = is_hint ? "# expect-hint " : "# expect-error ";
            const std::size_t at = line.find(tag);
            if (at == std::string::npos) continue;
            std::istringstream rest(line.substr(at + tag.size()));
            Expectation e{is_hint, 0, 0, {}};
            char colon1 = 0, colon2 = 0;
            rest >> e.line >> colon1 >> e.column >> colon2;
            REQUIRE((colon1 == ':' && colon2 == ':'));
            std::getline(rest >> std::ws, e.text);
            found.push_back(e);
        }
    }
    return found;
}

std::vector<std::string> corpus() {
    std::vector<std::string> paths;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(VARI_TEST_DATA) + "/diagnostics"))
        if (entry.path().extension() == ".vari") paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::string rendered(const dsl::LoadResult& result) {
    std::string out;
    for (const auto& d : result.diagnostics) out += dsl::render(d, result);
    return out;
}

bool matches(const Diagnostic& d, const Expectation& e) {
    return d.line == e.line && d.column == e.column &&
           (e.is_hint ? d.hint : d.message).find(e.text) != std::string::npos;
}

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A load that did not crash must either give a game or say why not, at a place in the text.
void require_sane(const dsl::LoadResult& result, std::string_view text) {
    if (result.game) return;
    REQUIRE(!result.diagnostics.empty());
    const auto lines = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    for (const auto& d : result.diagnostics) {
        CHECK(d.line >= 1);
        CHECK(d.line <= lines);
        CHECK(d.column >= 1);
        CHECK(!d.message.empty());
    }
}

}  // namespace

TEST_CASE("every file of the diagnostics corpus reports exactly the errors it expects",
          "[dsl][diagnostics]") {
    const auto paths = corpus();
    REQUIRE(paths.size() >= 20);
    for (const auto& path : paths) {
        const auto result = dsl::load_file(path);
        auto expected = expectations_in(result.sources.front().text);
        // An empty file cannot say what it expects.
        if (result.sources.front().text.empty())
            expected.push_back({false, 1, 1, "the file holds no declarations"});
        INFO(std::filesystem::path(path).filename().string() << " reported:\n" << rendered(result));
        CHECK(!result.game);
        CHECK(!result.diagnostics.empty());
        for (const auto& e : expected) {
            INFO("expected " << (e.is_hint ? "hint" : "error") << " " << e.line << ":" << e.column
                             << ": " << e.text);
            CHECK(std::any_of(result.diagnostics.begin(), result.diagnostics.end(),
                              [&](const Diagnostic& d) { return matches(d, e); }));
        }
        for (const auto& d : result.diagnostics) {
            INFO("unexpected " << d.line << ":" << d.column << ": " << d.message);
            CHECK(std::any_of(expected.begin(), expected.end(),
                              [&](const Expectation& e) { return !e.is_hint && matches(d, e); }));
        }
    }
}

TEST_CASE("one run reports the syntax errors of several declarations and the checks of the rest",
          "[dsl][diagnostics]") {
    const auto result =
        dsl::load_file(std::string(VARI_TEST_DATA) + "/diagnostics/several-errors.vari");
    INFO(rendered(result));
    CHECK(result.diagnostics.size() == 7);
    CHECK(std::is_sorted(result.diagnostics.begin(), result.diagnostics.end(),
                         [](const auto& a, const auto& b) {
                             return std::pair{a.line, a.column} < std::pair{b.line, b.column};
                         }));
}

TEST_CASE("the rendered errors of a file with several are exactly the golden output",
          "[dsl][diagnostics]") {
    const std::string folder = std::string(VARI_TEST_DATA) + "/diagnostics/";
    const auto result = dsl::load_text(read(folder + "several-errors.vari"), "several-errors.vari");
    CHECK(rendered(result) == read(folder + "several-errors.expected"));
}

TEST_CASE("an empty file is an error at its first line", "[dsl][diagnostics]") {
    const auto result = dsl::load_text("", "empty.vari");
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].line == 1);
    CHECK(result.diagnostics[0].column == 1);
    CHECK(result.diagnostics[0].message.find("no declarations") != std::string::npos);
}

TEST_CASE("Windows line ends and a byte-order mark read as plain text", "[dsl][diagnostics]") {
    std::string text = read(std::string(VARI_STDLIB_DIR) + "/chess.vari");
    std::string crlf;
    for (const char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    // Labelled where chess is, so that its pieces' images are found.
    const auto result =
        dsl::load_text("\xEF\xBB\xBF" + crlf, std::string(VARI_STDLIB_DIR) + "/chess.vari");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.game);
    CHECK(result.game->pieces[4].source.line == 33);

    const auto broken = dsl::load_text(
        "\xEF\xBB\xBFgame \"X\r\nplayers A\r\nboard square { files a..b ranks 1..2 }\r\n",
        "bad.vari");
    REQUIRE(broken.diagnostics.size() == 1);
    CHECK(broken.diagnostics[0].line == 1);
    CHECK(broken.diagnostics[0].column == 8);
    CHECK(dsl::render(broken.diagnostics[0], broken).find("\n  game \"X\n         ^\n") !=
          std::string::npos);
}

TEST_CASE("a missing file is a diagnostic without a line", "[dsl][diagnostics]") {
    const auto result = dsl::load_file("/nonexistent/game.vari");
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].line == 0);
    CHECK(result.diagnostics[0].file == "/nonexistent/game.vari");
    CHECK(!result.game);
}

TEST_CASE("a file past the size limit is refused with its true size, before it is read",
          "[dsl][diagnostics]") {
    const TempDir dir;
    const auto path = dir.path / "huge.vari";
    dir.write("huge.vari", "");
    std::filesystem::resize_file(path, 50'000'000);  // sparse: no 50 MB written
    const auto result = dsl::load_file(path.string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].line == 0);
    CHECK(result.diagnostics[0].message ==
          "cannot read the file: it has 50000000 bytes, more than the limit of 1048576");
}

TEST_CASE("a loop of symbolic links is reported as a loop, not as a missing file",
          "[dsl][diagnostics]") {
    const TempDir dir;
    std::filesystem::create_symlink("b.vari", dir.path / "a.vari");
    std::filesystem::create_symlink("a.vari", dir.path / "b.vari");
    const auto result = dsl::load_file((dir.path / "a.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].message ==
          "cannot read the file: " + std::generic_category().message(ELOOP));
    // Named as a game, the loop is still the file meant, so the commands give the same reason.
    CHECK(dsl::resolve_game((dir.path / "a.vari").string()) == (dir.path / "a.vari").string());
}

TEST_CASE("old Mac line ends (a lone CR) end lines as a newline does", "[dsl][diagnostics]") {
    const std::string text = read(std::string(VARI_STDLIB_DIR) + "/chess.vari");
    std::string cr = text;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    const std::string label = std::string(VARI_STDLIB_DIR) + "/chess.vari";
    const auto result = dsl::load_text(cr, label);
    INFO(rendered(result));
    REQUIRE(result.game);
    CHECK(*result.game == *dsl::load_text(text, label).game);

    // Before, the comment ran to the end of the file, which then held "no declarations".
    const auto broken = dsl::load_text(
        "# a comment\rgame \"X\rplayers A\rboard square { files a..b ranks 1..2 }\r", "bad.vari");
    REQUIRE(broken.diagnostics.size() == 1);
    CHECK(broken.diagnostics[0].line == 2);
    CHECK(broken.diagnostics[0].column == 8);
    CHECK(dsl::render(broken.diagnostics[0], broken).find("\n  game \"X\n         ^\n") !=
          std::string::npos);
}

TEST_CASE("a rendered diagnostic escapes the control characters of what it echoes",
          "[dsl][render]") {
    Diagnostic d;
    d.file = "game\x1B[2J.vari";
    d.line = 1;
    d.column = 1;
    d.message = "bad number '1\n' for the move number";
    d.hint = std::string("\x9B") + "31m\r\x01";  // "\x9B31m" would be one escape
    // C1 controls (U+009B here, in UTF-8) are as much a terminal command as ESC.
    CHECK(dsl::render(d, "x\xC2\x9By\n") ==
          "game\\x1B[2J.vari:1:1: error: bad number '1\\n' for the move number\n"
          "  x?y\n"
          "  ^\n"
          "  hint: \\x9B31m\\r\\x01\n");
    CHECK(vari::printable("caf\xC3\xA9\ttab\xFF") == "caf\xC3\xA9\\ttab\\xFF");
}

TEST_CASE("a rendered diagnostic shows the line and a caret under the column, tabs kept",
          "[dsl][render]") {
    Diagnostic d;
    d.file = "pawn.vari";
    d.line = 2;
    d.column = 12;
    d.message = "unknown direction 'forwrd'";
    d.hint = "did you mean 'forward'?";
    const std::string source = "piece Pawn P {\n\tmove step forwrd\n}\n";
    CHECK(dsl::render(d, source) ==
          "pawn.vari:2:12: error: unknown direction 'forwrd'\n"
          "  \tmove step forwrd\n"
          "  \t          ^\n"
          "  hint: did you mean 'forward'?\n");
}

TEST_CASE("a rendered diagnostic counts a UTF-8 character as one column and hides control bytes",
          "[dsl][render]") {
    Diagnostic d;
    d.file = "f";
    d.line = 1;
    d.column = 11;  // bytes: the 'é' takes two
    d.message = "m";
    CHECK(dsl::render(d, std::string("game \"\xC3\xA9\x01\" x\n")) ==
          "f:1:11: error: m\n  game \"\xC3\xA9?\" x\n           ^\n");
    d.line = 0;
    d.column = 0;
    CHECK(dsl::render(d, "") == "f: error: m\n");
}

TEST_CASE("a rendered diagnostic on a very long line shows the line around the caret only",
          "[dsl][render]") {
    Diagnostic d;
    d.file = "f";
    d.line = 1;
    d.message = "m";
    const std::string far = std::string(1000, 'a') + "XY" + std::string(1000, 'b');
    d.column = 1001;  // at 'X'
    CHECK(dsl::render(d, far) == "f:1:1001: error: m\n  ..." + std::string(60, 'a') + "XY" +
                                     std::string(58, 'b') + "...\n  ..." + std::string(60, ' ') +
                                     "^\n");
    d.column = 3;  // near the start: nothing left out before the caret
    CHECK(dsl::render(d, far) == "f:1:3: error: m\n  " + std::string(62, 'a') + "...\n    ^\n");
    // The window never splits a UTF-8 character.
    std::string accents;
    for (int i = 0; i < 200; ++i) accents += "\xC3\xA9";
    d.column = 202;  // the 101st character's first byte
    const std::string shown = dsl::render(d, accents);
    CHECK(shown.find("...\xC3\xA9") != std::string::npos);
    CHECK(shown.find("\xC3\xA9...\n") != std::string::npos);
    CHECK(shown.find('?') == std::string::npos);
}

TEST_CASE("diagnostics convert to a JSON array, even with invalid UTF-8 in a file name",
          "[dsl][render]") {
    Diagnostic d;
    d.file = "bad\xFF.vari";
    d.line = 3;
    d.column = 7;
    d.message = "unknown piece 'Quen'";
    d.hint = "did you mean 'Queen'?";
    const auto json = nlohmann::json::parse(dsl::to_json({d, d}));
    REQUIRE(json.is_array());
    REQUIRE(json.size() == 2);
    CHECK(json[0]["line"] == 3);
    CHECK(json[0]["column"] == 7);
    CHECK(json[0]["severity"] == "error");
    CHECK(json[0]["message"] == "unknown piece 'Quen'");
    CHECK(json[0]["hint"] == "did you mean 'Queen'?");
    CHECK(dsl::to_json({}) == "[]");
}

TEST_CASE("every prefix of chess.vari loads without a crash, with errors at real places",
          "[dsl][robustness]") {
    const std::string text = read(std::string(VARI_STDLIB_DIR) + "/chess.vari");
    REQUIRE(text.size() > 1000);
    for (std::size_t n = 0; n <= text.size(); ++n) {
        const std::string_view prefix(text.data(), n);
        INFO("prefix of " << n << " bytes");
        require_sane(dsl::load_text(prefix, "chess.vari"), prefix);
    }
}

TEST_CASE("randomly damaged shipped games load without a crash", "[dsl][robustness]") {
    const char noise[] = {'\0', '\xFF', '\xC3', '{', '}', '(', ')', '"',
                          '#',  '\n',   '-',    '9', 'a', ' ', '='};
    std::mt19937 random(20240601);
    for (const char* name : {"chess.vari", "shafran-chess.vari"}) {
        const std::string original = read(std::string(VARI_STDLIB_DIR) + "/" + name);
        for (int round = 0; round < 300; ++round) {
            std::string text = original;
            const int edits = 1 + static_cast<int>(random() % 6);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const std::size_t at = random() % text.size();
                switch (random() % 3) {
                    case 0:
                        text[at] = noise[random() % sizeof noise];
                        break;
                    case 1:
                        text.erase(at, 1 + random() % 20);
                        break;
                    default:
                        text.insert(at, text.substr(random() % text.size(), 1 + random() % 40));
                        break;
                }
            }
            INFO(name << " round " << round << ":\n" << text);
            require_sane(dsl::load_text(text, name), text);
        }
    }
}

TEST_CASE("hostile values are reported as errors", "[dsl][robustness]") {
    const std::string head = "game \"G\"\nplayers A B\n";
    const std::string king = "\npiece King K royal { step orthogonal }\n";
    auto [text, message] = GENERATE_COPY(table<std::string, std::string>({
        {head + "board square { files a..z ranks 1..40 }" + king,
         "the board has 1040 cells; the limit is 1024"},
        {head + "board square { files a..z ranks 1..2000000000 }" + king, "must lie between 0 and"},
        {head + "board square { files a..h ranks 1..99999999999999999999 }" + king,
         "must lie between 0 and"},
        {head + "board hex flat { files a..c lengths 100 100 2147483647 first 1 1 1 }" + king,
         "the limit is 1024"},
        {head + "board hex pointy { hexagon 2147483647 }" + king, "the limit is 1024"},
        {head + "board hex flat { hexagon -3 }" + king, "at least 1"},
        {head +
             "board square { files a..h ranks 1..8 }\npiece N N { leap (2147483647, -2147483648) }",
         "must lie between"},
        {head + "board square { cells a1 (5000, 0) }" + king, "must lie between"},
        {head + "board square { files a..h ranks 1..8 }\ndirection a = b\ndirection b = a" + king,
         "defined through itself"},
        {std::string(2'000'000, ' '), "the file has 2000000 bytes, more than the limit of"},
        {"game \"\"\nplayers A\nboard square { files a..b ranks 1..2 }" + king, "needs a name"},
    }));
    INFO(text.substr(0, 200));
    const auto result = dsl::load_text(text, "hostile.vari");
    CHECK(!result.game);
    CHECK(std::any_of(
        result.diagnostics.begin(), result.diagnostics.end(),
        [&, wanted = message](const Diagnostic& d) {  // clang 14 captures no structured binding
            return d.message.find(wanted) != std::string::npos;
        }));
}

TEST_CASE("a long chain of directions is refused, not followed without bound",
          "[dsl][robustness]") {
    std::string text = "game \"G\"\nplayers A\nboard square { files a..h ranks 1..8 }\n";
    for (int i = 0; i < 5000; ++i)
        text += "direction d" + std::to_string(i) + " = d" + std::to_string(i + 1) + "\n";
    text += "direction d5000 = n\npiece King K { step d0 }\n";
    const auto result = dsl::load_text(text, "chain.vari");
    CHECK(!result.game);
    CHECK(
        std::any_of(result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& d) {
            return d.message.find("defined through more than") != std::string::npos;
        }));
}

TEST_CASE("a file of junk stops after a bounded number of errors", "[dsl][robustness]") {
    // Junk that starts no declaration is skipped in one go; broken declarations are not.
    std::string text;
    for (int i = 0; i < 10000; ++i) text += "piece }\n";
    const auto result = dsl::load_text(text, "junk.vari");
    CHECK(result.diagnostics.size() <= 60);
    CHECK(result.diagnostics.back().message.find("too many errors") != std::string::npos);
}

}  // namespace dsl_diagnostics_tests
