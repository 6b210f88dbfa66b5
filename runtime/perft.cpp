// Counting the tree of play: the engine's perft where nothing but the moves can end a game, a walk
// of a Game (hooks, end conditions, history) where something else can.
#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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
    void play(Move m) { pos_.do_move(m, undo_); }
    void undo(Move m) { pos_.undo_move(m, undo_); }
    bool ended() const { return false; }
    std::string error() const {
        if (stopped_) return STOPPED;
        return overflow_ ? "game stopped: " + too_many_moves() : std::string();
    }

private:
    Position pos_;
    Undo undo_;
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

// Whether first move `i` is this share's to count.
bool owned(const PerftOptions& options, std::size_t i) {
    return static_cast<int>(i % static_cast<std::size_t>(options.shares)) == options.share;
}

// The count of `depth` plies below the walk's position, and with `divide` the count below each
// of its moves, in the order the generator lists them.
template <class Walk>
PerftResult count_tree(Walk& walk, int depth, const PerftOptions& options) {
    PerftResult result;
    const bool shared = options.shares > 1;
    if (depth == 0 || walk.ended()) {
        if (options.share == 0) result.nodes = walk.count(depth);  // one first share counts it
    } else if (!options.divide && !options.progress && !shared) {
        result.nodes = walk.count(depth);
    } else {
        const std::vector<Move> moves = walk.root_moves();
        for (std::size_t i = 0; i < moves.size() && walk.error().empty(); ++i) {
            std::string name = options.divide ? walk.name(moves[i], options.notation) : "";
            if (!owned(options, i)) {
                if (options.divide) result.divide.emplace_back(std::move(name), 0);
                continue;
            }
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

// The same count with the first moves shared out among `options.threads` walks, each made by
// `make_walk` and run on a thread of its own (the caller's among them): each takes the next
// first move not yet taken. Counts and divide are as count_tree gives them; a stopped game
// stops every walk, and the error reported is that of the earliest first move that stopped.
template <class MakeWalk>
PerftResult count_tree_shared(const MakeWalk& make_walk, int depth, const PerftOptions& options) {
    auto first = make_walk();
    if (depth < 2 || first->ended()) return count_tree(*first, depth, options);
    const std::vector<Move> moves = first->root_moves();
    PerftResult result;
    if (!first->error().empty()) {
        result.error = first->error();
        return result;
    }
    std::vector<std::uint64_t> counts(moves.size(), 0);
    std::vector<std::string> errors(moves.size());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stopped{false};
    std::mutex progress_lock;
    std::size_t done = 0;
    auto work = [&](auto& walk) {
        for (std::size_t i; !stopped && (i = next++) < moves.size();) {
            if (!owned(options, i)) continue;
            walk.play(moves[i]);
            counts[i] = walk.count(depth - 1);
            walk.undo(moves[i]);
            if (!walk.error().empty()) {
                errors[i] = walk.error();
                stopped = true;
            }
            if (options.progress) {
                const std::lock_guard hold(progress_lock);
                options.progress(++done, moves.size());
            }
        }
    };
    {
        std::vector<std::jthread> helpers;
        for (int k = 1; k < options.threads && k < static_cast<int>(moves.size()); ++k)
            helpers.emplace_back([&] {
                auto walk = make_walk();
                work(*walk);
            });
        work(*first);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!errors[i].empty() && result.error.empty()) result.error = errors[i];
        result.nodes += counts[i];
        if (options.divide)
            result.divide.emplace_back(first->name(moves[i], options.notation), counts[i]);
    }
    return result;
}

}  // namespace

PerftResult perft(const CompiledGame& game, const Position& start, int depth,
                  const PerftOptions& options) {
    const StopWhen& stop = options.stop;
    if (needs_game(game, start, depth, options.hooks)) {
        auto make_walk = [&] {
            return std::make_unique<GameWalk>(game, start, options.hooks, stop);
        };
        if (options.threads > 1) return count_tree_shared(make_walk, depth, options);
        return count_tree(*make_walk(), depth, options);
    }
    auto make_walk = [&] { return std::make_unique<EngineWalk>(start, stop); };
    if (options.threads > 1) return count_tree_shared(make_walk, depth, options);
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
