// Gating: a piece from hand set down on the cell a move leaves.
#include "interpreter/generator.hpp"

namespace vari::detail {

// Each legal move that leaves a cell on which we hold the gate right again with every piece
// in hand that may be gated onto that cell; a castling onto the royal piece's start cell or
// the partner's, when that one is left empty. A move that may not be made without gating may
// not be made with it either (the gated piece is not counted as shielding the royal piece).
// The gated piece only blocks lines, so the moves stay legal, but where a hop may take its
// screen: those are made and tested.
template <class Set>
void Generator<Set>::gatings() {
    const Set gates = sets_.gates & pool_[t_.gate_zone + us_] & own_;
    if (!gates) return;
    std::uint32_t held = 0;
    for (std::uint32_t types = t_.gating_types; types; types &= types - 1)
        if (pos_.in_hand(us_, std::countr_zero(types))) held |= 1u << std::countr_zero(types);
    if (!held) return;
    const int end = list_.size;
    for (int i = 0; i < end; ++i) {
        const Move m = list_.moves[i];
        if (m.kind() == Move::castling) {
            const CastlingRule& c = t_.castlings[m.castling_index()];
            for (const int cell : {c.royal_from, c.partner_from})
                if (gates.has(cell) && cell != c.royal_to && cell != c.partner_to)
                    gate_all(m, held, cell, cell == c.partner_from);
        } else if ((m.kind() == Move::normal || m.kind() == Move::en_passant) &&
                   gates.has(m.from())) {
            gate_all(m, held, m.from(), false);
        }
    }
    if (!t_.hops.empty()) filter_from(end);
}

template <class Set>
void Generator<Set>::gate_all(Move m, std::uint32_t held, int cell, bool on_partner) {
    for (; held; held &= held - 1) {
        const int type = std::countr_zero(held);
        if (pool_[t_.rules_of(us_, type).gate_cells].has(cell))
            push(Move::with_gating(m, type, on_partner));
    }
}

#define VARI_INSTANTIATE(Set) template void Generator<Set>::gatings();
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
