// Curves: lowering to per-player vectors and turns, and the errors the checks report.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_curves_tests {

namespace {

namespace ir = vari::ir;
using vari::dsl_test::as_set;
using vari::dsl_test::errors_of;
using vari::dsl_test::game_of;
using vari::dsl_test::VecSet;

// Pointy hex steps as the first player sees them (LANGUAGE.md's table).
const VecSet orthogonal{{0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}};
const VecSet diagonal{{-1, 2}, {1, 1}, {2, -1}, {1, -2}, {-1, -1}, {-2, 1}};

std::string hex_game(const std::string& orient, const std::string& pieces) {
    return "game \"T\"\nplayers White Black\n" + orient + "board hex pointy { hexagon 5 }\n" +
           pieces;
}

const ir::Movement& only_movement(const ir::Game& game, std::size_t piece) {
    REQUIRE(game.pieces[piece].movements.size() == 1);
    return game.pieces[piece].movements[0];
}

VecSet negated(const VecSet& vectors) {
    VecSet out;
    for (const auto& [x, y] : vectors) out.insert({-x, -y});
    return out;
}

}  // namespace

TEST_CASE("curves lower to per-player vectors that turn either way", "[dsl][curves]") {
    const auto game = game_of(hex_game("orient Black rotate 180\n",
                                       "piece Finch F { curve orthogonal }\n"
                                       "piece Rabbi R { curve diagonal }\n"
                                       "piece Cohen C { curve orthogonal diagonal }\n"));
    VecSet both = orthogonal;
    both.insert(diagonal.begin(), diagonal.end());
    const std::vector<VecSet> expected{orthogonal, diagonal, both};
    for (std::size_t p = 0; p < 3; ++p) {
        INFO(game.pieces[p].name);
        const auto& m = only_movement(game, p);
        CHECK(m.kind == ir::MoveKind::curve);
        CHECK(m.mode == ir::MoveMode::move_or_capture);
        CHECK(m.max_range == 0);
        REQUIRE(m.vectors.size() == 2);
        CHECK(as_set(m.vectors[0]) == expected[p]);
        CHECK(m.vectors[0].size() == expected[p].size());
        CHECK(m.turn == std::vector<ir::Turn>{ir::Turn::both, ir::Turn::both});
    }
}

TEST_CASE("a curve's vectors are turned per player as a slide's are", "[dsl][curves]") {
    const auto game = game_of(hex_game("orient Black rotate 180\n",
                                       "piece Hook H { curve clock1 clock2 }\n"
                                       "piece Rider D { slide clock1 clock2 }\n"));
    const auto& curve = only_movement(game, 0);
    const auto& slide = only_movement(game, 1);
    CHECK(curve.vectors == slide.vectors);
    CHECK(as_set(curve.vectors[0]) == VecSet{{0, 1}, {1, 1}});
    CHECK(as_set(curve.vectors[1]) == negated({{0, 1}, {1, 1}}));
}

TEST_CASE("'left' is counterclockwise on the board unless the player's view is mirrored",
          "[dsl][curves]") {
    const auto game = game_of(hex_game("orient Black rotate 180 mirror\n",
                                       "piece Lefty L { curve orthogonal left }\n"
                                       "piece Righty R { curve orthogonal right }\n"));
    CHECK(only_movement(game, 0).turn ==
          std::vector<ir::Turn>{ir::Turn::counterclockwise, ir::Turn::clockwise});
    CHECK(only_movement(game, 1).turn ==
          std::vector<ir::Turn>{ir::Turn::clockwise, ir::Turn::counterclockwise});
}

TEST_CASE("'left' for two players who are not mirrored is counterclockwise for both",
          "[dsl][curves]") {
    const auto game =
        game_of(hex_game("orient Black rotate 180\n", "piece Lefty L { curve orthogonal left }\n"));
    CHECK(only_movement(game, 0).turn ==
          std::vector<ir::Turn>{ir::Turn::counterclockwise, ir::Turn::counterclockwise});
}

