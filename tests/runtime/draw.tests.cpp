// Drawing boards: square grids, flat-top hex files staggered by half a row, pointy-top hex ranks
// indented by half a cell, their file and rank labels, cell names, players' tokens when there are
// more than two, plus and tilde pieces and hands, the last move and check marked, in colour, seen
// from any player's side, and the compact drawing `play` uses fitting a terminal of 80 by 24.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <sstream>

#include "dsl/dsl.hpp"
#include "runtime/draw_parts.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_draw_tests {

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
    const std::string named = runtime::draw_board(pos, {.names = true});
    CHECK(named.find("6 a6 b6 c6 d6 e6 f6 g6 h6\n") != std::string::npos);
    CHECK(named.find("1 R  N  B  Q  K  B  N  R\n") != std::string::npos);
}

TEST_CASE(
    "a flat-top hex board is drawn as files staggered by half a row, ranks labelled at "
    "their ends",
    "[runtime][draw]") {
    const auto shafran = test::load_shipped("shafran-chess");
    // The layout of rules.md 5.1, White at the bottom. A rank runs down to the right (a1 b1 ..
    // e1); its number stands one cell beyond each end where there is room (rank 1's right end
    // falls on the file letters).
    CHECK(runtime::draw_board(Position(*shafran)) ==
          "   a  b  c  d  e  f  g  h  i\n"
          "         9     k\n"
          "      8     b     q\n"
          "   7     n     p     b\n"
          "6     b     p     p     n\n"
          "   r     p     .     p     r\n"
          "5     p     .     .     p     10\n"
          "   p     .     .     .     p\n"
          "4     .     .     .     .     9\n"
          "   .     .     .     .     .\n"
          "3     .     .     .     .     8\n"
          "   .     .     .     .     .\n"
          "2     .     .     .     .     7\n"
          "   P     .     .     .     P\n"
          "1     P     .     .     P     6\n"
          "   R     P     .     P     R\n"
          "      N     P     P     B     5\n"
          "         B     P     N     4\n"
          "            Q     B     3\n"
          "               K     2\n"
          "   a  b  c  d  e  f  g  h  i\n");
}

TEST_CASE("empty cells are drawn by name on request", "[runtime][draw]") {
    const auto shafran = test::load_shipped("shafran-chess");
    Position pos(*shafran);
    test::place(pos, "Ke1 ke10");
    const std::string drawn = runtime::draw_board(pos, {.names = true});
    // The top of the board, as in the cell-name diagram of rules.md 5.1.
    CHECK(drawn.find("               9         k\n"
                     "          8         d9        f10\n"
                     "     7         c8        e9        g10\n") != std::string::npos);
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
    // Files zigzag (a1 a2 a3); c2, a file of one cell, has no room beside b.
    CHECK(runtime::draw_board(Position(*game)) ==
          "3  k .\n"
          "2 . . .\n"
          "1  . K\n"
          "   a b\n");
}

TEST_CASE("a pointy-top board's zigzag files are labelled below the board", "[runtime][draw]") {
    const auto game = test::load_shipped("hex-shogi-41");
    CHECK(runtime::draw_board(Position(*game)) ==
          "White in hand: -\n"
          "9  n   b   k   r   l\n"
          "8    .   s   g   .\n"
          "7  p   p   p   p   p\n"
          "6    .   .   .   .\n"
          "5  .   .   .   .   .\n"
          "4    .   .   .   .\n"
          "3  P   P   P   P   P\n"
          "2    .   S   G   .\n"
          "1  L   B   K   R   N\n"
          "   a   b   c   d   e\n"
          "Black in hand: -\n");
}

TEST_CASE("the three-player board labels its slanting files at both ends", "[runtime][draw]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    // Ranks k..a from the bottom at the left; files 11..1 run up to the right, each numbered
    // where it leaves the board: 11a 10a .. 6a along the top, 5b .. 1e down the right.
    CHECK(runtime::draw_board(Position(*game)) ==
          "                11  10  9   8   7   6\n"
          "a             Lw  Pw  .   .   Pg  Lg  5\n"
          "b           Nw  Gw  Pw  .   Pg  Gg  Ng  4\n"
          "c         Bw  Sw  Pw  .   .   Pg  Sg  Rg  3\n"
          "d       Rw  Kw  Pw  .   .   .   Pg  Kg  Bg  2\n"
          "e     Nw  Sw  Pw  .   .   .   .   Pg  Sg  Ng  1\n"
          "f   Lw  Gw  Pw  .   .   .   .   .   Pg  Gg  Lg\n"
          "g 11  Pw  Pw  .   .   .   .   .   .   Pg  Pg\n"
          "h   10  .   .   .   .   .   .   .   .   .\n"
          "i     9   .   Pb  Pb  Pb  Pb  Pb  Pb  .\n"
          "j       8   Pb  Gb  Sb  Kb  Sb  Gb  Pb\n"
          "k         7   Lb  Nb  Bb  Rb  Nb  Lb\n"
          "            6   5   4   3   2   1\n"
          "Black in hand: -\n"
          "White in hand: -\n"
          "Gray in hand: -\n");
}

