// Internal: where one piece's rules reach, given the occupied cells. Shared by attack tests and
// move generation so both read the tables the same way. Everything here is written once over the
// cell-set type `Set` of the game's width (Tables::cell_words) and compiled for each width.
#pragma once

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "interpreter/interpreter.hpp"

namespace vari::detail {

// Entry `index` of the tables' pool, in the game's width.
template <class Set>
Set pooled(const Tables& t, std::uint32_t index) {
    return t.sets.data<Set>()[index];
}

// The full ray along `dir` from `cell`, `cell` excluded.
template <class Set>
Set ray(const Tables& t, int dir, int cell) {
    return pooled<Set>(t, t.rays + static_cast<std::uint32_t>(dir * t.cell_count + cell));
}

// Of `cells`, some on a ray along `dir`, the one nearest the ray's start.
template <class Set>
int nearest(const Tables& t, int dir, Set cells) {
    return t.dir_positive[dir] ? cells.first() : cells.last();
}

// The cells a slide along `dir` passes going from `a` to `b` (b on that ray), ends excluded.
template <class Set>
Set passed(const Tables& t, int dir, int a, int b) {
    return ray<Set>(t, dir, a) & ~ray<Set>(t, dir, b) & ~Set::of(b);
}

// The cells an en-passant-creating slide of `rules` passes going from `from` to `to`; empty when
// no such slide makes that move.
template <class Set>
Set en_passant_passed(const Tables& t, const PieceRules& rules, int from, int to) {
    for (std::uint32_t i = 0; i < rules.slide_count; ++i) {
        const SlideRule& s = t.slides[rules.slide_first + i];
        if (s.creates_en_passant && pooled<Set>(t, s.reach + from).has(to))
            return passed<Set>(t, s.dir, from, to);
    }
    return Set();
}

// The cells a slide reaches from `from`: its empty-board reach cut just past the nearest blocker.
template <class Set>
[[gnu::always_inline]] inline Set slide_reach(const Tables& t, const SlideRule& s, int from,
                                              Set occupied) {
    const Set* pool = t.sets.data<Set>();
    const Set reach = pool[s.reach + from];
    const Set blockers = reach & occupied;
    if (!blockers) return reach;
    return reach & ~pool[s.ray + (s.positive ? blockers.first() : blockers.last())];
}

#ifdef __BMI2__
// Whether boards of `Set`'s width have slide lookups (SlideLookup): up to four words, where PEXT
// gathers a lookup's cells in a few steps.
template <class Set>
inline constexpr bool has_lookups = Set::CAPACITY <= 256;

// The occupancy of the cells slide lookup `id` reads, gathered: its entry's index.
template <class Set>
[[gnu::always_inline]] inline std::uint64_t lookup_index(const Tables& t, std::uint32_t id,
                                                         Set occupied) {
    if constexpr (Set::CAPACITY > 128) {
        // Wider masks are kept in the game's width; an index is a few bits, gathered a word at
        // a time.
        const Set mask = t.lookup_masks.data<Set>()[id];
        std::uint64_t index = 0;
        int bits = 0;
#pragma GCC unroll 4
        for (int w = 0; w < Set::CAPACITY / 64; ++w) {
            index |= _pext_u64(occupied.word(w), mask.word(w)) << bits;
            bits += std::popcount(mask.word(w));
        }
        return index;
    } else {
        const SlideLookup& lookup = t.slide_lookups[id];
        std::uint64_t index = _pext_u64(occupied.word(0), lookup.mask[0]);
        if constexpr (Set::CAPACITY > 64)
            index |= _pext_u64(occupied.word(1), lookup.mask[1]) << lookup.low_bits;
        return index;
    }
}

// The cells a group of slides reaches from the cell of lookup `id`: the entry its cutting cells'
// occupancy indexes.
template <class Set>
[[gnu::always_inline]] inline Set grouped_reach(const Tables& t, std::uint32_t id, Set occupied) {
    return t.slide_reaches.data<Set>()[t.slide_lookups[id].base + lookup_index(t, id, occupied)];
}

// The reach of a group of typed hops (SlideGroup::screens_refused, spared) from `from`, given
// `reach`, what the group's lookup holds at entry `index`: the spared pieces left out, and the
// line of a refused screen cut.
template <class Set>
Set typed_hops_reach(const Tables& t, const SlideGroup& group, int from, std::uint64_t index,
                     Set reach, Set occupied, const Piece* board);

// The cells a group of typed hops reaches from `from`; `board` tells the pieces' types.
template <class Set>
Set typed_group_reach(const Tables& t, const SlideGroup& group, int from, Set occupied,
                      const Piece* board) {
    const std::uint32_t id = group.lookups + static_cast<std::uint32_t>(from);
    const std::uint64_t index = lookup_index(t, id, occupied);
    return typed_hops_reach(t, group, from, index,
                            t.slide_reaches.data<Set>()[t.slide_lookups[id].base + index], occupied,
                            board);
}

// The cells the typed groups of a piece of rules `r` on `from` attack.
template <class Set>
Set typed_group_attacks(const Tables& t, const PieceRules& r, int from, Set occupied,
                        const Piece* board) {
    Set reach;
    for (std::uint32_t g = r.group_count; g < r.group_count + r.typed_group_count; ++g) {
        const SlideGroup& group = t.slide_groups[r.group_first + g];
        if (group.mode != ir::MoveMode::move_only)
            reach |= typed_group_reach(t, group, from, occupied, board);
    }
    return reach;
}
#endif

// The pieces of player `by` (on `board`, in `sets`) whose leaps attack `cell`: of those on a cell
// some leaper of theirs could attack from (Tables::leap_attackers), few near any cell, each judged
// by its own type's reverse table.
template <class Set>
[[gnu::always_inline]] inline Set leaping_attackers(const Tables& t, const BoardSets<Set>& sets,
                                                    const Piece* board, int by, int cell) {
    const Set* pool = t.sets.data<Set>();
    Set hit;
    for (int from : pool[t.leap_attackers + static_cast<std::uint32_t>(by * t.cell_count + cell)] &
                        sets.by_player[by])
        if (pool[t.rules_of(by, type_of(board[from])).attackers + cell].has(from)) hit.add(from);
    return hit;
}

// The cells the leaps of player `by`'s pieces on `pieces` attack: each read off its own type's
// leap tables, so that the cells near a few pieces cost a lookup each.
template <class Set>
[[gnu::always_inline]] inline Set leap_attacks(const Tables& t, const Piece* board, int by,
                                               Set pieces) {
    const Set* pool = t.sets.data<Set>();
    Set hit;
    for (int from : pieces) {
        const PieceRules& r = t.rules_of(by, type_of(board[from]));
        hit |= pool[r.leap_any + from] | pool[r.leap_capture + from];
    }
    return hit;
}

// Whether, from `cell` outward along any of `lines`' directions, the nearest piece is one of
// `pieces` (which are on `occupied`).
template <class Set>
[[gnu::always_inline]] inline bool nearest_along(const Tables& t, const AttackLines& lines,
                                                 int cell, Set occupied, Set pieces) {
    if (!(pooled<Set>(t, lines.reach + static_cast<std::uint32_t>(cell)) & pieces)) return false;
#ifdef __BMI2__
    if constexpr (has_lookups<Set>)
        if (lines.grouped)
            return static_cast<bool>(grouped_reach<Set>(t, lines.lookups + cell, occupied) &
                                     pieces);
#endif
    for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
        const int out = t.attack_line_dirs[lines.dir_first + k];
        const Set full = ray<Set>(t, out, cell);
        if (!(full & pieces)) continue;
        const Set line = full & occupied;
        if (pieces.has(nearest(t, out, line))) return true;
    }
    return false;
}

