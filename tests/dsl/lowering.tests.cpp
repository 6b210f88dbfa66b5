// Lowering: directions turned per player, symmetric leaps, zone images, modifiers, promotions,
// arrivals.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_lowering_tests {

namespace {

namespace dsl = vari::dsl;
namespace ir = vari::ir;
using vari::dsl_test::as_set;
using vari::dsl_test::game_of;
using vari::dsl_test::VecSet;

std::vector<std::string> names(const ir::Game& game, const std::vector<int>& cells) {
    std::vector<std::string> out;
    for (const int c : cells) out.push_back(game.board.cells[static_cast<std::size_t>(c)].name);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("a symmetric leap takes every image under the lattice's rotations and reflections, once",
          "[dsl][lowering]") {
    auto [board, offset, count] = GENERATE(table<std::string, std::string, std::size_t>({
        {"square { files a..h ranks 1..8 }", "(1, 2)", 8},
        {"square { files a..h ranks 1..8 }", "(1, 1)", 4},
        {"square { files a..h ranks 1..8 }", "(2, 0)", 4},
        {"hex flat { hexagon 4 }", "(1, 3)", 12},
        {"hex flat { hexagon 4 }", "(1, 0)", 6},
        {"hex flat { hexagon 4 }", "(1, 2)", 6},
        {"hex pointy { hexagon 4 }", "(0, 1)", 6},
        {"hex pointy { hexagon 4 }", "(1, 1)", 6},
        {"hex pointy { hexagon 4 }", "(2, 1)", 12},
    }));
    INFO(board << " leap " << offset);
    const auto game = game_of("game \"T\"\nplayers A\nboard " + board + "\npiece X X { leap " +
                              offset + " symmetric }");
    const auto& vectors = game.pieces[0].movements[0].vectors[0];
    CHECK(vectors.size() == count);
    CHECK(as_set(vectors).size() == count);
}

TEST_CASE("a symmetric slide rides every image of its vector", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A\nboard square { files a..h ranks 1..8 }\n"
        "piece Nightrider N { slide (1, 2) symmetric }");
    const auto& m = game.pieces[0].movements[0];
    CHECK(m.kind == ir::MoveKind::slide);
    CHECK(m.vectors[0].size() == 8);
}

TEST_CASE("directions are turned and mirrored for each player", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B C\norient B rotate 90\norient C rotate 90 mirror\n"
        "board square { files a..h ranks 1..8 }\ndirection forward = n\ndirection sideways = e\n"
        "piece X X { move step forward  capture step sideways ne }");
    const auto& forward = game.pieces[0].movements[0].vectors;
    CHECK(forward[0] == std::vector<ir::Vec>{{0, 1}});
    CHECK(forward[1] == std::vector<ir::Vec>{{1, 0}});
    CHECK(forward[2] == std::vector<ir::Vec>{{1, 0}});
    const auto& sideways = game.pieces[0].movements[1].vectors;
    CHECK(sideways[1] == std::vector<ir::Vec>{{0, -1}, {1, -1}});
    // Mirrored first: e becomes w, ne becomes nw; then turned a quarter clockwise.
    CHECK(sideways[2] == std::vector<ir::Vec>{{0, 1}, {1, 1}});
}

TEST_CASE("hex directions turn by sixths", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B C\norient B rotate 120\norient C rotate -60 mirror\n"
        "board hex pointy { hexagon 3 }\npiece X X { step clock1 }");
    const auto& v = game.pieces[0].movements[0].vectors;
    CHECK(v[0] == std::vector<ir::Vec>{{0, 1}});   // 1 o'clock
    CHECK(v[1] == std::vector<ir::Vec>{{1, -1}});  // 5 o'clock
    CHECK(v[2] == std::vector<ir::Vec>{{-1, 0}});  // 11 o'clock, turned back to 9 o'clock
}

