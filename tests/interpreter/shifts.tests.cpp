// Which pieces the generator moves a whole type at a time (Tables::shifts, compile_shifts.cpp).
// That their moves are right is the differential test's to show: tests/reference/games/
// shifted-steps.vari has pieces of both kinds.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_shifts_tests {

namespace {

using vari::CompiledGame;

// The names of the types shifted for every player, and whether any type is shifted for some
// players only (which no game here should show).
std::vector<std::string> shifted_types(const CompiledGame& game) {
    const vari::Tables& t = game.tables();
    std::vector<std::string> names;
    for (int type = 0; type < t.type_count; ++type) {
        int players = 0;
        for (int p = 0; p < t.player_count; ++p) players += t.rules_of(p, type).shifted;
        if (players == t.player_count) names.push_back(game.ir().pieces[type].name);
        CHECK((players == 0 || players == t.player_count));
    }
    return names;
}

}  // namespace

TEST_CASE("leaps and short slides that shift the same wherever they go are shifted; others not",
          "[shifts]") {
    using Names = std::vector<std::string>;
    // A Knight's eight leaps cost more as shifts than as one lookup per Knight.
    CHECK(shifted_types(*vari::test::load_shipped("chess")) == Names{"Pawn"});
    CHECK(shifted_types(*vari::test::load_game_file(
              VARI_TEST_DATA "/reference/games/shifted-steps.vari")) == Names{"Pawn", "Runner"});
    // Slides of range 2 along four lines; not of range 3 (the Dabbaba's), nor the Ranger's eight
    // lines, nor one kept in a zone.
    CHECK(shifted_types(*vari::test::load_game_file(
              VARI_TEST_DATA "/reference/games/limited-sliders.vari")) == Names{"Short", "Pawn"});
    // A Rook of a 5x5 board slides four cells at most: a lookup reads it at once.
    CHECK(shifted_types(*vari::test::load_shipped("minishogi")) == Names{"Pawn"});
    // Hexagonal rows of different lengths: a step does not add the same to every cell's index.
    CHECK(shifted_types(*vari::test::load_shipped("shafran-chess")).empty());
    // More cells than 128: the sets shift across four words. The Silver's and the Iron's five
    // and the Gold's six steps are too many.
    CHECK(shifted_types(*vari::test::load_shipped("heian-dai-shogi")) ==
          Names{"Copper", "FierceTiger", "GoBetween", "Knight", "Pawn"});
}

}  // namespace interpreter_shifts_tests
