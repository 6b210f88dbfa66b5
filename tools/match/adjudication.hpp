// Internal to vari_match: the trackers that end a game by the players' scores, fed after each
// move and asked one question each (fastchess's adjudicators).
#pragma once

#include <optional>
#include <vector>

#include "tools/match/match.hpp"

namespace vari::match {

// A draw once every player's score has stayed near 0 for a number of moves each.
class DrawTracker {
public:
    DrawTracker(const Adjudication& rules, int players) : rules_(rules), players_(players) {}
    // After the move of ply `ply` (counted from the game's start), with its mover's score.
    void update(int ply, std::optional<int> score);
    bool adjudicated() const;

private:
    const Adjudication& rules_;
    int players_;
    int ply_ = 0;
    int streak_ = 0;  // plies in a row with a score near 0
};

// A loss for a player whose score has stayed low for a number of its moves.
class ResignTracker {
public:
    ResignTracker(const Adjudication& rules, int players) : rules_(rules), streaks_(players) {}
    void update(int seat, std::optional<int> score);
    // The seat that resigns, or -1.
    int resigning() const;

private:
    const Adjudication& rules_;
    std::vector<int> streaks_;  // per seat: its moves in a row scoring at or below -resign_score
};

}  // namespace vari::match
