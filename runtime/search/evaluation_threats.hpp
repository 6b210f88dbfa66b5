// Internal: the evaluation's threat terms, read from what each player's pieces attack or defend
// (targets_count's reach). Private to the library.
#pragma once

#include <span>

#include "runtime/search/search.hpp"

namespace vari::search::detail {

// Per player: what its pieces of each type attack or defend, all of them together, and the cells
// next to its guarded royal pieces. Filled anew by each evaluation that counts threats.
template <class Set>
struct Reach {
    Set by_type[MAX_PLAYERS][MAX_TYPES];
    Set any[MAX_PLAYERS];
    Set royal_zone[MAX_PLAYERS];
};

// One per thread and width, not on the stack: some 40 KiB in the widest games.
template <class Set>
Reach<Set>& reach_scratch() {
    thread_local Reach<Set> reach;
    return reach;
}

// Calls add(term, count) for each of player `q`'s threat terms: per type of `ranks`, its pieces
// attacked by a less valuable piece of another player, and those attacked and not defended; per
// type of its own, the cells next to other players' guarded royal pieces it attacks.
template <class Set, class Add>
void add_threats(const BoardSets<Set>& sets, const Reach<Set>& reach, int players, int q,
                 const TermLayout& layout, std::span<const ThreatRank> ranks, Add&& add) {
    Set attacked, zone;
    for (int p = 0; p < players; ++p)
        if (p != q) {
            attacked |= reach.any[p];
            zone |= reach.royal_zone[p];
        }
    const Set undefended = attacked & ~reach.any[q];
    Set lesser, so_far;  // what other players' types worth less than this one, and up to it, attack
    for (const ThreatRank& rank : ranks) {
        if (rank.worth_rises) lesser = so_far;
        const Set pieces = sets.of(q, rank.type);
        if (pieces) {
            add(layout.threatened(rank.type), (pieces & lesser).count());
            add(layout.hanging(rank.type), (pieces & undefended).count());
        }
        for (int p = 0; p < players; ++p)
            if (p != q) so_far |= reach.by_type[p][rank.type];
    }
    if (zone)
        for (int type = 0; type < layout.types; ++type)
            if (reach.by_type[q][type])
                add(layout.royal_attacks(type), (reach.by_type[q][type] & zone).count());
}

}  // namespace vari::search::detail
