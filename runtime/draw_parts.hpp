// Internal to runtime/: the parts of draw_board. draw_layout.cpp places cells and labels on a
// grid of text, draw_canvas.cpp writes that grid with or without colour, draw.cpp puts them
// together with the pieces, the marks and the hands.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::runtime {

// ---- Layout ---------------------------------------------------------------------------------
// Places are (column, line): `column` in characters, `line` growing up the board; both may be
// negative until the drawing is written.
struct Placed {
    long column = 0;
    int line = 0;
    std::string text;
};

struct Layout {
    std::vector<long> column;    // per cell: where its token starts
    std::vector<int> line;       // per cell
    std::vector<Placed> labels;  // file and rank labels among the cells
    // Labels of horizontal lines, written right-aligned at the left of every line in `line`.
    std::vector<Placed> margin;
};

// How the cells' tokens stand: `width` characters each, the first a blank or '+' when `lead`.
struct TokenShape {
    std::size_t width = 1;
    bool lead = false;
};

// The number of turns (by the board's smallest rotation: 90 degrees on square boards, 60 on hex
// boards) that puts `player`'s side at the bottom of the drawing: the turn that brings the middle
// of the player's setup lowest. Without setup pieces, the turn nearest to player / players of a
// full circle.
int view_turns(const ir::Game& game, int player);

// The board turned `turns` times, its cells and labels placed. Labels come from the file and rank
// parts of the cell names (notation::name_part): a group of cells sharing a part is
// labelled when its cells lie on one line of the drawing or on a path of neighbouring cells; see
// runtime.hpp (Drawing). `compact` leaves out labels above the top line of cells.
Layout lay_out(const ir::Board& board, int turns, TokenShape shape, bool compact);

// ---- Canvas ---------------------------------------------------------------------------------
// Rows of text written at (row, column), padded with blanks as needed. Each character may carry
// an ANSI style ("1;33", "7"), written only when `text` is asked for colour.
class Canvas {
public:
    void put(int row, std::size_t column, const std::string& text, const std::string& style = "");
    std::string text(bool colour) const;

private:
    std::vector<std::string> rows_;
    std::vector<std::vector<std::string>> styles_;  // per row, per character
};

}  // namespace vari::runtime
