// The room of curves (`curve`): from a cell along a start vector, turning 60 degrees after every
// step, always the same way, through empty cells (ir::Movement). A rule per start vector and way
// of turning; its table (Tables::curve_paths) holds each cell's path on an empty board, which
// blockers cut at run time. What each member is for: kinds.hpp.
#pragma once

#include <algorithm>
#include <vector>

#include "interpreter/compiler.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {

struct CurveKind {
    static constexpr bool walked = true;
    static constexpr bool runs_along_dirs = false;  // it turns: no ray holds it

    static int rules_added(const ir::Movement& m, std::size_t player) {
        const ir::Turn turn = m.turn.empty() ? ir::Turn::both : m.turn[player];
        return static_cast<int>(m.vectors[player].size()) * (turn == ir::Turn::both ? 2 : 1);
    }

    static void compile(Compiler& c, int p, int type, const ir::Movement& m, PieceRules& r) {
        Tables& t = c.tables();
        const CellSet from_cells = c.zone_cells(m.from_zone, p);
        const CellSet within = c.zone_cells(m.within_zone, p);
        const int steps = m.max_range > 0 ? std::min(m.max_range, CURVE_STEPS) : CURVE_STEPS;
        const ir::Turn turn = m.turn.empty() ? ir::Turn::both : m.turn[p];
        std::vector<bool> ways;
        if (turn != ir::Turn::counterclockwise) ways.push_back(true);
        if (turn != ir::Turn::clockwise) ways.push_back(false);
        for (ir::Vec start : m.vectors[p]) {
            for (const bool clockwise : ways) {
                PathRule rule;
                rule.kind = ir::MoveKind::curve;
                rule.mode = m.mode;
                rule.table = static_cast<std::uint32_t>(t.curve_paths.size());
                t.curve_paths.resize(t.curve_paths.size() + t.cell_count);
                for (int cell = 0; cell < t.cell_count; ++cell) {
                    if (!from_cells.has(cell)) continue;
                    CurvePath& path = t.curve_paths[rule.table + cell];
                    ir::Vec v = start;
                    for (int at = cell; path.length < steps;
                         v = turned(c.game().board.geometry, v, clockwise)) {
                        at = c.cell_at(Compiler::add(c.coord(at), v));
                        if (at < 0 || !within.has(at)) break;
                        path.cells[path.length++] = static_cast<Cell>(at);
                    }
                    if (path.length) r.exists = true;
                }
                t.paths.push_back(rule);
                ++r.path_count;
            }
        }
        // No straight line carries a curve's attack: legality is judged by trial.
        if (m.mode != ir::MoveMode::move_only) c.attacks_by_walking(p, type, r);
    }

    // Its path up to and including the first occupied cell. Inline: the common walked kind.
    template <class Set>
    static Set reach(const Tables& t, const PathRule& rule, int from, Set occupied, const Piece*) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        Set reach;
        for (int i = 0; i < path.length; ++i) {
            reach.add(path.cells[i]);
            if (occupied.has(path.cells[i])) break;
        }
        return reach;
    }

    // The path walked only up to the cell, without building the reach: attack tests ask this of
    // every curve of every complex piece.
    template <class Set>
    static bool reaches(const Tables& t, const PathRule& rule, int from, Set occupied, const Piece*,
                        int cell) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        for (int i = 0; i < path.length; ++i) {
            if (path.cells[i] == cell) return true;
            if (occupied.has(path.cells[i])) return false;
        }
        return false;
    }

    static int cells(const Tables& t, const PathRule& rule, int from, Cell* cells) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        std::copy(path.cells, path.cells + path.length, cells);
        return path.length;
    }

    // The path's cells before `cell`, where the path reaches it.
    template <class Set>
    static Set crossings(const Tables& t, const PathRule& rule, int from, int cell) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        Set before;
        for (int k = 0; k < path.length && path.cells[k] != cell; ++k) before.add(path.cells[k]);
        return before.count() < path.length ? before : Set();
    }

    // Before each cell of the path, the cells it passes.
    static void influence(const Tables& t, const PathRule& rule, int from, CellSet* depends) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        CellSet before;
        for (int i = 0; i < path.length; ++i) {
            depends[path.cells[i]] |= before;
            before.add(path.cells[i]);
        }
    }

    // The last cell of the path is reached whether a piece stands there or not.
    template <class Set>
    static Set deciding_cells(const Tables& t, const PathRule& rule, int from) {
        const CurvePath& path = t.curve_paths[rule.table + from];
        Set cells;
        for (int i = 0; i + 1 < path.length; ++i) cells.add(path.cells[i]);
        return cells;
    }

    static bool same_tables(const Tables& t, const PathRule& a, const PathRule& b) {
        for (std::uint32_t c = 0; c < static_cast<std::uint32_t>(t.cell_count); ++c) {
            const CurvePath &x = t.curve_paths[a.table + c], &y = t.curve_paths[b.table + c];
            if (x.length != y.length || !std::equal(x.cells, x.cells + x.length, y.cells))
                return false;
        }
        return true;
    }

private:
    // A vector turned 60 degrees (hex boards; the rotation LANGUAGE.md gives for `orient`).
    static ir::Vec turned(ir::Geometry geometry, ir::Vec v, bool clockwise) {
        if (geometry == ir::Geometry::hex_flat)
            return clockwise ? ir::Vec{v.y, v.y - v.x} : ir::Vec{v.x - v.y, v.x};
        return clockwise ? ir::Vec{v.x + v.y, -v.x} : ir::Vec{-v.y, v.x + v.y};
    }
};

}  // namespace vari::detail
