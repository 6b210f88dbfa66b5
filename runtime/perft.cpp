// Counting the tree of play: the engine's perft where nothing but the moves can end a game, a walk
// of a Game (hooks, end conditions, history) where something else can.
#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// Whether some position of the tree above its leaves could be ended by a rule the engine's perft
// does not judge: a hook, a ply limit the clock can reach, a repetition within the depth (the
// tree starts without a history), or a player left without pieces who could otherwise pass.
bool needs_game(const CompiledGame& game, const Position& start, int depth, HookUse hooks) {
    const ir::Game& rules = game.ir();
    if (hooks == HookUse::on && rules.hooks) return true;
    const int players = game.tables().player_count;
    for (const auto& end : rules.ends) {
        switch (end.kind) {
            case ir::EndKind::ply_limit:
                if (start.ply_clock() + depth - 1 >= end.count) return true;
                break;
            case ir::EndKind::repetition: {
                // A position comes back after a round of passes at the soonest, or else after
                // every player has moved twice (a move is undone only by its own player).
                const int cycle = rules.passing == ir::Passing::never ? 2 * players : players;
                if ((end.count - 1) * cycle <= depth - 1) return true;
                break;
            }
            case ir::EndKind::no_pieces:
                if (rules.passing != ir::Passing::never) return true;
                break;
            case ir::EndKind::checkmate:
            case ir::EndKind::stalemate:
                break;  // no legal move: the engine counts none either
        }
    }
    return false;
}

class TreeWalk {
public:
    TreeWalk(const CompiledGame& game, const Position& start, HookUse hooks)
        : game_(game, start, hooks) {}

    // Leaves below the game's current position; stops counting once a game was stopped.
    std::uint64_t count(int depth) {
        if (depth == 0) return 1;
        if (const auto& result = game_.result()) {
            if (result->stopped && error.empty()) error = result->summary;
            return 0;
        }
        if (depth == 1) return static_cast<std::uint64_t>(game_.legal_moves().size);
        // Playing changes the game's list: walk a copy of its moves.
        const std::vector<Move> moves(game_.legal_moves().begin(), game_.legal_moves().end());
        std::uint64_t nodes = 0;
        for (const Move m : moves) {
            if (!error.empty()) break;
            game_.play(m);
            nodes += count(depth - 1);
            game_.undo();
        }
        return nodes;
    }

    Game& game() { return game_; }
    std::string error;

private:
    Game game_;
};

}  // namespace

PerftResult perft(const CompiledGame& game, const Position& start, int depth, HookUse hooks,
                  bool divide) {
    PerftResult result;
    if (!needs_game(game, start, depth, hooks)) {
        Position pos = start;
        bool overflow = false;
        if (!divide || depth == 0) {
            result.nodes = vari::perft(pos, depth, &overflow);
        } else {
            MoveList list;
            generate_legal(pos, list);
            overflow = list.overflow;
            Undo undo;
            for (const Move m : list) {
                if (overflow) break;
                std::string name = format_move(pos, m);
                pos.do_move(m, undo);
                const std::uint64_t nodes = vari::perft(pos, depth - 1, &overflow);
                pos.undo_move(m, undo);
                result.divide.emplace_back(std::move(name), nodes);
                result.nodes += nodes;
            }
        }
        if (overflow) result.error = "game stopped: " + too_many_moves();
        return result;
    }
    TreeWalk walk(game, start, hooks);
    if (!divide || depth == 0 || walk.game().result()) {
        result.nodes = walk.count(depth);
    } else {
        std::vector<Move> moves(walk.game().legal_moves().begin(),
                                walk.game().legal_moves().end());
        for (const Move m : moves) {
            std::string name = format_move(walk.game().position(), m);
            walk.game().play(m);
            const std::uint64_t nodes = walk.count(depth - 1);
            walk.game().undo();
            result.divide.emplace_back(std::move(name), nodes);
            result.nodes += nodes;
        }
    }
    result.error = walk.error;
    return result;
}

}  // namespace vari::runtime
