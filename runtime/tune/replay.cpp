// A self-play game played again from each move's place among the legal moves.
#include "runtime/tune/replay.hpp"

namespace vari::tune {

std::optional<std::vector<Move>> replay_choices(const CompiledGame& compiled,
                                                const std::vector<int>& choices) {
    runtime::Game game(compiled);
    std::vector<Move> moves;
    for (const int choice : choices) {
        if (game.result() || choice < 0 || choice >= game.legal_moves().size) return std::nullopt;
        moves.push_back(game.legal_moves().moves[choice]);
        game.play(moves.back());
    }
    return moves;
}

}  // namespace vari::tune