TEST_CASE("a relabelled board shows the names it was given", "[runtime][draw]") {
    const auto shogi = test::load_shipped("shogi");
    Position pos(*shogi);
    std::string error;
    runtime::Game game(*shogi);
    REQUIRE(runtime::play_moves(game, "7g7f", error));
    // Files 9..1 from the left, ranks a..i from the top; the move 7g-7f marked by its cells.
    CHECK(runtime::draw_board(game.position(), {.last_move = game.last_move()}) ==
          "White in hand: -\n"
          "a  l  n  s  g  k  g  s  n  l\n"
          "b  .  r  .  .  .  .  .  b  .\n"
          "c  p  p  p  p  p  p  p  p  p\n"
          "d  .  .  .  .  .  .  .  .  .\n"
          "e  .  .  .  .  .  .  .  .  .\n"
          "f  .  . >P  .  .  .  .  .  .\n"
          "g  P  P >.  P  P  P  P  P  P\n"
          "h  .  B  .  .  .  .  .  R  .\n"
          "i  L  N  S  G  K  G  S  N  L\n"
          "   9  8  7  6  5  4  3  2  1\n"
          "Black in hand: -\n");
}

// The labels a drawing gives, margin and board alike.
std::set<std::string> labels_of(const runtime::Layout& layout) {
    std::set<std::string> out;
    for (const auto& l : layout.labels) out.insert(l.text);
    for (const auto& l : layout.margin) out.insert(l.text);
    return out;
}

TEST_CASE("every file and rank of every shipped game is labelled, from every side",
          "[runtime][draw]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto game = test::load_shipped(name);
        const ir::Board& board = game->ir().board;
        std::set<std::string> parts;
        for (const ir::Cell& cell : board.cells)
            for (const bool rank : {false, true})
                parts.insert(std::string(notation::name_part(cell.name, rank)));
        CHECK(parts.count("") == 0);
        for (std::size_t p = 0; p < game->ir().players.size(); ++p) {
            const int turns = runtime::view_turns(game->ir(), static_cast<int>(p));
            for (const bool compact : {false, true}) {
                INFO(name << " from " << game->ir().players[p].name
                          << (compact ? ", compact" : ""));
                const auto layout = runtime::lay_out(board, turns, {3, true}, compact);
                CHECK(labels_of(layout) == parts);
            }
        }
    }
}

TEST_CASE("a label stands only for a group of cells whose names all share it", "[runtime][draw]") {
    // File b is irregular: b1 and x2 stand on one file. Rank 2 holds a2 and x2 alike.
    const auto game = test::load_text(R"(
game "Irregular"
players White Black
board square { cells a1 (0, 0) b1 (1, 0) c1 (2, 0) a2 (0, 1) x2 (1, 1) c2 (2, 1) }
piece King K royal { step orthogonal }
setup White { King a1 }
setup Black { King c2 }
end checkmate win
)");
    CHECK(runtime::draw_board(Position(*game)) ==
          "2 . . k\n"
          "1 K . .\n"
          "  a   c\n");
}

TEST_CASE("the three-player board's labels name the cells they point along", "[runtime][draw]") {
    // From the label of each file's lower end, the cells up its line are that file's, in rank
    // order k..a as far as the board goes; the same for each rank from its end labels, as seen
    // by each player.
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    const ir::Board& board = game->ir().board;
    for (int player = 0; player < 3; ++player) {
        const int turns = runtime::view_turns(game->ir(), player);
        // Tokens of three characters (" Lw", "+Pw"): a cell every four columns, rows indented by
        // two; a label stands over the letter, a column right of its place.
        const auto layout = runtime::lay_out(board, turns, {3, true}, false);
        std::map<std::pair<long, int>, int> cell_at;
        for (std::size_t c = 0; c < board.cells.size(); ++c)
            cell_at[{layout.column[c], layout.line[c]}] = static_cast<int>(c);
        int checked = 0;
        for (const runtime::Placed& label : layout.labels) {
            const std::pair<long, int> ways[] = {{4, 0},  {-4, 0}, {2, 1},
                                                 {-2, 1}, {2, -1}, {-2, -1}};
            int found = 0;
            for (const auto& [dc, dl] : ways) {
                auto it = cell_at.find({label.column - 1 + dc, label.line + dl});
                if (it == cell_at.end()) continue;
                // Walk on while there are cells: each must carry the label.
                bool all = true;
                int length = 0;
                for (std::pair<long, int> at = it->first; cell_at.count(at);
                     at = {at.first + dc, at.second + dl}, ++length) {
                    const std::string& cell = board.cells[cell_at[at]].name;
                    all = all && (notation::name_part(cell, false) == label.text ||
                                  notation::name_part(cell, true) == label.text);
                }
                if (all && length >= 6) ++found;
            }
            INFO("label " << label.text << " seen by player " << player);
            CHECK(found == 1);
            ++checked;
        }
        CHECK(checked >= 2 * 11);
    }
}

