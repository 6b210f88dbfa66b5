// Test support for the differential tests: moves, reference positions and how the interpreter's
// position differs from one, written with cell names for failure reports.
#pragma once

#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "reference/mailbox.hpp"

namespace vari::test {

// The interpreter's move, legal in `pos`, as the reference identifies moves.
reference::MoveKey key_of(const Position& pos, Move move);

// "e7-e8=Q", "e1-g1 (castling)", "d5-e6 (en passant)", "c3xc5xe5=W" (a capture sequence).
std::string describe_move(const ir::Game& game, const reference::MoveKey& move);
// The moves separated by blanks, "(none)" for none.
std::string describe_moves(const ir::Game& game, const std::vector<reference::MoveKey>& moves);

// The board line by line in position-string order, then side to move, rights, en passant and
// ply clock.
std::string describe_state(const ir::Game& game, const reference::State& state);

// One line per difference between the interpreter's position and the reference state, as the
// interpreter has it; empty when they agree. The ply clock counts only when a ply limit exists.
std::string state_differences(const Position& pos, const reference::State& state);

// The reference's state for a position string of `game`, read by the runtime's parser.
reference::State reference_state(const CompiledGame& game, const std::string& text);

}  // namespace vari::test
