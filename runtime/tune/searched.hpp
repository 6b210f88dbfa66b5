// Internal to tune/: the quiet positions of a self-play game searched again, for the search's
// score beside the game's result.
#pragma once

#include <string>
#include <vector>

#include "runtime/runtime.hpp"
#include "runtime/tune/samples.hpp"

namespace vari::tune {

// Searches each position of `samples`, which are those of one game played from the start with
// `moves`, at `level` (with the weights derived from the rules, as the games were played), and
// sets its score. False when `stop` ended it or a hook failed: then `error` says why, or is empty.
bool search_samples(const CompiledGame& game, const std::vector<Move>& moves,
                    const search::Level& level, Samples& samples, const runtime::StopWhen& stop,
                    std::string& error);

}  // namespace vari::tune
