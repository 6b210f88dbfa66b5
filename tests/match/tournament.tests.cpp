// Tournaments: a round robin pairs every combination of players and a gauntlet the first with the
// others, seats alternating within each pairing over the same openings; standings rank the
// players and sum to the games played; the results do not depend on the concurrency; and
// `vari match` runs them, with records by round, and refuses what a tournament cannot do.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "match/match_support.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"
#include "tools/match/match.hpp"

namespace vari::match_tournament_tests {
namespace {

using Pairings = std::vector<std::vector<int>>;

match::Tournament tournament(match::Format format, int entrants, int seats, int games,
                             int rounds = 1) {
    std::string error;
    auto made = match::tournament_of(format, entrants, seats, games, rounds, error);
    INFO(error);
    REQUIRE(made);
    return *made;
}

TEST_CASE("a round robin pairs every combination of players, a gauntlet the first with the others",
          "[match][tournament]") {
    using F = match::Format;
    CHECK(tournament(F::round_robin, 3, 2, 2).pairings == Pairings{{0, 1}, {0, 2}, {1, 2}});
    CHECK(tournament(F::round_robin, 4, 3, 3).pairings ==
          Pairings{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}});
    CHECK(tournament(F::gauntlet, 4, 2, 2).pairings == Pairings{{0, 1}, {0, 2}, {0, 3}});
    CHECK(tournament(F::gauntlet, 4, 3, 3).pairings == Pairings{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}});
    CHECK(tournament(F::match, 2, 2, 6).pairings == Pairings{{0, 1}});
    CHECK(tournament(F::round_robin, 5, 2, 4, 3).size() == 10 * 4 * 3);
}

TEST_CASE("each pairing plays its games as a match of its own, over the same openings",
          "[match][tournament]") {
    const match::Tournament rr = tournament(match::Format::round_robin, 3, 2, 2, 2);
    REQUIRE(rr.size() == 12);
    for (int i = 0; i < rr.size(); ++i) {
        const match::GameSetup setup = rr.game(i, 7);
        const match::GameSetup alone = match::schedule(setup.game, 2, 7);
        const std::vector<int>& pairing = rr.pairings[static_cast<std::size_t>(setup.pairing)];
        INFO("game " << i);
        CHECK(setup.index == i);
        CHECK(setup.round == i / 6);
        CHECK(setup.in_round == i % 6);
        CHECK(setup.pairing == i % 6 / 2);
        CHECK(setup.game == i / 6 * 2 + i % 2);  // rounds go on with the pairing's games
        // Seated, opened and colours alternating as game `game` of a match between the pair.
        CHECK(setup.opening == alone.opening);
        CHECK(setup.opening_seed == alone.opening_seed);
        CHECK(setup.entrant_at_seat ==
              std::vector<int>{pairing[static_cast<std::size_t>(alone.entrant_at_seat[0])],
                               pairing[static_cast<std::size_t>(alone.entrant_at_seat[1])]});
    }
    // No two games seed their players alike, though pairings share openings.
    std::set<std::uint64_t> seeds;
    for (int i = 0; i < rr.size(); ++i)
        for (const std::uint64_t seed : rr.game(i, 7).seed_at_seat) seeds.insert(seed);
    CHECK(seeds.size() == 24);
    // A match is the tournament of its one pairing: today's schedule, game for game.
    const match::Tournament one = tournament(match::Format::match, 2, 2, 6);
    for (int i = 0; i < 6; ++i) {
        CHECK(one.game(i, 7).entrant_at_seat == match::schedule(i, 2, 7).entrant_at_seat);
        CHECK(one.game(i, 7).seed_at_seat == match::schedule(i, 2, 7).seed_at_seat);
    }
}

