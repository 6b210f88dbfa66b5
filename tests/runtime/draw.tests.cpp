// Drawing boards: square grids, flat-top hex files staggered by half a row, pointy-top hex ranks
// indented by half a cell, cell names, and players' tokens when there are more than two.
#include <catch2/catch.hpp>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari {
namespace {

std::unique_ptr<CompiledGame> load_text(const std::string& text) {
    auto loaded = dsl::load_text(text, "test.vari");
    std::string report;
    for (const auto& d : loaded.diagnostics) report += dsl::render(d, loaded.source);
    INFO(report);
    REQUIRE(loaded.game);
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

}  // namespace

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
    const auto game = load_text(R"(
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
    const auto game = load_text(R"(
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
          "3 rK .  gK\n"
          "2 .  .  .\n"
          "1 wK .  .\n"
          "  a  b  c\n");
}

}  // namespace vari
