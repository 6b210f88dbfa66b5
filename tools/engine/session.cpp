// The protocol loop UCI and USI share: one tokenizer, `position`, `go` and its limits, options,
// and the `info` and `bestmove` lines, in the words of the session's dialect.
#include "tools/engine/session.hpp"

#include <algorithm>
#include <filesystem>
#include <istream>
#include <new>

#include "dsl/dsl.hpp"
#include "tools/engine/shipped_games.hpp"
#include "tools/engine/words.hpp"
#include "tools/engine/xboard.hpp"

namespace vari::engine {

Session::Session(const Dialect& dialect, std::unique_ptr<CompiledGame> game, std::string path,
                 std::ostream& out)
    : dialect_(dialect),
      game_(std::move(game)),
      first_path_(std::move(path)),
      name_(std::filesystem::path(first_path_).stem().string()),
      first_name_(name_),
      start_(*game_),
      out_(out) {
    std::string why;
    text_ = notation::ProtocolText::make(*game_, dialect_.protocol, why);
}

// The search's thread writes through the session's members: it ends before they do.
Session::~Session() { thinker_.reset(); }

void Session::say(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << std::endl;
}

void Session::error(const std::string& message) { say("info string error: " + message); }

bool Session::handle(std::string_view line) {
    const auto words = words_of(line);
    if (words.empty()) return true;
    const std::string& command = words[0];
    if (command == dialect_.words.hello) {
        hello();
    } else if (command == "isready") {
        say("readyok");
    } else if (command == "setoption") {
        set_option(words);
    } else if (command == dialect_.words.new_game) {
        new_game();
    } else if (command == "position") {
        position(words);
    } else if (command == "go") {
        go(words);
    } else if (command == "stop" ||
               (!dialect_.game_over.empty() && command == dialect_.game_over)) {
        if (thinker_) thinker_->stop();
    } else if (command == "ponderhit") {
        if (thinker_) thinker_->ponderhit();
    } else if (command == "quit") {
        if (thinker_) thinker_->stop();
        return false;
    } else if (command == "d") {
        show();
    } else if (command != "debug" && command != "register") {  // UCI's, with nothing to do here
        error("unknown command '" + printable(command) + "'");
    }
    return true;
}

const std::vector<std::string>& Session::variants() {
    if (!variants_.empty()) return variants_;
    variants_.push_back(first_name_);
    for_each_expressible_game(dialect_.protocol, first_name_,
                              [&](const std::string& name, const std::string&,
                                  const CompiledGame&) { variants_.push_back(name); });
    std::sort(variants_.begin(), variants_.end());
    return variants_;
}

void Session::hello() {
    say(std::string("id name vari ") + VARI_VERSION);
    say("id author the vari authors");
    say("option name Level type spin default " + std::to_string(MAX_LEVEL) + " min 1 max " +
        std::to_string(MAX_LEVEL));
    if (dialect_.offers_hash_and_ponder) {
        say("option name " + std::string(dialect_.hash_option) + " type spin default " +
            std::to_string(hash_megabytes_) + " min 1 max " + std::to_string(MAX_HASH_MEGABYTES));
        say("option name " + std::string(dialect_.ponder_option) + " type check default false");
    }
    say("option name Threads type spin default " + std::to_string(threads_) + " min 1 max " +
        std::to_string(search::MAX_THREADS));
    if (dialect_.offers_variants) {
        std::string combo = "option name UCI_Variant type combo default " + name_;
        for (const std::string& v : variants()) combo += " var " + v;
        say(combo);
    }
    say(std::string(dialect_.words.hello_ok));
}

void Session::set_option(const std::vector<std::string>& words) {
    const auto value_at = std::find(words.begin(), words.end(), "value") - words.begin();
    if (words.size() < 3 || words[1] != "name") {
        error("expected setoption name NAME [value VALUE]");
        return;
    }
    const std::string name = joined(words, 2, static_cast<std::size_t>(value_at));
    const std::string value = joined(words, static_cast<std::size_t>(value_at) + 1, words.size());
    if (thinker_) thinker_->finish();  // options change between searches, as in Stockfish
    const auto whole = [&](std::int64_t max) -> std::optional<std::int64_t> {
        const auto n = whole_number(value);
        if (!n || *n < 1 || *n > max) {
            error("option " + name + " takes a whole number from 1 to " + std::to_string(max) +
                  ", not '" + printable(value) + "'");
            return std::nullopt;
        }
        return n;
    };
    if (same_name(name, "Level")) {
        if (const auto n = whole(MAX_LEVEL)) level_ = static_cast<int>(*n);
    } else if (same_name(name, dialect_.hash_option) || same_name(name, "Hash")) {
        if (const auto n = whole(MAX_HASH_MEGABYTES)) {
            hash_megabytes_ = static_cast<std::size_t>(*n);
            thinker_.reset();
        }
    } else if (same_name(name, "Threads")) {
        if (const auto n = whole(search::MAX_THREADS)) {
            threads_ = static_cast<int>(*n);
            thinker_.reset();
        }
    } else if (same_name(name, dialect_.ponder_option)) {
        // Pondering is the GUI's choice, made with `go ponder`: nothing to set.
    } else if (dialect_.offers_variants && same_name(name, "UCI_Variant")) {
        if (value != name_ && !switch_game(value)) {
            std::string list;
            for (const auto& v : variants()) list += (list.empty() ? "" : ", ") + v;
            error("UCI_Variant '" + printable(value) + "' is not one of " + list);
        }
    } else {
        error("unknown option '" + printable(name) + "'");
    }
}

bool Session::switch_game(const std::string& name) {
    const auto& names = variants();
    if (std::find(names.begin(), names.end(), name) == names.end()) return false;
    const auto path = name == first_name_ ? first_path_ : dsl::resolve_game(name);
    if (!path) return false;
    auto loaded = dsl::load_file(*path);
    if (!loaded.game) return false;
    auto game = std::move(loaded.compiled);
    std::string why;
    auto text = notation::ProtocolText::make(*game, dialect_.protocol, why);
    if (!text) return false;
    thinker_.reset();  // it searches the old game
    game_ = std::move(game);
    text_ = std::move(text);
    name_ = name;
    start_ = Position(*game_);
    moves_.clear();
    return true;
}

void Session::new_game() {
    if (!thinker_) return;
    thinker_->stop();
    thinker_->clear();
}

std::unique_ptr<runtime::Game> Session::replay() const {
    auto game = std::make_unique<runtime::Game>(*game_, start_);
    for (const Move m : moves_) game->play(m);
    return game;
}

void Session::position(const std::vector<std::string>& words) {
    const auto moves_at =
        static_cast<std::size_t>(std::find(words.begin(), words.end(), "moves") - words.begin());
    Position start(*game_);
    if (words.size() > 1 && words[1] == "startpos") {
        if (moves_at > 2) {
            error("unexpected '" + printable(words[2]) + "' after startpos");
            return;
        }
    } else if (words.size() > 1 && words[1] == dialect_.words.position_word) {
        if (const auto problem = text_->read_position(start, joined(words, 2, moves_at))) {
            error("bad " +
                  std::string(dialect_.protocol == notation::Protocol::uci ? "FEN" : "SFEN") +
                  ": " + *problem + "; the position is unchanged");
            return;
        }
    } else {
        error("expected position startpos or position " +
              std::string(dialect_.words.position_word) + ", then moves");
        return;
    }
    // The moves are checked one by one; an illegal one ends the list, as in Stockfish.
    runtime::Game game(*game_, start);
    std::vector<Move> played;
    for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
        std::string why;
        Position scratch = game.position();
        auto move = text_->read_move(scratch, words[i], why);
        const MoveList& legal = game.legal_moves();
        if (move && std::find(legal.begin(), legal.end(), *move) == legal.end()) {
            why = game.result() && game.result()->stopped ? game.result()->summary
                                                          : "the game's rules refuse it";
            move.reset();
        }
        if (!move) {
            error("move " + std::to_string(i - moves_at) + " '" + printable(words[i]) +
                  "' is illegal: " + why + "; the position is set up to the move before it");
            break;
        }
        game.play(*move);
        played.push_back(*move);
    }
    start_ = start;
    moves_ = std::move(played);
}

