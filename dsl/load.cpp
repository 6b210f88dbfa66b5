// Loading a game: text -> parse -> check -> lower, and finding the shipped rule files.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "dsl/check.hpp"
#include "dsl/dsl.hpp"
#include "dsl/lower.hpp"
#include "dsl/parse.hpp"
#include "dsl/report.hpp"

namespace vari::dsl {

namespace {

namespace fs = std::filesystem;

// Rule files are small; anything larger is refused before parsing.
constexpr std::size_t max_file_bytes = 1 << 20;
// Past this many, a list of errors stops helping; the rest are counted, not shown.
constexpr std::size_t max_diagnostics = 100;

ir::Diagnostic file_error(const std::string& path, std::string message) {
    ir::Diagnostic d;
    d.file = path;
    d.message = std::move(message);
    return d;
}

bool has_error(const std::vector<ir::Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const ir::Diagnostic& d) {
        return d.severity == ir::Diagnostic::Severity::error;
    });
}

fs::path games_folder() {
    if (const char* env = std::getenv("VARI_GAMES"); env != nullptr && *env != '\0') return env;
    return VARI_STDLIB_DIR;
}

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

}  // namespace

LoadResult load_text(std::string_view text, const std::string& file_label) {
    LoadResult result;
    result.source = std::string(text);
    if (text.size() > max_file_bytes) {
        auto d =
            file_error(file_label, "the file has " + std::to_string(text.size()) +
                                       " bytes; the limit is " + std::to_string(max_file_bytes));
        d.line = d.column = 1;
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    ParseResult parsed = parse(text, file_label);
    result.diagnostics = std::move(parsed.diagnostics);
    Report report(file_label, result.diagnostics);
    const Model model = check(parsed.file, report);
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                     [](const ir::Diagnostic& a, const ir::Diagnostic& b) {
                         return std::pair{a.line, a.column} < std::pair{b.line, b.column};
                     });
    if (result.diagnostics.size() > max_diagnostics) {
        const std::size_t hidden = result.diagnostics.size() - max_diagnostics;
        result.diagnostics.resize(max_diagnostics);
        ir::Diagnostic more = result.diagnostics.back();
        more.message = "and " + std::to_string(hidden) + " more errors after this one";
        more.hint.clear();
        result.diagnostics.push_back(std::move(more));
    }
    if (!has_error(result.diagnostics)) result.game = lower(parsed.file, model);
    return result;
}

LoadResult load_file(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        LoadResult result;
        result.diagnostics.push_back(file_error(path, "cannot read the file: it does not exist"));
        return result;
    }
    if (!fs::is_regular_file(path, ec)) {
        LoadResult result;
        result.diagnostics.push_back(
            file_error(path, "cannot read the file: it is not a regular file"));
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    std::string text;
    if (in) {
        // One byte past the limit is enough for load_text to refuse the file.
        text.resize(max_file_bytes + 1);
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        text.resize(static_cast<std::size_t>(in.gcount()));
    }
    if (!in && !in.eof()) {
        LoadResult result;
        result.diagnostics.push_back(file_error(path, "cannot read the file"));
        return result;
    }
    return load_text(text, path);
}

std::optional<std::string> resolve_game(const std::string& name_or_path) {
    if (name_or_path.empty()) return std::nullopt;
    if (is_file(name_or_path)) return name_or_path;
    if (name_or_path.find('/') != std::string::npos) return std::nullopt;
    fs::path candidate = games_folder() / name_or_path;
    if (candidate.extension() != ".vari") candidate += ".vari";
    if (is_file(candidate)) return candidate.string();
    return std::nullopt;
}

std::vector<std::string> shipped_games() {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(games_folder(), ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".vari" && is_file(it->path()))
            names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace vari::dsl
