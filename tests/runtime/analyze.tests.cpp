// Analysing a design: the figures add up, depend on the seed alone (not the thread count), work
// for three players and capture sequences; `vari analyze` refuses bad seats and prints JSON.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_analyze_tests {
namespace {

runtime::AnalysisOptions seats_of(const CompiledGame& game, const std::string& spec, int games) {
    runtime::AnalysisOptions options;
    options.games = games;
    std::string error;
    const auto seat = runtime::parse_seat(spec, error);
    REQUIRE(seat);
    options.seats.assign(game.ir().players.size(), *seat);
    return options;
}

// Every figure of `a` as text, to compare two analyses whole.
std::string figures(const runtime::Analysis& a) {
    std::ostringstream out;
    out.precision(17);
    out << a.games << ' ' << a.finished << ' ' << a.unfinished << ' ' << a.stopped << ' ' << a.draws
        << ' ' << a.decisive << ' ' << a.mean_plies << ' ' << a.median_plies << ' ' << a.branching
        << '\n';
    for (std::size_t p = 0; p < a.score_sums.size(); ++p)
        out << a.score_sums[p] << ' ' << a.score_means[p] << ' ' << a.score_margins[p] << '\n';
    for (const auto& [reason, games] : a.endings) out << reason << ' ' << games << '\n';
    for (const auto& b : a.lengths) out << b.from << '-' << b.to << ' ' << b.games << '\n';
    for (const auto& p : a.pieces)
        out << p.moves << ' ' << p.drops << ' ' << p.captures << ' ' << p.captured << ' '
            << p.promotions << '\n';
    return out.str();
}

// What holds for every analysis: the counts add up.
void check_sums(const runtime::Analysis& a) {
    CHECK(a.finished + a.unfinished + a.stopped == a.games);
    CHECK(a.draws + a.decisive == a.finished);
    int ended = 0;
    for (const auto& [reason, games] : a.endings) ended += games;
    CHECK(ended == a.games);
    int lengths = 0;
    for (const auto& b : a.lengths) lengths += b.games;
    CHECK(lengths == a.finished);
    std::uint64_t captures = 0, captured = 0;
    for (const auto& p : a.pieces) {
        captures += p.captures;
        captured += p.captured;
    }
    CHECK(captures == captured);
}

}  // namespace

TEST_CASE("an analysis is the same for a seed on one thread or several", "[runtime][analyze]") {
    const auto game = test::load_shipped("minishogi");
    auto options = seats_of(*game, "random", 12);
    const auto one = runtime::analyze(*game, options);
    options.threads = 3;
    int calls = 0;
    const auto three = runtime::analyze(*game, options, [&](int done) { CHECK(done == ++calls); });
    CHECK(calls == 12);
    CHECK(figures(one) == figures(three));
    check_sums(one);
    // Two-player scores of finished games share one point a game.
    CHECK(one.score_sums[0] + one.score_sums[1] == Approx(one.finished));
    CHECK(one.branching > 1);
    options.seed = 2;
    CHECK(figures(runtime::analyze(*game, options)) != figures(one));
}

TEST_CASE("an analysis with an AI seat is the same on one thread or two", "[runtime][analyze]") {
    const auto game = test::load_shipped("minishogi");
    auto options = seats_of(*game, "random", 3);
    std::string error;
    options.seats[0] = *runtime::parse_seat("ai:nodes=200", error);
    options.max_plies = 60;
    const auto one = runtime::analyze(*game, options);
    options.threads = 2;
    CHECK(figures(one) == figures(runtime::analyze(*game, options)));
    check_sums(one);
}

TEST_CASE("an analysis counts the pieces capture sequences take", "[runtime][analyze]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    const auto a = runtime::analyze(*game, seats_of(*game, "random", 6));
    check_sums(a);
    const auto captured = std::accumulate(a.pieces.begin(), a.pieces.end(), std::uint64_t{0},
                                          [](auto sum, const auto& p) { return sum + p.captured; });
    CHECK(captured > 0);
}

TEST_CASE("three players are analysed with random seats", "[runtime][analyze]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    auto options = seats_of(*game, "random", 2);
    options.max_plies = 300;
    const auto a = runtime::analyze(*game, options);
    REQUIRE(a.score_sums.size() == 3);
    check_sums(a);
    CHECK(a.stopped == 0);
    CHECK(a.score_sums[0] + a.score_sums[1] + a.score_sums[2] == Approx(a.finished));
}

