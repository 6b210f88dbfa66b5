// The counts of a match or tournament, game by game in game order, so that they (and where an
// SPRT stops) depend on the seed alone.
#include "tools/match/tally.hpp"

#include <algorithm>
#include <cmath>

namespace vari::match {

Tally::Tally(const MatchOptions& options, const Tournament& tournament)
    : options_(options),
      squares_(options.entrants.size()),
      pair_points_(tournament.pairings.size()),
      pair_open_(tournament.pairings.size(), -1) {
    report_.planned = tournament.size();
    report_.scores.resize(options.entrants.size());
    for (const std::vector<int>& entrants : tournament.pairings) {
        PairingResult& pairing = report_.pairings.emplace_back();
        pairing.entrants = entrants;
        pairing.points.resize(entrants.size());
    }
}

void Tally::add(const GameOutcome& game) {
    if (game.termination == Termination::stopped) {
        ++report_.stopped;
        return;
    }
    ++report_.played;
    if (game.termination == Termination::time_forfeit) ++report_.time_forfeits;
    const auto ending = std::find_if(endings_.begin(), endings_.end(),
                                     [&](const auto& e) { return e.first == game.reason; });
    if (ending == endings_.end())
        endings_.emplace_back(game.reason, 1);
    else
        ++ending->second;
    for (std::size_t seat = 0; seat < game.scores.size(); ++seat)
        add_to_entrant(game.setup.entrant_at_seat[seat], game.scores[seat]);
    add_to_pairing(game);
}

const MatchReport& Tally::report() {
    report_.endings = endings_;
    std::stable_sort(report_.endings.begin(), report_.endings.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    if (report_.stopped) report_.endings.emplace_back("stopped", report_.stopped);
    if (options_.entrants.size() == 2) report_.stats = report_.pairings[0].stats;
    return report_;
}

void Tally::add_to_entrant(int entrant, double points) {
    const auto e = static_cast<std::size_t>(entrant);
    EntrantScore& score = report_.scores[e];
    score.points += points;
    ++score.games;
    ++(points > 1 - 1e-9 ? score.wins : points < 1e-9 ? score.losses : score.draws);
    squares_[e] += points * points;
    score.mean = score.points / score.games;
    const double spread =
        score.games > 1 ? (squares_[e] - score.games * score.mean * score.mean) / (score.games - 1)
                        : 0;
    score.margin = 1.96 * std::sqrt(std::max(spread, 0.0) / score.games);
}

// The pairing's points and, for two seats, its first entrant's win, draw or loss and its pair
// with the game before.
void Tally::add_to_pairing(const GameOutcome& game) {
    const auto p = static_cast<std::size_t>(game.setup.pairing);
    PairingResult& pairing = report_.pairings[p];
    ++pairing.games;
    for (std::size_t seat = 0; seat < game.scores.size(); ++seat) {
        const auto place = std::find(pairing.entrants.begin(), pairing.entrants.end(),
                                     game.setup.entrant_at_seat[seat]);
        pairing.points[static_cast<std::size_t>(place - pairing.entrants.begin())] +=
            game.scores[seat];
    }
    if (game.scores.size() != 2) return;
    const std::size_t seat = game.setup.entrant_at_seat[0] == pairing.entrants[0] ? 0 : 1;
    const double points = game.scores[seat];
    Stats& stats = pairing.stats;
    ++(points > 0.75 ? stats.wins : points < 0.25 ? stats.losses : stats.draws);
    if (game.setup.game % 2 == 0) {
        pair_points_[p] = points;
        pair_open_[p] = game.setup.game;
        return;
    }
    if (pair_open_[p] != game.setup.game - 1) return;  // its partner was stopped
    ++stats.pairs[static_cast<std::size_t>(std::lround(2 * (pair_points_[p] + points)))];
    if (options_.sprt) {
        report_.llr = sprt_llr(stats, *options_.sprt);
        report_.verdict = sprt_verdict(report_.llr, *options_.sprt);
    }
}

}  // namespace vari::match
