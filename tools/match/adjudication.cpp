// Adjudication by the players' scores: draws when all scores stay near 0, resignations when one
// stays low.
#include "tools/match/adjudication.hpp"

#include <cstdlib>

namespace vari::match {

void DrawTracker::update(int ply, std::optional<int> score) {
    ply_ = ply;
    const bool near_zero = score && std::abs(*score) <= rules_.draw_score;
    streak_ = near_zero ? streak_ + 1 : 0;
}

bool DrawTracker::adjudicated() const {
    return rules_.draw_after_plies >= 0 && ply_ >= rules_.draw_after_plies &&
           streak_ >= rules_.draw_moves * players_;
}

void ResignTracker::update(int seat, std::optional<int> score) {
    int& streak = streaks_[static_cast<std::size_t>(seat)];
    streak = score && *score <= -rules_.resign_score ? streak + 1 : 0;
}

int ResignTracker::resigning() const {
    if (rules_.resign_moves <= 0) return -1;
    for (std::size_t seat = 0; seat < streaks_.size(); ++seat)
        if (streaks_[seat] >= rules_.resign_moves) return static_cast<int>(seat);
    return -1;
}

}  // namespace vari::match
