// Compiling curves: per start vector and way of turning, each cell's path on an empty board.
#include <algorithm>
#include <vector>

#include "interpreter/compiler.hpp"

namespace vari::detail {

ir::Vec Compiler::turned(ir::Vec v, bool clockwise) const {
    if (game_.board.geometry == ir::Geometry::hex_flat)
        return clockwise ? ir::Vec{v.y, v.y - v.x} : ir::Vec{v.x - v.y, v.x};
    return clockwise ? ir::Vec{v.x + v.y, -v.x} : ir::Vec{-v.y, v.x + v.y};
}

void Compiler::compile_curve(int p, int type, const ir::Movement& m, PieceRules& r) {
    const CellSet from_cells = zone_cells(m.from_zone, p);
    const CellSet within = zone_cells(m.within_zone, p);
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
            rule.table = static_cast<std::uint32_t>(t_.curve_paths.size());
            t_.curve_paths.resize(t_.curve_paths.size() + t_.cell_count);
            for (int c = 0; c < t_.cell_count; ++c) {
                if (!from_cells.has(c)) continue;
                CurvePath& path = t_.curve_paths[rule.table + c];
                ir::Vec v = start;
                for (int at = c; path.length < steps; v = turned(v, clockwise)) {
                    at = cell_at(add(coord(at), v));
                    if (at < 0 || !within.has(at)) break;
                    path.cells[path.length++] = static_cast<Cell>(at);
                }
                if (path.length) r.exists = true;
            }
            t_.paths.push_back(rule);
            ++r.path_count;
        }
    }
    // No straight line carries a curve's attack: legality is judged by trial.
    if (m.mode != ir::MoveMode::move_only) {
        attacks_by_walking(p, type, r);
    }
}

}  // namespace vari::detail
