// Internal: the capture sequences of one piece, walked in the fixed order that numbers them (the
// ordinal of Move), shared by move generation and by do_move, which finds a sequence again.
#pragma once

#include "interpreter/interpreter.hpp"

namespace vari::detail {

inline const JumpStep& jump_step(const Tables& t, const PieceRules& r, std::uint32_t k, int cell) {
    return t.jump_steps[r.jump_first + k * static_cast<std::uint32_t>(t.cell_count) + cell];
}

// Can a piece of rules `r` on `cell` jump, over a piece of `enemy` onto a cell not in `occupied`?
template <class Set>
bool can_jump(const Tables& t, const PieceRules& r, int cell, Set enemy, Set occupied) {
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& s = jump_step(t, r, k, cell);
        if (s.land != NO_CELL && enemy.has(s.over) && !occupied.has(s.land)) return true;
    }
    return false;
}

// The cells a piece of rules `r` on `from` attacks by jumping: those it passes over onto an
// empty cell (whoever stands on them).
template <class Set>
Set jump_attacks(const Tables& t, const PieceRules& r, int from, Set occupied) {
    Set attacked;
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& s = jump_step(t, r, k, from);
        if (s.land != NO_CELL && !occupied.has(s.land)) attacked.add(s.over);
    }
    return attacked;
}

// Calls visit(path, complete) for every capture sequence of a piece of rules `r` on `from`, in
// the fixed order: depth first, each sequence before its continuations, the jump vectors in the
// order of the piece's rules. `complete` is false when the sequence could go on. Stops early when
// visit returns false. `enemy` holds the pieces it may jump over and `occupied` every piece; a
// jumped piece is gone at once, and `from` counts as empty once the piece has left it.
template <class Set, class Visit>
void walk_jumps(const Tables& t, const PieceRules& r, int from, Set enemy, Set occupied,
                JumpPath& path, Visit&& visit) {
    occupied.remove(from);
    std::uint32_t next[MAX_JUMPS + 1];  // at each depth, the next vector to try
    int depth = 0, cell = from;
    next[0] = 0;
    path.length = 0;
    for (;;) {
        if (next[depth] < r.jump_count) {
            const JumpStep& s = jump_step(t, r, next[depth]++, cell);
            if (s.land == NO_CELL || !enemy.has(s.over) || occupied.has(s.land)) continue;
            enemy.remove(s.over);
            occupied.remove(s.over);
            path.jumped[depth] = s.over;
            path.landings[depth] = s.land;
            path.length = ++depth;
            next[depth] = 0;
            cell = s.land;
            if (!visit(static_cast<const JumpPath&>(path), !can_jump(t, r, cell, enemy, occupied)))
                return;
            continue;
        }
        if (depth == 0) return;
        // Back to the cell before the last jump, its piece back in place.
        path.length = --depth;
        enemy.add(path.jumped[depth]);
        occupied.add(path.jumped[depth]);
        cell = depth ? path.landings[depth - 1] : from;
    }
}

}  // namespace vari::detail
