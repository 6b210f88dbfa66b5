// Weights judged by play: one analysis per seat the candidate takes, over the same openings.
#include "runtime/tune/judge.hpp"

#include <memory>

namespace vari::tune {

std::optional<double> score_by_play(const CompiledGame& game, const Options& options,
                                    const std::vector<int>& candidate,
                                    const std::vector<int>& incumbent, int games,
                                    const runtime::StopWhen& stop) {
    const int players = static_cast<int>(game.ir().players.size());
    const auto seat = [&](const std::vector<int>& weights) {
        search::Level level = options.judging_level();
        level.weights = std::make_shared<const std::vector<int>>(weights);
        return runtime::Seat{runtime::Seat::Kind::ai, options.judging_level_text(), level};
    };
    runtime::AnalysisOptions play;
    play.games = std::max(1, games / players);  // openings, each played from every seat
    play.threads = options.threads;
    play.seed = options.seed + 1;  // openings other than the self-play games'
    play.random_plies = options.random_plies;
    play.max_plies = options.max_plies;
    double total = 0;
    for (int place = 0; place < players; ++place) {
        play.seats.assign(static_cast<std::size_t>(players), seat(incumbent));
        play.seats[static_cast<std::size_t>(place)] = seat(candidate);
        const runtime::Analysis analysis = runtime::analyze(game, play, {}, stop);
        if (analysis.cut_short || (stop && stop())) return std::nullopt;
        // A game unfinished at max_plies, or stopped by a hook, counts as even.
        total += analysis.score_sums[static_cast<std::size_t>(place)] +
                 static_cast<double>(analysis.unfinished + analysis.stopped) / players;
    }
    return total / (play.games * players);
}

}  // namespace vari::tune
