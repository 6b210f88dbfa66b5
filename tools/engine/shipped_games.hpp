// Internal to tools/engine/: the shipped games a protocol can carry, which the sessions offer
// besides the game they started with.
#pragma once

#include <functional>
#include <string>

#include "tools/engine/engine.hpp"

namespace vari::engine {

// Calls `offer` with the name, the rule file and the rules of each shipped game but `skipped`
// that loads and that `protocol` can express, in the order of dsl::shipped_games. Nothing is
// compiled: a list of names needs none.
void for_each_expressible_game(
    Protocol protocol, const std::string& skipped,
    const std::function<void(const std::string& name, const std::string& path, ir::Game rules)>&
        offer);

}  // namespace vari::engine