void Session::go(const std::vector<std::string>& words) {
    if (thinker_) thinker_->stop();  // a go while thinking: the search before answers first
    // USI's `go mate` asks for a mate solver, which vari does not have.
    if (dialect_.protocol == notation::Protocol::usi &&
        std::find(words.begin(), words.end(), "mate") != words.end()) {
        say("checkmate notimplemented");
        return;
    }
    Job job;
    job.game = replay();
    if (const auto& result = job.game->result(); result && result->stopped) {
        error(result->summary);
        say("bestmove " + std::string(dialect_.no_move));
        return;
    }
    std::vector<std::string> problems;
    const GoRequest request = read_go(dialect_, {words.begin() + 1, words.end()}, problems);
    for (const auto& p : problems) error(p);
    for (const auto& text : request.search_moves) {
        std::string why;
        Position scratch = job.game->position();
        if (const auto m = text_->read_move(scratch, text, why))
            job.only.push_back(*m);
        else
            error("searchmoves: " + why);
    }
    const SearchPlan plan = plan_search(request, job.game->position().side_to_move(), level_);
    job.limits = plan.limits;
    job.ponder_milliseconds = plan.ponder_milliseconds;
    job.infinite = request.infinite;
    job.ponder = request.ponder;
    if (!thinker_) {
        try {
            thinker_ = std::make_unique<Thinker>(
                *game_, hash_megabytes_, threads_,
                [this](const runtime::Game& g, const search::Iteration& it) { report(g, it); },
                [this](const runtime::Game& g, const search::Outcome& o) {
                    answer(g, o);
                    return std::optional<Job>();  // the GUI asks for pondering
                });
        } catch (const std::bad_alloc&) {
            error("no memory for a hash table of " + std::to_string(hash_megabytes_) +
                  " MB: set a smaller " + std::string(dialect_.hash_option));
            say("bestmove " + std::string(dialect_.no_move));
            return;
        }
    }
    thinker_->start(std::move(job));
}