TEST_CASE("a curve takes 'range', 'from', a mode, and its turn among the modifiers",
          "[dsl][curves]") {
    const auto game =
        game_of(hex_game("orient Black rotate 180\n",
                         "zone home = rank 1\n"
                         "piece Short S { capture curve (0, 1) range 3 right from home }\n"
                         "piece Long G { move curve diagonal left range 5 }\n"));
    const auto& a = only_movement(game, 0);
    CHECK(a.kind == ir::MoveKind::curve);
    CHECK(a.mode == ir::MoveMode::capture_only);
    CHECK(a.max_range == 3);
    CHECK(a.from_zone == 0);
    CHECK(a.turn == std::vector<ir::Turn>{ir::Turn::clockwise, ir::Turn::clockwise});
    const auto& b = only_movement(game, 1);
    CHECK(b.mode == ir::MoveMode::move_only);
    CHECK(b.max_range == 5);
    CHECK(b.from_zone == -1);
}

TEST_CASE("movements other than curves have no turn", "[dsl][curves]") {
    const auto game = game_of(hex_game("", "piece Rider D { slide orthogonal }\n"));
    CHECK(only_movement(game, 0).turn.empty());
}

TEST_CASE("curve errors name the place and the reason", "[dsl][curves]") {
    const auto hex = [](const std::string& piece) { return hex_game("", piece); };
    CHECK(errors_of("game \"T\"\nplayers A\nboard square { files a..h ranks 1..8 }\n"
                    "piece F F { capture curve orthogonal }\n") ==
          "4:21: a curve turns 60 degrees: it needs a hex board\n");
    CHECK(errors_of(hex("piece F F { curve }\n")).find("4:19: expected a direction") == 0);
    CHECK(errors_of(hex("piece F F { curve left }\n")).find("4:19: expected a direction") == 0);
    CHECK(errors_of(hex("piece F F { slide orthogonal left }\n")) ==
          "4:30: 'left' is not for a slide: 'left' and 'right' say which way a curve turns\n");
    CHECK(errors_of(hex("piece F F { curve orthogonal range 6 }\n")) ==
          "4:36: a curve has at most 5 steps, found 6\n");
    CHECK(errors_of(hex("piece F F { curve orthogonal range 0 }\n")) ==
          "4:36: a range must be at least 1, found 0\n");
    CHECK(errors_of(hex("piece F F { curve orthogonal left right }\n")) ==
          "4:35: a curve turns 'left' or 'right', not both ('left' is given at 4:30)\n");
    CHECK(errors_of(hex("piece F F { curve orthogonal left left }\n")) ==
          "4:35: 'left' is already given at 4:30\n");
    CHECK(errors_of(hex("piece F F { curve (2, -1) (0, 2) }\n")) ==
          "4:27: a curve goes one step at a time: (0, 2) is not one of the board's 6 orthogonal "
          "or 6 diagonal steps\n");
    CHECK(errors_of(hex("direction wide = clock1 (0, 3)\npiece F F { curve wide }\n")) ==
          "5:19: a curve goes one step at a time: direction 'wide' holds (0, 3), which is not "
          "one of the board's 6 orthogonal or 6 diagonal steps\n");
    CHECK(errors_of(hex("zone z = rank 1\npiece F F { curve orthogonal until z }\n"))
              .find("5:30: 'until' is not for a curve") == 0);
    CHECK(errors_of(hex("piece F F { capture curve orthogonal en-passant }\n"))
              .find("4:38: 'en-passant' is not for a curve") == 0);
    CHECK(errors_of(hex("piece F F { curve clock1 symmetric }\n"))
              .find("4:26: 'symmetric' is not for a curve") == 0);
}

TEST_CASE("'curve', 'left' and 'right' are reserved", "[dsl][curves]") {
    CHECK_FALSE(errors_of(hex_game("", "direction left = clock1\npiece F F { step orthogonal }\n"))
                    .empty());
    // A longer name that begins with one is still a name.
    const auto game = game_of(
        hex_game("", "direction right-hand = clock3\npiece F F { curve right-hand right }\n"));
    CHECK(game.pieces[0].movements[0].turn ==
          std::vector<ir::Turn>{ir::Turn::clockwise, ir::Turn::clockwise});
}

}  // namespace dsl_curves_tests
