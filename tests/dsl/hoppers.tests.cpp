// Hops, lame leaps and `within`, and the rules janggi brings with them: what they lower to.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_hoppers_tests {

namespace {

namespace ir = vari::ir;
using vari::dsl_test::game_of;

std::string square_game(const std::string& pieces) {
    return "game \"T\"\nplayers White Black\norient Black rotate 180\n"
           "board square { files a..i ranks 1..10 }\nzone palace = d1 e1 f1\n" +
           pieces;
}

}  // namespace

TEST_CASE("a lame leap turns its passed cells with each image of its vector", "[dsl][hoppers]") {
    const auto game = game_of(square_game("piece Horse N { leap (1, 2) via (0, 1) symmetric }\n"));
    const ir::Movement& m = game.pieces[0].movements.at(0);
    CHECK(m.kind == ir::MoveKind::lame_leap);
    for (std::size_t player = 0; player < 2; ++player) {
        REQUIRE(m.vectors[player].size() == 8);
        REQUIRE(m.via[player].size() == 8);
        for (std::size_t k = 0; k < 8; ++k) {
            // The passed cell is the leg along the longer coordinate: one step, same sign.
            const ir::Vec v = m.vectors[player][k];
            REQUIRE(m.via[player][k].size() == 1);
            const ir::Vec leg = m.via[player][k][0];
            if (std::abs(v.y) == 2)
                CHECK((leg.x == 0 && leg.y == v.y / 2));
            else
                CHECK((leg.y == 0 && leg.x == v.x / 2));
        }
    }
}

TEST_CASE("a hop and a move within a zone lower with their range and zone", "[dsl][hoppers]") {
    const auto game =
        game_of(square_game("piece Grasshopper G { hop orthogonal range 1 }\n"
                            "piece Guard A { step diagonal within palace }\n"));
    const ir::Movement& hop = game.pieces[0].movements.at(0);
    CHECK(hop.kind == ir::MoveKind::hop);
    CHECK(hop.max_range == 1);
    CHECK(hop.vectors[0].size() == 4);
    const ir::Movement& guard = game.pieces[1].movements.at(0);
    CHECK(guard.kind == ir::MoveKind::leap);
    CHECK(guard.within_zone == 0);
    CHECK(guard.via.empty());
}

TEST_CASE("a hop lowers the pieces it refuses as screen and spares as types", "[dsl][hoppers]") {
    const auto game = game_of(
        square_game("piece Cannon C { hop orthogonal not-over Cannon Horse not-taking Cannon }\n"
                    "piece Horse N { leap (1, 2) via (0, 1) symmetric }\n"));
    const ir::Movement& hop = game.pieces[0].movements.at(0);
    CHECK(hop.screens_refused == std::vector<int>{0, 1});
    CHECK(hop.spared == std::vector<int>{0});
    CHECK(game.pieces[1].movements.at(0).screens_refused.empty());
}

TEST_CASE("passing unless in check and an end by passes in a row lower to the game's rules",
          "[dsl][hoppers]") {
    const auto game =
        game_of(square_game("piece King K royal { step orthogonal }\n"
                            "setup White { King e1 }\nsetup Black { King e10 }\n"
                            "pass allowed unless-in-check\n"
                            "end checkmate win\nend passes 2 draw\n"));
    CHECK(game.passing == ir::Passing::unless_in_check);
    REQUIRE(game.ends.size() == 2);
    CHECK(game.ends[1].kind == ir::EndKind::passes);
    CHECK(game.ends[1].count == 2);
    CHECK(game.ends[1].outcome == ir::Outcome::draw);
}

TEST_CASE(
    "royal pieces that must part lower to each player's turned directions, and the end by "
    "facing to the game's ends",
    "[dsl][hoppers]") {
    const auto game =
        game_of(square_game("piece King K royal { step orthogonal }\n"
                            "setup White { King e1 }\nsetup Black { King e10 }\n"
                            "pass allowed unless-in-check\nroyals must-part n\n"
                            "end checkmate win\nend facing draw\n"));
    REQUIRE(game.royals_must_part.size() == 2);
    CHECK(game.royals_must_part[0] == std::vector<ir::Vec>{{0, 1}});
    CHECK(game.royals_must_part[1] == std::vector<ir::Vec>{{0, -1}});
    CHECK(game.royals_may_not_face.empty());
    REQUIRE(game.ends.size() == 2);
    CHECK(game.ends[1].kind == ir::EndKind::facing);
    CHECK(game.ends[1].outcome == ir::Outcome::draw);
}

}  // namespace dsl_hoppers_tests
