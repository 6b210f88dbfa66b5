// One page's session: opens games (shipped or pasted rule files), plays, undoes and redoes moves.
#include "tools/web/session.hpp"

#include <filesystem>

#include "dsl/dsl.hpp"

namespace vari::web {
namespace {

using nlohmann::json;

// A pasted rule file may include the shipped games only: it is loaded as if it stood in their
// folder, and diagnostics name it by the name the page gave.
constexpr const char* PASTED_NAME = "pasted.vari";

std::string string_field(const json& request, const char* key) {
    const auto it = request.find(key);
    if (it == request.end()) return {};
    if (!it->is_string()) throw std::invalid_argument(std::string("'") + key + "' must be a string");
    return it->get<std::string>();
}

json diagnostics_json(const dsl::LoadResult& loaded) {
    json out = json::array();
    for (const ir::Diagnostic& d : loaded.diagnostics)
        out.push_back({{"file", std::filesystem::path(d.file).filename().string()},
                       {"line", d.line},
                       {"column", d.column},
                       {"message", d.message},
                       {"hint", d.hint},
                       {"warning", d.severity == ir::Diagnostic::Severity::warning}});
    return out;
}

}  // namespace

Session::Session(std::string default_game) : default_game_(std::move(default_game)) {}

Session::~Session() = default;

json Session::handle(const json& request) {
    if (!request.is_object()) return error_json("a request must be a JSON object");
    json answer;
    try {
        const std::string op = string_field(request, "op");
        if (op == "hello")
            answer = hello();
        else if (op == "open")
            answer = open(request);
        else if (op == "move")
            answer = move(request);
        else if (op == "undo")
            answer = undo();
        else if (op == "redo")
            answer = redo();
        else if (op == "state")
            answer = state();
        else
            answer = error_json(op.empty() ? "the request names no 'op'"
                                           : "unknown op '" + op + "'");
    } catch (const std::invalid_argument& e) {
        answer = error_json(e.what());
    }
    if (const auto id = request.find("id"); id != request.end()) answer["id"] = *id;
    return answer;
}

json Session::hello() const {
    return {{"ok", true}, {"games", dsl::shipped_games()}, {"default", default_game_}};
}

json Session::open(const json& request) {
    const std::string name = string_field(request, "game");
    const std::string source = string_field(request, "source");
    dsl::LoadResult loaded;
    if (!source.empty() || request.contains("source")) {
        const auto shipped = dsl::resolve_game(default_game_);
        const std::filesystem::path folder =
            shipped ? std::filesystem::path(*shipped).parent_path() : std::filesystem::path();
        loaded = dsl::load_text(source, (folder / PASTED_NAME).string());
    } else {
        const std::string wanted = name.empty() ? default_game_ : name;
        const auto path = dsl::resolve_game(wanted);
        const auto games = dsl::shipped_games();
        // Only shipped games by name: a page never reads the server's other files.
        if (!path || std::find(games.begin(), games.end(), wanted) == games.end())
            return error_json("no shipped game is called '" + wanted + "'");
        loaded = dsl::load_file(*path);
    }
    if (!loaded.game) {
        json answer = error_json("the rule file has errors");
        answer["diagnostics"] = diagnostics_json(loaded);
        return answer;
    }
    auto compiled = std::make_unique<CompiledGame>(std::move(*loaded.game));
    auto game = std::make_unique<runtime::Game>(*compiled);
    if (const std::string position = string_field(request, "position"); !position.empty()) {
        Position start(*compiled);
        if (const auto bad = runtime::parse_position(start, position))
            return error_json("position, column " + std::to_string(bad->column) + ": " +
                              bad->message);
        game = std::make_unique<runtime::Game>(*compiled, start);
    }
    if (const std::string moves = string_field(request, "moves"); !moves.empty()) {
        std::string error;
        if (!runtime::play_moves(*game, moves, error)) return error_json(error);
    }
    game_ = std::move(game);
    compiled_ = std::move(compiled);
    undone_.clear();
    json answer = state();
    answer["board"] = board_json(compiled_->ir());
    answer["diagnostics"] = diagnostics_json(loaded);  // warnings
    return answer;
}

json Session::move(const json& request) {
    if (!game_) return error_json("no game is open");
    std::string error;
    const auto move = runtime::parse_game_move(*game_, string_field(request, "move"), error);
    if (!move) return error_json(error);
    game_->play(*move);
    undone_.clear();
    return state();
}

json Session::undo() {
    if (!game_) return error_json("no game is open");
    const Move last = game_->last_move();
    if (!game_->undo()) return error_json("nothing to undo: the game is at its start");
    undone_.push_back(last);
    return state();
}

json Session::redo() {
    if (!game_) return error_json("no game is open");
    if (undone_.empty()) return error_json("nothing to redo");
    game_->play(undone_.back());
    undone_.pop_back();
    return state();
}

json Session::state() const {
    if (!game_) return error_json("no game is open");
    json answer = state_json(*game_);
    answer["ok"] = true;
    answer["can_undo"] = game_->ply() > 0;
    answer["can_redo"] = !undone_.empty();
    return answer;
}

}  // namespace vari::web
