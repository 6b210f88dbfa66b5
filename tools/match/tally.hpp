// The counts of a match or tournament as its games are added in game order: each entrant's and
// each pairing's, the endings, and the SPRT's verdict.
#pragma once

#include "tools/match/match.hpp"

namespace vari::match {

class Tally {
public:
    Tally(const MatchOptions& options, const Tournament& tournament);

    // Adds the next game in game order.
    void add(const GameOutcome& game);
    const MatchReport& report();

private:
    void add_to_entrant(int entrant, double points);
    void add_to_pairing(const GameOutcome& game);

    const MatchOptions& options_;
    MatchReport report_;
    std::vector<double> squares_;  // per entrant: the sum of its squared scores
    std::vector<std::pair<std::string, int>> endings_;  // in the order first met
    // Per pairing of two seats: its first entrant's points in the first game of the pair being
    // counted, and that game (-1: none, or it was stopped).
    std::vector<double> pair_points_;
    std::vector<int> pair_open_;
};

}  // namespace vari::match
