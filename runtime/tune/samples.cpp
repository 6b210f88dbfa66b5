// The quiet positions of self-play games, as the evaluation counts them.
#include "runtime/tune/samples.hpp"

#include <memory>

namespace vari::tune {

void Samples::add_game(const CompiledGame& game, const search::Evaluation& evaluation,
                       const std::vector<Move>& moves, const std::vector<double>& scores,
                       int skip) {
    Position pos(game);
    const auto undo = std::make_unique<Undo>();  // large: it may hold a capture sequence
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        const Move move = moves[ply];
        const Position before = pos;
        pos.do_move(move, *undo);
        const bool quiet = !move.is_promotion() && undo->captured == NO_PIECE && !move.is_jumps() &&
                           !before.in_check();
        if (!quiet || static_cast<int>(ply) < skip) continue;
        const int side = before.side_to_move();
        for (int p = 0; p < players_; ++p) {
            evaluation.count_terms(before, p, terms_);
            starts_.push_back(static_cast<std::uint32_t>(terms_.size()));
        }
        side_.push_back(static_cast<std::uint8_t>(side));
        target_.push_back(static_cast<float>(scores[static_cast<std::size_t>(side)]));
    }
}

}  // namespace vari::tune
