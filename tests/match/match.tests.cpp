// Matches: the schedule pairs openings and alternates colours, results depend on the seed and not
// the concurrency, a failing player loses with its reason and the match goes on, adjudication
// and the SPRT end games and matches, records read back, bad openings are located, and a
// three-player game's match runs. `vari match` itself is run as a user runs it.
#include "tools/match/match.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <thread>

#include "match/match_support.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"

namespace vari::match_match_tests {
namespace {

// A stand-in for an external engine: random moves with a fixed score, or one way of failing.
enum class Fault { none, crash, illegal, slow, no_start, throws };

class TestPlayer final : public match::Player {
public:
    TestPlayer(Fault fault, std::optional<int> score) : fault_(fault), score_(score) {}

    bool start_game(const runtime::Game& game, int, std::uint64_t seed,
                    std::string& error) override {
        rng_.seed(seed);
        told_ = game.ply();
        error = "no such variant";
        return fault_ != Fault::no_start;
    }
    void moved(const runtime::Game& game) override { told_ = game.ply(); }

    match::Choice choose(const runtime::Game& game, const match::Budget&) override {
        REQUIRE(told_ == game.ply());  // told of every move before being asked
        match::Choice choice;
        if (fault_ == Fault::crash) choice.failure = "the engine exited";
        if (fault_ == Fault::throws) throw std::runtime_error("a bug in the player");
        if (fault_ == Fault::illegal) choice.text = "e2e5";
        if (fault_ == Fault::slow) std::this_thread::sleep_for(std::chrono::milliseconds(40));
        if (fault_ == Fault::none || fault_ == Fault::slow)
            choice.move = runtime::random_move(game, rng_);
        choice.score = score_;
        return choice;
    }

private:
    Fault fault_;
    std::optional<int> score_;
    std::mt19937_64 rng_;
    int told_ = 0;
};

match::Entrant test_entrant(const std::string& name, Fault fault,
                            std::optional<int> score = std::nullopt) {
    match::Entrant entrant;
    entrant.name = name;
    entrant.make = [fault, score](const CompiledGame&) -> std::unique_ptr<match::Player> {
        return std::make_unique<TestPlayer>(fault, score);
    };
    return entrant;
}

using test::options_of;
using test::play;
using test::vari_entrant;

// The record read back, which must succeed.
std::unique_ptr<runtime::Game> read_back(const CompiledGame& game, const std::string& text) {
    runtime::Record record;
    const auto error = runtime::read_record(game, text, "record", record);
    INFO(text);
    REQUIRE_FALSE(error);
    return std::move(record.game);
}

TEST_CASE("colours alternate and each opening is played from both sides", "[match]") {
    for (int i = 0; i < 6; ++i) {
        const match::GameSetup setup = match::schedule(i, 2, 7);
        const match::GameSetup partner = match::schedule(i ^ 1, 2, 7);
        INFO("game " << i);
        CHECK(setup.opening == i / 2);
        CHECK(setup.opening_seed == partner.opening_seed);
        CHECK(setup.entrant_at_seat == (i % 2 ? std::vector<int>{1, 0} : std::vector<int>{0, 1}));
    }
    CHECK(match::schedule(0, 2, 7).opening_seed != match::schedule(2, 2, 7).opening_seed);
    CHECK(match::schedule(4, 3, 7).entrant_at_seat == std::vector<int>{2, 0, 1});

    const auto game = test::load_shipped("minishogi");
    auto options = options_of({vari_entrant("ai:1"), vari_entrant("random")}, 4);
    match::MatchReport report;
    const auto games = play(*game, options, report);
    REQUIRE(games.size() == 4);
    for (int pair = 0; pair < 2; ++pair) {
        const auto first = read_back(*game, games[2 * pair].record);
        const auto second = read_back(*game, games[2 * pair + 1].record);
        for (int ply = 0; ply < options.random_plies; ++ply)
            CHECK(first->move_at(ply) == second->move_at(ply));
        CHECK(games[2 * pair].record.find("[Black \"ai:1\"]") != std::string::npos);
        CHECK(games[2 * pair + 1].record.find("[White \"ai:1\"]") != std::string::npos);
    }
    CHECK(report.stats.games() == 4);
    CHECK(report.stats.pairs[0] + report.stats.pairs[1] + report.stats.pairs[2] +
              report.stats.pairs[3] + report.stats.pairs[4] ==
          2);
}

TEST_CASE("a match is the same for a seed at any concurrency", "[match]") {
    const auto game = test::load_shipped("minishogi");
    auto options = options_of({vari_entrant("ai:2"), vari_entrant("ai:1")}, 6);
    options.seed = 11;
    match::MatchReport one, two;
    const auto alone = play(*game, options, one);
    options.concurrency = 2;
    const auto together = play(*game, options, two);
    REQUIRE(alone.size() == together.size());
    for (std::size_t i = 0; i < alone.size(); ++i) {
        INFO("game " << i);
        CHECK(alone[i].record == together[i].record);
    }
    CHECK(one.stats.wins == two.stats.wins);
    CHECK(one.stats.losses == two.stats.losses);
    CHECK(one.scores[0].points == two.scores[0].points);
}

TEST_CASE("a player that fails loses the game with the reason, and the match goes on", "[match]") {
    const auto game = test::load_shipped("chess");
    auto [fault, termination, words] = GENERATE(table<Fault, match::Termination, std::string>({
        {Fault::crash, match::Termination::player_failure, "the engine exited"},
        {Fault::illegal, match::Termination::illegal_move, "'e2e5'"},
        {Fault::no_start, match::Termination::player_failure,
         "it could not start the game: no such variant"},
        {Fault::throws, match::Termination::player_failure, "a bug in the player"},
    }));
    auto options = options_of({test_entrant("faulty", fault), vari_entrant("random")}, 4);
    match::MatchReport report;
    const auto games = play(*game, options, report);
    REQUIRE(games.size() == 4);
    for (const auto& outcome : games) {
        INFO(outcome.summary);
        CHECK(outcome.termination == termination);
        CHECK(outcome.summary.find(words) != std::string::npos);
        const auto replayed = read_back(*game, outcome.record);
        CHECK(replayed->ply() == outcome.plies);
        CHECK(outcome.record.find(std::string("[Termination \"") +
                                  match::termination_name(termination)) != std::string::npos);
    }
    CHECK(report.stats.losses == 4);
    CHECK(report.scores[1].points == 4);
}

TEST_CASE("a player past its clock loses on time", "[match]") {
    const auto game = test::load_shipped("chess");
    auto options = options_of({test_entrant("slow", Fault::slow), vari_entrant("random")}, 2);
    std::string error;
    options.limits.time_control = match::parse_time_control("0.1", error);
    match::MatchReport report;
    const auto games = play(*game, options, report);
    for (const auto& outcome : games) {
        INFO(outcome.summary);
        CHECK(outcome.termination == match::Termination::time_forfeit);
        CHECK(outcome.summary.find("loses on time") != std::string::npos);
    }
    CHECK(report.stats.losses == 2);
    CHECK(report.time_forfeits == 2);
    // The report says so, with the margin: 50 ms and a hundredth of the 100 ms clock.
    CHECK(match::match_text(game->ir(), options, report)
              .find("2 games were lost on time: a move ended past its time by more than the "
                    "margin (51 ms; --time-margin sets it)\n") != std::string::npos);
}

TEST_CASE("scores end games: a resignation, a draw, and the ply cap", "[match]") {
    const auto game = test::load_shipped("chess");
    SECTION("a player whose score stays low loses") {
        auto options = options_of(
            {test_entrant("gloomy", Fault::none, -2000), test_entrant("quiet", Fault::none)}, 2);
        options.adjudication.resign_moves = 3;
        match::MatchReport report;
        for (const auto& outcome : play(*game, options, report)) {
            CHECK(outcome.termination == match::Termination::adjudicated);
            CHECK(outcome.plies <= options.random_plies + 6);  // three moves each
        }
        CHECK(report.stats.losses == 2);
    }
    SECTION("scores near 0 for long enough draw") {
        auto options = options_of(
            {test_entrant("calm", Fault::none, 5), test_entrant("calm", Fault::none, -3)}, 2);
        options.random_plies = 0;
        options.adjudication.draw_after_plies = 10;
        options.adjudication.draw_moves = 2;
        match::MatchReport report;
        for (const auto& outcome : play(*game, options, report)) {
            CHECK(outcome.termination == match::Termination::adjudicated);
            CHECK(outcome.plies == 10);
        }
        CHECK(report.stats.draws == 2);
    }
    SECTION("a game still going at the cap is a draw") {
        auto options = options_of({vari_entrant("random"), vari_entrant("random")}, 2);
        options.adjudication.max_plies = 12;
        match::MatchReport report;
        for (const auto& outcome : play(*game, options, report)) {
            CHECK(outcome.termination == match::Termination::max_plies);
            CHECK(read_back(*game, outcome.record)->ply() == 12);
            CHECK(outcome.record.find("[Result \"1/2-1/2\"]") != std::string::npos);
        }
        REQUIRE(report.endings.size() == 1);
        CHECK(report.endings[0] == std::pair<std::string, int>("max plies", 2));
    }
}

TEST_CASE("an SPRT stops the match once a bound is crossed", "[match]") {
    const auto game = test::load_shipped("minishogi");
    auto options = options_of({vari_entrant("ai:1"), vari_entrant("random")}, 20);
    options.sprt = match::Sprt{};
    options.sprt->elo1 = 400;  // decided by five pairs: ai:1 wins every game
    options.concurrency = 2;
    match::MatchReport report;
    const auto games = play(*game, options, report);
    CHECK(report.verdict == match::SprtVerdict::h1);
    CHECK(report.played < 20);
    CHECK(report.played % 2 == 0);
    CHECK(static_cast<int>(games.size()) == report.played);
    CHECK(report.llr >= options.sprt->upper_bound());
}

TEST_CASE("a bad openings file is refused line by line", "[match][openings]") {
    const auto game = test::load_shipped("chess");
    std::vector<Diagnostic> errors;
    const std::string text =
        "# openings\n"
        "e2e4 e7e5\n"
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n"
        "\n"
        "d2d4 d7d5 e2e5\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    CHECK_FALSE(match::read_openings(*game, text, "openings.txt", errors));
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].file == "openings.txt");
    CHECK(errors[0].line == 3);
    CHECK(errors[0].column == 45);
    CHECK(errors[0].message.find("bad position string") == 0);
    CHECK(errors[1].line == 5);
    CHECK(errors[1].message.find("move 3 'e2e5'") == 0);

