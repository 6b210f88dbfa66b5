// Internal: the evaluation's per-cell tables, derived from the compiled game when it is built.
#pragma once

#include <vector>

#include "runtime/search/search.hpp"

namespace vari::search::detail {

// Per (player, type, cell), in centipawns: the part of the type's promotion gain that standing on
// the cell adds, PROMOTION_DECAY per move still to make, less the mean over the cells it may stand
// on (its value holds that mean). Zero for types that do not promote. Sets `promoting` to the
// types that do.
std::vector<int> promotion_progress(const Tables& t, const std::vector<PieceValue>& values,
                                    std::uint32_t& promoting);

// Per (player, type, cell), for royal types only: the cells a royal piece on the cell reaches in
// one move on the empty board (`shelter`) and in two (`approach`, the first included).
void royal_surroundings(const Tables& t, std::vector<CellSet>& shelter,
                        std::vector<CellSet>& approach);

// Centipawns per move a royal piece is nearer to the zone it must reach (end royal-reaches).
constexpr int GOAL_STEP = 30;

// Per (player, type, cell), for royal types of a game with end royal-reaches: GOAL_STEP for each
// move (on the empty board) the cell is nearer its player's zone than the farthest cell. Sets
// `royal_goal` to the types it scores.
std::vector<int> goal_progress(const Tables& t, std::uint32_t& royal_goal);

}  // namespace vari::search::detail
