// Internal to tune/: fitted weights judged by play, for a fit that predicts the results better
// can still play worse (a term that foretells who wins need not help a search choose its move).
#pragma once

#include <vector>

#include "runtime/tune/tune.hpp"

namespace vari::tune {

// Plays about `games` games (games / players openings, at least one, each of
// options.random_plies random plies from the seed) at options.judging_level() between the AI with
// `candidate` weights in one seat and the AI with `incumbent` weights in every other, each opening
// with the candidate in every seat in turn (runtime::analyze, once per seat), and returns the
// candidate's mean score: 1 / players is even. Games unfinished or stopped score 1 / players. The
// same on any number of threads (options.threads); nothing when `stop` ended it.
std::optional<double> score_by_play(const CompiledGame& game, const Options& options,
                                    const std::vector<int>& candidate,
                                    const std::vector<int>& incumbent, int games,
                                    const runtime::StopWhen& stop);

}  // namespace vari::tune