    errors.clear();
    const auto openings = match::read_openings(
        *game, "e2e4 e7e5\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
        "openings.txt", errors);
    REQUIRE(openings);
    CHECK(openings->size() == 2);
    CHECK((*openings)[0].moves.size() == 2);
    CHECK(notation::to_position_string(match::opening_start(*game, (*openings)[1])) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK_FALSE(match::read_openings(*game, "# nothing\n\n", "empty.txt", errors));

    errors.clear();
    CHECK_FALSE(
        match::read_openings(*game, "e2e4\n# more:\nd2d4\n  c2c4\n", "many.txt", errors, 2));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].line == 4);
    CHECK(errors[0].column == 3);
    CHECK(errors[0].message == "more than 2 openings: no match plays that many");
}

TEST_CASE("a three-player game's match gives each player every seat", "[match]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    auto options =
        options_of({vari_entrant("ai:1"), vari_entrant("random"), vari_entrant("random")}, 3);
    options.adjudication.max_plies = 30;
    match::MatchReport report;
    const auto games = play(*game, options, report);
    REQUIRE(games.size() == 3);
    double points = 0;
    for (const auto& s : report.scores) {
        CHECK(s.games == 3);
        points += s.points;
    }
    CHECK(points == Approx(3));
    CHECK(games[1].setup.entrant_at_seat == std::vector<int>{2, 0, 1});
    for (const auto& outcome : games) read_back(*game, outcome.record);
}

