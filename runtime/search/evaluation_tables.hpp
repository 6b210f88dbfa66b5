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

}  // namespace vari::search::detail