TEST_CASE("the last move and a royal in check are marked", "[runtime][draw]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(game, "e2e4 e7e5 d1h5 b8c6 h5f7", error));
    const std::string plain = runtime::draw_board(game.position(), {.last_move = game.last_move()});
    CHECK(plain ==
          "8 r . b q!k b n r\n"
          "7 p p p p .>Q p p\n"
          "6 . . n . . . . .\n"
          "5 . . . . p . .>.\n"
          "4 . . . . P . . .\n"
          "3 . . . . . . . .\n"
          "2 P P P P . P P P\n"
          "1 R N B . K B N R\n"
          "  a b c d e f g h\n");
    // A drop marks its cell alone.
    const auto minishogi = test::load_shipped("minishogi");
    Position start(*minishogi);
    test::set_position(start, "rbsgk/4p/5/P4/K1SBR[Gp] b - - 0 1");
    runtime::Game dropped(*minishogi, start);
    REQUIRE(runtime::play_moves(dropped, "G*3c", error));
    CHECK(runtime::draw_board(dropped.position(), {.last_move = dropped.last_move()}) ==
          "White in hand: p\n"
          "a  r  b  s  g  k\n"
          "b  .  .  .  .  p\n"
          "c  .  . >G  .  .\n"
          "d  P  .  .  .  .\n"
          "e  K  .  S  B  R\n"
          "   5  4  3  2  1\n"
          "Black in hand: -\n");
}

TEST_CASE("colour: each player's pieces, the last move reversed, check on red", "[runtime][draw]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(game, "e2e4 e7e5 d1h5 b8c6 h5f7", error));
    const runtime::DrawOptions plain{.last_move = game.last_move()};
    runtime::DrawOptions coloured = plain;
    coloured.colour = true;
    const std::string drawn = runtime::draw_board(game.position(), coloured);
    CHECK(drawn.find("8 \x1b[1;36mr\x1b[0m . ") == 0);
    CHECK(drawn.find("!\x1b[1;97;41mk\x1b[0m") != std::string::npos);
    CHECK(drawn.find(" \x1b[1;33;7mQ\x1b[0m ") != std::string::npos);  // White's queen, last moved
    CHECK(drawn.find(" \x1b[7m.\x1b[0m\n") != std::string::npos);      // h5, where she came from
    // Without its escapes it is the plain drawing less the '>' marks.
    std::string bare;
    for (std::size_t i = 0; i < drawn.size(); ++i) {
        if (drawn[i] == '\x1b')
            i = drawn.find('m', i);
        else
            bare += drawn[i];
    }
    std::string unmarked = runtime::draw_board(game.position(), plain);
    std::replace(unmarked.begin(), unmarked.end(), '>', ' ');
    CHECK(bare == unmarked);
    CHECK(runtime::draw_board(game.position(), plain).find('\x1b') == std::string::npos);
}

