// Internal to tools/web/: a piece's moves as the page draws them (the marks on its token and the
// cells of its panel), derived from its rules.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/ir.hpp"

namespace vari::web {

// How a mark moves. A step is a leap to a neighbouring cell (a square board's eight, a hex
// board's six neighbours and six diagonal cells); the others are the IR's movement kinds.
enum class MarkKind : std::uint8_t { step, leap, lame_leap, slide, hop, curve, jump };

// One movement of a piece in one direction for one player, in the board's coordinates relative
// to the piece (the player's forward already applied).
struct DiagramMark {
    MarkKind kind = MarkKind::step;
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    // step, leap, lame_leap, jump: the cell it lands on; slide, hop: the first cell of its line;
    // curve: the first cell of its path.
    ir::Vec to;
    int range = 0;  // slide: at most this many cells; hop: beyond the screen; 0: to the edge
    // curve: the cells it passes, in order, from `to` (one turning way; the other is a mark of
    // its own); lame_leap: the cells that must be empty; jump: the cell jumped over.
    std::vector<ir::Vec> path;
    bool first = false;  // only while the piece has not moved
    bool zoned = false;  // only from the cells of a zone
    friend bool operator==(const DiagramMark&, const DiagramMark&) = default;
};

// [player]: the marks of `piece` when that player owns it: its movements, then its first moves.
std::vector<std::vector<DiagramMark>> piece_marks(const ir::Game& game, const ir::Piece& piece);

// The steps between a piece and the cell `v` away on a board of `geometry` (square boards: king
// steps; hex boards: steps to a neighbour).
int step_distance(ir::Geometry geometry, ir::Vec v);

// The cells of the piece panel's small board, as vectors from the piece in its middle: those
// within `radius` steps, ordered as a board's cells are (by y, then x).
std::vector<ir::Vec> panel_cells(ir::Geometry geometry, int radius);

// How far the panel reaches: 3 steps, or as far as the farthest leap or curve of the game's
// pieces, at most 4.
int panel_radius(const ir::Game& game);

}  // namespace vari::web
