// Compiling leaps and slides: per-cell targets, slide reaches cut by range and zones, and what
// they attack.
#include "interpreter/compiler.hpp"

namespace vari::detail {

CellSet Compiler::slide_reach(int from, ir::Vec v, const ir::Movement& m, CellSet stop,
                              CellSet within) const {
    CellSet reach;
    int steps = 0;
    for (int to = cell_at(add(coord(from), v)); to >= 0 && within.has(to);
         to = cell_at(add(coord(to), v))) {
        reach.add(to);
        if (++steps == m.max_range || stop.has(to)) break;
    }
    return reach;
}

void Compiler::compile_leap(int p, int type, const ir::Movement& m, PieceRules& r) {
    const CellSet from_cells = zone_cells(m.from_zone, p);
    const CellSet within = zone_cells(m.within_zone, p);
    const TableRef table = m.mode == ir::MoveMode::move_only      ? r.leap_move
                           : m.mode == ir::MoveMode::capture_only ? r.leap_capture
                                                                  : r.leap_any;
    for (int c = 0; c < t_.cell_count; ++c) {
        if (!from_cells.has(c)) continue;
        for (ir::Vec v : m.vectors[p]) {
            const int to = cell_at(add(coord(c), v));
            if (to < 0 || !within.has(to)) continue;
            r.exists = true;
            r.leap_modes |= static_cast<std::uint8_t>(1u << static_cast<int>(m.mode));
            at(table, c).add(to);
            if (m.mode != ir::MoveMode::move_only) {
                at(r.attackers, to).add(c);
                t_.leaper_types[p] |= 1u << type;
            }
            if (m.captures_en_passant && m.mode != ir::MoveMode::move_only) {
                at(r.ep_capture, c).add(to);
                r.has_ep_capture = true;
            }
        }
    }
}

void Compiler::compile_slide(int p, int type, const ir::Movement& m, PieceRules& r) {
    const CellSet from_cells = zone_cells(m.from_zone, p);
    const CellSet stop = m.stop_zone >= 0 ? zone_cells(m.stop_zone, p) : CellSet();
    const CellSet within = zone_cells(m.within_zone, p);
    const bool plain = m.max_range == 0 && m.stop_zone < 0 && m.from_zone < 0 && m.within_zone < 0;
    for (ir::Vec v : m.vectors[p]) {
        const int d = dir_index(v);
        SlideRule rule;
        rule.dir = static_cast<std::uint8_t>(d);
        rule.positive = t_.dir_positive[d];
        rule.ray = t_.rays + d * t_.cell_count;
        rule.mode = m.mode;
        rule.creates_en_passant = m.creates_en_passant;
        if (plain) {
            rule.reach = t_.rays + d * t_.cell_count;
        } else {
            rule.reach = new_table();
            for (int c = 0; c < t_.cell_count; ++c)
                if (from_cells.has(c)) at(rule.reach, c) = slide_reach(c, v, m, stop, within);
        }
        for (int c = 0; c < t_.cell_count; ++c) {
            const CellSet reach = t_.pool[rule.reach + c];
            if (reach) r.exists = true;
            if (m.creates_en_passant) {
                // Only moves that pass at least one cell leave something to capture onto.
                for (int to : reach)
                    if (t_.passed(d, c, to)) at(r.ep_create, c).add(to);
            }
        }
        if (m.creates_en_passant) r.has_ep_create = true;
        if (m.mode != ir::MoveMode::move_only) {
            if (plain) {
                t_.slider_types[p * t_.dirs.size() + d] |= 1u << type;
            } else {
                attacks_by_walking(p, type, r);
            }
        }
        t_.slides.push_back(rule);
        ++r.slide_count;
    }
}

}  // namespace vari::detail
