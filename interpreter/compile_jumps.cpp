// Compiling jumps: per distinct jump vector of a piece, the cell passed over and the landing cell.
#include <algorithm>
#include <utility>
#include <vector>

#include "interpreter/compiler.hpp"

namespace vari::detail {

void Compiler::compile_jumps(int p, int type, const ir::Piece& piece, PieceRules& r) {
    std::vector<std::pair<ir::Vec, CellSet>> jumps;
    for (const auto& m : piece.movements) {
        if (m.kind != ir::MoveKind::jump) continue;
        const CellSet from_cells = zone_cells(m.from_zone, p);
        for (ir::Vec v : m.vectors[p]) {
            auto same = std::find_if(jumps.begin(), jumps.end(),
                                     [v](const auto& j) { return j.first == v; });
            if (same == jumps.end())
                jumps.emplace_back(v, from_cells);
            else
                same->second |= from_cells;
        }
    }
    if (jumps.empty()) return;
    r.jump_first = static_cast<std::uint32_t>(t_.jump_steps.size());
    r.jump_count = static_cast<std::uint32_t>(jumps.size());
    r.jump_over = new_table();
    t_.jump_steps.resize(t_.jump_steps.size() + jumps.size() * t_.cell_count);
    for (std::size_t k = 0; k < jumps.size(); ++k) {
        const auto& [v, from_cells] = jumps[k];
        for (int c = 0; c < t_.cell_count; ++c) {
            const int over = cell_at(add(coord(c), v));
            const int land = over < 0 ? -1 : cell_at(add(coord(over), v));
            if (!from_cells.has(c) || land < 0) continue;
            JumpStep& step = t_.jump_steps[r.jump_first + k * t_.cell_count + c];
            step.over = static_cast<Cell>(over);
            step.land = static_cast<Cell>(land);
            at(r.jump_over, c).add(over);
            r.exists = true;
        }
    }
    // A jump attacks the cell it passes over: no straight line carries it, and sequences are
    // judged by trial.
    attacks_by_walking(p, type, r);
    t_.has_jumps = true;
}

}  // namespace vari::detail
