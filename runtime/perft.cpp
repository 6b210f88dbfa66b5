// Counting the tree of play: the engine's perft where nothing but the moves can end a game, a walk
// of a Game (hooks, end conditions, history) where something else can.
#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// Whether some position of the tree above its leaves could be ended by a rule the engine's perft
// does not judge: a hook, a ply limit the clock can reach, a repetition within the depth (the
// tree starts without a history), a player left without pieces who could otherwise pass, or the
// material left.
bool needs_game(const CompiledGame& game, const Position& start, int depth, HookUse hooks) {
    const ir::Game& rules = game.ir();
    if (hooks == HookUse::on && rules.hooks) return true;
    return std::any_of(rules.ends.begin(), rules.ends.end(), [&](const ir::EndCondition& end) {
        return end_rule(end.kind).before_leaves(start, depth, end);
    });
}

constexpr const char* STOPPED = "stopped before the count was done";

// The engine alone, at its speed. Each walk below has the same few operations, so that
// count_tree() serves both. Asked to stop when it can, the walk asks between subtrees of
// ENGINE_SUBTREE plies, which the engine counts alone in a few milliseconds.
class EngineWalk {
public:
    static constexpr int ENGINE_SUBTREE = 3;
    EngineWalk(const Position& start, const StopWhen& stop) : pos_(start), stop_(stop) {}

    std::uint64_t count(int depth) {
        if (!stop_ || depth <= ENGINE_SUBTREE) return vari::perft(pos_, depth, &overflow_);
        if (stopped_ || (stopped_ = stop_())) return 0;
        MoveList list;
        generate_legal(pos_, list);
        overflow_ = overflow_ || list.overflow;
        std::uint64_t nodes = 0;
        for (const Move m : list) {
            Undo undo;
            pos_.do_move(m, undo);
            nodes += count(depth - 1);
            pos_.undo_move(m, undo);
            if (stopped_ || overflow_) break;
        }
        return nodes;
    }
    std::vector<Move> root_moves() {
        MoveList list;
        generate_legal(pos_, list);
        overflow_ = list.overflow;
        return {list.begin(), list.end()};
    }
    std::string name(Move m, notation::Notation n) const {
        return notation::format_move(pos_, m, n);
    }
    void play(Move m) { pos_.do_move(m, undos_.emplace_back()); }
    void undo(Move m) {
        pos_.undo_move(m, undos_.back());
        undos_.pop_back();
    }
    bool ended() const { return false; }
    std::string error() const {
        if (stopped_) return STOPPED;
        return overflow_ ? "game stopped: " + too_many_moves() : std::string();
    }

private:
    Position pos_;
    std::vector<Undo> undos_;  // of the moves played by play()
    const StopWhen& stop_;
    bool overflow_ = false, stopped_ = false;
};

// A Game played and taken back: hooks, end conditions and history judge every position.
class GameWalk {
public:
    GameWalk(const CompiledGame& game, const Position& start, HookUse hooks, const StopWhen& stop)
        : game_(game, start, hooks), stop_(stop) {}

    // Leaves below the game's current position; stops counting once a game was stopped.
    std::uint64_t count(int depth) {
        if (depth == 0) return 1;
        if (const auto& result = game_.result()) {
            if (result->stopped && error_.empty()) error_ = result->summary;
            return 0;
        }
        if (depth == 1) return static_cast<std::uint64_t>(game_.legal_moves().size);
        if (stop_ && stop_()) {
            error_ = STOPPED;
            return 0;
        }
        std::uint64_t nodes = 0;
        for (const Move m : root_moves()) {
            if (!error_.empty()) break;
            game_.play(m);
            nodes += count(depth - 1);
            game_.undo_unjudged();
        }
        return nodes;
    }
    // Playing changes the game's list: a copy of its moves.
    std::vector<Move> root_moves() const {
        return {game_.legal_moves().begin(), game_.legal_moves().end()};
    }
    std::string name(Move m, notation::Notation n) const {
        return notation::format_move(game_.position(), m, n);
    }
    void play(Move m) { game_.play(m); }
    void undo(Move) { game_.undo(); }
    bool ended() const { return game_.result().has_value(); }
    const std::string& error() const { return error_; }

private:
    Game game_;
    const StopWhen& stop_;
    std::string error_;
};

// The count of `depth` plies below the walk's position, and with `divide` the count below each
// of its moves, in the order the generator lists them.
template <class Walk>
PerftResult count_tree(Walk& walk, int depth, const PerftOptions& options) {
    PerftResult result;
    if (depth == 0 || walk.ended()) {
        result.nodes = walk.count(depth);
    } else if (!options.divide && !options.progress) {
        result.nodes = walk.count(depth);
    } else {
        const std::vector<Move> moves = walk.root_moves();
        for (std::size_t i = 0; i < moves.size() && walk.error().empty(); ++i) {
            std::string name = options.divide ? walk.name(moves[i], options.notation) : "";
            walk.play(moves[i]);
            const std::uint64_t nodes = walk.count(depth - 1);
            walk.undo(moves[i]);
            if (options.divide) result.divide.emplace_back(std::move(name), nodes);
            result.nodes += nodes;
            if (options.progress) options.progress(i + 1, moves.size());
        }
    }
    result.error = walk.error();
    return result;
}

// A subtree of the count: the first move (and the second, when the tree is deep enough to
// share it finer), and the plies below it.
struct Subtree {
    std::size_t first = 0;  // the first move's place in the root's list
    std::vector<Move> path;
};

