// Test support: the tree of play counted by playing a runtime::Game, every position judged by the
// game's end conditions and hooks, to compare runtime::perft and the engine's perft with.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::test {

// Leaves `depth` plies below the game's position; none below a position the game has ended.
inline std::uint64_t game_leaves(runtime::Game& game, int depth) {
    if (depth == 0) return 1;
    if (game.result()) return 0;
    const MoveList& legal = game.legal_moves();
    const std::vector<Move> moves(legal.begin(), legal.end());
    std::uint64_t nodes = 0;
    for (const Move m : moves) {
        game.play(m);
        nodes += game_leaves(game, depth - 1);
        game.undo();
    }
    return nodes;
}

}  // namespace vari::test
