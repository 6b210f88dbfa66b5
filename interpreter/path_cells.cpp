// What the walked rules (PathRule) may pass or reach, read from their kinds' tables: on an
// empty board, and (hops and lame leaps, out of line) given the pieces.
#include <algorithm>

#include "interpreter/interpreter.hpp"
#include "interpreter/reach.hpp"

namespace vari {

namespace detail {

namespace {

// Whether `piece` (NO_PIECE: none) is of one of `types`, a bit per type.
bool is_of(Piece piece, std::uint32_t types) {
    return types && piece != NO_PIECE && (types >> type_of(piece) & 1);
}

}  // namespace

// The cells a hop reaches from `from`: past the first piece on its line (the screen), the empty
// cells within its range up to and including the next piece, unless the screen is of a refused
// type; the next piece is left out when it is of a spared type.
CellSet hop_reach(const Tables& t, const PathRule& rule, int from, CellSet occupied,
                  const Piece* board) {
    const HopRule& h = t.hops[rule.table];
    const CellSet line = t.pool[h.line + from];
    const bool positive = t.dir_positive[h.dir];
    const CellSet screens = line & occupied;
    if (!screens) return {};
    const int screen = positive ? screens.first() : screens.last();
    if (is_of(board[screen], h.screens_refused)) return {};
    const CellSet beyond = line & t.pool[h.beyond + screen];
    const CellSet blockers = beyond & occupied;
    if (!blockers) return beyond;
    const int blocker = positive ? blockers.first() : blockers.last();
    CellSet reach = beyond & ~t.ray(h.dir, blocker);
    if (is_of(board[blocker], h.spared)) reach.remove(blocker);
    return reach;
}

// The cell a lame leap lands on from `from`, when the cells it passes are empty.
CellSet lame_leap_reach(const Tables& t, const PathRule& rule, int from, CellSet occupied) {
    const LameLeap& leap = t.lame_leaps[rule.table + from];
    if (leap.to == NO_CELL || (leap.via & occupied)) return {};
    return CellSet::of(leap.to);
}

CellSet path_targets(const Tables& t, const PieceRules& r, int from, CellSet own,
                     CellSet occupied, const Piece* board) {
    CellSet result;
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        add_by_mode(result, path_reach(t, rule, from, occupied, board), rule.mode, own, occupied);
    }
    return result;
}

}  // namespace detail

int path_cells(const Tables& t, const PathRule& rule, int from, std::uint8_t* cells) {
    switch (rule.kind) {
        case ir::MoveKind::curve: {
            const CurvePath& path = t.curve_paths[rule.table + from];
            std::copy(path.cells, path.cells + path.length, cells);
            return path.length;
        }
        case ir::MoveKind::hop: {  // past the first cell of its line: there must be a screen
            const HopRule& h = t.hops[rule.table];
            CellSet line = t.pool[h.line + from];
            int count = 0;
            for (bool screen = true; line; screen = false) {
                const int cell = t.dir_positive[h.dir] ? line.first() : line.last();
                line.remove(cell);
                if (!screen) cells[count++] = static_cast<std::uint8_t>(cell);
            }
            return count;
        }
        case ir::MoveKind::lame_leap: {
            const LameLeap& leap = t.lame_leaps[rule.table + from];
            if (leap.to == NO_CELL) return 0;
            cells[0] = leap.to;
            return 1;
        }
        case ir::MoveKind::leap:
        case ir::MoveKind::slide:
        case ir::MoveKind::jump:
            break;  // tables of their own
    }
    return 0;
}

}  // namespace vari