// The subtrees of a count `depth` deep: below each first move, each second move where the tree
// is 3 plies or more (so that the pieces are many and small enough to share out evenly), or the
// first move alone where it ended the game or the tree is 2 plies.
template <class Walk>
std::vector<Subtree> subtrees(Walk& walk, const std::vector<Move>& moves, int depth) {
    std::vector<Subtree> out;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        walk.play(moves[i]);
        if (depth < 3 || walk.ended()) {
            out.push_back({i, {moves[i]}});
        } else {
            for (const Move second : walk.root_moves()) out.push_back({i, {moves[i], second}});
        }
        walk.undo(moves[i]);
    }
    return out;
}

// The same count as a run of pieces (runtime::Pieces), one per subtree, each counted by a walk
// `make_walk` makes for its thread: shared among options.threads threads, or processes under
// mpirun, and kept in options.journal. The counts and divide are count_tree's; a stopped game
// stops the count, with the error of the earliest subtree that stopped.
template <class MakeWalk>
PerftResult count_in_pieces(const MakeWalk& make_walk, const Position& start, int depth,
                            const PerftOptions& options) {
    auto first = make_walk();
    PerftResult result;
    const std::vector<Move> moves = first->root_moves();
    if (!first->error().empty()) {
        result.error = first->error();
        return result;
    }
    const std::vector<Subtree> parts = subtrees(*first, moves, depth);
    std::optional<Journal> journal;
    if (options.runner.sums_up && !options.journal.empty()) {
        const nlohmann::json run = {{"vari-perft", 1},
                                    {"position", notation::to_position_string(start)},
                                    {"depth", depth},
                                    {"hooks", options.hooks == HookUse::on}};
        journal = Journal::open(options.journal, run.dump(), result.error);
        if (!journal) return result;
    }
    Pieces pieces;
    pieces.count = static_cast<long long>(parts.size());
    pieces.threads = options.threads;
    pieces.noun = "subtrees";
    pieces.done_before.assign(parts.size(), false);
    std::vector<std::uint64_t> counts(parts.size(), 0);
    std::map<long long, std::string> errors;  // by subtree
    std::size_t done = 0;
    const auto read = [&](long long index, const std::string& text) {
        const nlohmann::json count = nlohmann::json::parse(text, nullptr, false);
        if (!count.is_object() || !count.contains("nodes") || !count["nodes"].is_number_unsigned())
            return false;
        counts[static_cast<std::size_t>(index)] = count["nodes"].get<std::uint64_t>();
        if (count.contains("error") && count["error"].is_string())
            errors[index] = count["error"].get<std::string>();
        return true;
    };
    if (journal)
        for (const auto& [index, text] : journal->results())
            if (index < pieces.count && read(index, text)) {
                pieces.done_before[static_cast<std::size_t>(index)] = true;
                ++done;
            }
    pieces.player = [&](const std::atomic<bool>&) -> Pieces::Player {
        return [&, walk = std::shared_ptr(make_walk())](
                   long long index) -> std::optional<std::string> {
            const Subtree& part = parts[static_cast<std::size_t>(index)];
            for (const Move m : part.path) walk->play(m);
            nlohmann::json count = {
                {"nodes", walk->count(depth - static_cast<int>(part.path.size()))}};
            for (auto m = part.path.rbegin(); m != part.path.rend(); ++m) walk->undo(*m);
            if (!walk->error().empty()) count["error"] = walk->error();
            return count.dump();
        };
    };
    std::string unwritten;
    pieces.finished = [&](long long index, const std::string& text) {
        if (journal && unwritten.empty()) journal->add(index, text, unwritten);
        read(index, text);
        if (options.progress) options.progress(++done, parts.size());
        return errors.empty() && unwritten.empty();  // a stopped game ends the count
    };
    pieces.stop = options.stop;
    const PiecesRun run = options.runner.run(pieces);
    if (!options.runner.sums_up) return result;
    std::vector<std::uint64_t> per_move(moves.size(), 0);
    for (std::size_t k = 0; k < parts.size(); ++k) per_move[parts[k].first] += counts[k];
    for (std::size_t i = 0; i < moves.size(); ++i) {
        result.nodes += per_move[i];
        if (options.divide)
            result.divide.emplace_back(first->name(moves[i], options.notation), per_move[i]);
    }
    if (!errors.empty())
        result.error = errors.begin()->second;
    else if (!unwritten.empty())
        result.error = unwritten;
    else if (!run.complete)
        result.error = run.problem;
    return result;
}

// Whether the count is shared out (threads, processes) or kept in a journal: a tree of 2 plies
// or more that has not ended at its root.
template <class Walk>
bool in_pieces(const Walk& root, int depth, const PerftOptions& options) {
    const bool shared =
        options.threads > 1 || options.runner.processes > 1 || !options.journal.empty();
    return shared && depth >= 2 && !root.ended();
}

}  // namespace

PerftResult perft(const CompiledGame& game, const Position& start, int depth,
                  const PerftOptions& options) {
    const StopWhen& stop = options.stop;
    if (needs_game(game, start, depth, options.hooks)) {
        auto make_walk = [&] {
            return std::make_unique<GameWalk>(game, start, options.hooks, stop);
        };
        if (in_pieces(*make_walk(), depth, options))
            return count_in_pieces(make_walk, start, depth, options);
        return count_tree(*make_walk(), depth, options);
    }
    auto make_walk = [&] { return std::make_unique<EngineWalk>(start, stop); };
    if (in_pieces(*make_walk(), depth, options))
        return count_in_pieces(make_walk, start, depth, options);
    return count_tree(*make_walk(), depth, options);
}

PerftResult perft(const Game& from, int depth, const PerftOptions& options) {
    if (depth > 0 && from.result()) {
        PerftResult ended;
        if (from.result()->stopped) ended.error = from.result()->summary;  // the count is unknown
        return ended;
    }
    return perft(from.game(), from.position(), depth, options);
}

}  // namespace vari::runtime
