// What the walked rules (PathRule) reach, their kinds' rooms asked (kinds.hpp): the targets a
// piece's rules outside its lookups give, the cells its walked attacks cross, and what a rule
// could reach on an empty board; and the typed hops' correction of what their lookups hold.
#include "interpreter/interpreter.hpp"
#include "interpreter/kinds.hpp"
#include "interpreter/reach.hpp"

namespace vari {

namespace detail {

#ifdef __BMI2__
template <class Set>
Set typed_hops_reach(const Tables& t, const SlideGroup& group, int from, std::uint64_t index,
                     Set reach, Set occupied, const Piece* board) {
    if (group.screens_refused) {
        const std::uint32_t screens = t.slide_lookups[group.screens + from].base;
        // A refused screen's line gives nothing, and no other line of the group meets it.
        const std::uint32_t lines = group.line_of + static_cast<std::uint32_t>(from * t.cell_count);
        for (int screen : t.slide_reaches.data<Set>()[screens + index])
            if (HopKind::is_of(board[screen], group.screens_refused)) {
                const PathRule& hop = t.paths[group.path_first + t.hop_line_of[lines + screen]];
                reach &= ~pooled<Set>(t, t.hops[hop.table].line + from);
            }
    }
    // A hop reaches a piece only as the one past its screen, which a spared type's stays.
    if (group.spared) {
        const Set targets = reach & occupied;
        for (int target : targets)
            if (HopKind::is_of(board[target], group.spared)) reach.remove(target);
    }
    return reach;
}
#define VARI_INSTANTIATE(Set)                                                                     \
    template Set typed_hops_reach(const Tables&, const SlideGroup&, int, std::uint64_t, Set, Set, \
                                  const Piece*);
VARI_INSTANTIATE(CellSet64)
VARI_INSTANTIATE(CellSet128)
VARI_INSTANTIATE(CellSet192)
VARI_INSTANTIATE(CellSet256)
#undef VARI_INSTANTIATE
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
Set walked_crossings(const Tables& t, const PieceRules& r, int from, int cell, bool rays) {
    const Set* pool = t.sets.data<Set>();
    Set crossed;
    for (std::uint32_t i = 0; i < r.slide_count; ++i) {
        const SlideRule& s = t.slides[r.slide_first + i];
        if (s.mode != ir::MoveMode::move_only && (rays || s.reach != s.ray) &&
            pool[s.reach + from].has(cell))
            crossed |= passed<Set>(t, s.dir, from, cell);
    }
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        if (rule.mode != ir::MoveMode::move_only)
            crossed |= path_crossings<Set>(t, rule, from, cell);
    }
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& step =
            t.jump_steps[r.jump_first + k * static_cast<std::uint32_t>(t.cell_count) + from];
        if (step.over == cell && step.land != NO_CELL) crossed.add(step.land);
    }
    return crossed;
}

#define VARI_INSTANTIATE(Set)                                                                 \
    template Set path_targets(const Tables&, const PieceRules&, int, Set, Set, const Piece*); \
    template Set walked_crossings(const Tables&, const PieceRules&, int, int, bool);
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace detail

int path_cells(const Tables& t, const PathRule& rule, int from, Cell* cells) {
    return detail::with_walked_kind(rule.kind,
                                    [&](auto room) { return room.cells(t, rule, from, cells); });
}

}  // namespace vari
