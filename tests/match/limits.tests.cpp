// A player's own limits: each it sets replaces the match's for it alone, every move it is asked
// for comes with them and its own clock, and `vari match` attaches --player-tc, --player-movetime,
// --player-depth and --player-nodes to the --player before them, refusing bad ones by name.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "match/match_support.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "tools/match/match.hpp"

namespace vari::match_limits_tests {
namespace {

// A random mover that keeps the budget of every move it is asked for, with its seat.
struct Asked {
    int seat;
    match::Budget budget;
};
using Log = std::map<std::string, std::vector<Asked>>;

class BudgetRecorder final : public match::Player {
public:
    explicit BudgetRecorder(std::vector<Asked>& asked) : asked_(asked) {}

    bool start_game(const runtime::Game&, int seat, std::uint64_t seed, std::string&) override {
        seat_ = seat;
        rng_.seed(seed);
        return true;
    }
    match::Choice choose(const runtime::Game& game, const match::Budget& budget) override {
        asked_.push_back({seat_, budget});
        match::Choice choice;
        choice.move = runtime::random_move(game, rng_);
        return choice;
    }

private:
    std::vector<Asked>& asked_;
    int seat_ = 0;
    std::mt19937_64 rng_;
};

match::Entrant recorder(const std::string& name, Log& log, match::Limits limits) {
    match::Entrant entrant;
    entrant.name = name;
    entrant.limits = std::move(limits);
    entrant.make = [&asked = log[name]](const CompiledGame&) -> std::unique_ptr<match::Player> {
        return std::make_unique<BudgetRecorder>(asked);
    };
    return entrant;
}

TEST_CASE("a player's own limits replace the match's for it alone, one by one", "[match][limits]") {
    std::string error;
    match::Limits deep, wide, timed;
    deep.depth = 1;
    wide.nodes = 500;
    timed.time_control = match::parse_time_control("40/30+0.5", error);
    Log log;
    const auto game = test::load_shipped("chess");
    auto options = test::options_of({recorder("deep", log, deep), recorder("wide", log, wide),
                                     recorder("timed", log, timed), recorder("plain", log, {})},
                                    2);
    options.format = match::Format::round_robin;
    options.limits.depth = 3;
    options.adjudication.max_plies = 12;
    match::MatchReport report;
    test::play(*game, options, report);
    REQUIRE(report.played == 12);

    for (const auto& [name, asked] : log) {
        INFO(name);
        REQUIRE(asked.size() > 0);
        for (const Asked& a : asked) {
            const match::Budget& b = a.budget;
            const auto seat = static_cast<std::size_t>(a.seat);
            CHECK(b.depth == (name == "deep" ? 1 : 3));
            CHECK(b.nodes == (name == "wide" ? 500u : 0u));
            CHECK(b.movetime_ms == 0);
            CHECK(b.timed == (name == "timed"));
            if (name == "timed") {
                CHECK(b.clocks_ms[seat] <= 30'000 + 6 * 500);
                CHECK(b.clocks_ms[seat] > 20'000);
                CHECK(b.increments_ms[seat] == 500);
                CHECK(b.increments_ms[1 - seat] == 0);  // its opponents have no clock
                CHECK(b.moves_to_go > 30);
                // The default margin: 50 ms and a hundredth of the clock's 30 s.
                CHECK(b.wait_ms == b.clocks_ms[seat] + 350);
            } else {
                CHECK(b.increments_ms[seat] == 0);
                CHECK(b.wait_ms == options.move_timeout_ms);
            }
        }
    }
}

TEST_CASE("the time margin grows with the time given, unless the match sets it",
          "[match][limits]") {
    std::string error;
    match::MatchOptions options;
    match::Limits fast, slow, clock, none;
    fast.movetime_ms = 100;
    slow.movetime_ms = 10'000;
    clock.time_control = match::parse_time_control("10+0.1", error);
    CHECK(match::time_margin(options, fast) == 60);
    CHECK(match::time_margin(options, slow) == 1'050);
    CHECK(match::time_margin(options, clock) == 150);
    CHECK(match::time_margin(options, none) == 50);
    options.time_margin_ms = 0;
    CHECK(match::time_margin(options, fast) == 0);
    CHECK(match::time_margin(options, clock) == 0);
}

TEST_CASE("a player's limits are taken one by one from its own, else the match's",
          "[match][limits]") {
    std::string error;
    match::Limits own, global;
    own.movetime_ms = 200;
    own.depth = 2;
    global.time_control = match::parse_time_control("10", error);
    global.depth = 5;
    global.nodes = 1000;
    const match::Limits limits = match::limits_for(own, global);
    REQUIRE(limits.time_control);
    CHECK(limits.time_control->base_ms == 10'000);
    CHECK(limits.movetime_ms == 200);
    CHECK(limits.depth == 2);
    CHECK(limits.nodes == 1000);
    CHECK_FALSE(match::limits_for({}, {}).any());
}

TEST_CASE("vari match gives --player-depth and --player-nodes to the player before them",
          "[match][limits][commands]") {
    const auto run = test::run_vari(
        "match minishogi --player ai --player-depth 1 --player ai --player-nodes 300 "
        "--player-tc 40/30+0.5 --games 2 --json");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const auto report = nlohmann::json::parse(run.output);
    CHECK(report["players"][0]["name"] == "ai (depth=1)");
    CHECK(report["players"][0]["limits"] == nlohmann::json{{"depth", 1}});
    CHECK(report["players"][1]["name"] == "ai (nodes=300, tc=40/30+0.5)");
    CHECK(report["players"][1]["limits"]["nodes"] == 300);
    CHECK(report["players"][1]["limits"]["time_control"]["increment_ms"] == 500);
    CHECK_FALSE(report.contains("depth"));
}

TEST_CASE("vari match refuses a bad per-player limit, naming the option",
          "[match][limits][commands]") {
    auto [args, message] = GENERATE(table<std::string, std::string>({
        {"--player-depth 2 --player ai --player random",
         "--player-depth '2': give it after the --player it sets"},
        {"--player ai --player-tc 10+x --player random",
         "--player-tc '10+x': the increment is not a number of seconds"},
        {"--player ai --player-tc 10 --player-tc 20 --player random",
         "--player-tc '20': given twice for ai"},
        {"--player ai --player-depth 0 --player random", "--player-depth: '0' is not a whole"},
        {"--player ai --player-nodes x --player random", "--player-nodes: 'x' is not a whole"},
        {"--player ai --player-movetime 0 --player random", "--player-movetime: '0' is not"},
        {"--player ai random", "not expected: random"},
    }));
    const auto run = test::run_vari("match minishogi " + args);
    INFO(run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.find(message) != std::string::npos);
}

}  // namespace
}  // namespace vari::match_limits_tests