void Session::report(const runtime::Game& game, const search::Iteration& it) {
    std::string score;
    if (search::is_decisive(it.score)) {
        const int plies = search::plies_to_end(it.score);
        const int n = dialect_.mate_in_plies ? plies : (plies + 1) / 2;
        score = "mate " + std::to_string(it.score > 0 ? n : -n);
    } else {
        score = "cp " + std::to_string(it.score);
    }
    const auto ms = static_cast<std::int64_t>(it.seconds * 1000);
    const auto nps = it.seconds > 0 ? static_cast<std::uint64_t>(it.nodes / it.seconds) : 0;
    say("info depth " + std::to_string(it.depth) + " score " + score + " nodes " +
        std::to_string(it.nodes) + " nps " + std::to_string(nps) + " time " + std::to_string(ms) +
        " pv " + text_->write_line(game.position(), it.pv));
}

void Session::answer(const runtime::Game& game, const search::Outcome& outcome) {
    if (!outcome.error.empty()) error(outcome.error);
    if (outcome.best.is_none()) {
        say("bestmove " + std::string(dialect_.no_move));
        return;
    }
    const Position& pos = game.position();
    std::string line = "bestmove " + text_->write_move(pos, outcome.best);
    // The reply the search expects, for a GUI that ponders.
    const auto& pv = outcome.last.pv;
    if (pv.size() >= 2 && pv[0] == outcome.best) {
        const std::string reply = text_->write_line(pos, {pv[0], pv[1]});
        if (const auto blank = reply.find(' '); blank != std::string::npos)
            line += " ponder " + reply.substr(blank + 1);
    }
    say(line);
}

void Session::show() {
    const auto game = replay();
    const Position& pos = game->position();
    runtime::DrawOptions options;
    options.last_move = game->last_move();
    std::string drawing = runtime::draw_board(pos, options);
    if (!drawing.empty() && drawing.back() == '\n') drawing.pop_back();
    say(drawing);
    say(std::string(dialect_.protocol == notation::Protocol::uci ? "Fen: " : "Sfen: ") +
        text_->write_position(pos));
}

void run_engine(std::unique_ptr<CompiledGame> game, const std::string& path,
                notation::Protocol protocol, std::istream& in, std::ostream& out) {
    if (protocol == notation::Protocol::xboard) {
        run_xboard(std::move(game), path, in, out);
        return;
    }
    Session session(protocol == notation::Protocol::uci ? UCI : USI, std::move(game), path, out);
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) return;
    session.handle("quit");  // the end of input is a quit, as in Stockfish
}

}  // namespace vari::engine
