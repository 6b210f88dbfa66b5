// The room of hops (`hop`): along a vector through empty cells to the first piece (the screen),
// then beyond it through empty cells within its range, ending on the first piece there (taken, if
// it is another player's) (ir::Movement). A rule per vector; its HopRule (Tables::hops) holds the
// line it may go along from each cell and the cells a landing may use past each screen. The
// lookups' typed groups correct what hops that refuse or spare some types reach
// (typed_hops_reach). What each member is for: kinds.hpp.
#pragma once

#include "interpreter/compiler.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {

struct HopKind {
    static constexpr bool walked = true;
    static constexpr bool runs_along_dirs = true;

    static int rules_added(const ir::Movement& m, std::size_t player) {
        return static_cast<int>(m.vectors[player].size());
    }

    static void compile(Compiler& c, int p, int type, const ir::Movement& m, PieceRules& r) {
        Tables& t = c.tables();
        const CellSet from_cells = c.zone_cells(m.from_zone, p);
        const CellSet within = c.zone_cells(m.within_zone, p);
        for (ir::Vec v : m.vectors[p]) {
            HopRule hop;
            hop.dir = static_cast<std::uint8_t>(c.dir_index(v));
            hop.line = c.new_table();
            hop.beyond = c.new_table();
            for (const int refused : m.screens_refused) hop.screens_refused |= 1u << refused;
            for (const int spared : m.spared) hop.spared |= 1u << spared;
            t.hop_typed |= hop.screens_refused | hop.spared;
            for (int cell = 0; cell < t.cell_count; ++cell) {
                // Past a screen on `cell`: the cells within range. From `cell`: the line, up to
                // where it would leave the zone it stays within.
                int steps = 0;
                bool inside = from_cells.has(cell);
                for (int to = c.cell_at(Compiler::add(c.coord(cell), v)); to >= 0;
                     to = c.cell_at(Compiler::add(c.coord(to), v))) {
                    if (m.max_range == 0 || steps++ < m.max_range) c.at(hop.beyond, cell).add(to);
                    inside = inside && within.has(to);
                    if (inside) c.at(hop.line, cell).add(to);
                }
                // Two cells at least: the screen and a cell past it.
                if (c.at(hop.line, cell).count() >= 2) r.exists = true;
            }
            PathRule rule;
            rule.kind = ir::MoveKind::hop;
            rule.mode = m.mode;
            rule.table = static_cast<std::uint32_t>(t.hops.size());
            t.hops.push_back(hop);
            t.paths.push_back(rule);
            ++r.path_count;
        }
        if (m.mode != ir::MoveMode::move_only) c.attacks_by_walking(p, type, r);
    }

    // Past the first piece on its line (the screen), the empty cells within its range up to and
    // including the next piece, unless the screen is of a refused type; the next piece is left
    // out when it is of a spared type. Out of line, keeping the hot loops small.
    template <class Set>
    [[gnu::noinline]] static Set reach(const Tables& t, const PathRule& rule, int from,
                                       Set occupied, const Piece* board) {
        const HopRule& h = t.hops[rule.table];
        const Set line = pooled<Set>(t, h.line + from);
        const bool positive = t.dir_positive[h.dir];
        const Set screens = line & occupied;
        if (!screens) return {};
        const int screen = positive ? screens.first() : screens.last();
        if (is_of(board[screen], h.screens_refused)) return {};
        const Set beyond = line & pooled<Set>(t, h.beyond + screen);
        const Set blockers = beyond & occupied;
        if (!blockers) return beyond;
        const int blocker = positive ? blockers.first() : blockers.last();
        Set reach = beyond & ~ray<Set>(t, h.dir, blocker);
        if (is_of(board[blocker], h.spared)) reach.remove(blocker);
        return reach;
    }

    template <class Set>
    static bool reaches(const Tables& t, const PathRule& rule, int from, Set occupied,
                        const Piece* board, int cell) {
        return reach(t, rule, from, occupied, board).has(cell);
    }

    // Past the first cell of its line: there must be a screen.
    static int cells(const Tables& t, const PathRule& rule, int from, Cell* cells) {
        const HopRule& h = t.hops[rule.table];
        CellSet line = t.pool[h.line + from];
        int count = 0;
        for (bool screen = true; line; screen = false) {
            const int cell = t.dir_positive[h.dir] ? line.first() : line.last();
            line.remove(cell);
            if (!screen) cells[count++] = static_cast<Cell>(cell);
        }
        return count;
    }

    // Every cell of its line before `cell`: the screens.
    template <class Set>
    static Set crossings(const Tables& t, const PathRule& rule, int from, int cell) {
        const HopRule& h = t.hops[rule.table];
        const Set line = pooled<Set>(t, h.line + from);
        if (!line.has(cell)) return {};
        return line & ~ray<Set>(t, h.dir, cell) & ~Set::of(cell);
    }

    // Before each cell of its line, the cells of the line it passes.
    static void influence(const Tables& t, const PathRule& rule, int from, CellSet* depends) {
        const HopRule& h = t.hops[rule.table];
        const CellSet& line = t.pool[h.line + from];
        for (int cell : line) depends[cell] |= line & ~t.ray(h.dir, cell) & ~CellSet::of(cell);
    }

    // The farthest cell of the line is reached, when a screen stands before it, whether it is
    // occupied or not; as the screen it leaves nothing beyond.
    template <class Set>
    static Set deciding_cells(const Tables& t, const PathRule& rule, int from) {
        const HopRule& h = t.hops[rule.table];
        Set line = pooled<Set>(t, h.line + from);
        if (line) line.remove(t.dir_positive[h.dir] ? line.last() : line.first());
        return line;
    }

    static bool same_tables(const Tables& t, const PathRule& a, const PathRule& b) {
        const HopRule &x = t.hops[a.table], &y = t.hops[b.table];
        if (x.dir != y.dir || x.screens_refused != y.screens_refused || x.spared != y.spared)
            return false;
        for (int c = 0; c < t.cell_count; ++c)
            if (t.pool[x.line + c] != t.pool[y.line + c] ||
                t.pool[x.beyond + c] != t.pool[y.beyond + c])
                return false;
        return true;
    }

    // Whether `piece` (NO_PIECE: none) is of one of `types`, a bit per type.
    static bool is_of(Piece piece, std::uint32_t types) {
        return types && piece != NO_PIECE && (types >> type_of(piece) & 1);
    }
};

}  // namespace vari::detail