TEST_CASE("a tournament that cannot be played is refused with the reason", "[match][tournament]") {
    using F = match::Format;
    auto [format, entrants, seats, games, message] = GENERATE(table<F, int, int, int, std::string>({
        {F::match, 3, 2, 2,
         "a match needs one player for each seat: 3 players for a game of 2 seats"},
        {F::round_robin, 2, 3, 2,
         "a round-robin needs as many players as seats or more: 2 players for a game of 3 "
         "seats"},
        {F::round_robin, 2000, 2, 2, "it would play more than 1000000 games"},
        {F::gauntlet, 3, 2, 600'000, "it would play more than 1000000 games"},
        {F::match, 2, 2, 0, "games and rounds must be 1 or more"},
    }));
    std::string error;
    CHECK_FALSE(match::tournament_of(format, entrants, seats, games, 1, error));
    CHECK(error == message);
}

TEST_CASE("standings rank by score and share a rank on a tie, listed by points",
          "[match][tournament]") {
    match::MatchReport report;
    report.pairings.resize(1);
    report.pairings[0].entrants = {0, 1};
    const auto score = [](int wins, int draws, int losses) {
        match::EntrantScore s;
        s.wins = wins;
        s.draws = draws;
        s.losses = losses;
        s.games = wins + draws + losses;
        s.points = wins + 0.5 * draws;
        s.mean = s.points / s.games;
        return s;
    };
    report.scores = {score(1, 2, 1), score(6, 0, 2), score(2, 0, 2), score(3, 0, 1),
                     score(0, 1, 3)};
    const std::vector<match::Standing> table = match::standings(report);
    REQUIRE(table.size() == 5);
    CHECK(table[0].entrant == 1);  // 6/8, listed before 3/4 by points, the same rank
    CHECK(table[1].entrant == 3);
    CHECK(table[2].entrant == 0);  // 2/4, the same as entrant 2: a shared rank
    CHECK(table[3].entrant == 2);
    CHECK(table[4].entrant == 4);
    CHECK(std::vector<int>{table[0].rank, table[1].rank, table[2].rank, table[3].rank,
                           table[4].rank} == std::vector<int>{1, 1, 3, 3, 5});
    match::Stats stats;
    stats.wins = 6;
    stats.losses = 2;
    REQUIRE(table[0].elo);
    CHECK(table[0].elo->difference == Approx(match::elo_of(stats).difference));
    CHECK(table[0].elo->margin == Approx(match::elo_of(stats).margin));
    report.pairings[0].entrants = {0, 1, 2};  // three seats: no Elo
    CHECK_FALSE(match::standings(report)[0].elo);
}

TEST_CASE("a round robin of three plays every pairing from both seats, the same at any concurrency",
          "[match][tournament]") {
    const auto game = test::load_shipped("minishogi");
    auto options = test::options_of(
        {test::vari_entrant("ai:1"), test::vari_entrant("ai:2"), test::vari_entrant("random")}, 2);
    options.format = match::Format::round_robin;
    options.seed = 5;
    match::MatchReport one, two;
    const auto alone = test::play(*game, options, one);
    REQUIRE(alone.size() == 6);
    const Pairings expected{{0, 1}, {0, 2}, {1, 2}};
    for (std::size_t p = 0; p < expected.size(); ++p) {
        const auto& first = alone[2 * p].setup;
        const auto& second = alone[2 * p + 1].setup;
        INFO("pairing " << p);
        CHECK(first.entrant_at_seat == expected[p]);
        CHECK(second.entrant_at_seat == std::vector<int>{expected[p][1], expected[p][0]});
        CHECK(alone[2 * p].record.find("[Round \"1." + std::to_string(2 * p + 1) + "\"]") !=
              std::string::npos);
        CHECK(one.pairings[p].entrants == expected[p]);
        CHECK(one.pairings[p].games == 2);
        CHECK(one.pairings[p].points[0] + one.pairings[p].points[1] == Approx(2));
    }
    double points = 0;
    int games = 0, wins = 0, losses = 0;
    for (const auto& s : one.scores) {
        CHECK(s.games == 4);
        points += s.points;
        games += s.games;
        wins += s.wins;
        losses += s.losses;
    }
    CHECK(points == Approx(6));
    CHECK(games == 12);
    CHECK(wins == losses);

    options.concurrency = 2;
    const auto together = test::play(*game, options, two);
    REQUIRE(together.size() == alone.size());
    for (std::size_t i = 0; i < alone.size(); ++i) {
        INFO("game " << i);
        CHECK(alone[i].record == together[i].record);
    }
    for (std::size_t e = 0; e < 3; ++e) CHECK(one.scores[e].points == two.scores[e].points);
}

TEST_CASE("vari match plays a round robin and reports standings and pairings",
          "[match][tournament][commands]") {
    test::TempDir dir;
    const auto run = test::run_vari(
        "match minishogi --player ai:1 --player ai:2 --player random --games 2 --json "
        "--records " +
        (dir.path / "records").string());
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const auto report = nlohmann::json::parse(run.output);
    CHECK(report["games"]["planned"] == 6);
    CHECK(report["tournament"]["format"] == "round-robin");
    REQUIRE(report["standings"].size() == 3);
    CHECK(report["standings"][0]["rank"] == 1);
    double points = 0;
    for (const auto& row : report["standings"]) points += row["points"].get<double>();
    CHECK(points == Approx(6));
    REQUIRE(report["pairings"].size() == 3);
    CHECK(report["pairings"][2]["players"] == std::vector<int>{1, 2});
    CHECK(std::filesystem::exists(dir.path / "records" / "game-6.pgn"));

    const auto text = test::run_vari(
        "match minishogi --player ai:1 --player random --player random --games 2 "
        "--tournament gauntlet");
    INFO(text.output);
    CHECK(text.exit_code == 0);
    CHECK(text.output.find("Gauntlet of 3 players, 2 pairings of 2 games:") != std::string::npos);
    CHECK(text.output.find("Score of ai:1 vs random #3: 2 - 0 - 0") != std::string::npos);
}

TEST_CASE("vari match refuses an SPRT in a tournament and bad tournament options",
          "[match][tournament][commands]") {
    auto [args, message] = GENERATE(table<std::string, std::string>({
        {"--player ai:1 --player ai:2 --player random --sprt elo1=5",
         "--sprt tests one player against another in a match: a round-robin of 3 players has "
         "no single pair to test"},
        {"--player ai:1 --player ai:2 --tournament gauntlet --sprt elo1=5",
         "a gauntlet of 2 players has no single pair to test"},
        {"--player ai:1 --player ai:2 --tournament swiss", "--tournament: swiss not in"},
        {"--player ai:1 --player ai:2 --player random --rounds 0", "--rounds: '0' is not"},
        {"--player ai:1 --player ai:2 --player random --games 600000",
         "it would play more than 1000000 games"},
    }));
    const auto run = test::run_vari("match minishogi " + args);
    INFO(run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.find(message) != std::string::npos);
}

}  // namespace
}  // namespace vari::match_tournament_tests
