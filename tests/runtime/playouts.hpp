// Test support for runtime tests: visiting every position of seeded random playouts.
#pragma once

#include <random>

#include "runtime/runtime.hpp"

namespace vari::test {

// Calls visit(game) on every position of `games` random playouts of at most `plies` plies each,
// the start position included; playouts stop early when the game ends.
template <class Visit>
void for_each_playout_position(const CompiledGame& compiled, int games, int plies,
                               std::uint64_t seed, Visit visit) {
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        runtime::Game game(compiled);
        visit(game);
        for (int ply = 0; ply < plies && !game.result(); ++ply) {
            game.play(runtime::random_move(game, rng));
            visit(game);
        }
    }
}

}  // namespace vari::test
