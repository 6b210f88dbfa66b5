// What the walked rules (PathRule) may pass or reach, read from their kinds' tables: on an
// empty board, and (hops and lame leaps, out of line) given the pieces; and the typed hops'
// correction of what their lookups hold.
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
template <class Set>
Set hop_reach(const Tables& t, const PathRule& rule, int from, Set occupied, const Piece* board) {
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

// The cell a lame leap lands on from `from`, when the cells it passes are empty.
template <class Set>
Set lame_leap_reach(const Tables& t, const PathRule& rule, int from, Set occupied) {
    const LameLeap& leap = t.lame_leaps[rule.table + from];
    if (leap.to == NO_CELL || (pooled<Set>(t, leap.via) & occupied)) return {};
    return Set::of(leap.to);
}

#ifdef __BMI2__
template <class Set>
Set typed_hops_reach(const Tables& t, const SlideGroup& group, int from, std::uint64_t index,
                     Set reach, Set occupied, const Piece* board) {
    if (group.screens_refused) {
        const std::uint32_t screens = t.slide_lookups[group.screens + from].base;
        // A refused screen's line gives nothing, and no other line of the group meets it.
        const std::uint32_t lines = group.line_of + static_cast<std::uint32_t>(from * t.cell_count);
        for (int screen : t.slide_reaches.data<Set>()[screens + index])
            if (is_of(board[screen], group.screens_refused)) {
                const PathRule& hop = t.paths[group.path_first + t.hop_line_of[lines + screen]];
                reach &= ~pooled<Set>(t, t.hops[hop.table].line + from);
            }
    }
    // A hop reaches a piece only as the one past its screen, which a spared type's stays.
    if (group.spared) {
        const Set targets = reach & occupied;
        for (int target : targets)
            if (is_of(board[target], group.spared)) reach.remove(target);
    }
    return reach;
}
template CellSet64 typed_hops_reach(const Tables&, const SlideGroup&, int, std::uint64_t, CellSet64,
                                    CellSet64, const Piece*);
template CellSet128 typed_hops_reach(const Tables&, const SlideGroup&, int, std::uint64_t,
                                     CellSet128, CellSet128, const Piece*);
template CellSet192 typed_hops_reach(const Tables&, const SlideGroup&, int, std::uint64_t,
                                     CellSet192, CellSet192, const Piece*);
template CellSet256 typed_hops_reach(const Tables&, const SlideGroup&, int, std::uint64_t,
                                     CellSet256, CellSet256, const Piece*);
#endif

template <class Set>
Set path_targets(const Tables& t, const PieceRules& r, int from, Set own, Set occupied,
                 const Piece* board) {
    Set result;
#ifdef __BMI2__
    if constexpr (has_lookups<Set>)
        for (std::uint32_t g = r.group_count; g < r.group_count + r.typed_group_count; ++g) {
            const SlideGroup& group = t.slide_groups[r.group_first + g];
            add_by_mode(result, typed_group_reach(t, group, from, occupied, board), group.mode, own,
                        occupied);
        }
#endif
    for (std::uint32_t i = r.grouped_paths + r.typed_paths; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        add_by_mode(result, path_reach(t, rule, from, occupied, board), rule.mode, own, occupied);
    }
    return result;
}

template <class Set>
Set walked_crossings(const Tables& t, const PieceRules& r, int from, int cell) {
    const Set* pool = t.sets.data<Set>();
    Set crossed;
    for (std::uint32_t i = 0; i < r.slide_count; ++i) {
        const SlideRule& s = t.slides[r.slide_first + i];
        if (s.mode != ir::MoveMode::move_only && s.reach != s.ray && pool[s.reach + from].has(cell))
            crossed |= passed<Set>(t, s.dir, from, cell);  // a ray's are read off the rays
    }
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        if (rule.mode == ir::MoveMode::move_only) continue;
        switch (rule.kind) {
            case ir::MoveKind::curve: {
                const CurvePath& path = t.curve_paths[rule.table + from];
                Set before;
                for (int k = 0; k < path.length && path.cells[k] != cell; ++k)
                    before.add(path.cells[k]);
                if (before.count() < path.length) crossed |= before;
                break;
            }
            case ir::MoveKind::hop: {
                const HopRule& h = t.hops[rule.table];
                const Set line = pool[h.line + from];
                if (line.has(cell)) crossed |= line & ~ray<Set>(t, h.dir, cell) & ~Set::of(cell);
                break;
            }
            case ir::MoveKind::lame_leap: {
                const LameLeap& leap = t.lame_leaps[rule.table + from];
                if (leap.to == cell) crossed |= pool[leap.via];
                break;
            }
            case ir::MoveKind::leap:
            case ir::MoveKind::slide:
            case ir::MoveKind::jump:
                break;  // not walked rules
        }
    }
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& step =
            t.jump_steps[r.jump_first + k * static_cast<std::uint32_t>(t.cell_count) + from];
        if (step.over == cell && step.land != NO_CELL) crossed.add(step.land);
    }
    return crossed;
}

#define VARI_INSTANTIATE(Set)                                                                 \
    template Set hop_reach(const Tables&, const PathRule&, int, Set, const Piece*);           \
    template Set lame_leap_reach(const Tables&, const PathRule&, int, Set);                   \
    template Set path_targets(const Tables&, const PieceRules&, int, Set, Set, const Piece*); \
    template Set walked_crossings(const Tables&, const PieceRules&, int, int);
VARI_INSTANTIATE(CellSet64)
VARI_INSTANTIATE(CellSet128)
VARI_INSTANTIATE(CellSet192)
VARI_INSTANTIATE(CellSet256)
VARI_INSTANTIATE(CellSetWide)
#undef VARI_INSTANTIATE

}  // namespace detail

int path_cells(const Tables& t, const PathRule& rule, int from, Cell* cells) {
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
                if (!screen) cells[count++] = static_cast<Cell>(cell);
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