TEST_CASE("a board is drawn from the side of the player asked for", "[runtime][draw]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(game, "e2e4", error));
    CHECK(runtime::draw_board(game.position(), {.from = 1, .last_move = game.last_move()}) ==
          "1 R N B K Q B N R\n"
          "2 P P P>. P P P P\n"
          "3 . . . . . . . .\n"
          "4 . . .>P . . . .\n"
          "5 . . . . . . . .\n"
          "6 . . . . . . . .\n"
          "7 p p p p p p p p\n"
          "8 r n b k q b n r\n"
          "  h g f e d c b a\n");
    // A flat-top board turned half round: files i..a, ranks counting down, labels and all.
    const auto shafran = test::load_shipped("shafran-chess");
    const std::string black = runtime::draw_board(Position(*shafran), {.from = 1});
    CHECK(black.rfind("   i  h  g  f  e  d  c  b  a\n"
                      "         2     K\n"
                      "      3     B     Q\n",
                      0) == 0);
    CHECK(black.find("               k     9\n"
                     "   i  h  g  f  e  d  c  b  a\n") != std::string::npos);
    // With hands, the viewer's below the board.
    const auto minishogi = test::load_shipped("minishogi");
    const std::string white = runtime::draw_board(Position(*minishogi), {.from = 1});
    CHECK(white.rfind("Black in hand: -\n", 0) == 0);
    CHECK(white.find("e  R  B  S  G  K\n") != std::string::npos);
    CHECK(white.find("a  k  g  s  b  r\n   1  2  3  4  5\nWhite in hand: -\n") !=
          std::string::npos);
    // Three players: each sees their own pieces at the bottom, the board turned by 120 degrees.
    const auto three = test::load_shipped("three-player-hex-shogi-91");
    CHECK(runtime::draw_board(Position(*three), {.from = 1}) ==
          "             f   g   h   i   j   k\n"
          " 1         e   Lg  Pg  .   .   Pb  Lb\n"
          " 2       d   Ng  Gg  Pg  .   Pb  Gb  Nb\n"
          " 3     c   Bg  Sg  Pg  .   .   Pb  Sb  Rb\n"
          " 4   b   Rg  Kg  Pg  .   .   .   Pb  Kb  Bb\n"
          " 5 a   Ng  Sg  Pg  .   .   .   .   Pb  Sb  Nb\n"
          " 6   Lg  Gg  Pg  .   .   .   .   .   Pb  Gb  Lb\n"
          " 7     Pg  Pg  .   .   .   .   .   .   Pb  Pb  k\n"
          " 8       .   .   .   .   .   .   .   .   .   j\n"
          " 9         .   Pw  Pw  Pw  Pw  Pw  Pw  .   i\n"
          "10           Pw  Gw  Sw  Kw  Sw  Gw  Pw  h\n"
          "11             Lw  Nw  Bw  Rw  Nw  Lw  g\n"
          "                 a   b   c   d   e   f\n"
          "Black in hand: -\n"
          "White in hand: -\n"
          "Gray in hand: -\n");
    const std::string gray = runtime::draw_board(Position(*three), {.from = 2});
    CHECK(gray.find("      h   Pg  Gg  Sg  Kg  Sg  Gg  Pg  8\n"
                    "        g   Lg  Ng  Bg  Rg  Ng  Lg  7\n"
                    "          f   1   2   3   4   5   6\n") != std::string::npos);
}

TEST_CASE("play's compact drawing of every shipped game fits a terminal of 80 by 24",
          "[runtime][draw]") {
    // After a move, play shows: the move typed, one line per player's move, the drawing (the
    // status at the right of its last line where the lines would not fit), and the prompt.
    const std::string status = "Xxxxxxxx to move, in check";
    for (const std::string& name : dsl::shipped_games()) {
        const auto game = test::load_shipped(name);
        const int players = static_cast<int>(game->ir().players.size());
        for (int from = 0; from < players; ++from) {
            for (const bool names : {false, true}) {
                INFO(name << " from player " << from << (names ? " with names" : ""));
                const std::string drawn = runtime::draw_board(
                    Position(*game), {.names = names, .from = from, .compact = true});
                std::istringstream lines(drawn);
                std::string line;
                int height = 0;
                std::size_t width = 0, last = 0;
                while (std::getline(lines, line)) {
                    ++height;
                    width = std::max(width, line.size());
                    last = line.size();
                }
                CHECK(1 + players + height + 1 <= 24);
                CHECK(width <= 80);
                if (1 + players + 1 + height + 1 + 1 > 24) CHECK(last + 3 + status.size() <= 80);
            }
        }
    }
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

TEST_CASE("tilde pieces are drawn with their '~', and every cell has room for one",
          "[runtime][draw]") {
    const auto crazyhouse = test::load_shipped("crazyhouse");
    Position start(*crazyhouse);
    test::set_position(start, "r3k2r/1P3ppp/8/3pP3/8/5q~2/PP3PPP/R3K2R[QNPbp] w KQkq d6 0 20");
    runtime::Game game(*crazyhouse, start);
    std::string error;
    REQUIRE(runtime::play_moves(game, "b7xa8=Q", error));
    CHECK(runtime::draw_board(game.position(), {.last_move = game.last_move()}) ==
          "Black in hand: b p\n"
          "8>Q~ .  .  . !k  .  .  r\n"
          "7 . >.  .  .  .  p  p  p\n"
          "6 .  .  .  .  .  .  .  .\n"
          "5 .  .  .  p  P  .  .  .\n"
          "4 .  .  .  .  .  .  .  .\n"
          "3 .  .  .  .  .  q~ .  .\n"
          "2 P  P  .  .  .  P  P  P\n"
          "1 R  .  .  .  K  .  .  R\n"
          "  a  b  c  d  e  f  g  h\n"
          "White in hand: Q R N P\n");
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

}  // namespace vari::runtime_draw_tests
