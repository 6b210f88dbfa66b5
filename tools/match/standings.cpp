// A tournament's standings: its entrants ranked by score, with the Elo of each one's results
// against the field.
#include <algorithm>

#include "tools/match/match.hpp"

namespace vari::match {

std::vector<Standing> standings(const MatchReport& report) {
    const std::size_t seats = report.pairings.empty() ? 0 : report.pairings[0].entrants.size();
    std::vector<Standing> out;
    for (std::size_t e = 0; e < report.scores.size(); ++e) {
        const EntrantScore& score = report.scores[e];
        Standing& standing = out.emplace_back();
        standing.entrant = static_cast<int>(e);
        if (seats != 2) continue;  // a draw of more than two is no half point: no Elo
        Stats stats;
        stats.wins = score.wins;
        stats.draws = score.draws;
        stats.losses = score.losses;
        standing.elo = elo_of(stats);
    }
    const auto mean = [&](const Standing& s) {
        return report.scores[static_cast<std::size_t>(s.entrant)].mean;
    };
    const auto points = [&](const Standing& s) {
        return report.scores[static_cast<std::size_t>(s.entrant)].points;
    };
    std::stable_sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
        return mean(a) != mean(b) ? mean(a) > mean(b) : points(a) > points(b);
    });
    for (std::size_t i = 1; i < out.size(); ++i)
        out[i].rank = mean(out[i]) < mean(out[i - 1]) ? static_cast<int>(i) + 1 : out[i - 1].rank;
    return out;
}

}  // namespace vari::match
