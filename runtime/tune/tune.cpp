// A tuning run: self-play games on worker threads (kept in the journal as they end), their quiet
// positions, and the fit.
#include "runtime/tune/tune.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "runtime/tune/fit.hpp"
#include "runtime/tune/journal.hpp"

namespace vari::tune {
namespace {

// One game in ten is held out of the fit, to judge it.
bool held_out(int index) { return index % 10 == 9; }

std::string run_line(const CompiledGame& game, const Options& options) {
    const nlohmann::json run = {{"vari-tune", 1},
                                {"rules-hash", game.ir().rules_hash},
                                {"level", options.level_text},
                                {"seed", options.seed},
                                {"random-plies", options.random_plies},
                                {"max-plies", options.max_plies}};
    return run.dump();
}

}  // namespace

Outcome tune(const CompiledGame& game, const Options& options,
             const std::function<void(const Progress&)>& progress, const runtime::StopWhen& stop) {
    Outcome out;
    std::optional<Journal> journal;
    if (!options.journal.empty()) {
        journal = Journal::open(options.journal, run_line(game, options), out.error);
        if (!journal) return out;
    }
    std::map<int, JournalGame> games;
    if (journal)
        for (const auto& [index, played] : journal->games())
            if (index < options.games) games[index] = played;
    out.resumed = static_cast<int>(games.size());

    // Self-play with the derived weights, so that a run depends on its command alone.
    runtime::AnalysisOptions play;
    search::Level level = options.level;
    level.derived = true;
    play.seats.assign(game.ir().players.size(),
                      runtime::Seat{runtime::Seat::Kind::ai, options.level_text, level});
    play.games = options.games;
    play.seed = options.seed;
    play.random_plies = options.random_plies;
    play.max_plies = options.max_plies;
    std::vector<int> missing;
    for (int i = 0; i < options.games; ++i)
        if (!games.count(i)) missing.push_back(i);
    std::mutex keeping;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cut{false};
    int done = out.resumed;
    if (progress) progress({Progress::Phase::playing, done, options.games});
    const auto work = [&] {
        for (std::size_t k; !cut && (k = next.fetch_add(1)) < missing.size();) {
            const int index = missing[k];
            const auto played = runtime::play_analysis_game(game, play, index, stop);
            const std::lock_guard lock(keeping);
            if (!played) {
                cut = true;
                return;
            }
            JournalGame kept{played->choices, {}};
            if (played->result) kept.scores = played->result->scores;
            if (journal && !journal->add(index, kept, out.error)) cut = true;
            games[index] = std::move(kept);
            if (progress) progress({Progress::Phase::playing, ++done, options.games});
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < std::min<int>(options.threads, static_cast<int>(missing.size())); ++t)
        helpers.emplace_back(work);
    work();
    for (auto& helper : helpers) helper.join();
    if (cut) {
        out.cut_short = out.error.empty();
        return out;
    }

    const search::Evaluation derived(game, false);
    const int players = static_cast<int>(game.ir().players.size());
    Samples train(players), check(players);
    for (const auto& [index, played] : games) {
        if (played.scores.empty()) continue;  // unfinished: no result to learn
        const auto moves = replay_choices(game, played.choices);
        if (!moves || played.scores.size() != static_cast<std::size_t>(players)) {
            out.error = "game " + std::to_string(index) + " of the journal does not replay";
            return out;
        }
        (held_out(index) ? check : train)
            .add_game(game, derived, *moves, played.scores, options.random_plies);
        ++out.games;
    }
    out.positions = train.size() + check.size();
    const Fit fit = fit_weights(
        derived.weights(), train, check, options.threads,
        [&](int fits, int total) {
            if (progress) progress({Progress::Phase::fitting, fits, total});
        },
        stop);
    if (stop && stop()) {
        out.cut_short = true;
        return out;
    }
    out.weights = fit.weights;
    out.scale = fit.scale;
    out.regularisation = fit.regularisation;
    out.loss_before = fit.loss_before;
    out.loss_after = fit.loss_after;
    return out;
}

std::string summary(const Outcome& outcome) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "%d self-play games, %d quiet positions; held-out loss %.5f with the derived "
                  "weights, %.5f learned (K %.5f, pull %.0e)",
                  outcome.games, outcome.positions, outcome.loss_before, outcome.loss_after,
                  outcome.scale, outcome.regularisation);
    return text;
}

}  // namespace vari::tune
