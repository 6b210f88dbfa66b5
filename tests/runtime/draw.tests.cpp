// Drawing boards: square grids, flat-top hex files staggered by half a row, pointy-top hex ranks
// indented by half a cell, cell names, players' tokens when there are more than two, plus pieces
// and hands.
#include <catch2/catch.hpp>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari {

TEST_CASE("a square board is drawn as a grid with rank numbers and file letters",
          "[runtime][draw]") {
    const auto chess = test::load_shipped("chess");
    const Position pos(*chess);
    CHECK(runtime::draw_board(pos) ==
          "8 r n b q k b n r\n"
          "7 p p p p p p p p\n"
          "6 . . . . . . . .\n"
          "5 . . . . . . . .\n"
          "4 . . . . . . . .\n"
          "3 . . . . . . . .\n"
          "2 P P P P P P P P\n"
          "1 R N B Q K B N R\n"
          "  a b c d e f g h\n");
    const std::string named = runtime::draw_board(pos, true);
    CHECK(named.find("6 a6 b6 c6 d6 e6 f6 g6 h6\n") != std::string::npos);
    CHECK(named.find("1 R  N  B  Q  K  B  N  R\n") != std::string::npos);
}

TEST_CASE("a flat-top hex board is drawn as files staggered by half a row", "[runtime][draw]") {
    const auto shafran = test::load_shipped("shafran-chess");
    // The layout of rules.md 5.1, White at the bottom.
    CHECK(runtime::draw_board(Position(*shafran)) ==
          "a  b  c  d  e  f  g  h  i\n"
          "            k\n"
          "         b     q\n"
          "      n     p     b\n"
          "   b     p     p     n\n"
          "r     p     .     p     r\n"
          "   p     .     .     p\n"
          "p     .     .     .     p\n"
          "   .     .     .     .\n"
          ".     .     .     .     .\n"
          "   .     .     .     .\n"
          ".     .     .     .     .\n"
          "   .     .     .     .\n"
          "P     .     .     .     P\n"
          "   P     .     .     P\n"
          "R     P     .     P     R\n"
          "   N     P     P     B\n"
          "      B     P     N\n"
          "         Q     B\n"
          "            K\n"
          "a  b  c  d  e  f  g  h  i\n");
}

TEST_CASE("empty cells are drawn by name on request", "[runtime][draw]") {
    const auto shafran = test::load_shipped("shafran-chess");
    Position pos(*shafran);
    test::place(pos, "Ke1 ke10");
    const std::string drawn = runtime::draw_board(pos, true);
    // The top of the board, as in the cell-name diagram of rules.md 5.1.
    CHECK(drawn.find("                    k\n"
                     "               d9        f10\n"
                     "          c8        e9        g10\n") != std::string::npos);
}

TEST_CASE("a pointy-top hex board is drawn as ranks indented by half a cell", "[runtime][draw]") {
    const auto game = test::load_text(R"(
game "Pointy"
players White Black
board hex pointy { ranks 1..3 lengths 2 3 2 indents 2 1 2 }
piece King K royal { step orthogonal }
setup White { King b1 }
setup Black { King a3 }
end checkmate win
)");
    CHECK(runtime::draw_board(Position(*game)) ==
          "3  k .\n"
          "2 . . .\n"
          "1  . K\n");
}

TEST_CASE("with more than two players a piece is drawn after its owner's token",
          "[runtime][draw]") {
    const auto game = test::load_text(R"(
game "Three"
players White Grey Red
board square { files a..c ranks 1..3 }
piece King K royal { step orthogonal diagonal }
setup White { King a1 }
setup Grey { King c3 }
setup Red { King a3 }
end checkmate win
)");
    CHECK(runtime::draw_board(Position(*game)) ==
          "3 Kr .  Kg\n"
          "2 .  .  .\n"
          "1 Kw .  .\n"
          "  a  b  c\n");
}

TEST_CASE("a game with hands draws them around the board, and plus pieces with their '+'",
          "[runtime][draw]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    // Every cell has room for a '+', promoted pieces or not, so the drawing keeps its shape.
    CHECK(runtime::draw_board(pos) ==
          "White in hand: -\n"
          "a  r  b  s  g  k\n"
          "b  .  .  .  .  p\n"
          "c  .  .  .  .  .\n"
          "d  P  .  .  .  .\n"
          "e  K  G  S  B  R\n"
          "   5  4  3  2  1\n"
          "Black in hand: -\n");
    test::set_position(pos, "rbsgk/2+p1p/5/P4/K1SB+R[GPPsp] w - - 0 1");
    CHECK(runtime::draw_board(pos) ==
          "White in hand: s p\n"
          "a  r  b  s  g  k\n"
          "b  .  . +p  .  p\n"
          "c  .  .  .  .  .\n"
          "d  P  .  .  .  .\n"
          "e  K  .  S  B +R\n"
          "   5  4  3  2  1\n"
          "Black in hand: G P P\n");
}

TEST_CASE("with more than two players every hand is drawn below the board", "[runtime][draw]") {
    const auto game = test::load_text(R"(
game "Three with hands"
players White Grey Red
board square { files a..c ranks 1..3 }
zone top = rank 3
piece King K royal { step orthogonal diagonal }
piece Pawn P { step n  promote optional in top to Tokin  drop }
piece Tokin +P { step orthogonal  captured-as Pawn }
hands
setup White { King a1 }
setup Grey { King c3  Tokin b2 }
setup Red { King a3 }
end checkmate win
)");
    Position pos(*game);
    test::set_position(pos, "Kr1Kg/1+Pg1/Kw2[PwPrPr] w - - 0 1");
    CHECK(runtime::draw_board(pos) ==
          "3  Kr  .   Kg\n"
          "2  .  +Pg  .\n"
          "1  Kw  .   .\n"
          "   a   b   c\n"
          "White in hand: Pw\n"
          "Grey in hand: -\n"
          "Red in hand: Pr Pr\n");
}

}  // namespace vari
