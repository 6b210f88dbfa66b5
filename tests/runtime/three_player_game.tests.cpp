// Three Player Hex Shogi 91 in play: the rules its hooks add (the three-King win, the round of
// forced passes) and those it declares (repetition, the 150-ply rule), each with its scores.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "runtime/runtime.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_three_player_game_tests {
namespace {

constexpr int BLACK = 0, WHITE = 1, GRAY = 2;

// A position of pieces written as test::place_named reads them: "b:King:4j w:Pawn:1f".
Position position(const CompiledGame& game, const std::string& pieces, int side_to_move) {
    Position pos(game);
    test::place_named(pos, pieces, side_to_move);
    return pos;
}

void play(runtime::Game& game, const std::string& moves) {
    std::istringstream words(moves);
    for (std::string typed; words >> typed;) {
        INFO(typed);
        REQUIRE(!game.result());
        Position pos = game.position();
        std::string error;
        const auto move = notation::parse_move(pos, typed, error);
        INFO(error);
        REQUIRE(move);
        game.play(*move);
    }
}

void check_scores(const runtime::Result& result, double black, double white, double gray) {
    REQUIRE(result.scores.size() == 3);
    CHECK(result.scores[BLACK] == Approx(black));
    CHECK(result.scores[WHITE] == Approx(white));
    CHECK(result.scores[GRAY] == Approx(gray));
}

}  // namespace

TEST_CASE("Three Player Hex Shogi: owning all three Kings wins at once",
          "[runtime][three-player][hooks]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    // Black holds White's King in hand and takes Gray's; White has nothing left and passes.
    Position pos = position(*game, "b:King:4j b:Rook:6h g:King:6e g:Pawn:1g", BLACK);
    pos.set_in_hand(BLACK, test::type_named(*game, "King"), 1);
    runtime::Game play_on(*game, pos);
    REQUIRE(play_on.runs_hooks());
    CHECK(!play_on.result());
    play(play_on, "6h-6e");
    REQUIRE(play_on.result());
    CHECK(play_on.result()->summary == "Black wins by owning all three Kings");
    check_scores(*play_on.result(), 1, 0, 0);

    SECTION("the won game has no moves, and perft counts none below it") {
        CHECK(play_on.legal_moves().size == 0);
        CHECK(runtime::perft(play_on, 1).nodes == 0);
        CHECK(runtime::perft(play_on, 0).nodes == 1);
        const test::Run run = test::run_vari("perft three-player-hex-shogi-91 1 --position '" +
                                             notation::to_position_string(pos) + "' --moves 6h-6e");
        CHECK(run.output == "0\n");
    }
    SECTION("given as the position to start from, the won position is won already") {
        runtime::Game won(*game, play_on.position());
        REQUIRE(won.result());
        CHECK(won.result()->summary == "Black wins by owning all three Kings");
        check_scores(*won.result(), 1, 0, 0);
        CHECK(won.legal_moves().size == 0);
        const std::string given =
            "--position '" + notation::to_position_string(won.position()) + "'";
        CHECK(test::run_vari("perft three-player-hex-shogi-91 1 " + given).output == "0\n");
        // vari play ends at once: the result, and no prompt for a move.
        const test::Run play = test::run_vari("play three-player-hex-shogi-91 " + given, "moves\n");
        CHECK_THAT(play.output, Catch::Matchers::EndsWith("Black wins by owning all three Kings\n"
                                                          "scores: Black 1, White 0, Gray 0\n\n"));
    }
    SECTION("without its hooks the game goes on") {
        runtime::Game no_hooks(*game, pos, runtime::HookUse::off);
        play(no_hooks, "6h-6e");
        CHECK(!no_hooks.result());
    }
}

TEST_CASE("Three Player Hex Shogi: a round of forced passes is a draw, scored by who has pieces",
          "[runtime][three-player][hooks]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    SECTION("all three still have pieces: a third each") {
        // Each Pawn stands on its owner's far line and can never move.
        runtime::Game g(*game, position(*game, "b:Pawn:6a w:Pawn:1f g:Pawn:6k", BLACK));
        play(g, "pass pass");
        CHECK(!g.result());
        CHECK(g.passes() == 2);
        play(g, "pass");
        REQUIRE(g.result());
        CHECK(g.result()->summary == "draw by a round of forced passes");
        check_scores(*g.result(), 1.0 / 3, 1.0 / 3, 1.0 / 3);
    }
    SECTION("Black has lost everything: nothing for Black, a half each for the others") {
        runtime::Game g(*game, position(*game, "w:Pawn:1f g:Pawn:6k", BLACK));
        play(g, "pass pass pass");
        REQUIRE(g.result());
        check_scores(*g.result(), 0, 0.5, 0.5);
    }
}

TEST_CASE("Three Player Hex Shogi: threefold repetition is a draw", "[runtime][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    runtime::Game g(*game, position(*game, "b:King:4j w:King:10d g:King:4d", BLACK));
    const std::string there_and_back = "4j-4i 10d-9d 4d-4e 4i-4j 9d-10d 4e-4d ";
    play(g, there_and_back);
    CHECK(!g.result());  // the start position, a second time
    play(g, there_and_back);
    REQUIRE(g.result());
    CHECK(g.result()->summary == "draw by threefold repetition");
    check_scores(*g.result(), 1.0 / 3, 1.0 / 3, 1.0 / 3);
}

TEST_CASE(
    "Three Player Hex Shogi: 150 plies without a capture are a draw; drops and passes run "
    "the count on, a capture resets it",
    "[runtime][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos = position(*game, "b:King:4j b:Rook:6h w:King:10d g:King:4d g:Pawn:6e", BLACK);
    pos.set_counters(148, 60);
    SECTION("a quiet move and a drop make 150") {
        pos.set_in_hand(WHITE, test::type_named(*game, "Gold"), 1);
        runtime::Game g(*game, pos);
        play(g, "4j-4i");
        CHECK(!g.result());
        play(g, "G*8d");
        REQUIRE(g.result());
        CHECK(g.result()->summary == "draw by the 150-ply rule");
        check_scores(*g.result(), 1.0 / 3, 1.0 / 3, 1.0 / 3);
    }
    SECTION("a capture resets the count") {
        runtime::Game g(*game, pos);
        play(g, "6h-6e 10d-9d");
        CHECK(!g.result());
        CHECK(g.position().ply_clock() == 1);
    }
    SECTION("a pass runs the count on") {
        runtime::Game g(*game, position(*game, "b:Pawn:6a w:King:10d g:King:4d", BLACK));
        Position p = g.position();
        p.set_counters(149, 60);
        runtime::Game h(*game, p);
        play(h, "pass");
        REQUIRE(h.result());
        CHECK(h.result()->summary == "draw by the 150-ply rule");
    }
}

TEST_CASE("Three Player Hex Shogi: a pass is refused while there is a legal move",
          "[runtime][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    std::string error;
    CHECK(!notation::parse_move(pos, "pass", error));
    CHECK(error.find("a pass is allowed only without a legal move") == 0);
}

}  // namespace vari::runtime_three_player_game_tests
