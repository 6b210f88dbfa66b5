// Test support: perft of a shipped game, and of the same game asked of Fairy-Stockfish.
#include "support/peer_perft.hpp"

#include <unistd.h>

#include <cstdio>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::test {

std::uint64_t perft_from(const std::string& game_name, const std::string& position, int depth) {
    auto game = load_shipped(game_name);
    Position pos(*game);
    if (!position.empty()) set_position(pos, position);
    return perft(pos, depth);
}

std::optional<std::uint64_t> peer_perft(const std::string& variant, int depth,
                                        const std::string& fen) {
    const char* peer = "/usr/games/fairy-stockfish";
    if (access(peer, X_OK) != 0) return std::nullopt;
    const std::string position = fen.empty() ? "startpos" : "fen " + fen;
    const std::string command = "printf 'uci\\nsetoption name UCI_Variant value " + variant +
                                "\\nposition " + position + "\\ngo perft " + std::to_string(depth) +
                                "\\n' | " + peer + " 2>/dev/null";
    FILE* out = popen(command.c_str(), "r");
    if (!out) return std::nullopt;
    std::optional<std::uint64_t> nodes;
    char line[256];
    const std::string prefix = "Nodes searched: ";
    while (std::fgets(line, sizeof line, out))
        if (std::string(line).rfind(prefix, 0) == 0)
            nodes = std::stoull(std::string(line).substr(prefix.size()));
    pclose(out);
    return nodes;
}

}  // namespace vari::test
