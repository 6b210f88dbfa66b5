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
constexpr int ANALYSIS_LEVEL = 6;  // the AI's level when the page analyses a position

// The node ceiling of the highest level a page's analysis may use.
std::uint64_t max_analysis_nodes() {
    std::string error;
    return search::parse_level(":" + std::to_string(MAX_ANALYSIS_LEVEL), error)->limits.nodes;
}

// A pasted rule file may include the shipped games only: it is loaded as if it stood in their
// folder, and diagnostics name it by the name the page gave.
constexpr const char* PASTED_NAME = "pasted.vari";

json diagnostics_json(const dsl::LoadResult& loaded) {
    return json::parse(dsl::to_json(loaded.diagnostics, dsl::FileNames::last_part));
}

// The move {"index": I, "ply": P} names: the I-th legal move of the game at ply P, which must be
// the game's ply now (else the list the page holds is not this position's).
std::optional<Move> listed_move(const runtime::Game& game, const json& request,
                                std::string& error) {
    const auto index = request.find("index"), ply = request.find("ply");
    if (!index->is_number_integer() || ply == request.end() || !ply->is_number_integer()) {
        error = "a move by index needs 'index' and 'ply', whole numbers";
        return std::nullopt;
    }
    if (ply->get<std::int64_t>() != game.ply()) {
        error = "the moves offered were those of ply " + std::to_string(ply->get<std::int64_t>()) +
                "; the game is at ply " + std::to_string(game.ply());
        return std::nullopt;
    }
    const MoveList& legal = game.legal_moves();
    const std::int64_t i = index->get<std::int64_t>();
    if (i < 0 || i >= static_cast<std::int64_t>(legal.size)) {
        error = "no move " + std::to_string(i) + ": the position has " +
                std::to_string(legal.size) + " legal moves";
        return std::nullopt;
    }
    return legal.moves[static_cast<std::size_t>(i)];
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
        if (op != "stop" && !(stop_work && stop_work())) {
            std::lock_guard lock(mutex_);
            stop_asked_ = false;
        }
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
        else if (op == "view")
            answer = view(request);
        else if (op == "analyse")
            answer = analyse(request);
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
    const std::string wanted = name.empty() ? default_game_ : name;
    const std::string source = string_field(request, "source");
    auto offered =
        dsl::load_offered(wanted, request.contains("source") ? &source : nullptr, PASTED_NAME);
    if (!offered) {
        answer = error_json("no shipped game is called '" + wanted + "'");
        return nullptr;
    }
    dsl::LoadResult& loaded = *offered;
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
    table_.reset();  // its AIs know the old game
    compiled_ = std::move(compiled);
    table_ = std::make_unique<runtime::Table>(
        *compiled_, std::move(game), std::vector<runtime::Seat>(compiled_->ir().players.size()),
        rng_());
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
    if (!dsl::is_shipped_game(name)) return error_json("no shipped game is called '" + name + "'");
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
    if (!table_) return error_json("no game is open");
    const Position start = table_->game().position();
    const bool ended = table_->game().result().has_value();  // nothing below, as vari perft counts
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
        auto seat = spec.is_string() ? runtime::parse_seat(spec.get<std::string>(), error,
                                                           runtime::SeatsAllowed::computers)
                                     : std::nullopt;
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
    if (!table_) return error_json("no game is open");
    runtime::RecordHeader header;
    header.site = "vari serve";
    for (const runtime::Seat& seat : table_->seats()) header.player_kinds.push_back(seat.text);
    const std::string stem = name_.empty() ? "game" : name_;
    return {{"ok", true},
            {"name", stem + ".pgn"},
            {"text", runtime::write_record(table_->game(), header)}};
}

