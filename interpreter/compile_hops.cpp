// Compiling hops: per vector, the line from each cell and the cells a landing may use past each
// screen.
#include "interpreter/compiler.hpp"

namespace vari::detail {

void Compiler::compile_hop(int p, int type, const ir::Movement& m, PieceRules& r) {
    const CellSet from_cells = zone_cells(m.from_zone, p);
    const CellSet within = zone_cells(m.within_zone, p);
    for (ir::Vec v : m.vectors[p]) {
        HopRule hop;
        hop.dir = static_cast<std::uint8_t>(dir_index(v));
        hop.line = new_table();
        hop.beyond = new_table();
        for (const int type_refused : m.screens_refused) hop.screens_refused |= 1u << type_refused;
        for (const int type_spared : m.spared) hop.spared |= 1u << type_spared;
        for (int c = 0; c < t_.cell_count; ++c) {
            // Past a screen on `c`: the cells within range. From `c`: the line, up to where it
            // would leave the zone it stays within.
            int steps = 0;
            bool inside = from_cells.has(c);
            for (int to = cell_at(add(coord(c), v)); to >= 0; to = cell_at(add(coord(to), v))) {
                if (m.max_range == 0 || steps++ < m.max_range) at(hop.beyond, c).add(to);
                inside = inside && within.has(to);
                if (inside) at(hop.line, c).add(to);
            }
            // Two cells at least: the screen and a cell past it.
            if (at(hop.line, c).count() >= 2) r.exists = true;
        }
        PathRule rule;
        rule.kind = ir::MoveKind::hop;
        rule.mode = m.mode;
        rule.table = static_cast<std::uint32_t>(t_.hops.size());
        t_.hops.push_back(hop);
        t_.paths.push_back(rule);
        ++r.path_count;
    }
    if (m.mode != ir::MoveMode::move_only) attacks_by_walking(p, type, r);
}

}  // namespace vari::detail
