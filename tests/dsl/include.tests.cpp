// `include "FILE"`: a game split over files loads as the same game in one file; names resolve
// across files both ways; errors name the file they are in; missing files, cycles, files read
// twice and the limits; included and hooks files only inside the game's folders. The fixtures are
// in tests/include; single-file cases are in the diagnostics corpus.
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "dsl/dsl.hpp"
#include "support/temp_dir.hpp"

namespace dsl_include_tests {

namespace {

namespace dsl = vari::dsl;
namespace ir = vari::ir;
using vari::test::TempDir;

const std::string fixtures = std::string(VARI_TEST_DATA) + "/include/";

const std::string head = "game \"T\"\nplayers A B\norient B rotate 180\n";
const std::string board = "board square { files a..e ranks 1..5 }\n";

dsl::LoadResult load(const std::string& path) { return dsl::load_file(path); }

std::string rendered(const dsl::LoadResult& result) {
    std::string out;
    for (const auto& d : result.diagnostics) out += dsl::render(d, result);
    return out;
}

// The rules without where they were written: the same game split differently compares equal.
ir::Game without_sources(ir::Game game) {
    game.files.clear();
    game.rules_hash = 0;  // a hash of the text read, which differs
    for (auto& player : game.players) player.source = {};
    for (auto& zone : game.zones) zone.source = {};
    for (auto& piece : game.pieces) {
        piece.source = {};
        piece.drop.source = {};
        for (auto& movement : piece.movements) movement.source = {};
        for (auto& promotion : piece.promotions) promotion.source = {};
    }
    for (auto& castling : game.castlings) castling.source = {};
    for (auto& placement : game.setup) placement.source = {};
    for (auto& end : game.ends) end.source = {};
    if (game.hooks) game.hooks->source = {};
    return game;
}

const ir::Piece& piece(const ir::Game& game, const std::string& name) {
    const auto it = std::find_if(game.pieces.begin(), game.pieces.end(),
                                 [&name](const ir::Piece& p) { return p.name == name; });
    REQUIRE(it != game.pieces.end());
    return *it;
}

}  // namespace

TEST_CASE("a game split over three files loads to the same rules as the game in one file",
          "[dsl][include]") {
    const auto split = load(fixtures + "split/game.vari");
    const auto whole = load(fixtures + "whole.vari");
    INFO(rendered(split) << rendered(whole));
    REQUIRE(split.game);
    REQUIRE(whole.game);
    CHECK(without_sources(*split.game) == without_sources(*whole.game));
    CHECK(!(*split.game == *whole.game));  // the sources do differ

    // lib/board.vari is included by lib/pieces.vari and again by game.vari: read once.
    REQUIRE(split.sources.size() == 3);
    CHECK(split.sources[0].label == fixtures + "split/game.vari");
    CHECK(split.sources[1].label == fixtures + "split/lib/pieces.vari");
    CHECK(split.sources[1].included_by == 0);
    CHECK(split.sources[1].line == 5);
    CHECK(split.sources[2].label == fixtures + "split/lib/board.vari");
    CHECK(split.sources[2].included_by == 1);
    CHECK(split.sources[2].line == 1);
    CHECK(split.game->files == std::vector<std::string>{split.sources[0].label,
                                                        split.sources[1].label,
                                                        split.sources[2].label});
}

TEST_CASE("names defined in an included file and in the including one resolve both ways",
          "[dsl][include]") {
    const auto split = load(fixtures + "split/game.vari");
    INFO(rendered(split));
    REQUIRE(split.game);
    const ir::Game& game = *split.game;
    // The Pawn (lib/pieces.vari) promotes in 'last-rank' (game.vari) to the Queen
    // (lib/pieces.vari).
    const ir::Piece& pawn = piece(game, "Pawn");
    REQUIRE(pawn.promotions.size() == 1);
    REQUIRE(game.zones.size() == 1);
    CHECK(game.zones[0].name == "last-rank");
    CHECK(pawn.promotions[0].zone == 0);
    CHECK(game.pieces[static_cast<std::size_t>(pawn.promotions[0].choices.at(0))].name == "Queen");
    // The setups (game.vari) place the library's pieces.
    CHECK(game.setup.size() == 8);
    // Every rule knows its file.
    CHECK(pawn.source.file == 1);
    CHECK(pawn.source.line == 4);
    CHECK(pawn.movements[1].source.file == 1);
    CHECK(game.zones[0].source.file == 0);
    CHECK(game.zones[0].source.line == 8);
    CHECK(game.players[1].source.file == 0);
}

TEST_CASE("a hooks file named in an included file is found next to that file",
          "[dsl][include][hooks]") {
    const auto split = load(fixtures + "split/game.vari");
    REQUIRE(split.game);
    REQUIRE(split.game->hooks);
    CHECK(split.game->hooks->chunk_name == fixtures + "split/lib/rules.lua");
    CHECK(split.game->hooks->source.file == 2);
    CHECK(split.game->hooks->source.line == 6);

    // Inline hooks are named after the file they are written in.
    const TempDir dir;
    dir.write("lib/hooks.vari", "hooks \"\"\"\nx = 1\n\"\"\"\n");
    dir.write("game.vari", head + board + "include \"lib/hooks.vari\"\n");
    const auto inline_hooks = load((dir.path / "game.vari").string());
    INFO(rendered(inline_hooks));
    REQUIRE(inline_hooks.game);
    REQUIRE(inline_hooks.game->hooks);
    CHECK(inline_hooks.game->hooks->chunk_name == (dir.path / "lib/hooks.vari").string());
    CHECK(inline_hooks.game->hooks->first_line == 1);
}

TEST_CASE("an error in an included file names that file, its line and the include",
          "[dsl][include][diagnostics]") {
    const auto result = load(fixtures + "broken/game.vari");
    CHECK(!result.game);
    const std::string game = fixtures + "broken/game.vari";
    const std::string pieces = fixtures + "broken/pieces.vari";
    // Sorted by file in reading order: the loaded file's errors first.
    REQUIRE(result.diagnostics.size() == 2);
    CHECK(result.diagnostics[0].file == game);
    CHECK(result.diagnostics[0].line == 5);
    CHECK(result.diagnostics[1].file == pieces);
    CHECK(result.diagnostics[1].line == 2);
    CHECK(result.diagnostics[1].column == 22);
    CHECK(dsl::render(result.diagnostics[1], result) ==
          pieces +
              ":2:22: error: unknown direction 'orthogonl'\n"
              "  piece Rook R { slide orthogonl }\n"
              "                       ^\n"
              "  hint: did you mean 'orthogonal'?\n"
              "  note: included from " +
              game + ":3:1\n");
    CHECK(dsl::render(result.diagnostics[0], result) ==
          game +
              ":5:28: error: cell 'z9' is not on the board\n"
              "  setup White { King a1 Rook z9 }\n"
              "                             ^\n"
              "  hint: the files run from 'a' to 'e'\n");

    const auto json = nlohmann::json::parse(dsl::to_json(result.diagnostics));
    REQUIRE(json.size() == 2);
    CHECK(json[1]["file"] == pieces);
    CHECK(json[1]["line"] == 2);
}

TEST_CASE("a name defined twice across files cites the other file", "[dsl][include]") {
    const TempDir dir;
    dir.write("pieces.vari", "piece King K royal { step orthogonal }\n");
    dir.write("game.vari", head + board + "include \"pieces.vari\"\npiece King Q { step n }\n");
    const auto result = load((dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].file == (dir.path / "game.vari").string());
    CHECK(result.diagnostics[0].line == 6);
    CHECK(result.diagnostics[0].message ==
          "piece 'King' is already defined at " + (dir.path / "pieces.vari").string() + ":1:1");
}

TEST_CASE("an include that cannot be read is an error at its path, naming it as written",
          "[dsl][include][diagnostics]") {
    const TempDir dir;
    const std::string text = head + board + "include \"lib/none.vari\"\n";
    // load_text finds included files from the folder of its label.
    const auto result = dsl::load_text(text, (dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    const auto& d = result.diagnostics[0];
    CHECK(d.file == (dir.path / "game.vari").string());
    CHECK(d.line == 5);
    CHECK(d.column == 9);
    CHECK(d.message == "cannot read the included file 'lib/none.vari': No such file or directory");

    dir.write("lib/none.vari/keep", "");  // now a folder
    const auto folder = dsl::load_text(text, (dir.path / "game.vari").string());
    REQUIRE(folder.diagnostics.size() == 1);
    CHECK(folder.diagnostics[0].message.find("cannot read the included file") == 0);

    // A pipe is refused before it is opened: reading it might never end.
    REQUIRE(mkfifo((dir.path / "pipe.vari").c_str(), 0600) == 0);
    const auto pipe =
        dsl::load_text(head + board + "include \"pipe.vari\"\n", (dir.path / "game.vari").string());
    REQUIRE(pipe.diagnostics.size() == 1);
    CHECK(pipe.diagnostics[0].message ==
          "cannot read the included file 'pipe.vari': it is not a regular file");
}

TEST_CASE("an include that closes a cycle is an error there", "[dsl][include][diagnostics]") {
    const auto result = load(fixtures + "cycle/game.vari");
    const std::string a = fixtures + "cycle/a.vari", b = fixtures + "cycle/b.vari";
    REQUIRE(result.diagnostics.size() == 1);
    const auto& d = result.diagnostics[0];
    CHECK(d.file == b);
    CHECK(d.line == 2);
    CHECK(d.column == 1);
    CHECK(d.message == "this include closes a cycle: '" + a + "' -> '" + b + "' -> '" + a + "'");
    CHECK(dsl::render(d, result).ends_with("  note: included from " + a +
                                           ":1:1\n"
                                           "  note: included from " +
                                           fixtures + "cycle/game.vari:4:1\n"));
}

TEST_CASE("the same file reached by two paths is read once", "[dsl][include]") {
    const TempDir dir;
    dir.write("board.vari", board + "direction forward = n\n");
    dir.write("lib/pieces.vari",
              "include \"../board.vari\"\npiece King K royal { step forward }\n");
    dir.write("lib/rules.vari", "include \"../board.vari\"\nend stalemate draw\n");
    dir.write("game.vari", head + "include \"lib/pieces.vari\"\ninclude \"./lib/rules.vari\"\n" +
                               "include \"lib/../board.vari\"\n");
    const auto result = load((dir.path / "game.vari").string());
    INFO(rendered(result));
    REQUIRE(result.game);
    CHECK(result.sources.size() == 4);
    CHECK(result.sources[2].label == (dir.path / "board.vari").string());
    CHECK(result.sources[3].label == (dir.path / "lib/rules.vari").string());
}

TEST_CASE("includes nest at most 16 deep", "[dsl][include][limits]") {
    const TempDir dir;
    for (int i = 1; i <= 17; ++i)
        dir.write(
            "f" + std::to_string(i) + ".vari",
            i < 17 ? "include \"f" + std::to_string(i + 1) + ".vari\"\n" : "end stalemate draw\n");
    dir.write("game.vari", head + board + "include \"f1.vari\"\n");
    const auto result = load((dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].file == (dir.path / "f16.vari").string());
    CHECK(result.diagnostics[0].message == "includes nest more than 16 deep here");

    dir.write("f16.vari", "end stalemate draw\n");  // 16 deep is allowed
    const auto shallower = load((dir.path / "game.vari").string());
    INFO(rendered(shallower));
    CHECK(shallower.game);
    CHECK(shallower.sources.size() == 17);
}

TEST_CASE("the files read for a game hold at most 4 MiB together", "[dsl][include][limits]") {
    const TempDir dir;
    const std::string filler = std::string(1000, '#') + "\n";
    std::string big;
    while (big.size() + filler.size() <= 1000 * 1000) big += filler;
    std::string game = head + board;
    for (int i = 1; i <= 5; ++i) {
        dir.write("big" + std::to_string(i) + ".vari", big);
        game += "include \"big" + std::to_string(i) + ".vari\"\n";
    }
    dir.write("game.vari", game);
    const auto result = load((dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].line == 9);
    CHECK(result.diagnostics[0].message ==
          "the included file 'big5.vari' brings the files read to more than 4194304 bytes, the "
          "limit");
}

TEST_CASE(
    "an include outside the game's folders is refused, showing nothing of the file nor of "
    "the folders",
    "[dsl][include][diagnostics]") {
    namespace fs = std::filesystem;
    const TempDir dir;
    dir.write("secret.vari", "top secret words\n");
    dir.write("game/lib/board.vari", board);
    fs::create_symlink(dir.path / "secret.vari", dir.path / "game/lib/link.vari");
    fs::create_directory_symlink(dir.path, dir.path / "game/up");
    const std::string secret = (dir.path / "secret.vari").string();
    const std::string outside = " outside the folders a game may read";
    const std::vector<std::pair<std::string, std::string>> cases{
        {secret, "the included file '" + secret + "' is named by an absolute path"},
        {"../secret.vari", "the included file '../secret.vari' is" + outside},
        {"lib/../../secret.vari", "the included file 'lib/../../secret.vari' is" + outside},
        {"lib/link.vari", "the included file 'lib/link.vari' leads through a link" + outside},
        {"up/secret.vari", "the included file 'up/secret.vari' leads through a link" + outside},
    };
    for (const auto& [include, message] : cases) {
        INFO("include \"" << include << "\"");
        dir.write("game/game.vari", head + board + "include \"" + include + "\"\n");
        const auto result = load((dir.path / "game/game.vari").string());
        REQUIRE(result.diagnostics.size() == 1);
        CHECK(result.diagnostics[0].line == 5);
        CHECK(result.diagnostics[0].column == 9);
        CHECK(result.diagnostics[0].message == message);
        CHECK(result.sources.size() == 1);
        CHECK(rendered(result).find("secret words") == std::string::npos);
        // Nor where the folders are, but in the file's own name: a page's server keeps its paths.
        if (include != secret)
            CHECK(result.diagnostics[0].message.find(dir.path.string()) == std::string::npos);
        CHECK(result.diagnostics[0].hint.find(dir.path.string()) == std::string::npos);
    }
}

TEST_CASE("an include of a file that is not a rule file is refused without reading it",
          "[dsl][include][diagnostics]") {
    const TempDir dir;
    dir.write("notes.txt", "private notes\n");
    dir.write("game.vari", head + board + "include \"notes.txt\"\n");
    const auto result = load((dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].message == "the included file 'notes.txt' is not a .vari file");
    CHECK(rendered(result).find("private notes") == std::string::npos);
}

TEST_CASE("links inside the game's folder are followed; a loop of links is named",
          "[dsl][include]") {
    namespace fs = std::filesystem;
    const TempDir dir;
    dir.write("lib/board.vari", board);
    fs::create_symlink("board.vari", dir.path / "lib/alias.vari");
    dir.write("game.vari", head + "include \"lib/alias.vari\"\n");
    const auto linked = load((dir.path / "game.vari").string());
    INFO(rendered(linked));
    CHECK(linked.game);

    fs::create_symlink("loop-b.vari", dir.path / "loop-a.vari");
    fs::create_symlink("loop-a.vari", dir.path / "loop-b.vari");
    dir.write("game.vari", head + board + "include \"loop-a.vari\"\n");
    const auto loop = load((dir.path / "game.vari").string());
    REQUIRE(loop.diagnostics.size() == 1);
    CHECK(loop.diagnostics[0].message ==
          "cannot read the included file 'loop-a.vari': " + std::generic_category().message(ELOOP));
}

TEST_CASE("a game outside the shipped folder may include the shipped library by a relative path",
          "[dsl][include]") {
    namespace fs = std::filesystem;
    const TempDir dir;
    const fs::path library = fs::path(VARI_STDLIB_DIR) / "compact-hex/pieces.vari";
    std::ifstream in(std::string(VARI_STDLIB_DIR) + "/compact-hex-chess-wellisch.vari");
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string shipped_include = "include \"compact-hex/pieces.vari\"";
    const auto at = text.find(shipped_include);
    REQUIRE(at != std::string::npos);
    text.replace(at, shipped_include.size(),
                 "include \"" + fs::relative(library, dir.path).string() + "\"");
    dir.write("wellisch.vari", text);
    const auto result = load((dir.path / "wellisch.vari").string());
    INFO(rendered(result));
    CHECK(result.game);
    CHECK(result.sources.size() == 3);  // the library's pieces include its board
}

TEST_CASE("a hooks file is read only inside the game's folders", "[dsl][include][hooks]") {
    namespace fs = std::filesystem;
    const TempDir dir;
    dir.write("evil.lua", "return {} -- outside\n");
    dir.write("game/rules.lua", "return {}\n");
    fs::create_symlink(dir.path / "evil.lua", dir.path / "game/link.lua");
    const std::string king = "piece King K { step orthogonal }\n";
    const std::string game = (dir.path / "game/game.vari").string();

    dir.write("game/game.vari", head + board + king + "hooks \"rules.lua\"\n");
    const auto inside = load(game);
    INFO(rendered(inside));
    REQUIRE(inside.game);
    CHECK(inside.game->hooks->code == "return {}\n");

    const std::vector<std::pair<std::string, std::string>> cases{
        {"../evil.lua", "the hooks file '../evil.lua' is outside the folders a game may read"},
        {"link.lua",
         "the hooks file 'link.lua' leads through a link outside the folders a game may read"},
        {"../game/game.vari", "the hooks file '../game/game.vari' is not a .lua file"},
    };
    for (const auto& [name, message] : cases) {
        INFO("hooks \"" << name << "\"");
        dir.write("game/game.vari", head + board + king + "hooks \"" + name + "\"\n");
        const auto refused = load(game);
        REQUIRE(refused.diagnostics.size() == 1);
        CHECK(refused.diagnostics[0].line == 6);
        CHECK(refused.diagnostics[0].column == 7);
        CHECK(refused.diagnostics[0].message == message);
    }
}

TEST_CASE("an included file with old Mac line ends reads line by line", "[dsl][include]") {
    const TempDir dir;
    dir.write("pieces.vari", "# the King\rpiece King K royal { step orthogonl }\r");
    dir.write("game.vari", head + board + "include \"pieces.vari\"\n");
    const auto result = load((dir.path / "game.vari").string());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].line == 2);
    CHECK(result.diagnostics[0].column == 27);
    CHECK(dsl::render(result.diagnostics[0], result)
              .find("\n  piece King K royal { step orthogonl }\n") != std::string::npos);
}

}  // namespace dsl_include_tests
