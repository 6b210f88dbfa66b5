// Hands and drops: what a captor gets, drop rules, drop-first, '+' and '~' letters, promotion on
// leaving.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_hands_tests {

namespace {

using namespace vari::dsl_test;

const std::string header =
    "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..e ranks 1..5 }\n"
    "zone far = rank 5\nzone near = rank 1\n";

}  // namespace

TEST_CASE("with hands a captor gets the piece itself unless captured-as or captured-removed says",
          "[dsl][hands]") {
    const auto game = game_of(header +
                              "piece Pawn P { step n  drop }\n"
                              "piece Tokin +P { step orthogonal  captured-as Pawn }\n"
                              "piece Bomb X { step n  captured-removed }\n"
                              "hands\n");
    CHECK(game.hands);
    REQUIRE(game.pieces.size() == 3);
    CHECK(game.pieces[0].captured_as == 0);
    CHECK(game.pieces[1].captured_as == 0);
    CHECK(game.pieces[2].captured_as == -1);
}

TEST_CASE("without hands every captured piece is removed and no piece drops", "[dsl][hands]") {
    const auto game = game_of(header +
                              "piece Pawn P { step n  captured-removed }\n"
                              "piece Rook R { slide orthogonal }\n");
    CHECK_FALSE(game.hands);
    CHECK(game.drop_first.empty());
    for (const auto& piece : game.pieces) {
        CHECK(piece.captured_as == -1);
        CHECK_FALSE(piece.drop.allowed);
    }
}

TEST_CASE("drop options lower to the drop's fields, in any order", "[dsl][hands]") {
    const auto game = game_of(header +
                              "piece King K royal { step orthogonal diagonal }\n"
                              "piece Pawn P {\n  step n\n"
                              "  drop no-mate not-defended-by Pawn King where-movable\n"
                              "       not-on-file-with Pawn not-in far near no-check\n}\n"
                              "piece Gold G { step orthogonal  drop }\n"
                              "hands\ndrop-first Gold Pawn\n");
    const auto& pawn = game.pieces[1].drop;
    CHECK(pawn.allowed);
    CHECK(pawn.forbidden_zones == std::vector<int>{0, 1});
    CHECK(pawn.only_where_movable);
    CHECK(pawn.not_on_file_with == std::vector<int>{1});
    CHECK(pawn.not_defended_by == std::vector<int>{1, 0});
    CHECK(pawn.may_not_check);
    CHECK(pawn.may_not_mate);
    CHECK(pawn.source.line == 10);
    CHECK(pawn.source.column == 3);
    const auto& gold = game.pieces[2].drop;
    CHECK(gold.allowed);
    CHECK(gold.forbidden_zones.empty());
    CHECK_FALSE(gold.only_where_movable);
    CHECK(gold.not_on_file_with.empty());
    CHECK(gold.not_defended_by.empty());
    CHECK_FALSE(gold.may_not_check);
    CHECK_FALSE(gold.may_not_mate);
    CHECK_FALSE(game.pieces[0].drop.allowed);
    CHECK(game.drop_first == std::vector<int>{2, 1});
}

TEST_CASE("a letter may be written with '+', and P and +P are different letters", "[dsl][hands]") {
    const auto game = game_of(header + "piece Pawn P { step n }\npiece Tokin +P { step n }\n");
    CHECK(game.pieces[0].letter == 'P');
    CHECK_FALSE(game.pieces[0].plus);
    CHECK(game.pieces[1].letter == 'P');
    CHECK(game.pieces[1].plus);
    CHECK(errors_of(header + "piece Pawn +P { step n }\npiece Tokin +P { step n }\n") ==
          "8:13: letter '+P' is already used by piece 'Pawn' at 7:1\n");
}

TEST_CASE("a letter may be written with '~' after it, and Q and Q~ are different letters",
          "[dsl][hands]") {
    const auto game =
        game_of(header +
                "piece Queen Q { slide orthogonal diagonal  drop }\n"
                "piece Pawn P { step n  promote in far to PromotedQueen  drop }\n"
                "piece PromotedQueen Q~ { slide orthogonal diagonal  captured-as Pawn }\n"
                "hands\n");
    CHECK(game.pieces[0].letter == 'Q');
    CHECK_FALSE(game.pieces[0].tilde);
    CHECK(game.pieces[2].letter == 'Q');
    CHECK(game.pieces[2].tilde);
    CHECK_FALSE(game.pieces[2].plus);
    CHECK(errors_of(header + "piece Queen Q~ { step n }\npiece PromotedQueen Q~ { step n }\n") ==
          "8:21: letter 'Q~' is already used by piece 'Queen' at 7:1\n");
}

