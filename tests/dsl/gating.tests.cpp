// Gating and pieces in hand at the start: `drop gating ZONE` and a setup's `hand PIECE ...`, as
// they lower, and what the checks refuse.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_gating_tests {

namespace {

using namespace vari::dsl_test;

const std::string header =
    "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..e ranks 1..5 }\n"
    "zone back = rank 1\nzone corner = a1 b1\n"
    "piece King K royal { step orthogonal diagonal }\n";

}  // namespace

TEST_CASE("drop gating names the zone a piece is gated onto, without hands", "[dsl][gating]") {
    const auto game =
        game_of(header +
                "piece Hawk H { slide diagonal  drop gating back }\n"
                "setup A { King c1  hand Hawk Hawk }\nsetup B { King c5  hand Hawk }\n");
    CHECK_FALSE(game.hands);
    CHECK(game.holds_hands());
    const auto& hawk = piece(game, "Hawk");
    CHECK_FALSE(hawk.drop.allowed);  // gated only
    CHECK(hawk.drop.gating_zone == 0);
    CHECK(game.zones[0].name == "back");
    REQUIRE(game.hand_setup.size() == 3);
    CHECK(game.hand_setup[0].player == 0);
    CHECK(game.hand_setup[0].type == piece_index(game, "Hawk"));
    CHECK(game.hand_setup[2].player == 1);
    CHECK(game.hand_setup[2].source.line == 10);
}

TEST_CASE("Seirawan chess lowers its Hawk and Elephant as gated pieces held from the start",
          "[dsl][gating][games]") {
    const auto game = load("seirawan");
    for (const char* name : {"Hawk", "Elephant"}) {
        const auto& p = piece(game, name);
        CHECK(p.drop.gating_zone >= 0);
        CHECK(zone(game, "first-rank").name ==
              game.zones[static_cast<std::size_t>(p.drop.gating_zone)].name);
        CHECK(p.promotions.empty());
    }
    CHECK(names(game, zone(game, "first-rank").cells[1]) == split("a8 b8 c8 d8 e8 f8 g8 h8"));
    CHECK(game.hand_setup.size() == 4);
    CHECK_FALSE(game.hands);
}

TEST_CASE("gating and hands in a setup refuse what cannot work", "[dsl][gating]") {
    CHECK(errors_of(header + "piece Hawk H { slide diagonal  drop gating back no-check }\n"
                             "setup A { King c1  hand Hawk }\n") ==
          "8:32: 'gating' takes no other drop option: the rules of its drops go after another "
          "'drop'\n");
    CHECK(errors_of(header +
                    "zone column = a1 a2\npiece Hawk H { slide diagonal  drop gating column }\n") ==
          "9:44: zone 'column' holds two cells of 'A' on the file of 'a2'\n");
    CHECK(
        errors_of(header +
                  "zone middle = rank 3\npiece Hawk H { slide diagonal  drop gating middle }\n") ==
        "9:44: cell 'a3' is a gate cell of both 'A' and 'B'\n");
    CHECK(errors_of(header + "piece Hawk H { slide diagonal }\nsetup A { King c1  hand Hawk }\n") ==
          "9:25: piece 'Hawk' in hand could never leave it\n");
    CHECK(errors_of(header + "piece Hawk H { slide diagonal  drop }\n") ==
          "8:32: this game has no hands: add 'hands' so captured pieces can be dropped\n");
}

}  // namespace dsl_gating_tests
