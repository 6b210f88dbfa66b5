// The move list holds every position of a game that loads: the bound found at load time, games
// past it refused at their busiest piece, and the busiest positions of games within it.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/dsl.hpp"
#include "interpreter/interpreter.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::interpreter_move_capacity_tests {
namespace {

// A 16x8 board whose Leaper jumps to every other cell: every vector (x, y) with 0 <= x <= 15,
// 0 <= y <= 7 and its images. `extra` adds lines to the Leaper; `more` declarations after it;
// `white` the cells of White's Leapers.
std::string leaper_game(const std::string& extra = "", const std::string& more = "",
                        const std::string& white = "a1") {
    std::string vectors;
    for (int x = 0; x < 16; ++x)
        for (int y = 0; y < 8; ++y)
            if (x || y) vectors += " (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    return "game \"Leapers\"\n"
           "players White Black\n"
           "board square { files a..p ranks 1..8 }\n"
           "zone far = rank 8\n"
           "piece Leaper L {\n"
           "  leap" +
           vectors + " symmetric\n" + extra + "}\n" + more + "setup White { Leaper " + white +
           " }\n"
           "setup Black { Leaper p8 }\n";
}

// 24 types the Leaper may become in the far rank: its promote line, then their declarations.
std::pair<std::string, std::string> promotion_types() {
    std::string names, pieces;
    for (char c = 'A'; c <= 'Y'; ++c) {
        if (c == 'L') continue;
        names += std::string(" T") + c;
        pieces += std::string("piece T") + c + " " + c + " { step orthogonal }\n";
    }
    return {"  promote optional in far to" + names + "\n", pieces};
}

}  // namespace

TEST_CASE("every shipped game's positions fit the move list", "[interpreter][limits]") {
    for (const auto& name : dsl::shipped_games()) {
        INFO(name);
        const auto game = test::load_shipped(name);
        const MoveBound bound = move_bound(game->tables());
        CHECK(bound.moves > 0);
        CHECK(bound.moves <= MAX_MOVES);
    }
}

TEST_CASE("the bound counts chess's busiest cells, promotions and castlings",
          "[interpreter][limits]") {
    // Per cell the Queen's reach (21 to 27 cells), except that a Pawn on the seventh rank makes 12
    // moves (3 targets, 4 choices) where a Queen on a7 makes 21: the Queen stays the busiest.
    const auto chess = test::load_shipped("chess");
    const MoveBound bound = move_bound(chess->tables());
    CHECK(bound.moves == 1456 + 2);  // the Queen from every cell, and two castlings
    CHECK(chess->ir().pieces[static_cast<std::size_t>(bound.type)].name == "Queen");
    // 32 pieces stand on at most the 32 busiest cells: the 4 centre cells (27 targets), the
    // ring around them (12 cells, 25) and 16 of the next ring's 20 (23).
    CHECK(move_bound(chess->tables(), 32).moves == 4 * 27 + 12 * 25 + 16 * 23 + 2);
    CHECK(chess->piece_limit() == MAX_PIECES);
}

TEST_CASE("a game whose start could pass the move list is refused at its busiest piece",
          "[interpreter][limits]") {
    // Every Leaper move into the far rank is 25 moves (24 promotions and staying a Leaper): 16
    // Leapers make more than the list holds.
    const auto [promote, types] = promotion_types();
    const std::string text =
        leaper_game(promote, types, "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1");
    const auto loaded = dsl::load_text(text, "leapers.vari");
    REQUIRE_FALSE(loaded.game);
    REQUIRE(loaded.diagnostics.size() == 1);
    const auto& error = loaded.diagnostics.front();
    CHECK(error.file == "leapers.vari");
    CHECK(error.line == 5);
    CHECK(error.column == 1);
    CHECK_THAT(error.message, Catch::StartsWith("a position of this game could have "));
    CHECK_THAT(error.message,
               Catch::EndsWith(" moves for White; the limit is 8192 (piece Leaper adds the most)"));
}

TEST_CASE("a game whose busiest positions could pass the move list refuses them by their pieces",
          "[interpreter][limits]") {
    // Two Leapers start; the position strings of this game hold no more pieces than keep every
    // position's moves within the list.
    const auto [promote, types] = promotion_types();
    const auto game = test::load_text(leaper_game(promote, types));
    const int limit = game->piece_limit();
    REQUIRE(limit >= 2);
    REQUIRE(limit < 64);
    CHECK(move_bound(game->tables(), limit).moves <= MAX_MOVES);
    CHECK(move_bound(game->tables(), limit + 1).moves > MAX_MOVES);
    // A Black Leaper and `white` White ones, filling the ranks from the top.
    const auto leapers = [](int white) {
        std::string text;
        for (int cell = 0, placed = 0; cell < 16 * 8; ++cell) {
            if (cell % 16 == 0 && cell) text += '/';
            if (placed <= white) {
                text += placed++ ? 'L' : 'l';
            } else {
                text += std::to_string(16 - cell % 16);  // the rest of the rank is empty
                cell += 15 - cell % 16;
            }
        }
        return text + " w - - 0 1";
    };
    Position pos(*game);
    const auto refused = notation::parse_position(pos, leapers(limit));
    REQUIRE(refused);
    CHECK(refused->message == "too many pieces: the board and the hands hold at most " +
                                  std::to_string(limit) + " together in this game");
    CHECK(refused->column == static_cast<std::uint32_t>(limit + 1 + limit / 16));
    test::set_position(pos, leapers(limit - 1));
}

