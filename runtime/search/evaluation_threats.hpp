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

// Calls add(term, count) for each of player `q`'s threat terms: per type, its pieces (guarded
// royals aside: check is the search's) attacked by a less valuable piece of another player, and
// those attacked and not defended; per type of its own, the cells next to other players' guarded
// royal pieces it attacks. `by_worth`: the types from the least valuable on.
template <class Set, class Add>
void add_threats(const BoardSets<Set>& sets, const Reach<Set>& reach, int players, int q,
                 const TermLayout& layout, std::span<const int> by_worth,
                 const std::vector<PieceValue>& values, std::uint32_t guarded, Add&& add) {
    Set attacked, zone;
    for (int p = 0; p < players; ++p)
        if (p != q) {
            attacked |= reach.any[p];
            zone |= reach.royal_zone[p];
        }
    const Set undefended = attacked & ~reach.any[q];
    Set lesser;  // what other players' types worth less than the ones at hand attack
    for (std::size_t i = 0; i < by_worth.size();) {
        const int worth = values[by_worth[i]].board;
        std::size_t next = i;
        for (; next < by_worth.size() && values[by_worth[next]].board == worth; ++next) {
            const int type = by_worth[next];
            const Set pieces = sets.of(q, type);
            if (!pieces || guarded >> type & 1) continue;
            add(layout.threatened(type), (pieces & lesser).count());
            add(layout.hanging(type), (pieces & undefended).count());
        }
        // A guarded royal piece takes only what nothing defends: hanging says that already.
        for (; i < next; ++i)
            if (!(guarded >> by_worth[i] & 1))
                for (int p = 0; p < players; ++p)
                    if (p != q) lesser |= reach.by_type[p][by_worth[i]];
    }
    if (zone)
        for (int type = 0; type < layout.types; ++type)
            if (reach.by_type[q][type])
                add(layout.royal_attacks(type), (reach.by_type[q][type] & zone).count());
}

}  // namespace vari::search::detail