TEST_CASE("a zone given for the first player is turned onto each other player's side",
          "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B C\norient B rotate 180\norient C rotate 120\n"
        "board hex pointy { hexagon 2 }\nzone corner = a1\nzone middle = b2\npiece X X { step "
        "clock1 }");
    REQUIRE(game.zones.size() == 2);
    CHECK(names(game, game.zones[0].cells[0]) == std::vector<std::string>{"a1"});
    CHECK(names(game, game.zones[0].cells[1]) == std::vector<std::string>{"b3"});
    CHECK(names(game, game.zones[0].cells[2]) == std::vector<std::string>{"a3"});
    for (const auto& cells : game.zones[1].cells)
        CHECK(names(game, cells) == std::vector<std::string>{"b2"});
}

TEST_CASE("a zone may be given for each player instead", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B\nboard square { files a..c ranks 1..4 }\n"
        "zone home B = rank 4 a3\nzone home A = file a\npiece X X { step n }");
    REQUIRE(game.zones.size() == 1);
    CHECK(names(game, game.zones[0].cells[0]) == std::vector<std::string>{"a1", "a2", "a3", "a4"});
    CHECK(names(game, game.zones[0].cells[1]) == std::vector<std::string>{"a3", "a4", "b4", "c4"});
}

TEST_CASE("movement modifiers and promotions lower to their fields", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..h ranks 1..8 }\n"
        "zone start = rank 2\nzone far = rank 8\nzone stop = rank 4\n"
        "piece King K royal { step orthogonal diagonal n }\n"
        "piece Pawn P {\n  move slide n until stop from start en-passant\n  capture leap (1, 1) "
        "(-1, 1) en-passant\n"
        "  slide n range 3\n  promote optional in far to King Queen\n}\n"
        "piece Queen Q { slide orthogonal diagonal }\n");
    const auto& king = game.pieces[0].movements[0];
    CHECK(king.kind == ir::MoveKind::leap);
    CHECK(king.mode == ir::MoveMode::move_or_capture);
    CHECK(king.vectors[0].size() == 8);  // n is listed twice but kept once
    const auto& pawn = game.pieces[1];
    REQUIRE(pawn.movements.size() == 3);
    CHECK(pawn.movements[0].kind == ir::MoveKind::slide);
    CHECK(pawn.movements[0].mode == ir::MoveMode::move_only);
    CHECK(pawn.movements[0].stop_zone == 2);
    CHECK(pawn.movements[0].from_zone == 0);
    CHECK(pawn.movements[0].max_range == 0);
    CHECK(pawn.movements[0].creates_en_passant);
    CHECK(pawn.movements[1].captures_en_passant);
    CHECK(pawn.movements[1].vectors[1] == std::vector<ir::Vec>{{-1, -1}, {1, -1}});
    CHECK(pawn.movements[2].max_range == 3);
    CHECK(pawn.movements[2].stop_zone == -1);
    REQUIRE(pawn.promotions.size() == 1);
    CHECK_FALSE(pawn.promotions[0].compulsory);
    CHECK(pawn.promotions[0].zone == 1);
    CHECK(pawn.promotions[0].choices == std::vector<int>{0, 2});
    CHECK_FALSE(pawn.promotions[0].on_leaving);
    CHECK(pawn.movements[1].source.line == 11);
    CHECK(pawn.movements[1].source.column == 3);
}

TEST_CASE("arrive where-movable lowers to its piece's flag only", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..h ranks 1..8 }\n"
        "piece Senhelm H {\n  leap (-1, 3) (-2, 3)\n  arrive where-movable\n}\n"
        "piece Stray S { leap (-1, 3) (-2, 3) }\n");
    REQUIRE(game.pieces.size() == 2);
    CHECK(game.pieces[0].arrive_only_where_movable);
    CHECK_FALSE(game.pieces[0].drop.only_where_movable);
    CHECK_FALSE(game.pieces[1].arrive_only_where_movable);
}

TEST_CASE("directions may be defined through other directions and vectors", "[dsl][lowering]") {
    const auto game = game_of(
        "game \"T\"\nplayers A\nboard square { files a..h ranks 1..8 }\n"
        "direction camel = (1, 3) (3, 1)\ndirection odd = camel n\npiece C C { leap odd }");
    CHECK(game.pieces[0].movements[0].vectors[0] == std::vector<ir::Vec>{{1, 3}, {3, 1}, {0, 1}});
}

}  // namespace dsl_lowering_tests
