// Internal to tune/: the quiet positions of self-play games, each as the evaluation's term counts
// of every player and the result the player to move went on to score.
#pragma once

#include <cstdint>
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

    // Sample i: the player to move, what it scored, and each player's term counts.
    int side(int i) const { return side_[static_cast<std::size_t>(i)]; }
    double target(int i) const { return target_[static_cast<std::size_t>(i)]; }
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
    std::vector<float> target_;
};

}  // namespace vari::tune