TEST_CASE("games a failing hook stops are counted apart, with the reason",
          "[runtime][analyze][hooks]") {
    const auto game = test::load_text(R"(
game "Failing hook"
players White Black
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal }
setup White { King a1  Rook b1 }
setup Black { King d4  Rook c4 }
end checkmate win
end stalemate draw
hooks """
return {
  after_move = function(game)
    if game.ply == 3 then error("broken at ply 3") end
  end,
}
"""
)");
    for (const std::string seat : {"random", "ai:nodes=50"}) {
        auto options = seats_of(*game, seat, 4);
        options.random_plies = 0;
        const auto a = runtime::analyze(*game, options);
        INFO(seat);
        check_sums(a);
        CHECK(a.stopped + a.finished == 4);  // a game may end before its third ply
        REQUIRE(a.stopped > 0);
        REQUIRE(a.stops.size() == 1);
        CHECK(a.stops[0].first.find("broken at ply 3") != std::string::npos);
        CHECK(a.endings.back() == std::pair<std::string, int>("stopped", a.stopped));
    }
    auto options = seats_of(*game, "random", 3);
    options.hooks = runtime::HookUse::off;
    CHECK(runtime::analyze(*game, options).stopped == 0);
}

TEST_CASE("seats are read as human, random, ai or ai:LEVEL", "[runtime][analyze]") {
    std::string error;
    CHECK_FALSE(runtime::parse_seat("random", error)->level);
    CHECK(runtime::parse_seat("ai:3", error)->level);
    CHECK(runtime::parse_seat("ai", error)->level);
    CHECK(runtime::parse_seat("human", error)->person());
    constexpr auto computers = runtime::SeatsAllowed::computers;
    CHECK_FALSE(runtime::parse_seat("human", error, computers));
    CHECK(error ==
          "expected random, ai or ai:LEVEL (ai:3, ai:depth=2, ai:time=500, ai:nodes=5000)");
    CHECK_FALSE(runtime::parse_seat("bot", error));
    CHECK(error ==
          "expected human, random, ai or ai:LEVEL (ai:3, ai:depth=2, ai:time=500, ai:nodes=5000)");
    CHECK_FALSE(runtime::parse_seat("ai:11", error));
    CHECK(error == "the level '11' is not one of 1 to 10");
}

TEST_CASE("vari analyze refuses bad seats and thread counts as usage errors",
          "[runtime][analyze][commands]") {
    const auto nonsense = test::run_vari("analyze minishogi --players nonsense");
    CHECK(nonsense.exit_code == 2);
    CHECK(nonsense.output.find("--players: 'nonsense': expected random, ai or ai:LEVEL") !=
          std::string::npos);
    const auto three = test::run_vari("analyze chess --players random,random,ai");
    CHECK(three.exit_code == 2);
    CHECK(three.output.find("--players gives 3 seats; Chess has 2 players (White, Black)") !=
          std::string::npos);
    CHECK(test::run_vari("analyze minishogi --threads 0").exit_code == 2);
    CHECK(test::run_vari("analyze minishogi --threads 100000").exit_code == 2);
    CHECK(test::run_vari("analyze minishogi --games 0").exit_code == 2);
}

TEST_CASE("vari analyze --json prints one object, the same on any number of threads",
          "[runtime][analyze][commands]") {
    const std::string args = "analyze minishogi --players random --games 8 --seed 5 --json";
    const auto one = test::run_vari(args);
    REQUIRE(one.exit_code == 0);
    CHECK(test::run_vari(args + " --threads 2").output == one.output);
    const auto json = nlohmann::json::parse(one.output);
    CHECK(json["games"] == 8);
    CHECK(json["seats"].size() == 2);
    CHECK(json["seats"][0]["spec"] == "random");
    int ended = 0;
    for (const auto& e : json["endings"]) ended += e["games"].get<int>();
    CHECK(ended == 8);
    const auto text = test::run_vari("analyze minishogi --players random --games 4");
    CHECK(text.exit_code == 0);
    CHECK(text.output.find("95% interval") != std::string::npos);
}

}  // namespace vari::runtime_analyze_tests
