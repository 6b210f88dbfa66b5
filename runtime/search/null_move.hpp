// Null-move pruning's guard: where a pass may stand in for the side to move's best move. A null
// move assumes that some move is at least as good as passing, which fails in zugzwang; the guard
// keeps it out of the games and positions where zugzwang is the rule rather than the exception.
// Private to the library.
#pragma once

#include <array>
#include <cstdint>

#include "interpreter/interpreter.hpp"

namespace vari::search {

class NullMoveGuard {
public:
    explicit NullMoveGuard(const CompiledGame& game);
    // Not where a pass is a move of the game or ends it, nor where captures or drops are
    // compulsory (the mover's choice is the rules', not its own). Nor where hooks judge (they
    // may read passes): the search asks that itself.
    bool in_game() const { return in_game_; }
    // Whether `player` has a piece that can spend a move and come back: a non-royal piece on the
    // board whose moves can be undone, or, where drops are moves, any piece in hand. A side with
    // only royal pieces and pieces that only go forward (pawns) may be in zugzwang.
    bool can_wait(const Position& pos, int player) const;

private:
    bool in_game_ = false;
    bool drops_ = false;
    std::array<std::uint32_t, MAX_PLAYERS> waiting_types_{};  // a bit per type, per player
};

}  // namespace vari::search
