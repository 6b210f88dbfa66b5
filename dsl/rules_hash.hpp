// Internal to dsl/: the fingerprint of a game's rules (ir::Game::rules_hash).
#pragma once

#include <cstdint>
#include <vector>

#include "dsl/dsl.hpp"

namespace vari::dsl {

// A hash of the rule files read (in order) without comments and layout, and of the game's hook
// code.
std::uint64_t rules_hash(const std::vector<SourceFile>& sources, const ir::Game& game);

}  // namespace vari::dsl
