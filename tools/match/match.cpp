// A match or tournament: games on worker threads, each with players of its own, counted in game
// order so that the figures (and where an SPRT stops) depend on the seed alone.
#include "tools/match/match.hpp"

#include <algorithm>
#include <cassert>
#include <mutex>
#include <thread>

#include "tools/match/tally.hpp"

namespace vari::match {

MatchReport run_match(const CompiledGame& game, const MatchOptions& options,
                      const std::function<void(const GameOutcome&, const MatchReport&)>& finished) {
    const int seats = static_cast<int>(game.ir().players.size());
    std::string error;
    const auto tournament = tournament_of(options.format, static_cast<int>(options.entrants.size()),
                                          seats, options.games, options.rounds, error);
    assert(tournament && options.concurrency >= 1);
    assert(!options.sprt || (options.entrants.size() == 2 && tournament->pairings.size() == 1));
    const int games = tournament->size();
    std::vector<std::optional<GameOutcome>> outcomes(static_cast<std::size_t>(games));
    Tally tally(options, *tournament);
    std::atomic<int> next{0};
    std::atomic<bool> abort{false};
    std::mutex counting;
    int counted = 0, stop_at = games;

    const auto work = [&] {
        // This thread's players, one per entrant, kept from game to game.
        std::vector<std::unique_ptr<Player>> mine(options.entrants.size());
        for (int i; !abort && (i = next.fetch_add(1)) < games;) {
            const GameSetup setup = tournament->game(i, options.seed);
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
                outcomes[static_cast<std::size_t>(counted++)].reset();  // its record is done with
                if (report.verdict != SprtVerdict::undecided) {
                    stop_at = counted;
                    abort = true;
                }
            }
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < std::min(options.concurrency, games); ++t) helpers.emplace_back(work);
    work();
    for (auto& helper : helpers) helper.join();
    return tally.report();
}

}  // namespace vari::match
