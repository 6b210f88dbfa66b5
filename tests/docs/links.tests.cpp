// The documents: every relative link of the README and of the Markdown files beside the code leads
// to a file or folder of the repository, and the README stays a front door.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace vari {
namespace {

namespace fs = std::filesystem;

const fs::path ROOT = fs::path(VARI_TEST_DATA "/..");

// The folders whose Markdown files are checked, besides the README at the top.
constexpr const char* DOCUMENT_FOLDERS[] = {"interpreter", "dsl",   "runtime",
                                            "tools",       "tests", "stdlib-games"};

bool is_skipped_folder(const fs::path& folder) {
    const std::string name = folder.filename().string();
    return name.rfind("build", 0) == 0 || name == "node_modules" || name == ".git";
}

// README.md, then every *.md file under DOCUMENT_FOLDERS in sorted order.
std::vector<fs::path> documents() {
    std::vector<fs::path> found;
    for (const char* folder : DOCUMENT_FOLDERS) {
        std::error_code ec;
        for (fs::recursive_directory_iterator it(ROOT / folder, ec), end; !ec && it != end;
             it.increment(ec)) {
            if (it->is_directory() && is_skipped_folder(it->path())) {
                it.disable_recursion_pending();
                continue;
            }
            if (it->is_regular_file() && it->path().extension() == ".md")
                found.push_back(it->path());
        }
    }
    std::sort(found.begin(), found.end());
    found.insert(found.begin(), ROOT / "README.md");
    return found;
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

bool is_fence(const std::string& line) {
    const auto start = line.find_first_not_of(' ');
    return start != std::string::npos && start <= 3 && line.compare(start, 3, "```") == 0;
}

bool is_blank(const std::string& line) {
    return line.find_first_not_of(" \t") == std::string::npos;
}

struct Link {
    int line;  // 1-based, where the link's '[' stands
    std::string target;
};

// Past the code span that opens with the run of backticks at `at` (it closes at the next run of
// as many), or past the run alone when nothing closes it.
std::size_t skip_code_span(const std::string& text, std::size_t at) {
    const auto run_end = [&](std::size_t from) {
        const std::size_t end = text.find_first_not_of('`', from);
        return end == std::string::npos ? text.size() : end;
    };
    const std::size_t opening_end = run_end(at);
    for (std::size_t pos = text.find('`', opening_end); pos != std::string::npos;) {
        const std::size_t end = run_end(pos);
        if (end - pos == opening_end - at) return end;
        pos = text.find('`', end);
    }
    return opening_end;
}

// The links `[text](target)` and `![alt](target)` of one block of text (lines without a blank
// one between them), outside code spans; `first_line` is the block's first line number.
void links_in_block(const std::string& text, const std::vector<std::size_t>& line_starts,
                    int first_line, std::vector<Link>& links) {
    auto line_at = [&](std::size_t offset) {
        const auto next = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
        return first_line + static_cast<int>(next - line_starts.begin()) - 1;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '`') {
            i = skip_code_span(text, i);
            continue;
        }
        if (text[i] != '[') {
            ++i;
            continue;
        }
        // The link text: up to the matching ']', code spans inside it skipped.
        std::size_t j = i + 1;
        int depth = 1;
        while (j < text.size() && depth > 0) {
            if (text[j] == '`') {
                j = skip_code_span(text, j);
                continue;
            }
            if (text[j] == '[') ++depth;
            if (text[j] == ']') --depth;
            ++j;
        }
        if (depth > 0 || j >= text.size() || text[j] != '(') {
            ++i;
            continue;
        }
        // The destination: up to the ')' that balances the '(', then without a title.
        std::size_t k = j + 1;
        int parens = 1;
        while (k < text.size() && parens > 0) {
            if (text[k] == '(') ++parens;
            if (text[k] == ')') --parens;
            ++k;
        }
        if (parens > 0) {
            ++i;
            continue;
        }
        std::string target = text.substr(j + 1, k - 1 - (j + 1));
        target.erase(0, target.find_first_not_of(" \n"));
        target = target.substr(0, target.find_first_of(" \n"));
        if (target.size() >= 2 && target.front() == '<' && target.back() == '>')
            target = target.substr(1, target.size() - 2);
        links.push_back({line_at(i), target});
        i = k;
    }
}

// Every link of a document outside fenced code blocks.
std::vector<Link> links_of(const fs::path& document) {
    std::vector<Link> links;
    std::string block;
    std::vector<std::size_t> starts;
    int block_line = 0;
    auto flush = [&] {
        if (!block.empty()) links_in_block(block, starts, block_line, links);
        block.clear();
        starts.clear();
    };
    bool fenced = false;
    int number = 0;
    for (const std::string& line : lines_of(document)) {
        ++number;
        if (is_fence(line)) {
            flush();
            fenced = !fenced;
            continue;
        }
        if (fenced || is_blank(line)) {
            flush();
            continue;
        }
        if (block.empty()) block_line = number;
        starts.push_back(block.size());
        block += line + '\n';
    }
    flush();
    return links;
}

bool is_relative(const std::string& target) {
    for (const char* prefix : {"http://", "https://", "mailto:", "#"})
        if (target.rfind(prefix, 0) == 0) return false;
    return !target.empty();
}

}  // namespace

TEST_CASE("every relative link in the documents resolves", "[docs]") {
    const auto files = documents();
    REQUIRE(fs::is_regular_file(files.front()));
    int checked = 0;
    for (const fs::path& document : files) {
        for (const Link& link : links_of(document)) {
            if (!is_relative(link.target)) continue;
            const std::string path = link.target.substr(0, link.target.find('#'));
            INFO(fs::relative(document, ROOT).string() << ":" << link.line << ": " << link.target);
            CHECK(fs::exists(document.parent_path() / path));
            ++checked;
        }
    }
    // The README alone links to every reference document: fewer links means the reader is broken.
    CHECK(checked >= 10);
}

TEST_CASE("the README is a front door", "[docs]") {
    std::ifstream in(ROOT / "README.md");
    REQUIRE(in);
    const auto lines = std::count(std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>(), '\n');
    INFO("README.md has " << lines << " lines");
    CHECK(lines <= 400);
}

}  // namespace vari
