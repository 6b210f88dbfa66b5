// A match: games on worker threads, each with players of its own, counted in game order so that
// the figures (and where an SPRT stops) depend on the seed alone.
#include "tools/match/match.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <mutex>
#include <thread>

namespace vari::match {
namespace {

// The counts of a match as games are added in order.
class Tally {
public:
    Tally(const MatchOptions& options, int players) : options_(options), squares_(players) {
        report_.planned = options.games;
        report_.scores.resize(static_cast<std::size_t>(players));
    }

    // Adds the next game in game order.
    void add(const GameOutcome& game) {
        if (game.termination == Termination::stopped) {
            ++report_.stopped;
            return;
        }
        ++report_.played;
        const auto ending = std::find_if(endings_.begin(), endings_.end(),
                                         [&](const auto& e) { return e.first == game.reason; });
        if (ending == endings_.end())
            endings_.emplace_back(game.reason, 1);
        else
            ++ending->second;
        for (std::size_t seat = 0; seat < game.scores.size(); ++seat) {
            const auto entrant = static_cast<std::size_t>(game.setup.entrant_at_seat[seat]);
            EntrantScore& score = report_.scores[entrant];
            score.points += game.scores[seat];
            ++score.games;
            squares_[entrant] += game.scores[seat] * game.scores[seat];
            score.mean = score.points / score.games;
            const double spread =
                score.games > 1 ? (squares_[entrant] - score.games * score.mean * score.mean) /
                                      (score.games - 1)
                                : 0;
            score.margin = 1.96 * std::sqrt(std::max(spread, 0.0) / score.games);
        }
        if (game.scores.size() == 2) add_to_stats(game);
    }

    const MatchReport& report() {
        report_.endings = endings_;
        std::stable_sort(report_.endings.begin(), report_.endings.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        if (report_.stopped) report_.endings.emplace_back("stopped", report_.stopped);
        return report_;
    }

private:
    // The first entrant's points: a win, a draw or a loss, and its pair with the game before.
    void add_to_stats(const GameOutcome& game) {
        const std::size_t seat = game.setup.entrant_at_seat[0] == 0 ? 0 : 1;
        const double points = game.scores[seat];
        Stats& stats = report_.stats;
        ++(points > 0.75 ? stats.wins : points < 0.25 ? stats.losses : stats.draws);
        if (game.setup.index % 2 == 0) {
            pair_points_ = points;
            pair_open_ = game.setup.index;
            return;
        }
        if (pair_open_ != game.setup.index - 1) return;  // its partner was stopped
        ++stats.pairs[static_cast<std::size_t>(std::lround(2 * (pair_points_ + points)))];
        if (options_.sprt) {
            report_.llr = sprt_llr(stats, *options_.sprt);
            report_.verdict = sprt_verdict(report_.llr, *options_.sprt);
        }
    }

    const MatchOptions& options_;
    MatchReport report_;
    std::vector<double> squares_;  // per entrant: the sum of its squared scores
    std::vector<std::pair<std::string, int>> endings_;  // in the order first met
    double pair_points_ = 0;
    int pair_open_ = -1;  // the first game of the pair being counted
};

}  // namespace

MatchReport run_match(const CompiledGame& game, const MatchOptions& options,
                      const std::function<void(const GameOutcome&, const MatchReport&)>& finished) {
    const int players = static_cast<int>(options.entrants.size());
    assert(players == static_cast<int>(game.ir().players.size()) && options.concurrency >= 1);
    std::vector<std::optional<GameOutcome>> outcomes(static_cast<std::size_t>(options.games));
    Tally tally(options, players);
    std::atomic<int> next{0};
    std::atomic<bool> abort{false};
    std::mutex counting;
    int counted = 0, stop_at = options.games;

    const auto work = [&] {
        // This thread's players, one per entrant, kept from game to game.
        std::vector<std::unique_ptr<Player>> mine(static_cast<std::size_t>(players));
        for (int i; !abort && (i = next.fetch_add(1)) < options.games;) {
            const GameSetup setup = schedule(i, players, options.seed);
            const Opening opening =
                options.openings.empty()
                    ? random_opening(game, options.random_plies, setup.opening_seed, options.hooks)
                    : options.openings[static_cast<std::size_t>(setup.opening) %
                                       options.openings.size()];
            std::vector<Player*> at_seat;
            for (const int entrant : setup.entrant_at_seat) {
                auto& player = mine[static_cast<std::size_t>(entrant)];
                if (!player)
                    player = options.entrants[static_cast<std::size_t>(entrant)].make(game);
                at_seat.push_back(player.get());
            }
            GameOutcome outcome = play_game(game, options, setup, opening, at_seat, abort);
            // A player that failed is made anew, as a crashed engine is restarted.
            if (outcome.termination == Termination::player_failure)
                mine[static_cast<std::size_t>(
                         setup.entrant_at_seat[static_cast<std::size_t>(outcome.forfeit_seat)])]
                    .reset();

            const std::lock_guard lock(counting);
            outcomes[static_cast<std::size_t>(i)] = std::move(outcome);
            while (counted < stop_at && outcomes[static_cast<std::size_t>(counted)]) {
                const GameOutcome& next_in_order = *outcomes[static_cast<std::size_t>(counted)];
                tally.add(next_in_order);
                const MatchReport& report = tally.report();
                if (finished) finished(next_in_order, report);
                ++counted;
                if (report.verdict != SprtVerdict::undecided) {
                    stop_at = counted;
                    abort = true;
                }
            }
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < std::min(options.concurrency, options.games); ++t)
        helpers.emplace_back(work);
    work();
    for (auto& helper : helpers) helper.join();
    return tally.report();
}

}  // namespace vari::match
