// The board as a picture: draw_board's layout (its turn to a player's side, its labels) carried
// from text columns and lines into the plane, for graphical boards.
#include <algorithm>
#include <cmath>

#include "runtime/draw_parts.hpp"
#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// A layout of one-character tokens: columns are multiples of this per cell step.
long column_step(ir::Geometry geometry) {
    return geometry == ir::Geometry::square ? 2 : geometry == ir::Geometry::hex_flat ? 3 : 1;
}

// The plane from a layout's column and line, neighbouring centres one unit apart: flat-top
// files are half a line (half a unit) apart in height, pointy-top ranks half a cell apart across.
PictureLabel in_plane(ir::Geometry geometry, double column, int line) {
    const double u = column / static_cast<double>(column_step(geometry));
    const double half_root3 = std::sqrt(3.0) / 2;
    switch (geometry) {
        case ir::Geometry::square:
            return {"", u, static_cast<double>(line)};
        case ir::Geometry::hex_flat:
            return {"", u * half_root3, line * 0.5};
        case ir::Geometry::hex_pointy:
            return {"", u * 0.5, line * half_root3};
    }
    return {};
}

// Text labels may stand half a line from a cell, which in the plane overlaps it: each label moves
// straight away from the nearest cell centre until it clears the cell.
void clear_of_cells(PictureLabel& label, const std::vector<PictureCell>& cells) {
    constexpr double CLEARANCE = 0.8;
    const PictureCell* nearest = nullptr;
    double best = 0;
    for (const PictureCell& c : cells) {
        const double d = std::hypot(label.x - c.x, label.y - c.y);
        if (!nearest || d < best) nearest = &c, best = d;
    }
    if (!nearest || best >= CLEARANCE || best == 0) return;
    label.x = nearest->x + (label.x - nearest->x) * CLEARANCE / best;
    label.y = nearest->y + (label.y - nearest->y) * CLEARANCE / best;
}

int modulo(int a, int m) { return (a % m + m) % m; }

// A shade per cell: square boards alternate; hex boards take three shades by a linear form of the
// coordinates that differs mod 3 between any two neighbours.
struct Shading {
    int a = 1, b = 1, shades = 2;
    explicit Shading(ir::Geometry geometry) {
        if (geometry == ir::Geometry::square) return;
        shades = 3;
        std::vector<ir::Vec> steps{{1, 0}};
        for (int t = 1; t < 6; ++t) steps.push_back(turn_once(geometry, steps.back()));
        for (int i = 0; i < 9; ++i) {
            a = i / 3, b = i % 3;
            if (std::all_of(steps.begin(), steps.end(),
                            [&](ir::Vec s) { return modulo(a * s.x + b * s.y, 3) != 0; }))
                return;
        }
    }
    int of(ir::Vec v) const {
        if (shades == 2) return modulo(v.x + v.y, 2) == 0 ? 1 : 0;  // a1 (0, 0) dark
        return modulo(a * v.x + b * v.y, 3);
    }
};

}  // namespace

BoardPicture board_picture(const ir::Game& game, int from) {
    const ir::Board& board = game.board;
    BoardPicture picture;
    picture.geometry = board.geometry;
    const Layout layout = lay_out(board, view_turns(game, from), TokenShape{1, false}, false);
    const Shading shading(board.geometry);
    double left = 0;
    for (std::size_t c = 0; c < board.cells.size(); ++c) {
        const PictureLabel at =
            in_plane(board.geometry, static_cast<double>(layout.column[c]), layout.line[c]);
        picture.cells.push_back(
            {board.cells[c].name, at.x, at.y, shading.of(board.cells[c].coord)});
        left = c == 0 ? at.x : std::min(left, at.x);
    }
    for (const Placed& label : layout.labels) {
        PictureLabel at = in_plane(board.geometry, static_cast<double>(label.column), label.line);
        at.text = label.text;
        clear_of_cells(at, picture.cells);
        picture.labels.push_back(at);
    }
    // Labels of lines across the board stand a cell to the left of the leftmost cell.
    for (const Placed& label : layout.margin) {
        PictureLabel at = in_plane(board.geometry, 0, label.line);
        at.text = label.text;
        at.x = left - 1;
        picture.labels.push_back(at);
    }
    return picture;
}

}  // namespace vari::runtime
