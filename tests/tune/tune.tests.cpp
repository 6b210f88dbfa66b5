// Tuning: the same weights for a seed on any number of threads, a stopped run resumed to the same
// weights, and a journal of another run refused.
#include "runtime/tune/tune.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <random>

#include "runtime/tune/fit.hpp"
#include "runtime/tune/judge.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"

namespace vari::tune_tests {
namespace {

tune::Options small_run(int threads) {
    tune::Options options;
    options.games = 8;
    options.level_text = "ai:nodes=150";
    std::string error;
    options.level = *search::parse_level(":nodes=150", error);
    options.random_plies = 4;
    options.max_plies = 100;
    options.seed = 5;
    options.threads = threads;
    return options;
}

}  // namespace

TEST_CASE("tuning learns the same weights for a seed on one thread or two", "[tune]") {
    const auto game = test::load_shipped("minishogi");
    const tune::Outcome one = tune::tune(*game, small_run(1));
    REQUIRE(one.error.empty());
    REQUIRE(one.positions > 30);
    CHECK(one.loss_after <= one.loss_before);
    const tune::Outcome two = tune::tune(*game, small_run(2));
    CHECK(two.weights == one.weights);
    CHECK(two.positions == one.positions);
}

TEST_CASE("fitted weights are judged by play against those before them", "[tune]") {
    const auto game = test::load_shipped("minishogi");
    const tune::Options options = small_run(2);
    const search::Evaluation derived(*game, false);
    const std::vector<int>& even = derived.weights();
    // The same weights in every seat: each opening's games mirror each other, and score even.
    CHECK(tune::score_by_play(*game, options, even, even, 4, {}) == 0.5);
    // Taking its Rook and Bishop for a burden, the candidate gives them away.
    std::vector<int> blind = even;
    for (const char* name : {"Rook", "Bishop"})
        blind[static_cast<std::size_t>(derived.layout().board(test::type_named(*game, name)))] =
            -2000;
    const auto blind_score = tune::score_by_play(*game, options, blind, even, 8, {});
    REQUIRE(blind_score);
    CHECK(*blind_score < 0.5);
    CHECK(tune::score_by_play(*game, small_run(1), blind, even, 8, {}) == blind_score);

    // In a tuning run, each stage that gained on the held-out positions is judged so, at the
    // level asked for.
    tune::Options judged = small_run(1);
    judged.games = 20;
    judged.judge_games = 4;
    std::string error;
    judged.judge_level = *search::parse_level(":nodes=100", error);
    judged.judge_level_text = "ai:nodes=100";
    const tune::Outcome one = tune::tune(*game, judged);
    REQUIRE(one.error.empty());
    CHECK_FALSE(one.judged.empty());
    CHECK_THAT(tune::summary(one), Catch::Contains("stages by play at ai:nodes=100:"));
}

TEST_CASE("vari tune refuses levels a seed cannot replay as usage errors", "[tune][commands]") {
    for (const char* option : {"--level", "--judge-level", "--score-level"}) {
        INFO(option);
        const auto timed = test::run_vari(std::string("tune minishogi ") + option + " ai:time=10");
        CHECK(timed.exit_code == 2);
        CHECK_THAT(timed.output, Catch::Contains("counting plies or nodes"));
        const auto bad = test::run_vari(std::string("tune minishogi ") + option + " ai:nodes=x");
        CHECK(bad.exit_code == 2);
        CHECK_THAT(bad.output, Catch::Contains(option));
    }
}

TEST_CASE("positions searched again teach the same weights on one thread or two", "[tune]") {
    const auto game = test::load_shipped("minishogi");
    tune::Options options = small_run(1);
    options.games = 20;  // two held out, for the fit to be judged on
    std::string error;
    options.score_level = *search::parse_level(":depth=1", error);
    options.score_level_text = "ai:depth=1";
    options.score_share = 0.75;
    int searched = 0;
    const auto progress = [&](const tune::Progress& p) {
        if (p.phase == tune::Progress::Phase::searching) searched = p.done;
    };
    const tune::Outcome one = tune::tune(*game, options, progress);
    REQUIRE(one.error.empty());
    CHECK(searched == one.games);
    options.threads = 2;
    const tune::Outcome two = tune::tune(*game, options);
    CHECK(two.weights == one.weights);
    CHECK(two.positions == one.positions);
    // The scores are learned from: the weights are not those the results alone teach.
    tune::Options results_alone = small_run(1);
    results_alone.games = options.games;
    CHECK(one.weights != tune::tune(*game, results_alone).weights);
}

TEST_CASE("a blended target is the result and the score's prediction in their shares", "[tune]") {
    const auto game = test::load_shipped("chess");
    const search::Evaluation derived(*game, false);
    runtime::Game played(*game);
    std::string error;
    REQUIRE(runtime::play_moves(played, "e2e4 e7e5 g1f3", error));
    const std::vector<Move> moves = {played.move_at(0), played.move_at(1), played.move_at(2)};
    tune::Samples samples(2);
    samples.add_game(*game, derived, moves, {1.0, 0.0}, 0);  // White won
    REQUIRE(samples.size() == 3);
    for (int i = 0; i < samples.size(); ++i) samples.set_searched(i, 100 * (i + 1));
    samples.blend(0.25, [](int score) { return score / 1000.0; });
    // White to move at plies 0 and 2, Black at ply 1.
    CHECK(samples.target(0) == Approx(0.75 * 1 + 0.25 * 0.1));
    CHECK(samples.target(1) == Approx(0.75 * 0 + 0.25 * 0.2));
    CHECK(samples.target(2) == Approx(0.75 * 1 + 0.25 * 0.3));
    CHECK(samples.ply(2) == 2);
}

TEST_CASE("a stopped tuning run resumes from its journal to the same weights", "[tune]") {
    const auto game = test::load_shipped("minishogi");
    test::TempDir dir;
    tune::Options options = small_run(1);
    options.journal = (dir.path / "w.games").string();
    int played = 0;
    const auto progress = [&](const tune::Progress& p) {
        if (p.phase == tune::Progress::Phase::playing) played = p.done;
    };
    const tune::Outcome stopped = tune::tune(*game, options, progress, [&] { return played >= 3; });
    CHECK(stopped.cut_short);
    CHECK(stopped.weights.empty());
    const tune::Outcome resumed = tune::tune(*game, options);
    CHECK(resumed.resumed == 3);
    options.journal.clear();
    CHECK(resumed.weights == tune::tune(*game, options).weights);

    // A journal of another run (another seed) is not mixed in.
    options.journal = (dir.path / "w.games").string();
    options.seed = 6;
    const tune::Outcome other = tune::tune(*game, options);
    CHECK_THAT(other.error, Catch::Contains("written by another run"));
}

namespace {

// Samples of 40 random games of chess, each position scored by `odds`, the share its player to
// move is taken to go on to score; one game in five held out.
void random_samples(const CompiledGame& game, const search::Evaluation& derived,
                    const std::function<double(const Position&, int side)>& odds,
                    tune::Samples& train, tune::Samples& check) {
    std::mt19937_64 rng(3);
    for (int g = 0; g < 40; ++g) {
        runtime::Game played(game);
        std::vector<Move> moves;
        for (int ply = 0; ply < 50 && !played.result(); ++ply) {
            moves.push_back(runtime::random_move(played, rng));
            played.play(moves.back());
        }
        Position pos(game);
        for (std::size_t ply = 0; ply + 1 < moves.size(); ++ply) {
            // The position before moves[ply]: the one add_game keeps of `line` (when quiet).
            const std::vector<Move> line(moves.begin(), moves.begin() + ply + 1);
            const int side = pos.side_to_move();
            const double won = odds(pos, side);
            Undo undo;
            pos.do_move(moves[ply], undo);
            std::vector<double> scores(2);
            scores[static_cast<std::size_t>(side)] = won;
            scores[static_cast<std::size_t>(1 - side)] = 1 - won;
            (g % 5 == 4 ? check : train)
                .add_game(game, derived, line, scores, static_cast<int>(ply));
        }
    }
}

double logistic(double evaluation) { return 1 / (1 + std::exp(-0.004 * evaluation)); }

// Where the per-cell terms begin.
std::size_t cells_of(const search::Evaluation& e) {
    return static_cast<std::size_t>(e.layout().cell(0, 0, 0));
}

// The stages `vari tune` fits in: piece worth, the other per-type terms, the cells.
tune::FitPlan stages_of(const search::Evaluation& e) {
    tune::FitPlan plan;
    plan.stage_ends = {static_cast<std::size_t>(e.layout().mobility(0)), cells_of(e),
                       static_cast<std::size_t>(e.layout().size())};
    return plan;
}

}  // namespace

TEST_CASE("the fit finds a piece's worth that the results were made from", "[tune]") {
    // Results drawn from an evaluation where the Knight is worth 250 centipawns more than the
    // derived value: the fit, started from the derived weights, moves the Knight most of the way.
    const auto game = test::load_shipped("chess");
    const search::Evaluation derived(*game, false);
    const int knight = derived.layout().board(test::type_named(*game, "Knight"));
    std::vector<int> truth = derived.weights();
    truth[static_cast<std::size_t>(knight)] += 250;
    const search::Evaluation true_evaluation(*game, truth);
    tune::Samples train(2), check(2);
    random_samples(
        *game, derived,
        [&](const Position& pos, int side) {
            return logistic(true_evaluation.evaluate(pos, side));
        },
        train, check);
    const tune::Fit fit =
        tune::fit_weights(derived.weights(), train, check, stages_of(derived), {}, {});
    // A Knight's worth is its board weight and, on average, its cells' (they overlap).
    const auto worth = [&](const std::vector<int>& w) {
        double sum = 0;
        const search::TermLayout& l = derived.layout();
        for (int p = 0; p < l.players; ++p)
            for (int c = 0; c < l.cells; ++c)
                sum += w[static_cast<std::size_t>(l.cell(p, test::type_named(*game, "Knight"), c))];
        return w[static_cast<std::size_t>(knight)] + sum / (l.players * l.cells);
    };
    INFO("Knight " << worth(derived.weights()) << " -> " << worth(fit.weights));
    CHECK(worth(fit.weights) > worth(derived.weights()) + 125);
    CHECK(fit.loss_after < fit.loss_before);
    // The Knight's board weight takes the gain, fitted before the cells: they, which the results
    // were not made from, stay near where they started.
    CHECK(fit.weights[static_cast<std::size_t>(knight)] > derived.weights()[knight] + 125);
    double moved = 0;
    const std::size_t first = cells_of(derived);
    for (std::size_t j = first; j < fit.weights.size(); ++j)
        moved += std::abs(fit.weights[j] - derived.weights()[j]);
    INFO("mean move of a cell " << moved / static_cast<double>(fit.weights.size() - first));
    CHECK(moved / static_cast<double>(fit.weights.size() - first) < 3);
}

TEST_CASE("an advantage of one player whatever the position is not learned into its pieces",
          "[tune]") {
    // Results drawn from the derived evaluation with White 300 centipawns ahead in every position
    // (as one army may be over another): the per-player bias the fit keeps takes it, and White's
    // own terms (the cells of its pieces) are left as they were.
    const auto game = test::load_shipped("chess");
    const search::Evaluation derived(*game, false);
    tune::Samples train(2), check(2);
    random_samples(
        *game, derived,
        [&](const Position& pos, int side) {
            return logistic(derived.evaluate(pos, side) + (side == 0 ? 300 : -300));
        },
        train, check);
    const tune::Fit fit =
        tune::fit_weights(derived.weights(), train, check, stages_of(derived), {}, {});
    const search::Evaluation fitted(*game, fit.weights);
    const Position start(*game);
    INFO("White at the start: " << derived.evaluate(start, 0) << " -> "
                                << fitted.evaluate(start, 0));
    CHECK(std::abs(fitted.evaluate(start, 0) - derived.evaluate(start, 0)) < 30);
}

}  // namespace vari::tune_tests
