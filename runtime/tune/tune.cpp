// A tuning run: self-play games played as a run of pieces (on threads, or shared among
// processes; kept in the journal as they end), their quiet positions, and the fit.
#include "runtime/tune/tune.hpp"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "runtime/tune/fit.hpp"
#include "runtime/tune/judge.hpp"
#include "runtime/tune/replay.hpp"
#include "runtime/tune/searched.hpp"
#include "runtime/tune/share_out.hpp"

namespace vari::tune {
namespace {

using nlohmann::json;

// One game in ten is held out of the fit, to judge it.
bool held_out(int index) { return index % 10 == 9; }

std::string run_line(const CompiledGame& game, const Options& options) {
    const json run = {{"vari-tune", 2},
                      {"rules-hash", game.ir().rules_hash},
                      {"level", options.level_text},
                      {"seed", options.seed},
                      {"random-plies", options.random_plies},
                      {"max-plies", options.max_plies}};
    return run.dump();
}

// A self-play game as a piece's result: each move's place among the legal moves, and the scores
// per player (none when it did not finish).
struct SelfPlayed {
    std::vector<int> choices;
    std::vector<double> scores;
};

std::string to_text(const SelfPlayed& game) {
    return json{{"choices", game.choices}, {"scores", game.scores}}.dump();
}

std::optional<SelfPlayed> from_text(const std::string& text) {
    const json entry = json::parse(text, nullptr, false);
    try {
        return SelfPlayed{entry.at("choices").get<std::vector<int>>(),
                          entry.at("scores").get<std::vector<double>>()};
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

int players_of(const CompiledGame& game) { return static_cast<int>(game.ir().players.size()); }

// The quiet positions of the finished games, into `train`, or `check` for the games held out; with
// a score level, each searched again (the games shared out among the threads, and their samples
// added in the games' order, so that the figures do not depend on the threads). False when a
// game of the journal does not replay or a hook failed (`out.error` says which), or when stopped.
bool gather(const CompiledGame& game, const search::Evaluation& derived, const Options& options,
            const std::map<int, SelfPlayed>& games,
            const std::function<void(const Progress&)>& progress, const runtime::StopWhen& stop,
            Samples& train, Samples& check, Outcome& out) {
    std::vector<std::pair<int, const SelfPlayed*>> finished;
    for (const auto& [index, played] : games)
        if (!played.scores.empty()) finished.emplace_back(index, &played);  // else no result
    std::vector<std::optional<Samples>> pieces(finished.size());
    std::vector<std::string> errors(finished.size());
    int searched = 0;
    std::mutex reporting;
    const bool gathered =
        share_out(finished.size(), options.score_level ? options.threads : 1, [&](std::size_t k) {
            const auto& [index, played] = finished[k];
            const auto moves = replay_choices(game, played->choices);
            if (!moves || played->scores.size() != static_cast<std::size_t>(players_of(game))) {
                errors[k] = "game " + std::to_string(index) + " of the journal does not replay";
                return false;
            }
            Samples piece(players_of(game));
            piece.add_game(game, derived, *moves, played->scores, options.random_plies);
            if (options.score_level) {
                if (!search_samples(game, *moves, *options.score_level, piece, stop, errors[k]))
                    return false;
                const std::lock_guard lock(reporting);
                if (progress)
                    progress({Progress::Phase::searching, ++searched,
                              static_cast<int>(finished.size())});
            }
            pieces[k] = std::move(piece);
            return true;
        });
    if (!gathered || (stop && stop())) {
        for (const std::string& error : errors)  // the first in the games' order; none when stopped
            if (!error.empty()) {
                out.error = error;
                break;
            }
        return false;
    }
    for (std::size_t k = 0; k < finished.size(); ++k) {
        (held_out(finished[k].first) ? check : train).append(*pieces[k]);
        ++out.games;
    }
    return true;
}

}  // namespace

Outcome tune(const CompiledGame& game, const Options& options,
             const std::function<void(const Progress&)>& progress, const runtime::StopWhen& stop) {
    Outcome out;
    const bool sums_up = options.runner.sums_up;
    std::optional<runtime::Journal> journal;
    if (sums_up && !options.journal.empty()) {
        journal = runtime::Journal::open(options.journal, run_line(game, options), out.error);
        if (!journal) return out;
    }
    runtime::Pieces pieces;
    pieces.count = options.games;
    pieces.threads = options.threads;
    pieces.noun = "games";
    pieces.done_before.assign(static_cast<std::size_t>(options.games), false);
    std::map<int, SelfPlayed> games;
    if (journal)
        for (const auto& [index, text] : journal->results())
            if (index < options.games)
                if (auto played = from_text(text)) {
                    games[static_cast<int>(index)] = std::move(*played);
                    pieces.done_before[static_cast<std::size_t>(index)] = true;
                }
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
    pieces.player = [&](const std::atomic<bool>& abandon) -> runtime::Pieces::Player {
        return [&](long long index) -> std::optional<std::string> {
            const auto played = runtime::play_analysis_game(
                game, play, static_cast<int>(index), [&] { return abandon || (stop && stop()); });
            if (!played) return std::nullopt;
            SelfPlayed kept{played->choices, {}};
            if (played->result) kept.scores = played->result->scores;
            return to_text(kept);
        };
    };
    bool unwritten = false;
    int done = out.resumed;
    if (progress && sums_up) progress({Progress::Phase::playing, done, options.games});
    pieces.finished = [&](long long index, const std::string& text) {
        if (journal && !journal->add(index, text, out.error)) unwritten = true;
        if (auto played = from_text(text)) games[static_cast<int>(index)] = std::move(*played);
        if (progress) progress({Progress::Phase::playing, ++done, options.games});
        return true;
    };
    pieces.stop = [&] { return unwritten || (stop && stop()); };
    const runtime::PiecesRun run = options.runner.run(pieces);
    if (!sums_up) return out;
    if (!run.complete) {
        out.cut_short = out.error.empty();
        out.problem = run.problem;
        return out;
    }

    const search::Evaluation derived(game, false);
    Samples train(players_of(game)), check(players_of(game));
    if (!gather(game, derived, options, games, progress, stop, train, check, out)) {
        out.cut_short = out.error.empty();
        return out;
    }
    out.positions = train.size() + check.size();
    const search::TermLayout& layout = derived.layout();
    FitPlan plan;
    plan.stage_ends = {static_cast<std::size_t>(layout.mobility(0)),
                       static_cast<std::size_t>(layout.cell(0, 0, 0)),
                       static_cast<std::size_t>(layout.size())};
    plan.score_share = options.score_level ? options.score_share : 0;
    plan.threads = options.threads;
    if (options.judge_games > 0) {
        out.judged_at = options.judging_level_text();
        plan.keep = [&](const std::vector<int>& fitted, const std::vector<int>& before) {
            if (progress)
                progress({Progress::Phase::judging, static_cast<int>(out.judged.size()),
                          static_cast<int>(plan.stage_ends.size())});
            const auto score =
                score_by_play(game, options, fitted, before, options.judge_games, stop);
            if (!score) return false;
            const bool kept = *score >= 1.0 / players_of(game);
            out.judged.push_back({*score, kept});
            return kept;
        };
    }
    const Fit fit = fit_weights(
        derived.weights(), train, check, plan,
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
    std::string out = text;
    if (!outcome.judged.empty()) {
        out += "; stages by play at " + outcome.judged_at + ":";
        for (const Outcome::Judged& stage : outcome.judged) {
            std::snprintf(text, sizeof text, " %.3f %s", stage.score,
                          stage.kept ? "kept" : "undone");
            out += text;
        }
    }
    return out;
}

}  // namespace vari::tune
