// Internal to runtime/: how records write tag names and values, shared by writing and reading.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::runtime {

// The result marker of a game: the scores joined by '-' ("1-0", "1/2-1/2", "1-0-0"); "*" while
// the game goes on or when it was stopped.
std::string result_marker(const Game& game);
// The marker of these scores; "*" for none.
std::string scores_marker(const std::vector<double>& scores);

// "1", "0", "1/2", "1/3", or a decimal for a score no small fraction writes.
std::string score_text(double score);

// A tag value between double quotes: '\' and '"' escaped with '\'.
std::string escape_tag_value(std::string_view value);

// The tag that names a player's kind: the player's name, with anything but letters, digits and
// '_' as '_' (PGN tag names allow no more).
std::string player_tag(const std::string& player);

// The last part of a path ("games/chess.vari" -> "chess.vari").
std::string file_name(const std::string& path);

// A rules hash as RuleHash writes it: 16 lower-case hex digits.
std::string hash_text(std::uint64_t hash);

}  // namespace vari::runtime
