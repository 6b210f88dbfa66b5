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
        // The position is counted before the move and dropped again when the move was not quiet.
        const bool kept = static_cast<int>(ply) >= skip && !pos.in_check();
        const int side = pos.side_to_move();
        const std::size_t terms = terms_.size(), starts = starts_.size();
        if (kept)
            for (int p = 0; p < players_; ++p) {
                evaluation.count_terms(pos, p, terms_);
                starts_.push_back(static_cast<std::uint32_t>(terms_.size()));
            }
        pos.do_move(move, *undo);
        if (!kept) continue;
        if (move.is_promotion() || undo->captured != NO_PIECE || move.is_jumps()) {
            terms_.resize(terms);
            starts_.resize(starts);
            continue;
        }
        side_.push_back(static_cast<std::uint8_t>(side));
        target_.push_back(static_cast<float>(scores[static_cast<std::size_t>(side)]));
    }
}

}  // namespace vari::tune
