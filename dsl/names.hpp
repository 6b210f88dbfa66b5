// "Did you mean" hints: the nearest known name by edit distance.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vari::dsl {

// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps).
std::size_t edit_distance(std::string_view a, std::string_view b);

// "did you mean 'forward'?" for the candidate nearest to `name`, or "" when none is near enough.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace vari::dsl
