// Promotion as the generator lists it: the choices a move that ends in a promotion zone (or
// leaves one) offers, and promotions that are moves of their own (in place).
#include "interpreter/generator.hpp"

namespace vari::detail {

// The moves of a piece every move of which ends as `type`. Out of line, as promotions below.
template <class Set>
template <Move::Kind kind>
void Generator<Set>::emit_as(int type, int from, Set targets, int index) {
    for (int to : targets) push(Move::make(from, to, kind, type, index));
}

// Out of line: promotions are rare, and inlined they would cost emit's loop its registers.
template <class Set>
template <Move::Kind kind>
void Generator<Set>::emit_promotions(int from, Set promoting, const PieceRules& r, bool leaving,
                                     int index) {
    for (int to : promoting) {
        std::uint32_t bits = t_.promotions[r.promotions + to];
        if (leaving) bits |= t_.promotions[r.promotions_out + from];
        if (r.promotion_lost_only) bits &= ~kept_types(r.promotion_lost_only);
        for (std::uint32_t choices = bits & ~PROMOTION_COMPULSORY; choices; choices &= choices - 1)
            push(Move::make(from, to, kind, std::countr_zero(choices), index));
        // A piece that could never move again from `to` must promote there.
        if (!(bits & PROMOTION_COMPULSORY) && !pool_[r.stuck].has(to))
            push(Move::make(from, to, kind, -1, index));
    }
}

// Promotions that are moves of their own: a piece standing in its zone (anywhere, when it is
// the player's only one of its type and the rule says `last-anywhere`) becomes one of its
// choices where it stands, or makes a move of the new type onto an empty cell as it. With
// `no-attack` the new piece may not attack another player's piece where it ends, and the
// promotion may not give check. Made and tested like other rare moves.
template <class Set>
void Generator<Set>::in_place_promotions() {
    const int first = list_.size;
    bool any_no_attack = false;
    const Set enemy = occupied_ & ~own_;
    for (int type = 0; type < t_.type_count; ++type) {
        const PieceRules& r = t_.rules_of(us_, type);
        if (!r.in_place_choices) continue;
        const Set pieces = sets_.of(us_, type);
        const Set from_cells = r.in_place_last_anywhere && pieces.count() == 1
                                   ? pieces
                                   : pieces & pool_[r.in_place_zone];
        if (!from_cells) continue;
        any_no_attack = any_no_attack || r.in_place_no_attack;
        std::uint32_t choices = r.in_place_choices;
        if (r.promotion_lost_only) choices &= ~kept_types(r.promotion_lost_only & choices);
        for (int from : from_cells)
            for (std::uint32_t c = choices; c; c &= c - 1) {
                const int choice = std::countr_zero(c);
                const PieceRules& becomes = t_.rules_of(us_, choice);
                const Set to =
                    (detail::targets(t_, becomes, from, landings_, pos_.board()) & ~occupied_) |
                    Set::of(from);
                for (int cell : to) {
                    if (r.in_place_no_attack) {
                        // The board is read only for the types of hops' screens and targets,
                        // which the promoting piece is neither.
                        const Set moved = Set::of(from) ^ Set::of(cell);
                        if (detail::targets(t_, becomes, cell, own_ ^ moved, occupied_ ^ moved,
                                            pos_.board()) &
                            enemy)
                            continue;
                    }
                    push(Move::make(from, cell, Move::normal, choice));
                }
            }
    }
    filter_from(first);
    // Nor may such a promotion give check, by the new piece or by a line it opens.
    if (any_no_attack) keep_if([this](Move m) { return !gives_check(m); }, first);
}

#define VARI_INSTANTIATE(Set)                                                                      \
    template void Generator<Set>::emit_as<Move::normal>(int, int, Set, int);                       \
    template void Generator<Set>::emit_as<Move::jumps>(int, int, Set, int);                        \
    template void Generator<Set>::emit_promotions<Move::normal>(int, Set, const PieceRules&, bool, \
                                                                int);                              \
    template void Generator<Set>::emit_promotions<Move::jumps>(int, Set, const PieceRules&, bool,  \
                                                               int);                               \
    template void Generator<Set>::in_place_promotions();
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
