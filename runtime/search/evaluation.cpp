// The evaluation: material from the derived piece values.
#include <algorithm>

#include "runtime/search/search.hpp"

namespace vari::search {

Evaluation::Evaluation(const CompiledGame& game) : game_(game), values_(piece_values(game)) {}

int Evaluation::evaluate(const Position& pos, int player) const {
    const int players = pos.tables().player_count;
    const int types = pos.tables().type_count;
    int total[MAX_PLAYERS] = {};
    for (int p = 0; p < players; ++p)
        for (int t = 0; t < types; ++t)
            total[p] += pos.pieces(p, t).count() * values_[t].board +
                        pos.in_hand(p, t) * values_[t].in_hand;
    // Against the strongest other player.
    int best_other = -WIN;
    for (int p = 0; p < players; ++p)
        if (p != player) best_other = std::max(best_other, total[p]);
    return total[player] - best_other;
}

}  // namespace vari::search