TEST_CASE("a game within the bound lists its busiest positions whole", "[interpreter][limits]") {
    const auto game = test::load_text(leaper_game());
    const MoveBound bound = move_bound(game->tables());
    CHECK(bound.moves == 16 * 8 * 16 * 8 / 4);  // k pieces on 128 cells: at most k (128 - k)
    Position pos(*game);
    // 64 Leapers on files a..h, one Black Leaper: 64 targets each (63 empty cells and a capture).
    test::place(pos,
                "La1 Lb1 Lc1 Ld1 Le1 Lf1 Lg1 Lh1 La2 Lb2 Lc2 Ld2 Le2 Lf2 Lg2 Lh2 La3 Lb3 Lc3 "
                "Ld3 Le3 Lf3 Lg3 Lh3 La4 Lb4 Lc4 Ld4 Le4 Lf4 Lg4 Lh4 La5 Lb5 Lc5 Ld5 Le5 Lf5 "
                "Lg5 Lh5 La6 Lb6 Lc6 Ld6 Le6 Lf6 Lg6 Lh6 La7 Lb7 Lc7 Ld7 Le7 Lf7 Lg7 Lh7 La8 "
                "Lb8 Lc8 Ld8 Le8 Lf8 Lg8 Lh8 lp8");
    MoveList list;
    generate_legal(pos, list);
    CHECK(list.size == 64 * 64);
    CHECK_FALSE(list.overflow);
    // 64 moves take the Black Leaper; after the others it reaches each of the 127 other cells.
    CHECK(perft(pos, 2) == (64 * 64 - 64) * 127);
}

TEST_CASE("drops of every type in hand onto a big board fit the move list",
          "[interpreter][limits]") {
    // 25 types in hand, each droppable on any of the 126 empty cells.
    std::string pieces, hand;
    for (char c = 'A'; c <= 'Y'; ++c) {
        if (c == 'K') continue;
        pieces += std::string("piece T") + c + " " + c + " { step orthogonal drop }\n";
        hand += c;
    }
    pieces += "piece TZ Z { step orthogonal drop }\n";
    hand += 'Z';
    const auto game = test::load_text(
        "game \"Hands\"\nplayers White Black\nboard square { files a..p ranks 1..8 }\nhands\n"
        "piece King K royal { step orthogonal diagonal }\n" +
        pieces + "setup White { King a1 }\nsetup Black { King p8 }\nend checkmate win\n");
    Position pos(*game);
    test::set_position(pos, "15k/16/16/16/16/16/16/K15[" + hand + "] w - - 0 1");
    MoveList list;
    generate_legal(pos, list);
    CHECK(list.size == 25 * 126 + 3);
    CHECK(move_bound(game->tables()).moves <= MAX_MOVES);
}

// A game on the 16x8 board whose pieces slide along `per_piece` vectors each, all different.
std::string sliders_game(int pieces, int per_piece) {
    std::string text =
        "game \"Sliders\"\nplayers White Black\n"
        "board square { files a..p ranks 1..8 }\n";
    int x = 1, y = 0;
    for (int i = 0; i < pieces; ++i) {
        text += std::string("piece Slider") + static_cast<char>('A' + i) + " " +
                static_cast<char>('A' + i) + " {\n  slide";
        for (int k = 0; k < per_piece; ++k) {
            text += " (" + std::to_string(x) + ", " + std::to_string(y) + ")";
            if (++y == 8) y = 0, ++x;
        }
        text += "\n}\n";
    }
    return text + "setup White { SliderA a1 }\nsetup Black { SliderA p8 }\n";
}

TEST_CASE("a piece with more slide vectors than the engine compiles is refused at the movement",
          "[interpreter][limits]") {
    CHECK(dsl::load_text(sliders_game(1, MAX_PIECE_RULES), "sliders.vari").game);
    const auto loaded = dsl::load_text(sliders_game(1, MAX_PIECE_RULES + 1), "sliders.vari");
    REQUIRE_FALSE(loaded.game);
    REQUIRE(loaded.diagnostics.size() == 1);
    const auto& error = loaded.diagnostics.front();
    CHECK(error.line == 5);
    CHECK(error.column == 3);
    CHECK(error.message ==
          "piece SliderA moves by more than 64 vectors of slides, curves, jumps, hops and lame "
          "leaps; the limit is 64");
}

TEST_CASE("a game with more slide directions than the engine holds is refused where it passes them",
          "[interpreter][limits]") {
    // 60 vectors and their reverses: 120 directions; a third piece's 60 pass 128.
    CHECK(dsl::load_text(sliders_game(2, 30), "sliders.vari").game);
    const auto loaded = dsl::load_text(sliders_game(3, 30), "sliders.vari");
    REQUIRE_FALSE(loaded.game);
    REQUIRE(loaded.diagnostics.size() == 1);
    const auto& error = loaded.diagnostics.front();
    CHECK(error.line == 11);
    CHECK(error.column == 3);
    CHECK_THAT(error.message, Catch::StartsWith("the game's slides run along more than 128 "));
}

}  // namespace vari::interpreter_move_capacity_tests
