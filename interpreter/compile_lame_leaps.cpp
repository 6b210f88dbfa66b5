// Compiling lame leaps: per vector, each cell's landing cell and the cells that must be empty.
#include "interpreter/compiler.hpp"

namespace vari::detail {

void Compiler::compile_lame_leap(int p, int type, const ir::Movement& m, PieceRules& r) {
    const CellSet from_cells = zone_cells(m.from_zone, p);
    const CellSet within = zone_cells(m.within_zone, p);
    for (std::size_t k = 0; k < m.vectors[p].size(); ++k) {
        PathRule rule;
        rule.kind = ir::MoveKind::lame_leap;
        rule.mode = m.mode;
        rule.table = static_cast<std::uint32_t>(t_.lame_leaps.size());
        t_.lame_leaps.resize(t_.lame_leaps.size() + t_.cell_count);
        for (int c = 0; c < t_.cell_count; ++c) {
            const int to = cell_at(add(coord(c), m.vectors[p][k]));
            if (!from_cells.has(c) || to < 0 || !within.has(to)) continue;
            CellSet via;
            bool on_board = true;
            for (ir::Vec step : m.via[p][k]) {
                const int passed = cell_at(add(coord(c), step));
                on_board = on_board && passed >= 0 && within.has(passed);
                if (passed >= 0) via.add(passed);
            }
            // A leap whose passed cells lie off the board (or outside its zone) is never made.
            if (!on_board) continue;
            LameLeap& leap = t_.lame_leaps[rule.table + c];
            leap.to = static_cast<Cell>(to);
            leap.via = new_set(via);
            r.exists = true;
        }
        t_.paths.push_back(rule);
        ++r.path_count;
    }
    if (m.mode != ir::MoveMode::move_only) attacks_by_walking(p, type, r);
}

}  // namespace vari::detail
