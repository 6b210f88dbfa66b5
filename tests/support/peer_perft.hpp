// Test support: perft of a shipped game, and of the same game asked of Fairy-Stockfish.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace vari::test {

// Perft of the shipped game NAME to `depth`, from its start or from a vari position string.
std::uint64_t perft_from(const std::string& game_name, const std::string& position, int depth);

// Fairy-Stockfish's perft of a variant over UCI, from its start or from `fen`, or nothing when it
// is not installed or does not answer.
std::optional<std::uint64_t> peer_perft(const std::string& variant, int depth,
                                        const std::string& fen = "");

}  // namespace vari::test
