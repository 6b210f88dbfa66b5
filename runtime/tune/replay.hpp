// Internal to tune/: a self-play game played again from its journal line.
#pragma once

#include <optional>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::tune {

// The moves of a game played from the start by `choices` (each move's place among the legal
// moves, Game::legal_moves), or nothing when one is not a legal move's place there (a journal
// written for other rules, or damaged).
std::optional<std::vector<Move>> replay_choices(const CompiledGame& game,
                                                const std::vector<int>& choices);

}  // namespace vari::tune
