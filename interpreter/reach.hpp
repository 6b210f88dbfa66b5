// Internal: where one piece's rules reach, given the occupied cells. Shared by attack tests and
// move generation so both read the tables the same way.
#pragma once

#include "interpreter/interpreter.hpp"

namespace vari::detail {

// The cells a slide reaches from `from`: its empty-board reach cut just past the nearest blocker.
inline CellSet slide_reach(const Tables& t, const SlideRule& s, int from, CellSet occupied) {
    const CellSet reach = t.pool[s.reach + from];
    const CellSet blockers = reach & occupied;
    if (!blockers) return reach;
    return reach & ~t.pool[s.ray + (s.positive ? blockers.first() : blockers.last())];
}

// The cells a curve reaches from `from`: its path up to and including the first occupied cell.
inline CellSet curve_reach(const Tables& t, const PathRule& c, int from, CellSet occupied) {
    const CurvePath& path = t.curve_paths[c.table + from];
    CellSet reach;
    for (int i = 0; i < path.length; ++i) {
        reach.add(path.cells[i]);
        if (occupied.has(path.cells[i])) break;
    }
    return reach;
}

// The cells a hop reaches from `from`: past the first piece on its line (the screen), the empty
// cells within its range up to and including the next piece; `board` tells the screen's type and
// the captured one's, for a hop that refuses some.
CellSet hop_reach(const Tables& t, const PathRule& rule, int from, CellSet occupied,
                  const Piece* board);
// The cell a lame leap lands on from `from`, when the cells it passes are empty.
CellSet lame_leap_reach(const Tables& t, const PathRule& rule, int from, CellSet occupied);

// The cells a walked rule reaches from `from` with pieces standing on `occupied` (the mode aside).
// Curves, the common kind, are read inline; the others out of line keep the hot loops small.
inline CellSet path_reach(const Tables& t, const PathRule& rule, int from, CellSet occupied,
                          const Piece* board) {
    switch (rule.kind) {
        case ir::MoveKind::curve: return curve_reach(t, rule, from, occupied);
        case ir::MoveKind::hop: return hop_reach(t, rule, from, occupied, board);
        case ir::MoveKind::lame_leap: return lame_leap_reach(t, rule, from, occupied);
        case ir::MoveKind::leap:
        case ir::MoveKind::slide:
        case ir::MoveKind::jump: break;  // tables of their own
    }
    return {};
}

// Whether a walked rule from `from` reaches `cell`. A curve's path is walked only up to the cell,
// without building its reach: attack tests ask this of every curve of every complex piece.
inline bool path_reaches(const Tables& t, const PathRule& rule, int from, CellSet occupied,
                         const Piece* board, int cell) {
    if (rule.kind != ir::MoveKind::curve)
        return path_reach(t, rule, from, occupied, board).has(cell);
    const CurvePath& path = t.curve_paths[rule.table + from];
    for (int i = 0; i < path.length; ++i) {
        if (path.cells[i] == cell) return true;
        if (occupied.has(path.cells[i])) return false;
    }
    return false;
}

// Adds the part of `reach` that a movement of `mode` may go to.
inline void add_by_mode(CellSet& result, CellSet reach, ir::MoveMode mode, CellSet own,
                        CellSet occupied) {
    switch (mode) {
        case ir::MoveMode::move_or_capture: result |= reach & ~own; break;
        case ir::MoveMode::move_only: result |= reach & ~occupied; break;
        case ir::MoveMode::capture_only: result |= reach & occupied & ~own; break;
    }
}

// Move and capture targets of a piece's walked rules (curves, hops, lame leaps) on `from`. Out of
// line: its calls would otherwise cost every caller of targets() registers and a stack frame.
CellSet path_targets(const Tables& t, const PieceRules& r, int from, CellSet own, CellSet occupied,
                     const Piece* board);

// Move and capture targets of a piece of rules `r` on `from`; `own` and `occupied` as on the board,
// whose pieces `board` holds.
inline CellSet targets(const Tables& t, const PieceRules& r, int from, CellSet own,
                       CellSet occupied, const Piece* board) {
    const CellSet enemy = occupied & ~own;
    CellSet result = (t.pool[r.leap_any + from] & ~own) | (t.pool[r.leap_move + from] & ~occupied) |
                     (t.pool[r.leap_capture + from] & enemy);
    for (std::uint32_t i = 0; i < r.slide_count; ++i) {
        const SlideRule& s = t.slides[r.slide_first + i];
        add_by_mode(result, slide_reach(t, s, from, occupied), s.mode, own, occupied);
    }
    if (r.path_count == 0) [[likely]]
        return result;
    return result | path_targets(t, r, from, own, occupied, board);
}

}  // namespace vari::detail
