// Internal to tools/engine/: the shipped games a protocol can carry, which the sessions offer
// besides the game they started with.
#pragma once

#include <functional>
#include <string>

#include "tools/engine/engine.hpp"

namespace vari::engine {

// Calls `offer` with the name, the rule file and the compiled game of each shipped game but
// `skipped` that loads and that `protocol` can express, in the order of dsl::shipped_games.
void for_each_expressible_game(
    notation::Protocol protocol, const std::string& skipped,
    const std::function<void(const std::string& name, const std::string& path,
                             const CompiledGame& game)>& offer);

}  // namespace vari::engine