TEST_CASE("moves write Q~ as Q, so no promotion or drop may have both to choose from",
          "[dsl][hands]") {
    const std::string pieces =
        "piece Queen Q { slide orthogonal diagonal }\n"
        "piece PromotedQueen Q~ { slide orthogonal diagonal }\n";
    // A Q~ that no piece promotes to, and one the Pawn promotes to beside a +Q, are fine.
    CHECK(game_of(header + pieces).pieces.size() == 2);
    CHECK(game_of(header + pieces + "piece Tokin +Q { step n }\n" +
                  "piece Pawn P { step n  promote in far to PromotedQueen Tokin }\n")
              .pieces.size() == 4);
    CHECK(errors_of(header + pieces +
                    "piece Pawn P { step n  promote in far to Queen\n"
                    "  promote optional in near to PromotedQueen }\n") ==
          "10:31: 'Pawn' may promote to 'Queen' (Q) and to 'PromotedQueen' (Q~), which a move "
          "writes alike, as '=Q'\n");
    const std::string army =
        "army Both { Queen PromotedQueen Pawn  promote Pawn in far to others }\n"
        "armies Both Both\n";
    CHECK(errors_of(header + pieces + "piece Pawn P { step n }\n" + army) ==
          "10:39: 'Pawn' may promote to 'Queen' (Q) and to 'PromotedQueen' (Q~), which a move "
          "writes alike, as '=Q'\n");
    CHECK(errors_of(header + "piece Queen Q { slide orthogonal diagonal  drop }\n"
                             "piece PromotedQueen Q~ { slide orthogonal diagonal  drop }\n"
                             "hands\n") ==
          "8:53: 'Queen' (Q) and 'PromotedQueen' (Q~) may both be dropped, and a drop writes both "
          "as 'Q*'\n");
}

TEST_CASE("'touching' promotes on a move that starts in the zone too", "[dsl][hands]") {
    const auto game = game_of(header +
                              "piece Pawn P { step n  promote optional touching in far to Tokin\n"
                              "  promote in near to Tokin }\npiece Tokin +P { step n }\n");
    const auto& promotions = game.pieces[0].promotions;
    REQUIRE(promotions.size() == 2);
    CHECK(promotions[0].on_leaving);
    CHECK_FALSE(promotions[0].compulsory);
    CHECK_FALSE(promotions[1].on_leaving);
    CHECK(promotions[1].compulsory);
}

TEST_CASE("a promotion cycle is reported where its last promotion closes it", "[dsl][hands]") {
    auto [pieces, expected] = GENERATE(table<std::string, std::string>({
        {"piece A A { step n  promote in far to B }\npiece B B { step n  promote in far to A }\n",
         "8:39: promoting 'B' to 'A' closes a cycle (A -> B -> A): a piece could promote again "
         "and again\n"},
        {"piece A A { step n  promote in far to A }\n",
         "7:39: promoting 'A' to 'A' closes a cycle (A -> A): a piece could promote again and "
         "again\n"},
        {"piece A A { step n  promote in far to B }\npiece B B { step n  promote in far to C }\n"
         "piece C C { step n  promote optional in near to D B }\npiece D D { step n }\n",
         "9:51: promoting 'C' to 'B' closes a cycle (B -> C -> B): a piece could promote again "
         "and again\n"},
        {"piece A A { step n  promote in far to B }\npiece B B { step n  promote in far to C }\n"
         "piece C C { step n  promote in far to D }\npiece D D { step n  promote in far to E }\n"
         "piece E E { step n  promote in far to F }\npiece F F { step n  promote in far to G }\n"
         "piece G G { step n  promote in far to A }\n",
         "13:39: promoting 'G' to 'A' closes a cycle (A -> B -> C -> ... -> F -> G -> A): a piece "
         "could promote again and again\n"},
    }));
    INFO(pieces);
    CHECK(errors_of(header + pieces) == expected);
}

TEST_CASE("thousands of pieces that all promote back to the first are reported quickly",
          "[dsl][hands][robustness]") {
    std::string text = header;
    constexpr int count = 5000;
    for (int i = 0; i < count; ++i)
        text += "piece P_" + std::to_string(i) + " A { step n  promote in far to P_" +
                std::to_string(i + 1 < count ? i + 1 : 0) + " P_0 }\n";
    const auto result = dsl::load_text(text, "test.vari");
    CHECK_FALSE(result.game);
    REQUIRE(result.diagnostics.size() == 101);  // the first 100, then how many more
    CHECK(result.diagnostics.back().message.find("more errors") != std::string::npos);
}

TEST_CASE("a chain of promotions without a cycle is accepted", "[dsl][hands]") {
    const auto game = game_of(header +
                              "piece A A { step n  promote in far to B C }\n"
                              "piece B B { step n  promote in near to C }\npiece C C { step n }\n");
    CHECK(game.pieces[0].promotions[0].choices == std::vector<int>{1, 2});
}

TEST_CASE("hands need a piece that reaches a hand and one that may leave it", "[dsl][hands]") {
    auto [pieces, expected] = GENERATE(table<std::string, std::string>({
        {"piece A A { step n  drop }\n", ""},
        {"piece A A { step n  captured-removed  drop }\n",
         "7:1: 'hands' is given, but every piece is 'captured-removed': no captured piece ever "
         "reaches a hand\n"},
        {"piece A A { step n }\n",
         "7:1: 'hands' is given, but no piece may be dropped from a hand\n"},
        {"piece A A { step n  drop }\npiece B +A { step n  captured-as A  drop }\n",
         "9:37: piece 'B' can never be dropped: no captured piece goes to a hand as 'B'\n"},
    }));
    INFO(pieces);
    const std::string text = header + "hands\n" + pieces;
    if (expected.empty())
        CHECK(game_of(text).hands);
    else
        CHECK(errors_of(text) == expected);
}

}  // namespace dsl_hands_tests
