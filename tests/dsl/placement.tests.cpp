// A placement phase and the promotion that is a move of its own, lowered: `hand` in a setup,
// `drops compulsory`, `promote in-place ... last-anywhere no-attack`.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_placement_tests {

namespace {

using namespace vari::dsl_test;

const std::string header =
    "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..e ranks 1..5 }\n"
    "direction forward = n\nzone far = rank 5\nzone back = rank 2 rank 3 rank 4 rank 5\n"
    "piece King K royal { step orthogonal diagonal  captured-removed  drop not-in back }\n"
    "piece General F { step diagonal  captured-removed  drop }\n";

}  // namespace

TEST_CASE("a hand setup puts one piece in hand per name, apart from the board setup",
          "[dsl][placement]") {
    const auto game = game_of(header +
                              "piece Pawn P { step forward  captured-removed }\n"
                              "hands\n"
                              "setup A { Pawn a2 b2 }\n"
                              "setup A { hand King General General }\n"
                              "setup B { hand King }\n");
    REQUIRE(game.setup.size() == 2);
    REQUIRE(game.hand_setup.size() == 4);
    CHECK(game.hand_setup[0].player == 0);
    CHECK(game.hand_setup[0].type == 0);
    CHECK(game.hand_setup[1].type == 1);
    CHECK(game.hand_setup[2].type == 1);
    CHECK(game.hand_setup[2].source.line == 13);
    CHECK(game.hand_setup[3].player == 1);
    CHECK_FALSE(game.drops_compulsory);
}

TEST_CASE("drops compulsory lowers to the game's flag", "[dsl][placement]") {
    const auto game = game_of(header +
                              "hands\ndrops compulsory\nsetup A { hand King General }\n"
                              "setup B { hand King }\n");
    CHECK(game.drops_compulsory);
    CHECK(game.hands);
}

TEST_CASE("an in-place promotion lowers with its options; others keep theirs off",
          "[dsl][placement][promotion]") {
    const auto game =
        game_of(header +
                "piece Pawn P {\n  step forward\n"
                "  promote in-place in far to General lost-only last-anywhere no-attack\n}\n"
                "piece Lance L {\n  slide forward\n  promote in far to General\n}\n"
                "hands\n"
                "setup A { Pawn a2  Lance b1 }\nsetup A { hand King General }\n"
                "setup B { hand King General }\n");
    const auto& pawn = game.pieces[2].promotions;
    REQUIRE(pawn.size() == 1);
    CHECK(pawn[0].in_place);
    CHECK(pawn[0].last_anywhere);
    CHECK(pawn[0].no_attack);
    CHECK(pawn[0].lost_only);
    CHECK(pawn[0].zone == 0);
    CHECK(pawn[0].choices == std::vector<int>{1});
    const auto& lance = game.pieces[3].promotions;
    REQUIRE(lance.size() == 1);
    CHECK_FALSE(lance[0].in_place);
    CHECK_FALSE(lance[0].last_anywhere);
    CHECK_FALSE(lance[0].no_attack);
}

TEST_CASE("a hand setup's pieces count as placed for lost-only", "[dsl][placement]") {
    // The General is only ever in hand at the start: lost-only to it is still meaningful.
    const auto game = game_of(header +
                              "piece Pawn P {\n  step forward\n"
                              "  promote in-place in far to General lost-only\n}\n"
                              "hands\nsetup A { Pawn a2 }\nsetup A { hand King General }\n");
    CHECK(game.pieces[2].promotions[0].lost_only);
}

TEST_CASE("colour-balanced and a castling right by-drop lower to their flags", "[dsl][placement]") {
    const auto game =
        game_of(header +
                "piece Rook R { slide orthogonal  captured-removed  drop colour-balanced }\n"
                "hands\n"
                "castling A K { King c1 e1  Rook e1 d1  by-drop }\n"
                "castling A Q { King c1 a1  Rook a1 b1 }\n"
                "setup A { hand King General Rook Rook }\nsetup B { hand King }\n");
    CHECK(game.pieces[2].drop.colour_balanced);
    CHECK_FALSE(game.pieces[1].drop.colour_balanced);
    REQUIRE(game.castlings.size() == 2);
    CHECK(game.castlings[0].gained_by_drop);
    CHECK_FALSE(game.castlings[1].gained_by_drop);
}

}  // namespace dsl_placement_tests
