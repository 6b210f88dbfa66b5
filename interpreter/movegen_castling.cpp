// Castlings: rare, so made and tested.
#include "interpreter/generator.hpp"

namespace vari::detail {

// Castlings by the rights of `rights`, which the side to move holds.
template <class Set>
void Generator<Set>::castlings(std::uint32_t rights) {
    const int first = list_.size;
    for (std::uint32_t k = t_.castlings_first[us_]; k < t_.castlings_first[us_ + 1]; ++k) {
        const std::uint32_t i = t_.castlings_by_player[k];
        const CastlingRule& c = t_.castlings[i];
        if (!(rights >> c.right & 1) || (occupied_ & pool_[c.must_be_empty])) continue;
        if (pos_.piece_on(c.royal_from) != c.royal || pos_.piece_on(c.partner_from) != c.partner)
            continue;
        bool safe = true;
        for (int cell : pool_[c.must_be_safe]) safe = safe && !attacked(cell, occupied_);
        if (safe)
            push(Move::make(c.royal_from, c.royal_to, Move::castling, -1, static_cast<int>(i)));
    }
    filter_from(first);
}

#define VARI_INSTANTIATE(Set) template void Generator<Set>::castlings(std::uint32_t);
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
