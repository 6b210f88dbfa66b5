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
        result_.push_back(static_cast<float>(scores[static_cast<std::size_t>(side)]));
        target_.push_back(result_.back());
        ply_.push_back(static_cast<std::uint32_t>(ply));
        searched_.push_back(0);
    }
}

void Samples::append(const Samples& other) {
    const std::uint32_t offset = starts_.back();
    for (std::size_t k = 1; k < other.starts_.size(); ++k)
        starts_.push_back(offset + other.starts_[k]);
    terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
    side_.insert(side_.end(), other.side_.begin(), other.side_.end());
    target_.insert(target_.end(), other.target_.begin(), other.target_.end());
    result_.insert(result_.end(), other.result_.begin(), other.result_.end());
    ply_.insert(ply_.end(), other.ply_.begin(), other.ply_.end());
    searched_.insert(searched_.end(), other.searched_.begin(), other.searched_.end());
}

void Samples::blend(double share, const std::function<double(int score)>& predicted) {
    for (std::size_t i = 0; i < target_.size(); ++i)
        target_[i] = static_cast<float>((1 - share) * result_[i] + share * predicted(searched_[i]));
}

}  // namespace vari::tune
