// Loading a game: text -> parse -> check -> lower, and finding the shipped rule files.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <tuple>
#include <unordered_map>

#include "dsl/check.hpp"
#include "dsl/dsl.hpp"
#include "dsl/files.hpp"
#include "dsl/includes.hpp"
#include "dsl/lower.hpp"
#include "dsl/report.hpp"
#include "dsl/rules_hash.hpp"
#include "interpreter/interpreter.hpp"

namespace vari::dsl {

namespace {

namespace fs = std::filesystem;

// Past this many, a list of errors stops helping; the rest are counted, not shown.
constexpr std::size_t max_diagnostics = 100;

Diagnostic file_error(const std::string& path, std::string message) {
    Diagnostic d;
    d.file = path;
    d.message = std::move(message);
    return d;
}

bool has_error(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) {
        return d.severity == Diagnostic::Severity::error;
    });
}

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

// By file, in the order the files were read, then by position.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics,
                      const std::vector<std::string>& labels) {
    std::unordered_map<std::string, std::size_t> order;
    for (std::size_t i = labels.size(); i-- > 0;) order[labels[i]] = i;
    const auto key = [&order](const Diagnostic& d) {
        const auto it = order.find(d.file);
        return std::tuple{it == order.end() ? std::size_t{0} : it->second, d.line, d.column};
    };
    std::stable_sort(diagnostics.begin(), diagnostics.end(),
                     [&key](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

// A file that could not be read: no text, and why.
LoadResult unread(const std::string& path, std::string message) {
    LoadResult result;
    result.sources.push_back({path, {}, -1, 0, 0});
    result.diagnostics.push_back(file_error(path, std::move(message)));
    return result;
}

// The weights file beside the rule file, when there is one: read into the game, or a warning.
void attach_weights(ir::Game& game, const std::string& rule_file,
                    std::vector<Diagnostic>& diagnostics) {
    const fs::path path = weights_path(rule_file);
    std::error_code ec;
    if (!fs::exists(path, ec)) return;
    std::string reason;
    Diagnostic problem;
    const auto text = read_bytes(path, max_weights_bytes, reason);
    if (!text)
        problem = file_error(path.string(), "cannot read the weights file: " + reason);
    else if (auto weights = read_weights(*text, path.string(), game, problem))
        game.weights = std::move(*weights);
    if (game.weights) return;
    problem.severity = Diagnostic::Severity::warning;
    problem.hint = "the AI uses values derived from the rules instead";
    diagnostics.push_back(std::move(problem));
}

}  // namespace

const SourceFile* LoadResult::source(const std::string& label) const {
    const auto it = std::find_if(sources.begin(), sources.end(),
                                 [&label](const SourceFile& s) { return s.label == label; });
    return it == sources.end() ? nullptr : &*it;
}

namespace {

// load_text, and with `rule_file` the weights file beside it read into the game before it is
// compiled.
LoadResult load(std::string_view text, const std::string& file_label,
                const std::string* rule_file) {
    if (text.size() > max_file_bytes)
        return unread(file_label, "the file has " + std::to_string(text.size()) +
                                      " bytes, more than the limit of " +
                                      std::to_string(max_file_bytes));
    LoadResult result;
    result.sources.push_back({file_label, std::string(text), -1, 0, 0});
    normalize_line_ends(result.sources[0].text);
    ast::File file;
    parse_sources(result.sources, file, result.diagnostics);
    std::vector<std::string> labels;
    for (const auto& source : result.sources) labels.push_back(source.label);
    Report report(labels, result.diagnostics);
    const Model model = check(file, report);
    sort_diagnostics(result.diagnostics, labels);
    if (result.diagnostics.size() > max_diagnostics) {
        const std::size_t hidden = result.diagnostics.size() - max_diagnostics;
        result.diagnostics.resize(max_diagnostics);
        Diagnostic more = result.diagnostics.back();
        more.message = "and " + std::to_string(hidden) + " more errors after this one";
        more.hint.clear();
        result.diagnostics.push_back(std::move(more));
    }
    if (!has_error(result.diagnostics)) {
        result.game = lower(file, model);
        result.game->files = std::move(labels);
        result.game->rules_hash = rules_hash(result.sources, *result.game);
        if (rule_file) attach_weights(*result.game, *rule_file, result.diagnostics);
        // What the engine can hold is judged on the rules, then on the compiled tables, which
        // the caller plays with.
        auto error = capacity_error(*result.game);
        if (!error) {
            result.compiled = std::make_unique<CompiledGame>(*result.game);
            error = capacity_error(*result.compiled);
        }
        if (error) {
            result.diagnostics.push_back(std::move(*error));
            result.game.reset();
            result.compiled.reset();
        }
    }
    return result;
}

}  // namespace

LoadResult load_text(std::string_view text, const std::string& file_label) {
    return load(text, file_label, nullptr);
}

LoadResult load_file(const std::string& path) {
    std::string reason;
    auto text = read_bytes(path, max_file_bytes, reason);
    if (!text) return unread(path, "cannot read the file: " + reason);
    return load(*text, path, &path);
}

std::optional<std::string> resolve_game(const std::string& name_or_path) {
    if (name_or_path.empty()) return std::nullopt;
    // Anything there but a folder is the file meant, even a link that leads nowhere or in a
    // loop: loading it says what is wrong with it.
    std::error_code ec;
    if (fs::symlink_status(name_or_path, ec).type() != fs::file_type::not_found && !ec &&
        !fs::is_directory(name_or_path, ec))
        return name_or_path;
    if (name_or_path.find('/') != std::string::npos) return std::nullopt;
    std::string name = name_or_path;
    if (name.size() > 5 && name.ends_with(".vari")) name.resize(name.size() - 5);
    // Shipped games by name, in any case ("Chess", "SHOGI").
    auto folded = [](std::string text) {
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return text;
    };
    for (const std::string& shipped : shipped_games())
        if (folded(shipped) == folded(name))
            return (shipped_folder() / (shipped + ".vari")).string();
    return std::nullopt;
}

std::vector<std::string> shipped_games() {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(shipped_folder(), ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".vari" && is_file(it->path()))
            names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

bool is_shipped_game(const std::string& name) {
    const auto games = shipped_games();
    return std::find(games.begin(), games.end(), name) != games.end();
}

std::string in_shipped_folder(const std::string& file_name) {
    return (shipped_folder() / file_name).string();
}

std::optional<LoadResult> load_offered(const std::string& game, const std::string* text,
                                       const std::string& text_name) {
    if (text) return load_text(*text, in_shipped_folder(text_name));
    if (!is_shipped_game(game)) return std::nullopt;
    return load_file(*resolve_game(game));
}

}  // namespace vari::dsl
