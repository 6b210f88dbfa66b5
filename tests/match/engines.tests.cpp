// External engines in a match against Debian's Fairy-Stockfish, a real client of each protocol:
// whole games over UCI (chess), USI (minishogi) and XBoard (chess, and xiangqi, whose ten ranks
// XBoard counts from 0) end by the rules or the ply cap
// with every move legal; vari's own engine plays it over UCI; an engine that lacks the variant
// or an option is refused before the match. Skipped when Fairy-Stockfish is not installed.
#include <unistd.h>

#include <catch2/catch.hpp>

#include "match_support.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "tools/match/match.hpp"

namespace vari::match_engines_tests {
namespace {

const std::string FAIRY = "/usr/games/fairy-stockfish";

bool have_fairy() {
    if (access(FAIRY.c_str(), X_OK) == 0) return true;
    WARN("skipped: " << FAIRY << " is not installed (tools/setup.sh installs it)");
    return false;
}

match::Entrant engine(const CompiledGame& game, const std::string& spec, const std::string& variant,
                      const std::string& option = "Skill Level", const std::string& value = "0") {
    match::EngineSetup setup;
    setup.variant = variant;
    setup.options = {{option, value}};
    std::string error;
    auto entrant = match::engine_entrant(game, spec, setup, error);
    INFO(error);
    REQUIRE(entrant);
    return *entrant;
}

// Two games at `depth`, played through.
void play_through(const CompiledGame& game, std::vector<match::Entrant> entrants, int depth) {
    auto options = test::options_of(std::move(entrants), 2);
    options.limits.depth = depth;
    options.adjudication.max_plies = 60;
    test::play_through(game, options, options.entrants[1].name);
}

TEST_CASE("vari's AI plays whole games against Fairy-Stockfish over UCI, USI and XBoard",
          "[match]") {
    if (!have_fairy()) return;
    const auto [name, protocol] = GENERATE(table<std::string, std::string>(
        {{"chess", "uci"}, {"minishogi", "usi"}, {"chess", "xboard"}, {"xiangqi", "xboard"}}));
    INFO(name << " over " << protocol);
    const auto game = test::load_shipped(name);
    const match::Entrant fairy = engine(*game, protocol + ":" + FAIRY, name);
    CHECK(fairy.name.rfind("Fairy-Stockfish", 0) == 0);
    CHECK(fairy.name.find("(Skill Level=0)") != std::string::npos);
    std::string error;
    play_through(*game, {*match::vari_entrant("ai:1", error), fairy}, 2);
}

TEST_CASE("vari's own engine plays Fairy-Stockfish over UCI through the match", "[match]") {
    if (!have_fairy()) return;
    const auto game = test::load_shipped("chess");
    const match::Entrant vari =
        engine(*game, std::string("uci:") + VARI_BINARY + " engine chess", "chess", "Level", "1");
    CHECK(vari.name.rfind("vari ", 0) == 0);
    CHECK(vari.name.find(" (Level=1)") != std::string::npos);
    play_through(*game, {vari, engine(*game, "uci:" + FAIRY, "chess")}, 1);
}

TEST_CASE("an engine that lacks the game's variant or an option is refused before the match",
          "[match]") {
    if (!have_fairy()) return;
    const auto game = test::load_shipped("chess");
    for (const std::string protocol : {"uci", "xboard"}) {
        INFO(protocol);
        std::string error;
        match::EngineSetup setup;
        setup.variant = "no-such-chess";
        CHECK_FALSE(match::engine_entrant(*game, protocol + ":" + FAIRY, setup, error));
        CHECK(error.find("does not play the variant 'no-such-chess' (it plays ") !=
              std::string::npos);
        setup.variant = "chess";
        setup.options = {{"Strength", "3"}};
        CHECK_FALSE(match::engine_entrant(*game, protocol + ":" + FAIRY, setup, error));
        CHECK(error.find("has no option 'Strength' (its options: ") != std::string::npos);
    }
    std::string error;
    const auto hex = test::load_shipped("hex-shogi-41");
    CHECK_FALSE(match::engine_entrant(*hex, "uci:" + FAIRY, {}, error));
    CHECK(error == "UCI cannot express Hex Shogi 41: its board is hexagonal");
}

TEST_CASE("vari match plays Fairy-Stockfish from the command line, at a time per move", "[match]") {
    if (!have_fairy()) return;
    // A loaded machine can hold a move back past the default margin (60 ms here; measured in
    // tools/bench/RESULTS.md), so that a game is lost on time by no fault of the match: the
    // test gives a second, and checks that the time per move reaches both players.
    const auto run = test::run_vari("match chess --player ai:1 --player uci:" + FAIRY +
                                    " --option 'Skill Level=0' --games 2 --movetime 100 "
                                    "--time-margin 1000 --max-plies 16");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("Score of ai:1 vs Fairy-Stockfish") != std::string::npos);
    CHECK(run.output.find("100 ms a move") != std::string::npos);
    CHECK(run.output.find("time forfeit") == std::string::npos);
    CHECK(run.output.find("lost on time") == std::string::npos);

    const auto stray = test::run_vari("match chess --player ai:1 --option Hash=1 --player random");
    CHECK(stray.exit_code == 2);
    CHECK(stray.output.find("ai:1 is not an engine") != std::string::npos);
    const auto unlimited = test::run_vari("match chess --player ai:1 --player uci:" + FAIRY);
    CHECK(unlimited.exit_code == 2);
    CHECK(unlimited.output.find("give --tc, --movetime, --depth or --nodes") != std::string::npos);
}

}  // namespace
}  // namespace vari::match_engines_tests