// {"text": RECORD}: the game of a record; a record naming a shipped game opens it first.
json Session::load_record(const json& request) {
    const std::string text = string_field(request, "text");
    std::string wanted = std::filesystem::path(runtime::record_rule_file(text)).stem().string();
    if (!dsl::is_shipped_game(wanted)) wanted.clear();
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

// {"index": I, "ply": P}: the move at I in the list of legal moves the state of ply P gave (a
// click on the board names a move so, without a round trip through its text); or {"move": TEXT}
// in any notation vari reads (typed).
json Session::move(const json& request) {
    std::unique_lock lock(mutex_);
    if (!table_) return error_json("no game is open");
    if (!table_->seat_to_move().person()) {
        const int side = table_->game().position().side_to_move();
        return error_json(compiled_->ir().players[side].name + " is played by " +
                          table_->seat_to_move().text);
    }
    std::string error;
    const auto move =
        request.contains("index")
            ? listed_move(table_->game(), request, error)
            : runtime::parse_game_move(table_->game(), string_field(request, "move"), error);
    if (!move) return error_json(error);
    lock.unlock();
    cancel_thinking();  // a computer seat's thinking that was ending
    lock.lock();
    table_->play(*move);
    think_when_answered_ = true;
    return state();
}

// Undo and redo go back or forward to a position where a person is to move (runtime::Table), so
// that undoing against the AI takes back the person's move, not only the AI's answer.
json Session::undo() {
    {  // a refused undo leaves a computer seat thinking
        std::lock_guard lock(mutex_);
        if (!table_) return error_json("no game is open");
        if (!table_->can_undo()) return error_json("nothing to undo: the game is at its start");
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    table_->undo();
    think_when_answered_ = true;
    return state();
}

json Session::redo() {
    {
        std::lock_guard lock(mutex_);
        if (!table_) return error_json("no game is open");
        if (!table_->can_redo()) return error_json("nothing to redo");
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    if (!table_->redo()) return error_json("nothing to redo: a computer seat moved meanwhile");
    think_when_answered_ = true;
    return state();
}

// {"ply": N}: the game as it stood after its first N moves (0: at its start), to be looked at:
// its state without moves to play, and "viewing" N. The game in play is not changed.
json Session::view(const json& request) {
    std::unique_lock lock(mutex_);
    if (!table_) return error_json("no game is open");
    const runtime::Game& game = table_->game();
    const auto ply = request.find("ply");
    if (ply == request.end() || !ply->is_number_integer() || ply->get<std::int64_t>() < 0 ||
        ply->get<std::int64_t>() > game.ply())
        return error_json("'ply' must be a whole number from 0 to " + std::to_string(game.ply()));
    std::vector<Move> moves;
    for (int i = 0; i < ply->get<int>(); ++i) moves.push_back(game.move_at(i));
    const auto hooks = game.runs_hooks() ? runtime::HookUse::on : runtime::HookUse::off;
    runtime::Game past(*compiled_, game.start(), hooks);
    lock.unlock();  // the thinking thread changes the game in play, never the rules
    for (const Move move : moves) past.play(move);
    json answer = state_json(past);
    answer["moves"] = json::array();
    answer["ok"] = true;
    answer["viewing"] = past.ply();
    return answer;
}

// {"seats": ["human", "ai:3", "random"]}: who plays each player, in turn order.
json Session::seats(const json& request) {
    if (!table_) return error_json("no game is open");
    const std::size_t count = table_->seats().size();
    const auto it = request.find("seats");
    if (it == request.end() || !it->is_array() || it->size() != count)
        return error_json("'seats' must list " + std::to_string(count) +
                          " players: human, random, ai or ai:LEVEL each");
    std::vector<runtime::Seat> chosen;
    for (std::size_t i = 0; i < count; ++i) {
        if (!(*it)[i].is_string()) return error_json("each seat must be a string");
        std::string error;
        auto seat = runtime::parse_seat((*it)[i].get<std::string>(), error);
        if (!seat || (seat->level && !bound_threads(*seat->level, error)))
            return error_json("seat " + std::to_string(i + 1) + ": " + error);
        chosen.push_back(std::move(*seat));
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    table_->reseat(std::move(chosen), rng_());
    think_when_answered_ = true;
    return state();
}

// What a search has found so far, for the page: its depth, score (for the side to move), nodes,
// time and best line in short notation. Called on the thinking thread: the game stays as it is.
json Session::thinking_json(const search::Iteration& it) const {
    const Position& pos = table_->game().position();
    return {{"event", "thinking"},
            {"depth", it.depth},
            {"score", it.score},
            {"score_text", runtime::score_text(it.score, pos.tables().player_count)},
            {"decisive", search::is_decisive(it.score)},
            {"to_move", pos.side_to_move()},
            {"line", notation::format_line(pos, it.pv, notation::Notation::short_form)},
            {"nodes", it.nodes},
            {"seconds", it.seconds}};
}

// {"level": "ai:6"}: the AI searches the position on the board without playing, pushing what it
// finds as {"event": "thinking", ...} and at the end {"event": "analysed", ...}; a move, undo or
// {"op": "stop"} ends it. Not while a computer seat is to move: that seat's search is shown.
json Session::analyse(const json& request) {
    std::string error;
    const std::string level_text = request.contains("level")
                                       ? string_field(request, "level")
                                       : "ai:" + std::to_string(ANALYSIS_LEVEL);
    auto seat = runtime::parse_seat(level_text, error, runtime::SeatsAllowed::computers);
    if (!seat || !seat->level)
        return error_json(error.empty() ? "'level' must be ai:LEVEL" : error);
    if (!bound_threads(*seat->level, error)) return error_json(error);
    {
        std::lock_guard lock(mutex_);
        if (!table_) return error_json("no game is open");
        if (table_->game().result()) return error_json("the game is over: nothing to analyse");
        if (!table_->seat_to_move().person())
            return error_json("a computer seat is to move: its own search is shown");
    }
    cancel_thinking();
    std::lock_guard lock(mutex_);
    const auto hooks = table_->game().runs_hooks() ? runtime::HookUse::on : runtime::HookUse::off;
    analyst_ = std::make_unique<runtime::AiPlayer>(*compiled_, *seat->level, rng_(), hooks);
    thinker_ = std::thread([this] {
        const search::Outcome outcome =
            analyst_->choose(table_->game(), [&](const search::Iteration& it) {
                if (!cancelled_) push_(thinking_json(it));
            });
        if (cancelled_) return;
        json event = thinking_json(outcome.last);
        event["event"] = "analysed";
        if (!outcome.error.empty()) event["error"] = outcome.error;
        push_(event);
    });
    return {{"ok", true}, {"analysing", level_text}};
}

json Session::stop() {
    std::lock_guard lock(mutex_);
    if (analyst_) analyst_->stop();
    if (thinking_) table_->stop_thinking();
    stop_asked_ = !thinking_;
    return {{"ok", true}, {"stopped", thinking_ || analyst_ != nullptr}};
}

void Session::cancel_thinking() {
    cancelled_ = true;
    {
        std::lock_guard lock(mutex_);
        if (thinking_) table_->stop_thinking();
        if (analyst_) analyst_->stop();
    }
    if (thinker_.joinable()) thinker_.join();
    std::lock_guard lock(mutex_);  // stop() reads it from another thread
    analyst_.reset();
    cancelled_ = false;
}

void Session::answered() {
    std::lock_guard lock(mutex_);
    if (!std::exchange(think_when_answered_, false)) return;
    think_if_computer();
}

void Session::think_if_computer() {
    if (!table_ || table_->game().result() || table_->seat_to_move().person()) return;
    thinker_ = std::thread([this] {
        for (;;) {
            std::unique_lock lock(mutex_);
            if (cancelled_ || table_->game().result() || table_->seat_to_move().person()) return;
            thinking_ = true;
            const bool stop_now = std::exchange(stop_asked_, false);
            lock.unlock();
            // The game stays as it is while the seat thinks: see mutex_.
            const search::Outcome outcome = table_->computer_move([&](const search::Iteration& it) {
                if (stop_now) table_->stop_thinking();  // the move asked for at once
                push_(thinking_json(it));
            });
            lock.lock();
            thinking_ = false;
            if (cancelled_) return;
            if (!outcome.error.empty() || outcome.best.is_none()) {
                lock.unlock();
                const std::string error = outcome.error.empty() ? "no move found" : outcome.error;
                push_({{"event", "error"}, {"error", error}});
                return;
            }
            table_->play(outcome.best);
            json event = state();
            event["event"] = "state";
            lock.unlock();
            push_(event);
        }
    });
}

json Session::state() const {
    if (!table_) return error_json("no game is open");
    json answer = state_json(table_->game());
    answer["ok"] = true;
    answer["can_undo"] = table_->can_undo();
    answer["can_redo"] = table_->can_redo();
    answer["seats"] = json::array();
    for (const runtime::Seat& seat : table_->seats()) answer["seats"].push_back(seat.text);
    answer["thinking"] = !table_->game().result() && !table_->seat_to_move().person();
    return answer;
}

}  // namespace vari::web
