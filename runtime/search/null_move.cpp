// Null-move pruning's guard: see null_move.hpp.
#include "runtime/search/null_move.hpp"

#include <bit>

#include "runtime/search/value_reach.hpp"

namespace vari::search {

NullMoveGuard::NullMoveGuard(const CompiledGame& game) {
    const Tables& t = game.tables();
    in_game_ = t.player_count == 2 && t.passing == ir::Passing::never && t.passes_to_end == 0 &&
               !t.captures_compulsory && !t.drops_compulsory;
    drops_ = t.drops;
    for (int p = 0; p < t.player_count; ++p)
        for (int type = 0; type < t.type_count; ++type) {
            const PieceRules& r = t.rules_of(p, type);
            if (r.exists && !(t.royal_types >> type & 1) && detail::reversibility(t, r) > 0)
                waiting_types_[static_cast<std::size_t>(p)] |= 1u << type;
        }
}

bool NullMoveGuard::can_wait(const Position& pos, int player) const {
    for (std::uint32_t types = waiting_types_[static_cast<std::size_t>(player)]; types;
         types &= types - 1)
        if (pos.count(player, std::countr_zero(types)) > 0) return true;
    if (drops_)
        for (int type = 0; type < pos.tables().type_count; ++type)
            if (pos.in_hand(player, type) > 0) return true;
    return false;
}

}  // namespace vari::search
