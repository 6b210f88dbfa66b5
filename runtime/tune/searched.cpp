// A self-play game's quiet positions searched again, in the order they were played: one AI for
// the whole game, as a player keeps what it learnt between its moves.
#include "runtime/tune/searched.hpp"

namespace vari::tune {

bool search_samples(const CompiledGame& compiled, const std::vector<Move>& moves,
                    const search::Level& level, Samples& samples, const runtime::StopWhen& stop,
                    std::string& error) {
    search::Level derived = level;
    derived.derived = true;
    runtime::Game game(compiled);
    runtime::AiPlayer ai(compiled, derived, 0);
    int ply = 0;
    for (int i = 0; i < samples.size(); ++i) {
        for (; ply < samples.ply(i); ++ply) game.play(moves[static_cast<std::size_t>(ply)]);
        if (stop && stop()) return false;
        const search::Outcome searched = ai.choose(game);
        if (!searched.error.empty()) {
            error = searched.error;
            return false;
        }
        samples.set_searched(i, searched.last.score);
    }
    return true;
}

}  // namespace vari::tune
