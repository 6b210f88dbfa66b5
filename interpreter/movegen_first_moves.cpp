// First moves (`unmoved`): rare, so made and tested.
#include "interpreter/generator.hpp"

namespace vari::detail {

// Moves a piece may make only while it has not moved (Tables::first_rules), from the cells on
// which we hold the right, those marked `not-in-check` only out of check. A move another rule
// of the piece also makes is listed once. Rare: made and tested.
template <class Set>
void Generator<Set>::first_moves() {
    const Set held = sets_.gates & own_;
    if (!held) return;
    const int first = list_.size;
    for (int from : held) {
        const int type = type_of(pos_.piece_on(from));
        Set to;
        for (const bool guarded : {false, true})
            if (!guarded || !in_check())
                to |= detail::targets(t_, t_.first_rules_of(us_, type, guarded), from, landings_,
                                      pos_.board());
        const PieceRules& r = our_rules_[type];
        if (to) to &= ~detail::targets(t_, r, from, landings_, pos_.board());
        if (to) emit(r, from, to);
    }
    filter_from(first);
}

#define VARI_INSTANTIATE(Set) template void Generator<Set>::first_moves();
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
