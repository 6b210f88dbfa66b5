// The evaluation's per-cell tables, derived from the compiled game.
#include "runtime/search/evaluation_tables.hpp"

#include <algorithm>
#include <cmath>

#include "runtime/search/value_reach.hpp"

namespace vari::search::detail {

std::vector<int> promotion_progress(const Tables& t, const std::vector<PieceValue>& values,
                                    std::uint32_t& promoting) {
    const int cells = t.cell_count;
    std::vector<int> progress(static_cast<std::size_t>(t.player_count) * t.type_count * cells, 0);
    promoting = 0;
    for (int p = 0; p < t.player_count; ++p)
        for (int type = 0; type < t.type_count; ++type) {
            const PieceRules& r = t.rules_of(p, type);
            const std::uint32_t choices = promotion_choices(t, r);
            int best = 0;
            for (int to = 0; to < t.type_count; ++to)
                if (choices >> to & 1) best = std::max(best, values[to].board);
            const int gain = best - values[type].board;
            if (!r.exists || gain <= 0) continue;
            const std::vector<int> distance = promotion_distance(t, r);
            std::vector<double> bonus(static_cast<std::size_t>(cells), 0);
            double sum = 0;
            int standing = 0;
            for (int c = 0; c < cells; ++c) {
                if (!empty_board_targets(t, r, c)) continue;
                if (distance[c] > 0) bonus[c] = gain * std::pow(PROMOTION_DECAY, distance[c]);
                sum += bonus[c];
                ++standing;
            }
            const double mean = standing ? sum / standing : 0;
            int* row = progress.data() + (p * t.type_count + type) * cells;
            for (int c = 0; c < cells; ++c)
                if (empty_board_targets(t, r, c))
                    row[c] = static_cast<int>(std::lround(bonus[c] - mean));
            promoting |= 1u << type;
        }
    return progress;
}

void royal_surroundings(const Tables& t, std::vector<CellSet>& shelter,
                        std::vector<CellSet>& approach) {
    const int cells = t.cell_count;
    const std::size_t size = static_cast<std::size_t>(t.player_count) * t.type_count * cells;
    shelter.assign(size, CellSet());
    approach.assign(size, CellSet());
    for (int p = 0; p < t.player_count; ++p)
        for (int type = 0; type < t.type_count; ++type) {
            const PieceRules& r = t.rules_of(p, type);
            if (!r.royal) continue;
            const std::size_t row = static_cast<std::size_t>(p * t.type_count + type) * cells;
            for (int c = 0; c < cells; ++c) shelter[row + c] = empty_board_targets(t, r, c);
            for (int c = 0; c < cells; ++c) {
                CellSet two = shelter[row + c];
                for (int near : shelter[row + c]) two |= shelter[row + near];
                two.remove(c);
                approach[row + c] = two;
            }
        }
}

std::vector<int> goal_progress(const Tables& t, std::uint32_t& royal_goal) {
    const int cells = t.cell_count;
    std::vector<int> progress(static_cast<std::size_t>(t.player_count) * t.type_count * cells, 0);
    royal_goal = 0;
    if (!t.has_goal_zones) return progress;
    for (int p = 0; p < t.player_count; ++p)
        for (int type = 0; type < t.type_count; ++type) {
            const PieceRules& r = t.rules_of(p, type);
            if (!(t.goal_types >> type & 1) || !t.set(t.goal + p)) continue;
            royal_goal |= 1u << type;
            // Moves to the zone on the empty board, outward from it a ring at a time.
            std::vector<int> moves(static_cast<std::size_t>(cells), -1);
            CellSet ring = t.set(t.goal + p), seen = ring;
            for (int distance = 0; ring; ++distance) {
                CellSet next;
                for (int c : ring) moves[static_cast<std::size_t>(c)] = distance;
                for (int c = 0; c < cells; ++c)
                    if (!seen.has(c) && (empty_board_targets(t, r, c) & ring)) next.add(c);
                seen |= next;
                ring = next;
            }
            int farthest = 0;
            for (int m : moves) farthest = std::max(farthest, m);
            const std::size_t row = static_cast<std::size_t>(p * t.type_count + type) * cells;
            for (int c = 0; c < cells; ++c)
                if (moves[static_cast<std::size_t>(c)] >= 0)
                    progress[row + c] = GOAL_STEP * (farthest - moves[static_cast<std::size_t>(c)]);
        }
    return progress;
}

}  // namespace vari::search::detail
