// The evaluation: material (board and hands), mobility, promotion progress, royal safety and the
// way of a royal piece to the zone it must reach, each read from tables built once from the
// rules. evaluate() allocates nothing. Where the player left without pieces wins, material counts
// against its holder.
#include <algorithm>

#include "runtime/search/evaluation_tables.hpp"
#include "runtime/search/search.hpp"

namespace vari::search {
namespace {

// Centipawns per cell a piece may move or capture to: enough to choose active squares, too little
// to give material for.
constexpr int MOBILITY = 4;
// Per own piece next to a royal piece, and per other player's piece within two of its moves.
constexpr int SHELTER = 10;
constexpr int APPROACH = 12;

}  // namespace

Evaluation::Evaluation(const CompiledGame& game) : values_(piece_values(game)) {
    const Tables& t = game.tables();
    progress_ = detail::promotion_progress(t, values_, promoting_types_);
    goal_ = detail::goal_progress(t, goal_types_);
    // Where royal pieces are captured like others, material already says what losing one costs.
    std::vector<CellSet> shelter, approach;
    if (!t.royals_capturable) {
        detail::royal_surroundings(t, shelter, approach);
        guarded_types_ = t.royal_types;
    }
    shelter_ = SetPool(t.cell_words, shelter);
    approach_ = SetPool(t.cell_words, approach);
    for (const auto& end : game.ir().ends)
        if (end.kind == ir::EndKind::no_pieces && end.outcome == ir::Outcome::loss)
            material_sign_ = -1;
}

int Evaluation::evaluate(const Position& pos, int player) const {
    return with_cell_set(pos.tables().cell_words,
                         [&]<class Set>(Set) { return evaluate_as<Set>(pos, player); });
}

template <class Set>
int Evaluation::evaluate_as(const Position& pos, int player) const {
    const Tables& t = pos.tables();
    const int players = t.player_count;
    const int types = t.type_count;
    const BoardSets<Set>& sets = pos.sets<Set>();
    const Set* shelter = shelter_.data<Set>();
    const Set* approach = approach_.data<Set>();
    int total[MAX_PLAYERS] = {};
    for (int p = 0; p < players; ++p) {
        const Set own = sets.by_player[p];
        const Set others = sets.occupied & ~own;
        int sum = 0;
        for (int type = 0; type < types; ++type) {
            const Set cells = sets.of(p, type);
            sum += material_sign_ * (cells.count() * values_[type].board +
                                     pos.in_hand(p, type) * values_[type].in_hand);
            if (!cells) continue;
            const std::size_t row = static_cast<std::size_t>(p * types + type) * t.cell_count;
            const bool promotes = promoting_types_ >> type & 1;
            const bool guarded = guarded_types_ >> type & 1;
            const bool racing = goal_types_ >> type & 1;
            for (int c : cells) {
                if (promotes) sum += progress_[row + c];
                if (racing) sum += goal_[row + c];
                if (guarded) {
                    sum += SHELTER * (shelter[row + c] & own).count() -
                           APPROACH * (approach[row + c] & others).count();
                } else {
                    sum += MOBILITY * piece_targets_in<Set>(pos, c).count();
                }
            }
        }
        total[p] = sum;
    }
    // Against the strongest other player.
    int best_other = -WIN;
    for (int p = 0; p < players; ++p)
        if (p != player) best_other = std::max(best_other, total[p]);
    return total[player] - best_other;
}

}  // namespace vari::search
