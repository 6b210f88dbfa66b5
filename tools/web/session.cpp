// One page's session: opens games (shipped or pasted rule files), plays, undoes and redoes moves.
#include "tools/web/session.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <utility>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"

namespace vari::web {
namespace {

using nlohmann::json;

// What a page may ask of the server's processor at once.
constexpr int MAX_PERFT_DEPTH = 6;
constexpr std::size_t MAX_SOURCE_BYTES = 1 << 20;
constexpr int MAX_ANALYSIS_GAMES = 200;
constexpr int MAX_ANALYSIS_LEVEL = 4;

// The node ceiling of the highest level a page's analysis may use.
std::uint64_t max_analysis_nodes() {
    std::string error;
    return search::parse_level(":" + std::to_string(MAX_ANALYSIS_LEVEL), error)->limits.nodes;
}

// A pasted rule file may include the shipped games only: it is loaded as if it stood in their
// folder, and diagnostics name it by the name the page gave.
constexpr const char* PASTED_NAME = "pasted.vari";

std::string string_field(const json& request, const char* key) {
    const auto it = request.find(key);
    if (it == request.end()) return {};
    if (!it->is_string())
        throw std::invalid_argument(std::string("'") + key + "' must be a string");
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

Session::Session(std::string default_game, Push push, double work_seconds, int search_threads)
    : default_game_(std::move(default_game)),
      push_(std::move(push)),
      work_time_(work_seconds),
      search_threads_(search_threads) {}

bool Session::bound_threads(search::Level& level, std::string& error) const {
    if (level.threads > search_threads_) {
        error = "at most " + std::to_string(search_threads_) +
                " search threads on this server (vari serve --threads)";
        return false;
    }
    if (!level.threads) level.threads = search_threads_;
    return true;
}

Session::~Session() { cancel_thinking(); }

json Session::handle(const json& request, const runtime::StopWhen& stop_work) {
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
        else if (op == "seats")
            answer = seats(request);
        else if (op == "check")
            answer = check(request);
        else if (op == "source")
            answer = source(request);
        else if (op == "perft")
            answer = perft(request, stop_work);
        else if (op == "analyze")
            answer = analyze(request, stop_work);
        else if (op == "save")
            answer = save_record();
        else if (op == "load")
            answer = load_record(request);
        else if (op == "stop")
            answer = stop();
        else if (op == "state") {
            std::lock_guard lock(mutex_);
            answer = state();
        } else
            answer =
                error_json(op.empty() ? "the request names no 'op'" : "unknown op '" + op + "'");
    } catch (const std::invalid_argument& e) {
        answer = error_json(e.what());
    } catch (const nlohmann::json::exception& e) {
        answer = error_json(std::string("a malformed request: ") + e.what());
    }
    if (const auto id = request.find("id"); id != request.end()) answer["id"] = *id;
    return answer;
}

json Session::hello() const {
    return {{"ok", true}, {"games", dsl::shipped_games()}, {"default", default_game_}};
}

std::unique_ptr<CompiledGame> Session::load(const json& request, json& answer) const {
    const std::string name = string_field(request, "game");
    dsl::LoadResult loaded;
    if (request.contains("source")) {
        const auto shipped = dsl::resolve_game(default_game_);
        const std::filesystem::path folder =
            shipped ? std::filesystem::path(*shipped).parent_path() : std::filesystem::path();
        loaded = dsl::load_text(string_field(request, "source"), (folder / PASTED_NAME).string());
    } else {
        const std::string wanted = name.empty() ? default_game_ : name;
        const auto games = dsl::shipped_games();
        // Only shipped games by name: a page never reads the server's other files.
        if (std::find(games.begin(), games.end(), wanted) == games.end()) {
            answer = error_json("no shipped game is called '" + wanted + "'");
            return nullptr;
        }
        loaded = dsl::load_file(*dsl::resolve_game(wanted));
    }
    if (!loaded.game) {
        answer = error_json("the rule file has errors");
        answer["diagnostics"] = diagnostics_json(loaded);
        return nullptr;
    }
    answer = {{"ok", true}, {"diagnostics", diagnostics_json(loaded)}};  // warnings
    return std::move(loaded.compiled);
}

void Session::replace_game(std::unique_ptr<CompiledGame> compiled,
                           std::unique_ptr<runtime::Game> game) {
    cancel_thinking();
    std::lock_guard lock(mutex_);
    seats_.clear();  // their AIs know the old game
    game_ = std::move(game);
    compiled_ = std::move(compiled);
    undone_.clear();
    seats_.resize(compiled_->ir().players.size());
}

json Session::open(const json& request) {
    json loaded;
    auto compiled = load(request, loaded);
    if (!compiled) return loaded;
    auto game = std::make_unique<runtime::Game>(*compiled);
    if (const std::string position = string_field(request, "position"); !position.empty()) {
        Position start(*compiled);
        if (const auto bad = notation::parse_position(start, position))
            return error_json("position, column " + std::to_string(bad->column) + ": " +
                              bad->message);
        game = std::make_unique<runtime::Game>(*compiled, start);
    }
    if (const std::string moves = string_field(request, "moves"); !moves.empty()) {
        std::string error;
        if (!runtime::play_moves(*game, moves, error)) return error_json(error);
    }
    replace_game(std::move(compiled), std::move(game));
    source_ = request.contains("source") ? string_field(request, "source") : "";
    name_ = source_.empty() ? string_field(request, "game") : "";
    if (source_.empty() && name_.empty()) name_ = default_game_;
    std::lock_guard lock(mutex_);
    json answer = state();
    answer["board"] = board_json(compiled_->ir());
    answer["diagnostics"] = loaded["diagnostics"];
    return answer;
}

// {"source": TEXT}: the rule file's diagnostics, without opening it.
json Session::check(const json& request) const {
    json answer;
    load(request, answer);
    answer["valid"] = answer["ok"];
    answer["ok"] = true;
    answer.erase("error");
    return answer;
}

// {"game": NAME}: a shipped game's rule file, to edit a copy of it.
json Session::source(const json& request) const {
    const std::string name = string_field(request, "game");
    const auto games = dsl::shipped_games();
    if (std::find(games.begin(), games.end(), name) == games.end())
        return error_json("no shipped game is called '" + name + "'");
    std::string reason;
    const auto text = dsl::read_bytes(*dsl::resolve_game(name), MAX_SOURCE_BYTES, reason);
    if (!text) return error_json(reason);
    return {{"ok", true}, {"text", *text}};
}

runtime::StopWhen Session::stop_or_timeout(const runtime::StopWhen& stop, std::string& why) const {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(work_time_);
    return [&stop, &why, deadline, seconds = work_time_.count()] {
        if (stop && stop()) {
            why = "stopped";
            return true;
        }
        if (std::chrono::steady_clock::now() < deadline) return false;
        std::ostringstream text;
        text << "stopped after " << seconds << " s, the most one request may take here";
        why = text.str();
        return true;
    };
}

// {"depth": N}: perft of the position on the board, as `vari perft` counts it.
json Session::perft(const json& request, const runtime::StopWhen& stop) {
    const int depth = request.value("depth", 0);
    if (depth < 1 || depth > MAX_PERFT_DEPTH)
        return error_json("'depth' must be a whole number from 1 to " +
                          std::to_string(MAX_PERFT_DEPTH));
    std::unique_lock lock(mutex_);
    if (!game_) return error_json("no game is open");
    const Position start = game_->position();
    const bool ended = game_->result().has_value();  // nothing below, as vari perft counts
    lock.unlock();
    if (ended) return {{"ok", true}, {"depth", depth}, {"nodes", 0}, {"seconds", 0}};
    const auto began = std::chrono::steady_clock::now();
    std::string why;
    const runtime::PerftResult result =
        runtime::perft(*compiled_, start, depth, {.stop = stop_or_timeout(stop, why)});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (!why.empty())
        return error_json("perft " + why + " (vari perft on the command line has no limit)");
    if (!result.error.empty()) return error_json(result.error);
    return {{"ok", true}, {"depth", depth}, {"nodes", result.nodes}, {"seconds", seconds}};
}

// {"games": N, "players": [SPEC, ...], "seed": S}: a short analysis of the game from its start,
// its progress pushed as {"event": "progress", "done": D, "games": N}.
json Session::analyze(const json& request, const runtime::StopWhen& stop) {
    if (!compiled_) return error_json("no game is open");
    runtime::AnalysisOptions options;
    options.games = request.value("games", 20);
    options.seed = request.value("seed", 1);
    if (options.games < 1 || options.games > MAX_ANALYSIS_GAMES)
        return error_json("'games' must be from 1 to " + std::to_string(MAX_ANALYSIS_GAMES));
    const auto players = request.find("players");
    const std::size_t count = compiled_->ir().players.size();
    if (players == request.end() || !players->is_array() || players->size() != count)
        return error_json("'players' must list " + std::to_string(count) +
                          " seats: random or ai:1 to ai:" + std::to_string(MAX_ANALYSIS_LEVEL));
    for (const json& spec : *players) {
        std::string error;
        auto seat =
            spec.is_string() ? runtime::parse_seat(spec.get<std::string>(), error) : std::nullopt;
        if (seat && seat->level && !bound_threads(*seat->level, error)) return error_json(error);
        // Seats whose moves are bounded by nodes, not time: a short analysis is short on any
        // machine.
        const bool short_enough =
            seat && (!seat->level || (seat->level->limits.nodes &&
                                      seat->level->limits.nodes <= max_analysis_nodes() &&
                                      !seat->level->limits.milliseconds));
        if (!short_enough)
            return error_json("each seat must be random or ai:1 to ai:" +
                              std::to_string(MAX_ANALYSIS_LEVEL) + " here");
        options.seats.push_back(*seat);
    }
    options.threads = 1;
    std::string why;
    const runtime::Analysis analysis = runtime::analyze(
        *compiled_, options,
        [&](int done) {
            push_({{"event", "progress"}, {"done", done}, {"games", options.games}});
        },
        stop_or_timeout(stop, why));
    if (analysis.cut_short)
        return error_json("the analysis " + why +
                          " (vari analyze on the command line has no "
                          "limit)");
    json answer = json::parse(runtime::analysis_json(compiled_->ir(), options, analysis));
    answer["ok"] = true;
    return answer;
}

json Session::save_record() {
    std::lock_guard lock(mutex_);
    if (!game_) return error_json("no game is open");
    runtime::RecordHeader header;
    header.site = "vari serve";
    for (const Seat& seat : seats_) header.player_kinds.push_back(seat.spec);
    const std::string stem = name_.empty() ? "game" : name_;
    return {{"ok", true}, {"name", stem + ".pgn"}, {"text", runtime::write_record(*game_, header)}};
}

// {"text": RECORD}: the game of a record; a record naming a shipped game opens it first.
json Session::load_record(const json& request) {
    const std::string text = string_field(request, "text");
    std::string wanted = std::filesystem::path(runtime::record_rule_file(text)).stem().string();
    const auto games = dsl::shipped_games();
    if (std::find(games.begin(), games.end(), wanted) == games.end()) wanted.clear();
    std::unique_ptr<CompiledGame> compiled;
    json loaded = {{"diagnostics", json::array()}};
    if (!wanted.empty() && wanted != name_) {
        compiled = load({{"game", wanted}}, loaded);
        if (!compiled) return loaded;
    } else {
        if (!compiled_) return error_json("no game is open, and the record names no shipped game");
        json again = source_.empty() ? json{{"game", name_}} : json{{"source", source_}};
        compiled = load(again, loaded);
        if (!compiled) return loaded;
    }
    runtime::Record record;
    if (const auto bad = runtime::read_record(*compiled, text, "record", record)) {
        json answer = error_json("record, line " + std::to_string(bad->line) + ", column " +
                                 std::to_string(bad->column) + ": " + bad->message);
        return answer;
    }
    auto game = std::move(record.game);
    replace_game(std::move(compiled), std::move(game));
    if (!wanted.empty()) name_ = wanted, source_.clear();
    std::lock_guard lock(mutex_);
    json answer = state();
    answer["board"] = board_json(compiled_->ir());
    return answer;
}

json Session::move(const json& request) {
    std::unique_lock lock(mutex_);
    if (!game_) return error_json("no game is open");
    const int side = game_->position().side_to_move();
    if (seats_[side].spec != "human")
        return error_json(compiled_->ir().players[side].name + " is played by " +
                          seats_[side].spec);
    std::string error;
    const auto move = runtime::parse_game_move(*game_, string_field(request, "move"), error);
    if (!move) return error_json(error);
    lock.unlock();
    cancel_thinking();  // a computer seat's thinking that was ending
    lock.lock();
    game_->play(*move);
    undone_.clear();
    think_when_answered_ = true;
    return state();
}

// Undo and redo go back or forward to a position where a human is to move (when a human plays
// at all), so that undoing against the AI takes back the human's move, not only the AI's answer.
json Session::undo() {
    {  // a refused undo leaves a computer seat thinking
        std::lock_guard lock(mutex_);
        if (!game_) return error_json("no game is open");
        if (game_->ply() == 0) return error_json("nothing to undo: the game is at its start");
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    const bool humans =
        std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.spec == "human"; });
    do {
        const Move last = game_->last_move();
        if (!game_->undo()) break;
        undone_.push_back(last);
    } while (humans && seats_[game_->position().side_to_move()].spec != "human");
    think_when_answered_ = true;
    return state();
}

json Session::redo() {
    {
        std::lock_guard lock(mutex_);
        if (!game_) return error_json("no game is open");
        if (undone_.empty()) return error_json("nothing to redo");
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    if (undone_.empty()) return error_json("nothing to redo: a computer seat moved meanwhile");
    do {
        game_->play(undone_.back());
        undone_.pop_back();
    } while (!undone_.empty() && !game_->result() &&
             seats_[game_->position().side_to_move()].spec != "human");
    think_when_answered_ = true;
    return state();
}

// {"seats": ["human", "ai:3", "random"]}: who plays each player, in turn order.
json Session::seats(const json& request) {
    if (!game_) return error_json("no game is open");
    const auto it = request.find("seats");
    if (it == request.end() || !it->is_array() || it->size() != seats_.size())
        return error_json("'seats' must list " + std::to_string(seats_.size()) +
                          " players: human, random, ai or ai:LEVEL each");
    std::vector<Seat> chosen(seats_.size());
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        if (!(*it)[i].is_string()) return error_json("each seat must be a string");
        const std::string spec = (*it)[i].get<std::string>();
        chosen[i].spec = spec;
        if (spec == "human") continue;
        std::string error;
        auto seat = runtime::parse_seat(spec, error);
        if (!seat || (seat->level && !bound_threads(*seat->level, error)))
            return error_json("seat " + std::to_string(i + 1) + ": " + error);
        if (seat->level)
            chosen[i].ai = std::make_unique<runtime::AiPlayer>(*compiled_, *seat->level, rng_());
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    seats_ = std::move(chosen);
    think_when_answered_ = true;
    return state();
}

json Session::stop() {
    std::lock_guard lock(mutex_);
    if (thinking_) thinking_->stop();
    return {{"ok", true}, {"stopped", thinking_ != nullptr}};
}

void Session::cancel_thinking() {
    cancelled_ = true;
    {
        std::lock_guard lock(mutex_);
        if (thinking_) thinking_->stop();
    }
    if (thinker_.joinable()) thinker_.join();
    cancelled_ = false;
}

void Session::answered() {
    std::lock_guard lock(mutex_);
    if (!std::exchange(think_when_answered_, false)) return;
    think_if_computer();
}

void Session::think_if_computer() {
    if (!game_ || game_->result() || seats_[game_->position().side_to_move()].spec == "human")
        return;
    thinker_ = std::thread([this] {
        for (;;) {
            std::unique_lock lock(mutex_);
            if (cancelled_ || !game_ || game_->result()) return;
            Seat& seat = seats_[game_->position().side_to_move()];
            if (seat.spec == "human") return;
            thinking_ = seat.ai.get();
            lock.unlock();
            // The game stays as it is while the seat thinks: see mutex_.
            Move move = Move::none();
            std::string error;
            if (seat.ai) {
                const search::Outcome outcome =
                    seat.ai->choose(*game_, [&](const search::Iteration& it) {
                        push_({{"event", "thinking"},
                               {"depth", it.depth},
                               {"score", it.score},
                               {"nodes", it.nodes},
                               {"seconds", it.seconds}});
                    });
                move = outcome.best;
                error = outcome.error;
            } else {
                move = runtime::random_move(*game_, rng_);
            }
            lock.lock();
            thinking_ = nullptr;
            if (cancelled_) return;
            if (!error.empty() || move.is_none()) {
                lock.unlock();
                push_({{"event", "error"}, {"error", error.empty() ? "no move found" : error}});
                return;
            }
            game_->play(move);
            undone_.clear();
            json event = state();
            event["event"] = "state";
            lock.unlock();
            push_(event);
        }
    });
}

json Session::state() const {
    if (!game_) return error_json("no game is open");
    json answer = state_json(*game_);
    answer["ok"] = true;
    answer["can_undo"] = game_->ply() > 0;
    answer["can_redo"] = !undone_.empty();
    answer["seats"] = json::array();
    for (const Seat& seat : seats_) answer["seats"].push_back(seat.spec);
    answer["thinking"] =
        game_ && !game_->result() && seats_[game_->position().side_to_move()].spec != "human";
    return answer;
}

}  // namespace vari::web
