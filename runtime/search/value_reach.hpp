// Internal: what one piece type can do on the empty board, read from the compiled tables. Piece
// values (values.cpp) and the evaluation's tables (evaluation_tables.cpp) are built from it.
#pragma once

#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::search::detail {

// The share of cells a game's middle holds pieces on: a slide's k-th cell is reached when the
// k - 1 before it are empty, and a capture needs another player's piece on its target. About a
// third; fitted with the constants of values.cpp so that chess comes out near its classical values.
constexpr double DENSITY = 0.35;
// What each move still to make before a promotion keeps of its gain.
constexpr double PROMOTION_DECAY = 1.0 / 3;

// The cells a piece of `r` reaches from `cell` on the empty board, whatever the move's mode
// (jumps: their landing cells).
CellSet empty_board_targets(const Tables& t, const PieceRules& r, int cell);

// How much a piece of `r` standing on `cell` does, as the number of moves and captures it can
// expect among pieces standing at DENSITY: each target weighted by the chance the cells before it
// are empty and by what its mode needs on it (a move-only target empty, a capture-only one taken).
double expected_mobility(const Tables& t, const PieceRules& r, int cell);

// Per cell, the fewest moves (on the empty board) after which a piece of `r` has promoted; -1
// where it never can. Zero nowhere: a piece promotes by moving.
std::vector<int> promotion_distance(const Tables& t, const PieceRules& r);

// The share of the cells a piece of `r` may stand on (not stuck) to which it can come back after
// leaving them, moving on the empty board: 1 for pieces that move every way, 0 for forward-only
// ones (pawns, lances), whose moves cannot be undone.
double reversibility(const Tables& t, const PieceRules& r);

// The piece types a piece of `r` may promote to, a bit per type.
std::uint32_t promotion_choices(const Tables& t, const PieceRules& r);

}  // namespace vari::search::detail
