// En-passant captures: rare, so made and tested.
#include "interpreter/generator.hpp"

namespace vari::detail {

template <class Set>
void Generator<Set>::en_passant_captures() {
    int first = list_.size;
    for (int type = 0; type < t_.type_count; ++type) {
        const PieceRules& r = t_.rules_of(us_, type);
        if (!r.has_ep_capture) continue;
        for (int from : sets_.of(us_, type)) {
            const Set to = pool_[r.ep_capture + from] & sets_.ep_cells & ~occupied_;
            for (int cell : to) {
                // Another rule may reach the same empty cell: the move is one, and captures.
                first -= drop_moves(from, cell, first);
                const int before = list_.size;
                emit(from, Set::of(cell));
                for (int i = before; i < list_.size; ++i) {
                    const Move m = list_.moves[i];
                    list_.moves[i] = Move::make(m.from(), m.to(), Move::en_passant, m.promotion());
                }
            }
        }
    }
    filter_from(first);
}

// Removes the moves from `from` to `to` generated before index `end`; returns how many.
template <class Set>
int Generator<Set>::drop_moves(int from, int to, int end) {
    int kept = 0;
    for (int i = 0; i < list_.size; ++i) {
        const Move m = list_.moves[i];
        if (i < end && m.from() == from && m.to() == to) continue;
        list_.moves[kept++] = m;
    }
    const int dropped = list_.size - kept;
    list_.size = kept;
    return dropped;
}

#define VARI_INSTANTIATE(Set) template void Generator<Set>::en_passant_captures();
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
