// Internal to tune/: the quiet positions of self-play games, each as the evaluation's term counts
// of every player, the result the player to move went on to score and, when they were searched
// again, the search's score.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/search/search.hpp"

namespace vari::tune {

class Samples {
public:
    explicit Samples(int players) : players_(players) {}
    int size() const { return static_cast<int>(side_.size()); }
    int players() const { return players_; }

    // The quiet positions of a game played from the start with `moves`, whose players scored
    // `scores`: those after the first `skip` plies where the player to move is not in check and
    // the move played takes nothing and promotes nothing (its worth is the evaluation's to say).
    void add_game(const CompiledGame& game, const search::Evaluation& evaluation,
                  const std::vector<Move>& moves, const std::vector<double>& scores, int skip);

    // Those of `other` after these.
    void append(const Samples& other);

    // Sample i: the player to move, what the fit is to predict (what it scored, until blend()),
    // each player's term counts, and the moves before it in its game.
    int side(int i) const { return side_[static_cast<std::size_t>(i)]; }
    double target(int i) const { return target_[static_cast<std::size_t>(i)]; }
    int ply(int i) const { return static_cast<int>(ply_[static_cast<std::size_t>(i)]); }

    // A search's score of sample i, for its player to move.
    void set_searched(int i, int score) { searched_[static_cast<std::size_t>(i)] = score; }
    // Each target becomes (1 - share) x what its player scored + share x what `predicted` says
    // its search's score foretells: the game's result, one of many a position could have led
    // to, is given the search's judgement beside it.
    void blend(double share, const std::function<double(int score)>& predicted);
    const search::TermCount* begin(int i, int player) const {
        return terms_.data() + starts_[static_cast<std::size_t>(i * players_ + player)];
    }
    const search::TermCount* end(int i, int player) const {
        return terms_.data() + starts_[static_cast<std::size_t>(i * players_ + player + 1)];
    }

private:
    int players_;
    std::vector<search::TermCount> terms_;
    std::vector<std::uint32_t> starts_{0};  // per (sample, player), and the end of the last
    std::vector<std::uint8_t> side_;
    std::vector<float> target_, result_;
    std::vector<std::uint32_t> ply_;
    std::vector<int> searched_;
};

}  // namespace vari::tune
