// The room of lame leaps (`leap VECTOR via VECTOR...`): a leap that needs the cells it passes
// empty (ir::Movement). A rule per vector; its table (Tables::lame_leaps) holds, per cell, the
// landing cell and the cells that must be empty. What each member is for: kinds.hpp.
#pragma once

#include "interpreter/compiler.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {

struct LameLeapKind {
    static constexpr bool walked = true;
    static constexpr bool runs_along_dirs = false;

    static int rules_added(const ir::Movement& m, std::size_t player) {
        return static_cast<int>(m.vectors[player].size());
    }

    static void compile(Compiler& c, int p, int type, const ir::Movement& m, PieceRules& r) {
        Tables& t = c.tables();
        const CellSet from_cells = c.zone_cells(m.from_zone, p);
        const CellSet within = c.zone_cells(m.within_zone, p);
        for (std::size_t k = 0; k < m.vectors[p].size(); ++k) {
            PathRule rule;
            rule.kind = ir::MoveKind::lame_leap;
            rule.mode = m.mode;
            rule.table = static_cast<std::uint32_t>(t.lame_leaps.size());
            t.lame_leaps.resize(t.lame_leaps.size() + t.cell_count);
            for (int cell = 0; cell < t.cell_count; ++cell) {
                const int to = c.cell_at(Compiler::add(c.coord(cell), m.vectors[p][k]));
                if (!from_cells.has(cell) || to < 0 || !within.has(to)) continue;
                CellSet via;
                bool on_board = true;
                for (ir::Vec step : m.via[p][k]) {
                    const int passed = c.cell_at(Compiler::add(c.coord(cell), step));
                    on_board = on_board && passed >= 0 && within.has(passed);
                    if (passed >= 0) via.add(passed);
                }
                // A leap whose passed cells lie off the board (or outside its zone) is never made.
                if (!on_board) continue;
                LameLeap& leap = t.lame_leaps[rule.table + cell];
                leap.to = static_cast<Cell>(to);
                leap.via = c.new_set(via);
                r.exists = true;
            }
            t.paths.push_back(rule);
            ++r.path_count;
        }
        if (m.mode != ir::MoveMode::move_only) c.attacks_by_walking(p, type, r);
    }

    // Its landing cell, when the cells it passes are empty. Out of line, keeping the hot loops
    // small.
    template <class Set>
    [[gnu::noinline]] static Set reach(const Tables& t, const PathRule& rule, int from,
                                       Set occupied, const Piece*) {
        const LameLeap& leap = t.lame_leaps[rule.table + from];
        if (leap.to == NO_CELL || (pooled<Set>(t, leap.via) & occupied)) return {};
        return Set::of(leap.to);
    }

    template <class Set>
    static bool reaches(const Tables& t, const PathRule& rule, int from, Set occupied,
                        const Piece* board, int cell) {
        return reach(t, rule, from, occupied, board).has(cell);
    }

    static int cells(const Tables& t, const PathRule& rule, int from, Cell* cells) {
        const LameLeap& leap = t.lame_leaps[rule.table + from];
        if (leap.to == NO_CELL) return 0;
        cells[0] = leap.to;
        return 1;
    }

    // Its legs.
    template <class Set>
    static Set crossings(const Tables& t, const PathRule& rule, int from, int cell) {
        const LameLeap& leap = t.lame_leaps[rule.table + from];
        return leap.to == cell ? pooled<Set>(t, leap.via) : Set();
    }

    // Its landing cell's: its legs.
    static void influence(const Tables& t, const PathRule& rule, int from, CellSet* depends) {
        const LameLeap& leap = t.lame_leaps[rule.table + from];
        if (leap.to != NO_CELL) depends[leap.to] |= t.pool[leap.via];
    }

    template <class Set>
    static Set deciding_cells(const Tables& t, const PathRule& rule, int from) {
        const LameLeap& leap = t.lame_leaps[rule.table + from];
        return leap.to == NO_CELL ? Set() : pooled<Set>(t, leap.via);
    }

    static bool same_tables(const Tables& t, const PathRule& a, const PathRule& b) {
        for (std::uint32_t c = 0; c < static_cast<std::uint32_t>(t.cell_count); ++c) {
            const LameLeap &x = t.lame_leaps[a.table + c], &y = t.lame_leaps[b.table + c];
            if (x.to != y.to || (x.to != NO_CELL && t.pool[x.via] != t.pool[y.via])) return false;
        }
        return true;
    }
};

}  // namespace vari::detail
