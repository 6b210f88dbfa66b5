// A match's arithmetic: Elo with its interval as cutechess computes it, the SPRT's
// log-likelihood ratio and bounds, and the texts of time controls and SPRT parameters.
#include <catch2/catch.hpp>
#include <cmath>

#include "tools/match/match.hpp"

namespace vari::match_stats_tests {
namespace {

match::Stats counts(int wins, int draws, int losses) {
    match::Stats stats;
    stats.wins = wins;
    stats.draws = draws;
    stats.losses = losses;
    return stats;
}

TEST_CASE("the Elo difference and its 95% interval are cutechess's for given counts",
          "[match][stats]") {
    // Computed apart from vari, by cutechess's formulas (elo.cpp) in Python.
    auto [wins, draws, losses, difference, margin, los] =
        GENERATE(table<int, int, int, double, double, double>({
            {60, 20, 20, 147.190714, 66.013381, 99.999613},
            {55, 25, 20, 126.968165, 62.378759, 99.997344},
            {10, 80, 10, 0.0, 30.531864, 50.0},
            {1200, 1500, 1100, 9.145153, 8.596938, 98.147189},
        }));
    INFO(wins << " - " << losses << " - " << draws);
    const match::Elo elo = match::elo_of(counts(wins, draws, losses));
    CHECK(elo.difference == Approx(difference).margin(1e-5));
    CHECK(elo.margin == Approx(margin).epsilon(1e-6));
    CHECK(elo.los == Approx(los).epsilon(1e-6));
    CHECK(elo.draw_ratio == Approx(100.0 * draws / (wins + draws + losses)));
}

TEST_CASE("a score of all wins has an unbounded Elo difference", "[match][stats]") {
    const match::Elo elo = match::elo_of(counts(10, 0, 0));
    CHECK(std::isinf(elo.difference));
    CHECK(std::isinf(elo.margin));
    CHECK(elo.los > 99.9);
}

TEST_CASE("the SPRT's log-likelihood ratio and bounds are the generalised SPRT's",
          "[match][stats]") {
    // Computed apart from vari, by the maximum-likelihood distributions fastchess uses
    // (model=logistic, counts of 0 as 0.001), in Python.
    auto [wins, draws, losses, elo1, llr] = GENERATE(table<int, int, int, double, double>({
        {60, 20, 20, 5, 0.707247},
        {60, 20, 20, 10, 1.389822},
        {10, 80, 10, 5, -0.051689},
        {1200, 1500, 1100, 5, 1.727828},
        {1200, 1500, 1100, 10, 2.155600},
        {20, 0, 0, 5, 0.285752},
        {0, 0, 20, 5, -0.289894},
    }));
    match::Sprt sprt;
    sprt.elo1 = elo1;
    INFO(wins << " - " << losses << " - " << draws << ", elo1 " << elo1);
    CHECK(match::sprt_llr(counts(wins, draws, losses), sprt) == Approx(llr).epsilon(1e-5));
    CHECK(sprt.lower_bound() == Approx(-2.944439));
    CHECK(sprt.upper_bound() == Approx(2.944439));
}

TEST_CASE("with pairs of games the SPRT weighs the pairs' points", "[match][stats]") {
    // The pairs scoring 0, 1/2, 1, 3/2 and 2 points; computed apart from vari as above.
    using Pairs = std::array<int, 5>;
    auto [pairs, elo1, llr] = GENERATE(table<Pairs, double, double>({
        {Pairs{2, 5, 20, 8, 5}, 5, 0.237427},
        {Pairs{2, 5, 20, 8, 5}, 10, 0.444788},
        {Pairs{10, 40, 150, 60, 20}, 5, 1.319333},
        {Pairs{0, 0, 0, 0, 3}, 400, 1.793587},
    }));
    match::Stats stats = counts(1, 2, 3);  // not weighed when there are pairs
    stats.pairs = pairs;
    match::Sprt sprt;
    sprt.elo1 = elo1;
    CHECK(match::sprt_llr(stats, sprt) == Approx(llr).epsilon(1e-5));
}

TEST_CASE("the SPRT accepts H1 on a run of wins and H0 on a run of losses", "[match][stats]") {
    match::Sprt sprt;
    sprt.elo1 = 400;
    CHECK(match::sprt_verdict(match::sprt_llr(counts(6, 0, 0), sprt), sprt) ==
          match::SprtVerdict::h1);
    CHECK(match::sprt_verdict(match::sprt_llr(counts(4, 0, 0), sprt), sprt) ==
          match::SprtVerdict::undecided);
    CHECK(match::sprt_verdict(match::sprt_llr(counts(0, 0, 6), sprt), sprt) ==
          match::SprtVerdict::h0);
    const match::Sprt close;  // 0 against 5: a dozen even games decide nothing
    CHECK(match::sprt_verdict(match::sprt_llr(counts(5, 2, 5), close), close) ==
          match::SprtVerdict::undecided);
}

TEST_CASE("SPRT parameters are read with defaults and refused when they cannot hold",
          "[match][stats]") {
    std::string error;
    const auto sprt = match::parse_sprt("elo0=-2,elo1=3.5,alpha=0.1", error);
    REQUIRE(sprt);
    CHECK(sprt->elo0 == -2);
    CHECK(sprt->elo1 == 3.5);
    CHECK(sprt->alpha == 0.1);
    CHECK(sprt->beta == 0.05);
    auto [text, message] = GENERATE(table<std::string, std::string>({
        {"elo0=5,elo1=5", "elo0 must be less than elo1"},
        {"alpha=1.5", "alpha and beta must lie between 0 and 1"},
        {"alpha=0.6,beta=0.5", "alpha and beta must sum to less than 1"},
        {"elo2=4",
         "expected elo0=N, elo1=N, alpha=P or beta=P separated by commas, found 'elo2=4'"},
        {"elo1=x", "the value of elo1 is not a number"},
    }));
    error.clear();
    CHECK_FALSE(match::parse_sprt(text, error));
    CHECK(error == message);
}

TEST_CASE("time controls read as cutechess writes them", "[match][time]") {
    auto [text, moves, base, increment] = GENERATE(table<std::string, int, long, long>({
        {"40/60+0.6", 40, 60'000, 600},
        {"10+0.1", 0, 10'000, 100},
        {"1:30+1", 0, 90'000, 1'000},
        {"0.5", 0, 500, 0},
    }));
    std::string error;
    const auto tc = match::parse_time_control(text, error);
    REQUIRE(tc);
    CHECK(tc->moves == moves);
    CHECK(tc->base_ms == base);
    CHECK(tc->increment_ms == increment);
    for (const char* bad : {"", "x", "0/10", "10+", "0", "1:x", "-5"}) {
        INFO(bad);
        CHECK_FALSE(match::parse_time_control(bad, error));
    }
}

}  // namespace
}  // namespace vari::match_stats_tests
