// The XBoard protocol (CECP version 2): feature negotiation, games and engine-defined variants,
// force mode and the engine's side, time controls, moves, undo, results, analysis.
#include "tools/engine/xboard.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <istream>
#include <new>
#include <ostream>

#include "dsl/dsl.hpp"
#include "tools/engine/clock.hpp"
#include "tools/engine/go.hpp"
#include "tools/engine/shipped_games.hpp"
#include "tools/engine/words.hpp"

namespace vari::engine {
namespace {

// Mate scores as XBoard reads them: 100000 + N for a mate in N moves.
constexpr int MATE_SCORE = 100000;

// Seconds as `level`, `st` and `inc` write them ("5", "0:30", "2.5"), in milliseconds; trailing
// characters after the number are ignored, as the protocol asks.
std::optional<std::int64_t> milliseconds(const std::string& text, bool minutes) {
    char* end = nullptr;
    const double first = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(first) || first < 0 || first > 1e7)
        return std::nullopt;
    double seconds = minutes ? first * 60 : first;
    if (minutes && *end == ':') {
        const char* from = end + 1;
        const double rest = std::strtod(from, &end);
        if (end == from || !std::isfinite(rest) || rest < 0 || rest > 1e7) return std::nullopt;
        seconds += rest;
    }
    return static_cast<std::int64_t>(seconds * 1000);
}

// A reason inside "Illegal move (REASON): MOVE" or "Error (REASON): COMMAND", without the
// characters that end it early.
std::string reason(const std::string& text) {
    std::string out = printable(text);
    for (std::size_t at; (at = out.find(": ")) != std::string::npos;) out.erase(at, 1);
    std::replace(out.begin(), out.end(), '(', '[');
    std::replace(out.begin(), out.end(), ')', ']');
    std::replace(out.begin(), out.end(), ':', ',');
    return out;
}

// Text the GUI sent in place of a command that reads as a move (e2e4, P@e4, @@@@).
bool looks_like_move(const std::string& word) {
    return word == "@@@@" ||
           (word.size() >= 3 && word.size() <= 8 &&
            std::any_of(word.begin(), word.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
            (std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '+'));
}

}  // namespace

const XBoardSession::Command XBoardSession::COMMANDS[] = {
    {"protover", &XBoardSession::protover, Effect::none},
    {"new", &XBoardSession::new_game, Effect::abandon},
    {"variant", &XBoardSession::variant, Effect::abandon},
    {"force", &XBoardSession::force, Effect::abandon},
    {"go", &XBoardSession::go, Effect::abandon},
    {"playother", &XBoardSession::playother, Effect::abandon},
    {"white", &XBoardSession::white, Effect::abandon},
    {"black", &XBoardSession::black, Effect::abandon},
    {"level", &XBoardSession::level, Effect::none},
    {"st", &XBoardSession::st, Effect::none},
    {"sd", &XBoardSession::sd, Effect::none},
    {"time", &XBoardSession::time, Effect::none},
    {"otim", &XBoardSession::otim, Effect::none},
    {"usermove", &XBoardSession::usermove, Effect::none},  // it may be the move pondered on
    {"?", &XBoardSession::move_now, Effect::none},
    {"ping", &XBoardSession::ping, Effect::none},
    {"setboard", &XBoardSession::setboard, Effect::abandon},
    {"undo", &XBoardSession::undo, Effect::abandon},
    {"remove", &XBoardSession::remove, Effect::abandon},
    {"post", &XBoardSession::post, Effect::none},
    {"nopost", &XBoardSession::nopost, Effect::none},
    {"analyze", &XBoardSession::analyze, Effect::abandon},
    {"exit", &XBoardSession::exit_analysis, Effect::abandon},
    {"memory", &XBoardSession::memory, Effect::abandon},
    {"cores", &XBoardSession::cores, Effect::abandon},
    {"option", &XBoardSession::option, Effect::none},
    {"edit", &XBoardSession::edit, Effect::none},
    {"result", &XBoardSession::ignore, Effect::abandon},
    // Nothing to do: the handshake's answers, the opponent's details, GNU Chess's `random`,
    // draw offers (declined by silence), hints, books and analysis updates (no stat01 line, so
    // XBoard stops asking).
    {"xboard", &XBoardSession::ignore, Effect::none},
    {"accepted", &XBoardSession::ignore, Effect::none},
    {"rejected", &XBoardSession::ignore, Effect::none},
    {"computer", &XBoardSession::ignore, Effect::none},
    {"name", &XBoardSession::ignore, Effect::none},
    {"rating", &XBoardSession::ignore, Effect::none},
    {"random", &XBoardSession::ignore, Effect::none},
    {"hard", &XBoardSession::hard, Effect::none},
    {"easy", &XBoardSession::easy, Effect::none},
    {"draw", &XBoardSession::ignore, Effect::none},
    {"hint", &XBoardSession::ignore, Effect::none},
    {"bk", &XBoardSession::ignore, Effect::none},
    {".", &XBoardSession::ignore, Effect::none},
};

XBoardSession::XBoardSession(std::unique_ptr<CompiledGame> game, std::string path,
                             std::ostream& out)
    : game_(std::move(game)),
      first_path_(std::move(path)),
      variant_(notation::describe_for_xboard(*game_,
                                             std::filesystem::path(first_path_).stem().string())),
      start_(*game_),
      out_(out) {
    std::string why;
    text_ = notation::ProtocolText::make(*game_, notation::Protocol::xboard, why);
    reset(Position(*game_));
}

// The search's thread writes through the session's members: it ends before they do.
XBoardSession::~XBoardSession() {
    abandoned_ = true;
    thinker_.reset();
}

void XBoardSession::say(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << std::endl;
}

void XBoardSession::abandon() {
    if (!thinker_) return;
    abandoned_ = true;
    thinker_->stop();
    abandoned_ = false;
    thinking_ = false;  // a ponder job the answer asked for is dropped too
}

bool XBoardSession::pondering() const { return thinker_ && thinker_->pondering(); }

bool XBoardSession::handle(std::string_view line) {
    const Words words = words_of(line);
    if (words.empty()) return true;
    const std::string& name = words[0];
    if (name == "quit") {
        abandon();
        return false;
    }
    const auto command = std::find_if(std::begin(COMMANDS), std::end(COMMANDS),
                                      [&](const Command& c) { return c.name == name; });
    if (command != std::end(COMMANDS)) {
        if (command->effect == Effect::abandon) abandon();
        (this->*command->run)(words);
    } else if (words.size() == 1 && looks_like_move(name)) {
        play(name);
    } else {
        say("Error (unknown command): " + printable(joined(words, 0, words.size())));
    }
    if (analyzing_ && !thinking_ && position_ok_) start_search(true);
    return true;
}

const std::vector<std::pair<notation::XBoardVariant, std::string>>& XBoardSession::games() {
    if (!games_.empty()) return games_;
    const std::string first_stem = std::filesystem::path(first_path_).stem().string();
    games_.emplace_back(notation::describe_for_xboard(*game_, first_stem), first_path_);
    for_each_expressible_game(
        notation::Protocol::xboard, first_stem,
        [&](const std::string& name, const std::string& path, const CompiledGame& game) {
            notation::XBoardVariant described = notation::describe_for_xboard(game, name);
            const bool known = std::any_of(games_.begin(), games_.end(), [&](const auto& g) {
                return g.first.name == described.name;
            });
            if (!known) games_.emplace_back(std::move(described), path);
        });
    return games_;
}

void XBoardSession::protover(const Words&) {
    std::string names;
    for (const auto& [variant, path] : games()) names += (names.empty() ? "" : ",") + variant.name;
    say(std::string("feature myname=\"vari ") + VARI_VERSION +
        "\" setboard=1 usermove=1 ping=1 playother=1 time=1 draw=1 sigint=0 sigterm=0 "
        "colors=0 analyze=1 memory=1 smp=1 name=0 san=0 reuse=1 debug=1");
    say("feature variants=\"" + names + "\"");
    say("feature option=\"Level -spin " + std::to_string(level_) + " 1 " +
        std::to_string(MAX_LEVEL) + "\"");
    say("feature done=1");
}

void XBoardSession::reset(Position start) {
    current_.reset();  // it reads the game, which may be about to change
    start_ = start;
    moves_.clear();
    current_ = std::make_unique<runtime::Game>(*game_, start_);
    position_ok_ = true;
}

bool XBoardSession::switch_game(const std::string& name) {
    const auto& list = games();
    const auto at =
        std::find_if(list.begin(), list.end(), [&](const auto& g) { return g.first.name == name; });
    if (at == list.end()) return false;
    if (at->first.name == variant_.name) {
        reset(Position(*game_));
        return true;
    }
    auto loaded = dsl::load_file(at->second);
    if (!loaded.game) return false;
    auto game = std::move(loaded.compiled);
    std::string why;
    auto text = notation::ProtocolText::make(*game, notation::Protocol::xboard, why);
    if (!text) return false;
    thinker_.reset();  // it searches the old game
    current_.reset();
    game_ = std::move(game);
    text_ = std::move(text);
    variant_ = at->first;
    reset(Position(*game_));
    return true;
}

// `new`: chess (XBoard's normal) when the engine plays it, else the game's start; the engine
// plays the second player.
void XBoardSession::new_game(const Words&) {
    // The list of games is read only to leave another game: building it compiles each of them.
    const auto plays_normal = [&] {
        const auto& list = games();
        return std::any_of(list.begin(), list.end(),
                           [](const auto& g) { return g.first.name == "normal"; });
    };
    if (variant_.name == "normal" || !plays_normal() || !switch_game("normal"))
        reset(Position(*game_));
    if (thinker_) thinker_->clear();
    engine_side_ = 1;
    depth_.reset();
    engine_ms_ = base_ms_;
}

void XBoardSession::variant(const Words& words) {
    if (words.size() != 2 || !switch_game(words[1])) {
        say("Error (unsupported variant): " + printable(joined(words, 0, words.size())));
        return;
    }
    if (variant_.standard) return;
    for (const auto& why : variant_.undescribed) say("# vari: no Betza for " + printable(why));
    if (variant_.setup.empty()) {
        say("tellusererror vari cannot describe " + printable(variant_.name) + " to XBoard");
        return;
    }
    say(variant_.setup);
    for (const auto& piece : variant_.pieces) say(piece);
}

void XBoardSession::force(const Words&) { engine_side_ = -1; }

void XBoardSession::go(const Words&) {
    if (!position_ok_) {
        say("Error (no position, the last setboard failed): go");
        return;
    }
    engine_side_ = current_->position().side_to_move();
    think();
}

void XBoardSession::playother(const Words&) {
    engine_side_ = 1 - current_->position().side_to_move();
}

void XBoardSession::white(const Words&) { engine_side_ = 1; }
void XBoardSession::black(const Words&) { engine_side_ = 0; }

void XBoardSession::level(const Words& words) {
    const auto moves = words.size() == 4 ? whole_number(words[1]) : std::nullopt;
    const auto base = words.size() == 4 ? milliseconds(words[2], true) : std::nullopt;
    const auto increment = words.size() == 4 ? milliseconds(words[3], false) : std::nullopt;
    if (!moves || *moves < 0 || !base || !increment) {
        say("Error (expected level MOVES MINUTES[:SECONDS] INCREMENT): " +
            printable(joined(words, 0, words.size())));
        return;
    }
    moves_per_session_ = static_cast<int>(std::min<std::int64_t>(*moves, 1000));
    base_ms_ = engine_ms_ = *base;
    increment_ms_ = *increment;
    move_ms_.reset();  // a clock replaces st's time per move
}

void XBoardSession::st(const Words& words) {
    const auto seconds = words.size() == 2 ? milliseconds(words[1], false) : std::nullopt;
    if (!seconds || *seconds <= 0) {
        say("Error (expected st SECONDS): " + printable(joined(words, 0, words.size())));
        return;
    }
    move_ms_ = *seconds;
    base_ms_.reset();
    engine_ms_.reset();
}

void XBoardSession::sd(const Words& words) {
    const auto depth = words.size() == 2 ? whole_number(words[1]) : std::nullopt;
    if (!depth || *depth < 1) {
        say("Error (expected sd DEPTH): " + printable(joined(words, 0, words.size())));
        return;
    }
    depth_ = static_cast<int>(std::min<std::int64_t>(*depth, search::MAX_DEPTH));
}

void XBoardSession::time(const Words& words) {
    const auto centiseconds = words.size() == 2 ? whole_number(words[1]) : std::nullopt;
    if (!centiseconds) {
        say("Error (expected time CENTISECONDS): " + printable(joined(words, 0, words.size())));
        return;
    }
    engine_ms_ = std::clamp<std::int64_t>(*centiseconds, -1'000'000'000, 1'000'000'000) * 10;
}

// The opponent's clock does not change how long the engine thinks.
void XBoardSession::otim(const Words& words) {
    if (words.size() != 2 || !whole_number(words[1]))
        say("Error (expected otim CENTISECONDS): " + printable(joined(words, 0, words.size())));
}

void XBoardSession::usermove(const Words& words) {
    if (words.size() != 2) {
        say("Error (expected usermove MOVE): " + printable(joined(words, 0, words.size())));
        return;
    }
    play(words[1]);
}

// A move from the GUI. Pondering goes on while the move is refused; the move pondered on turns
// the ponder search into the engine's move; any other ends it.
void XBoardSession::play(const std::string& text) {
    const bool pondered = pondering();
    if (!pondered) abandon();
    if (!position_ok_) {
        say("Illegal move (no position, the last setboard failed): " + printable(text));
        return;
    }
    if (const auto& result = current_->result()) {
        say("Illegal move (the game is over, " + reason(result->summary) + "): " + printable(text));
        return;
    }
    std::string why;
    Position scratch = current_->position();
    auto move = text_->read_move(scratch, text, why);
    const MoveList& legal = current_->legal_moves();
    if (move && std::find(legal.begin(), legal.end(), *move) == legal.end()) {
        why = "the game's rules refuse it";
        move.reset();
    }
    if (!move) {
        say("Illegal move (" + reason(why) + "): " + printable(text));
        return;
    }
    if (pondered && *move != ponder_guess_) abandon();
    current_->play(*move);
    moves_.push_back(*move);
    if (pondered && *move == ponder_guess_) {
        if (current_->result()) {
            abandon();
            claim_result();
        } else {
            plan_ponder(engine_side_);
            thinker_->ponderhit(
                plan_search(request(engine_side_, true), engine_side_, level_).limits.milliseconds);
        }
        return;
    }
    if (engine_side_ < 0 || analyzing_ || claim_result()) return;
    if (current_->position().side_to_move() == engine_side_) think();
}

void XBoardSession::move_now(const Words&) {
    if (thinker_ && thinking_ && !analyzing_ && !pondering()) thinker_->stop();
}

void XBoardSession::hard(const Words&) { ponder_ = true; }

void XBoardSession::easy(const Words&) {
    ponder_ = false;
    if (pondering()) abandon();
}

// The answer waits for the engine's move, but not for analysis or pondering.
void XBoardSession::ping(const Words& words) {
    if (thinker_) thinker_->await_answer();
    say("pong" + (words.size() > 1 ? " " + printable(words[1]) : std::string()));
}

// A position the engine cannot take leaves it without one until the next `new`, `variant` or
// `setboard`, as the protocol suggests: moves are then refused.
void XBoardSession::setboard(const Words& words) {
    const std::string fen = joined(words, 1, words.size());
    Position pos(*game_);
    if (const auto problem = text_->read_position(pos, fen)) {
        position_ok_ = false;
        say("tellusererror Illegal position: " + printable(*problem));
        say("Error (" + reason(*problem) + "): setboard " + printable(fen));
        return;
    }
    reset(pos);
}

void XBoardSession::undo(const Words&) {
    if (!position_ok_ || moves_.empty()) {
        say("Error (command not legal now): undo");
        return;
    }
    current_->undo();
    moves_.pop_back();
}

// Takes back the last move of each player; the engine keeps its side.
void XBoardSession::remove(const Words&) {
    if (!position_ok_ || moves_.size() < 2) {
        say("Error (command not legal now): remove");
        return;
    }
    for (int i = 0; i < 2; ++i) {
        current_->undo();
        moves_.pop_back();
    }
}

void XBoardSession::post(const Words&) { post_ = true; }
void XBoardSession::nopost(const Words&) { post_ = false; }
void XBoardSession::analyze(const Words&) { analyzing_ = true; }
void XBoardSession::exit_analysis(const Words&) { analyzing_ = false; }

void XBoardSession::memory(const Words& words) {
    const auto megabytes = words.size() == 2 ? whole_number(words[1]) : std::nullopt;
    if (!megabytes || *megabytes < 1) {
        say("Error (expected memory MEGABYTES): " + printable(joined(words, 0, words.size())));
        return;
    }
    hash_megabytes_ = static_cast<std::size_t>(
        std::min<std::int64_t>(*megabytes, static_cast<std::int64_t>(MAX_HASH_MEGABYTES)));
    thinker_.reset();
}

void XBoardSession::cores(const Words& words) {
    const auto n = words.size() == 2 ? whole_number(words[1]) : std::nullopt;
    if (!n || *n < 1) {
        say("Error (expected cores N): " + printable(joined(words, 0, words.size())));
        return;
    }
    threads_ = static_cast<int>(std::min<std::int64_t>(*n, search::MAX_THREADS));
    thinker_.reset();
}

// option NAME=VALUE, for the options of `feature option`: Level.
void XBoardSession::option(const Words& words) {
    const std::string setting = joined(words, 1, words.size());
    const auto equals = setting.find('=');
    const std::string name = setting.substr(0, equals);
    if (!same_name(name, "Level")) {
        say("Error (unknown option): option " + printable(setting));
        return;
    }
    const auto value =
        equals == std::string::npos ? std::nullopt : whole_number(setting.substr(equals + 1));
    if (!value || *value < 1 || *value > MAX_LEVEL) {
        say("Error (Level takes a whole number from 1 to " + std::to_string(MAX_LEVEL) +
            "): option " + printable(setting));
        return;
    }
    level_ = static_cast<int>(*value);
}

void XBoardSession::edit(const Words&) {
    say("Error (not supported, vari sets positions with setboard): edit");
}

void XBoardSession::ignore(const Words&) {}

// The engine's move: at once its result when the game is already over.
void XBoardSession::think() {
    if (!claim_result()) start_search(false);
}

bool XBoardSession::claim_result() {
    const auto& result = current_->result();
    if (!result) return false;
    if (result->stopped) {
        say("tellusererror " + printable(result->summary));
        return true;
    }
    const auto& scores = result->scores;
    const char* code = scores[0] > scores[1] ? "1-0" : scores[0] < scores[1] ? "0-1" : "1/2-1/2";
    say(std::string(code) + " {" + printable(result->summary) + "}");
    return true;
}

std::unique_ptr<runtime::Game> XBoardSession::replay() const {
    auto game = std::make_unique<runtime::Game>(*game_, start_);
    for (const Move m : moves_) game->play(m);
    return game;
}

// The limits of the ponder search after the engine's move, planned before the search that finds
// the move: the answer runs on the search's thread, while the loop may be changing the settings.
// Its time is planned at the ponder hit.
void XBoardSession::plan_ponder(int side) {
    GoRequest ponder = request(side, false);
    ponder.ponder = true;
    ponder_limits_ = plan_search(ponder, side, level_).limits;
}

// The search `side` is given by `st`, `sd`, the level and, `with_clock`, the engine's clock.
GoRequest XBoardSession::request(int side, bool with_clock) const {
    GoRequest request;
    if (move_ms_) request.movetime = std::max<std::int64_t>(1, *move_ms_ - MOVE_OVERHEAD);
    if (depth_) request.depth = *depth_;
    if (with_clock && (engine_ms_ || base_ms_)) {
        request.time[side] = engine_ms_ ? *engine_ms_ : *base_ms_;
        request.increment[side] = increment_ms_.value_or(0);
        if (moves_per_session_ > 0)
            request.moves_to_go =
                moves_per_session_ - (current_->position().move_number() - 1) % moves_per_session_;
    }
    return request;
}

void XBoardSession::start_search(bool infinite) {
    Job job;
    job.game = replay();
    const int side = job.game->position().side_to_move();
    GoRequest go = request(side, true);
    go.infinite = infinite;
    job.limits = plan_search(go, side, level_).limits;
    job.infinite = infinite;
    plan_ponder(side);
    if (!thinker_) {
        try {
            thinker_ = std::make_unique<Thinker>(
                *game_, hash_megabytes_, threads_,
                [this](const runtime::Game& g, const search::Iteration& it) { report(g, it); },
                [this](const runtime::Game& g, const search::Outcome& o) { return answer(g, o); });
        } catch (const std::bad_alloc&) {
            say("Error (no memory for a hash table of " + std::to_string(hash_megabytes_) +
                " MB): memory");
            return;
        }
    }
    abandoned_ = false;
    thinking_ = true;
    thinker_->start(std::move(job));
}

// A thinking line: depth, score in centipawns (100000 + N for a mate in N moves), time in
// centiseconds, nodes, the principal variation.
void XBoardSession::report(const runtime::Game& game, const search::Iteration& it) {
    if (!post_ && !analyzing_) return;
    int score = it.score;
    if (search::is_decisive(it.score)) {
        const int moves = (search::plies_to_end(it.score) + 1) / 2;
        score = it.score > 0 ? MATE_SCORE + moves : -MATE_SCORE - moves;
    }
    say(std::to_string(it.depth) + " " + std::to_string(score) + " " +
        std::to_string(static_cast<std::int64_t>(it.seconds * 100)) + " " +
        std::to_string(it.nodes) + " " + text_->write_line(game.position(), it.pv));
}

// On the search's thread, while the loop waits for the search or takes only commands that leave
// the game alone.
std::optional<Job> XBoardSession::answer(const runtime::Game& game,
                                         const search::Outcome& outcome) {
    if (!outcome.error.empty()) say("# vari: " + printable(outcome.error));
    std::optional<Job> next;
    if (!abandoned_ && !analyzing_ && !outcome.best.is_none()) {
        say("move " + text_->write_move(game.position(), outcome.best));
        current_->play(outcome.best);
        moves_.push_back(outcome.best);
        if (!claim_result()) next = ponder_job(outcome);
    }
    thinking_ = next.has_value();
    return next;
}

// With `hard`: a search of the position after the reply the principal variation expects, to
// go on with while the opponent thinks.
std::optional<Job> XBoardSession::ponder_job(const search::Outcome& outcome) {
    const auto& pv = outcome.last.pv;
    if (!ponder_ || engine_side_ < 0 || pv.size() < 2 || pv[0] != outcome.best) return {};
    const MoveList& legal = current_->legal_moves();
    if (std::find(legal.begin(), legal.end(), pv[1]) == legal.end()) return {};
    Job job;
    job.game = replay();
    job.game->play(pv[1]);
    if (job.game->result()) return {};
    job.limits = ponder_limits_;
    job.ponder = true;
    ponder_guess_ = pv[1];
    return job;
}

void run_xboard(std::unique_ptr<CompiledGame> game, const std::string& path, std::istream& in,
                std::ostream& out) {
    XBoardSession session(std::move(game), path, out);
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) return;
    session.handle("quit");  // the end of input is a quit
}

}  // namespace vari::engine
