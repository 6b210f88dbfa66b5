// runtime::perft counts the tree play allows: end conditions stop it below a position that ends
// the game, and its result agrees with the engine's where nothing but the moves can end a game.
#include <catch2/catch.hpp>
#include <string>

#include "interpreter/interpreter.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/game_leaves.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_perft_tree_tests {

TEST_CASE("perft of play equals the engine's where no end condition can fire", "[runtime][perft]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    for (int depth = 0; depth <= 4; ++depth) {
        INFO("depth " << depth);
        const auto counted = runtime::perft(*chess, pos, depth);
        CHECK(counted.error.empty());
        CHECK(counted.nodes == perft(pos, depth));
    }
    const auto divided = runtime::perft(*chess, pos, 2, {.divide = true});
    REQUIRE(divided.divide.size() == 20);
    CHECK(divided.divide.front().first == "a2-a3");
    CHECK(divided.divide.front().second == 20);
    CHECK(divided.nodes == 400);
}

TEST_CASE("perft of play counts nothing below a position the ply limit has ended",
          "[runtime][perft]") {
    // Chess ends in a draw after 100 plies without a capture or a Pawn move; two plies are left.
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    test::set_position(pos, "4k3/8/8/3p4/8/8/3P4/R3K3 w Q - 98 60");
    // The count by hand: below each position two plies down, its moves only if a capture or a
    // Pawn move has reset the clock on the way.
    std::uint64_t expected = 0;
    MoveList first, second, third;
    Undo u1, u2;
    generate_legal(pos, first);
    for (const Move a : first) {
        pos.do_move(a, u1);
        generate_legal(pos, second);
        for (const Move b : second) {
            pos.do_move(b, u2);
            generate_legal(pos, third);
            if (pos.ply_clock() < 100) expected += static_cast<std::uint64_t>(third.size);
            pos.undo_move(b, u2);
        }
        pos.undo_move(a, u1);
    }
    const auto counted = runtime::perft(*chess, pos, 3);
    CHECK(counted.error.empty());
    CHECK(counted.nodes == expected);
    CHECK(counted.nodes < perft(pos, 3));
    // Without hooks is not without end conditions: the game has no hooks to leave out.
    CHECK(runtime::perft(*chess, pos, 3, {.hooks = runtime::HookUse::off}).nodes == expected);
}

TEST_CASE("perft of play counts nothing below a threefold repetition", "[runtime][perft]") {
    // Each player has one move at a time, up or down its file: the start comes back after four
    // plies and a third time after eight, which ends the game.
    const auto game = test::load_text(
        "game \"Shuttle\"\nplayers White Black\nboard square { files a..b ranks 1..2 }\n"
        "piece Shuttle S { move step n s }\n"
        "setup White { Shuttle a1 }\nsetup Black { Shuttle b2 }\n"
        "end repetition 3 draw\n");
    Position pos(*game);
    for (int depth = 0; depth <= 8; ++depth) CHECK(runtime::perft(*game, pos, depth).nodes == 1);
    CHECK(perft(pos, 9) == 1);
    CHECK(runtime::perft(*game, pos, 9).nodes == 0);
}

TEST_CASE(
    "perft of play counts a round of passes as a repetition, unless passes end the game first",
    "[runtime][perft]") {
    // Passing, the start comes back after two plies, a round of passes: with twofold repetition
    // that ends the game at depth 2, unless two passes in a row have ended it already. Either
    // way runtime::perft must count what a played game allows, whichever walk it takes.
    const std::string shuttle =
        "game \"Shuttle\"\nplayers White Black\nboard square { files a..b ranks 1..2 }\n"
        "piece Shuttle S { move step n s }\n"
        "setup White { Shuttle a1 }\nsetup Black { Shuttle b2 }\npass allowed\n";
    for (const std::string ends :
         {"end repetition 2 draw\n", "end passes 2 draw\nend repetition 2 draw\n",
          "end passes 2 draw\nend repetition 3 draw\n"}) {
        const auto game = test::load_text(shuttle + ends);
        Position pos(*game);
        runtime::Game played(*game, pos);
        for (int depth = 1; depth <= 9; ++depth) {
            INFO(ends << "depth " << depth);
            CHECK(runtime::perft(*game, pos, depth).nodes == test::game_leaves(played, depth));
        }
    }
}

namespace {

void check_material_ends(const CompiledGame& game, const std::string& position, int depth) {
    Position pos(game);
    test::set_position(pos, position);
    runtime::Game played(game, pos);
    for (int d = 1; d <= depth; ++d) {
        INFO(position << " depth " << d);
        CHECK(runtime::perft(game, pos, d).nodes == test::game_leaves(played, d));
    }
}

}  // namespace

TEST_CASE("perft of play judges the material ends at every depth where captures could fire them",
          "[runtime][perft]") {
    // Bare royal: with one, two and three pieces besides the King on either side, the engine
    // counts where no player can be bared within the depth, a Game below.
    const auto shatranj = test::load_shipped("shatranj");
    check_material_ends(*shatranj, "4k3/8/8/8/8/8/r7/R3K2R w - - 0 1", 4);
    check_material_ends(*shatranj, "3k4/3p4/8/8/8/8/8/3K4 w - - 0 1", 4);
    check_material_ends(*shatranj, "r2k3r/3p4/8/8/8/8/3P4/R2K3R w - - 0 1", 4);
    check_material_ends(*shatranj, "8/8/8/8/8/3k4/4Q3/K7 b - - 0 1", 4);
    // Insufficient material: every player down to one of the sets.
    const auto endings = test::load_text(R"(
game "Endings"
players White Black
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Knight N { leap (1, 2) symmetric }
piece Rook R { slide orthogonal }
setup White { King a1  Knight b1 }
setup Black { King d4  Rook c3 }
end checkmate win
end insufficient { King } { King Knight } draw
)");
    check_material_ends(*endings, "3k/2r1/4/KN2 w - - 0 1", 4);
    check_material_ends(*endings, "2rk/1r2/4/KNN1 w - - 0 1", 4);
    check_material_ends(*endings, "3k/1r2/2r1/KNN1 b - - 0 1", 4);
}

}  // namespace vari::runtime_perft_tree_tests