// The cells from `cell` outward along `lines`' directions up to and including the nearest piece
// on each: where those lines' sliders attack `cell` from.
template <class Set>
Set along_lines(const Tables& t, const AttackLines& lines, int cell, Set occupied) {
#ifdef __BMI2__
    if constexpr (has_lookups<Set>)
        if (lines.grouped) return grouped_reach<Set>(t, lines.lookups + cell, occupied);
#endif
    Set cells;
    for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
        const int out = t.attack_line_dirs[lines.dir_first + k];
        const Set line = ray<Set>(t, out, cell);
        const Set blockers = line & occupied;
        cells |= blockers ? line & ~ray<Set>(t, out, nearest(t, out, blockers)) : line;
    }
    return cells;
}

// The cells on whose emptiness the walked attacks (limited slides, walked rules, jumps) of a
// piece of rules `r` on `from` against `cell` depend, whatever stands there now: a limited
// slide's passed cells, a hop's line up to the cell, a lame leap's legs, a curve's path before
// the cell, a jump's landing. Empty where none of them could ever reach the cell. With `rays`,
// the cells a ray passes too (those the tables' lines otherwise judge).
template <class Set>
Set walked_crossings(const Tables& t, const PieceRules& r, int from, int cell, bool rays = false);

// Adds the part of `reach` that a movement of `mode` may go to.
template <class Set>
[[gnu::always_inline]] inline void add_by_mode(Set& result, Set reach, ir::MoveMode mode, Set own,
                                               Set occupied) {
    switch (mode) {
        case ir::MoveMode::move_or_capture:
            result |= reach & ~own;
            break;
        case ir::MoveMode::move_only:
            result |= reach & ~occupied;
            break;
        case ir::MoveMode::capture_only:
            result |= reach & occupied & ~own;
            break;
    }
}