TEST_CASE("vari match plays, writes records and reports", "[match][commands]") {
    test::TempDir dir;
    const std::string records = (dir.path / "records").string();
    const auto run = test::run_vari(
        "match minishogi --player ai:1 --player random --games 2 "
        "--json --records " +
        records + " --pgn " + (dir.path / "all.pgn").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const auto report = nlohmann::json::parse(run.output);
    CHECK(report["games"]["played"] == 2);
    CHECK(report["players"][0]["name"] == "ai:1");
    CHECK(report["wins"].get<int>() + report["draws"].get<int>() + report["losses"].get<int>() ==
          2);
    CHECK(std::filesystem::exists(dir.path / "records" / "game-1.pgn"));
    CHECK(std::filesystem::exists(dir.path / "records" / "game-2.pgn"));
    CHECK(test::run_vari("replay " + records + "/game-2.pgn").exit_code == 0);
    CHECK(std::filesystem::file_size(dir.path / "all.pgn") > 0);
    // A second match into the same folder would overwrite the first one's records.
    const std::string first_record = dir.read("records/game-1.pgn");
    const auto again = test::run_vari(
        "match minishogi --player random --player random --games 1 --records " + records);
    CHECK(again.exit_code == 1);
    CHECK(again.output.find("holds the records of an earlier match (such as game-") !=
          std::string::npos);
    CHECK(dir.read("records/game-1.pgn") == first_record);

    dir.write("openings.txt", "e2e4\nz9z9\n");
    const auto bad = test::run_vari("match chess --player random --player random --openings " +
                                    (dir.path / "openings.txt").string());
    CHECK(bad.exit_code == 1);
    CHECK(bad.output.find("openings.txt:2:1: error: move 1 'z9z9'") != std::string::npos);

    const auto wrong = test::run_vari("match chess --player ai:1");
    CHECK(wrong.exit_code == 2);
    CHECK(wrong.output.find("give one --player for each") != std::string::npos);
}

}  // namespace
}  // namespace vari::match_match_tests
