// Capture sequences (draughts' jumps), walked depth first over the per-cell jump tables.
#include <algorithm>

#include "interpreter/generator.hpp"
#include "interpreter/jumps.hpp"

namespace vari::detail {

// Capture sequences of every piece, appended after all other moves; with royal pieces each is
// made and tested. `jumps compulsory` then leaves only them when there are any, and only
// sequences that cannot go on; `jumps maximum` only those that capture the most.
template <class Set>
void Generator<Set>::jumps() {
    const int first = list_.size;
    const ir::JumpRule rule = t_.jump_rule;
    const bool prune = rule == ir::JumpRule::maximum && !royals_;  // nothing can be refused
    const Set enemy = occupied_ & ~own_;
    std::uint8_t length[MAX_MOVES];  // [i - first]: captures of the move at i
    int ordinal[MAX_CELLS];          // per destination: sequences found so far (of cell_count)
    int best = 0;
    JumpPath path;
    for (int from : own_) {
        const PieceRules& r = rules_on(from);
        if (!r.jump_count || !(pool_[r.jump_over + from] & enemy) ||
            !detail::can_jump(t_, r, from, enemy, occupied_))
            continue;
        std::fill(ordinal, ordinal + t_.cell_count, 0);
        detail::walk_jumps(t_, r, from, enemy, occupied_, path,
                           [&](const JumpPath& p, bool complete) {
                               const int to = p.landings[p.length - 1];
                               // Past the encoding (types.hpp) or the list (one move per
                               // promotion choice at most), the caller learns that the list is
                               // not the whole answer. The ordinal counts every sequence
                               // walked, so it also bounds the walk: at most 256 per cell.
                               const int index = ordinal[to]++;
                               if (index > MAX_JUMP_ORDINAL) return overflow();
                               if (rule != ir::JumpRule::optional && !complete) return true;
                               if (prune && p.length < best) return true;
                               if (prune && p.length > best) list_.size = first;
                               best = std::max(best, p.length);
                               if (list_.size + MAX_TYPES + 1 > MAX_MOVES) return overflow();
                               const int before = list_.size;
                               emit<Move::jumps>(from, Set::of(to), index);
                               for (int i = before; i < list_.size; ++i)
                                   length[i - first] = static_cast<std::uint8_t>(p.length);
                               return true;
                           });
    }
    if (royals_ || rule == ir::JumpRule::maximum) {
        best = 0;
        int kept = first;
        for (int i = first; i < list_.size; ++i) {
            if (royals_ && !leaves_royal_safe(list_.moves[i])) continue;
            length[kept - first] = length[i - first];
            list_.moves[kept++] = list_.moves[i];
            best = std::max<int>(best, length[i - first]);
        }
        list_.size = kept;
        if (rule == ir::JumpRule::maximum) {
            kept = first;
            for (int i = first; i < list_.size; ++i)
                if (length[i - first] == best) list_.moves[kept++] = list_.moves[i];
            list_.size = kept;
        }
    }
    if (rule != ir::JumpRule::optional && list_.size > first) {
        std::copy(list_.moves + first, list_.moves + list_.size, list_.moves);
        list_.size -= first;
    }
}

#define VARI_INSTANTIATE(Set) template void Generator<Set>::jumps();
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
