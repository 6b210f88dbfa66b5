// The documents: every relative link of the README and of the Markdown files beside the code leads
// to a file or folder of the repository, and the README stays a front door.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace vari::docs_links_tests {
namespace {

namespace fs = std::filesystem;

const fs::path ROOT = fs::path(VARI_TEST_DATA "/..");

// The folders whose Markdown files are checked, besides the README at the top.
constexpr const char* DOCUMENT_FOLDERS[] = {"interpreter", "dsl",   "runtime",
                                            "tools",       "tests", "stdlib-games"};

// README.md, then every *.md file under DOCUMENT_FOLDERS (none in build folders), sorted.
std::vector<fs::path> documents() {
    std::vector<fs::path> found;
    for (const char* folder : DOCUMENT_FOLDERS) {
        std::error_code ec;
        for (fs::recursive_directory_iterator it(ROOT / folder, ec), end; !ec && it != end;
             it.increment(ec)) {
            if (it->is_directory() && it->path().filename().string().rfind("build", 0) == 0)
                it.disable_recursion_pending();
            else if (it->is_regular_file() && it->path().extension() == ".md")
                found.push_back(it->path());
        }
    }
    std::sort(found.begin(), found.end());
    found.insert(found.begin(), ROOT / "README.md");
    return found;
}

// The document's text with its code blanked out (fenced blocks, and code spans, which may cross
// lines), each line kept in its place: what is left of `](` there is a link.
std::string prose_of(const fs::path& document) {
    std::ifstream in(document);
    std::string text, line;
    bool fenced = false;
    while (std::getline(in, line)) {
        const bool fence = line.find_first_not_of(' ') == line.find("```") &&
                           line.find("```") != std::string::npos;
        if (fence) fenced = !fenced;
        text += fence || fenced ? "" : line;
        text += '\n';
    }
    // A code span opens with a run of backticks and closes at the next run as long.
    std::string prose;
    for (std::size_t at = 0; at < text.size();) {
        if (text[at] != '`') {
            prose += text[at++];
            continue;
        }
        const std::size_t run = text.find_first_not_of('`', at) - at;
        const std::size_t close = text.find(std::string(run, '`'), at + run);
        const std::size_t end = close == std::string::npos ? at + run : close + run;
        prose += std::string(std::count(text.begin() + at, text.begin() + end, '\n'), '\n');
        at = end;
    }
    return prose;
}

}  // namespace

TEST_CASE("every relative link in the documents resolves", "[docs]") {
    // The destination of `[text](target)` or `![alt](<target> "title")`.
    const std::regex link(R"(\]\(\s*<?([^)\s>]+))");
    int checked = 0;
    for (const fs::path& document : documents()) {
        const std::string prose = prose_of(document);
        for (std::sregex_iterator it(prose.begin(), prose.end(), link), end; it != end; ++it) {
            const std::string target = (*it)[1];
            if (target[0] == '#' || target.find(':') != std::string::npos) continue;  // a URL
            const auto line = std::count(prose.begin(), prose.begin() + it->position(), '\n') + 1;
            INFO(fs::relative(document, ROOT).string() << ":" << line << ": " << target);
            CHECK(fs::exists(document.parent_path() / target.substr(0, target.find('#'))));
            ++checked;
        }
    }
    // The README alone links to every reference document: fewer links means the reader is broken.
    CHECK(checked >= 10);
}

TEST_CASE("the README is a front door", "[docs]") {
    std::ifstream in(ROOT / "README.md");
    REQUIRE(in);
    const auto lines =
        std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n');
    INFO("README.md has " << lines << " lines");
    CHECK(lines <= 400);
}

TEST_CASE("the README names what tools/setup.sh installs", "[docs]") {
    const auto read = [](const fs::path& path) {
        std::ifstream in(path);
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    };
    const std::string setup = read(ROOT / "tools/setup.sh");
    const std::string readme = read(ROOT / "README.md");
    // The paragraph that lists them.
    const auto from = readme.find("`tools/setup.sh` installs");
    REQUIRE(from != std::string::npos);
    const std::string listed = readme.substr(from, readme.find("\n\n", from) - from);
    const auto start = setup.find("packages=(");
    REQUIRE(start != std::string::npos);
    const std::string packages = setup.substr(start + 10, setup.find(')', start) - start - 10);
    std::size_t named = 0;
    const std::regex word(R"([a-z0-9.+-]+)");
    for (std::sregex_iterator it(packages.begin(), packages.end(), word), end; it != end;
         ++it, ++named) {
        // The name as a word of the list: a blank or '(' before it, a blank, ',' or ')' after.
        const std::string name = it->str();
        bool found = false;
        for (auto at = listed.find(name); at != std::string::npos && !found;
             at = listed.find(name, at + 1))
            found = at > 0 && std::string_view(" (\n").find(listed[at - 1]) != std::string::npos &&
                    at + name.size() < listed.size() &&
                    std::string_view(" ,)\n").find(listed[at + name.size()]) != std::string::npos;
        INFO(name);
        CHECK(found);
    }
    CHECK(named >= 10);
}

}  // namespace vari::docs_links_tests
