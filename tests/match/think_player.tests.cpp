// Another vari as a match's player through its `think` command ("think:COMMAND"): it plays games no
// protocol can carry (a hexagonal board, three players) with every move legal, and a command that
// cannot play the game is refused before the match.
#include <catch2/catch.hpp>

#include "match_support.hpp"
#include "support/shipped_games.hpp"
#include "tools/match/match.hpp"

namespace vari::think_player_tests {
namespace {

std::string think_of(const std::string& game) {
    return std::string("think:") + VARI_BINARY + " think " + game;
}

match::Entrant think_entrant(const CompiledGame& game, const std::string& spec) {
    std::string error;
    auto entrant = match::engine_entrant(game, spec, {}, error);
    INFO(error);
    REQUIRE(entrant);
    return *entrant;
}

// A match of `games` games of at most `plies` plies, played through.
void play_through(const CompiledGame& game, std::vector<match::Entrant> entrants, int games,
                  int plies) {
    auto options = test::options_of(std::move(entrants), games);
    options.limits.nodes = 300;
    options.adjudication.max_plies = plies;
    test::play_through(game, options, "think:");
}

TEST_CASE("another vari plays hexagonal and three-player games through its think command",
          "[match]") {
    const auto hex = test::load_shipped("hex-shogi-41");
    const auto thinker = think_entrant(*hex, think_of("hex-shogi-41"));
    CHECK(thinker.name == think_of("hex-shogi-41"));
    play_through(*hex, {thinker, test::vari_entrant("ai:1")}, 2, 12);

    const auto three = test::load_shipped("three-player-hex-shogi-91");
    play_through(*three,
                 {think_entrant(*three, think_of("three-player-hex-shogi-91")),
                  test::vari_entrant("ai:1"), test::vari_entrant("random")},
                 1, 6);
}

TEST_CASE("a think command that cannot play the game is refused before the match", "[match]") {
    const auto game = test::load_shipped("chess");
    std::string error;
    CHECK_FALSE(match::engine_entrant(*game, think_of("no-such-game"), {}, error));
    CHECK(error.find("does not answer a move: think exited with code 1") != std::string::npos);
    CHECK_FALSE(match::engine_entrant(*game, "think:", {}, error));
    CHECK(error == "no command after 'think:'");
    CHECK_FALSE(match::engine_entrant(*game, "think:/no/such/vari think chess", {}, error));
    CHECK(error.find("'/no/such/vari': cannot run it") != std::string::npos);
    match::EngineSetup setup;
    setup.options = {{"Hash", "64"}};
    CHECK_FALSE(match::engine_entrant(*game, think_of("chess"), setup, error));
    CHECK(error.find("takes no --option") != std::string::npos);
}

}  // namespace
}  // namespace vari::think_player_tests