// Move and capture targets of a piece's walked rules (curves, hops, lame leaps) on `from`, but
// those its untyped groups read. Out of
// line: its calls would otherwise cost every caller of targets() registers and a stack frame.
template <class Set>
Set path_targets(const Tables& t, const PieceRules& r, int from, Set own, Set occupied,
                 const Piece* board);

// Steps `shift` (Tables::shifts) from all of `pieces` at once: calls visit(step, landed) with
// the cells its step `step` (from 1) lands on, whoever stands there; a slide's later steps go on
// from the empty cells only. The cell a step lands on is `step` offsets past where it started.
template <class Set, class Visit>
[[gnu::always_inline]] inline void shift_steps(const Tables& t, const Shift& shift, Set pieces,
                                               Set occupied, Visit&& visit) {
    const Set* pool = t.sets.data<Set>();
    Set at = pieces;
    for (int step = 1;; ++step) {
        at = at.shifted(shift.offset) & pool[shift.lands + static_cast<std::uint32_t>(step - 1)];
        visit(step, at);
        if (step == shift.steps || !(at &= ~occupied)) break;
    }
}

// The cells a movement may land on, by ir::MoveMode, for a player whose pieces are `own` among
// `occupied`. A generator works them out once, not for each of its pieces.
template <class Set>
struct Landings {
    Landings(Set own, Set occupied)
        : own(own), occupied(occupied), by_mode{~own, ~occupied, occupied & ~own} {}
    Set own, occupied;
    Set by_mode[3];
};

// Move and capture targets of a piece of rules `r` on `from`, landing on `land`; `board` holds the
// pieces.
template <class Set>
[[gnu::always_inline]] inline Set targets(const Tables& t, const PieceRules& r, int from,
                                          const Landings<Set>& land, const Piece* board) {
    const Set* pool = t.sets.data<Set>();
    Set result;
    // Only the leap tables the piece has: most have one of the three.
    if (r.leap_modes & 1) result |= pool[r.leap_any + from] & land.by_mode[0];
    if (r.leap_modes & 2) result |= pool[r.leap_move + from] & land.by_mode[1];
    if (r.leap_modes & 4) result |= pool[r.leap_capture + from] & land.by_mode[2];
#ifdef __BMI2__
    if constexpr (has_lookups<Set>) {
        for (std::uint32_t g = 0; g < r.group_count; ++g) {
            const SlideGroup& group = t.slide_groups[r.group_first + g];
            result |= grouped_reach<Set>(t, group.lookups + from, land.occupied) &
                      land.by_mode[static_cast<int>(group.mode)];
        }
    }
#endif
    for (std::uint32_t i = r.grouped_slides; i < r.slide_count; ++i) {
        const SlideRule& s = t.slides[r.slide_first + i];
        result |= slide_reach(t, s, from, land.occupied) & land.by_mode[static_cast<int>(s.mode)];
    }
    if (r.path_count == r.grouped_paths) [[likely]]
        return result;
    return result | path_targets(t, r, from, land.own, land.occupied, board);
}

// The same, `own` and `occupied` as on the board.
template <class Set>
[[gnu::always_inline]] inline Set targets(const Tables& t, const PieceRules& r, int from, Set own,
                                          Set occupied, const Piece* board) {
    return targets(t, r, from, Landings<Set>(own, occupied), board);
}

}  // namespace vari::detail
