// Weights judged by play: games shared out among threads, summed in the games' order.
#include "runtime/tune/judge.hpp"

#include <atomic>
#include <memory>
#include <thread>

namespace vari::tune {

std::optional<double> score_by_play(const CompiledGame& game, const Options& options,
                                    const std::vector<int>& candidate,
                                    const std::vector<int>& incumbent, int games,
                                    const runtime::StopWhen& stop) {
    const int players = static_cast<int>(game.ir().players.size());
    const auto seat = [&](const std::vector<int>& weights) {
        search::Level level = options.level;
        level.weights = std::make_shared<const std::vector<int>>(weights);
        return runtime::Seat{runtime::Seat::Kind::ai, options.level_text, level};
    };
    // One set of seats per place of the candidate.
    std::vector<runtime::AnalysisOptions> placings(static_cast<std::size_t>(players));
    for (int place = 0; place < players; ++place) {
        runtime::AnalysisOptions& play = placings[static_cast<std::size_t>(place)];
        play.seats.assign(static_cast<std::size_t>(players), seat(incumbent));
        play.seats[static_cast<std::size_t>(place)] = seat(candidate);
        play.games = games;
        play.seed = options.seed + 1;  // openings other than the self-play games'
        play.random_plies = options.random_plies;
        play.max_plies = options.max_plies;
    }
    std::vector<double> scores(static_cast<std::size_t>(games), 0);
    std::atomic<int> next{0};
    std::atomic<bool> stopped{false};
    const auto work = [&] {
        for (int g; !stopped && (g = next.fetch_add(1)) < games;) {
            const int place = g % players;
            const auto played = runtime::play_analysis_game(
                game, placings[static_cast<std::size_t>(place)], g / players, stop);
            if (!played) {
                stopped = true;
                return;
            }
            scores[static_cast<std::size_t>(g)] =
                played->result ? played->result->scores[static_cast<std::size_t>(place)]
                               : 1.0 / players;
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < options.threads; ++t) helpers.emplace_back(work);
    work();
    for (auto& helper : helpers) helper.join();
    if (stopped || (stop && stop())) return std::nullopt;
    double total = 0;
    for (const double score : scores) total += score;
    return total / std::max(games, 1);
}

}  // namespace vari::tune
