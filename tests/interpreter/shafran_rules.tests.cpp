// Shafran's hexagonal chess, rule by rule, from positions (rules.md §5.4-§5.6).
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_shafran_rules_tests {

using namespace vari;
using vari::test::legal_move;
using vari::test::legal_targets;
using vari::test::place;

namespace {

void play(Position& pos, const std::string& from, const std::string& to) {
    static Undo undos[64];
    static int used = 0;
    pos.do_move(legal_move(pos, from, to), undos[used++ % 64]);
}

Piece piece_at(const Position& pos, const std::string& cell) {
    return pos.piece_on(pos.game().cell_index(cell));
}

}  // namespace

TEST_CASE("Shafran: each of White's four castlings is available with both rights",
          "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Ra1 Ri5 ke10", 0, "KQ");
    // King steps d1 d2 e2 f2 f3; castlings c1 b1 (towards a1) and g3 h4 (towards i5).
    CHECK(legal_targets(pos, "e1") == "b1 c1 d1 d2 e2 f2 f3 g3 h4");
}

TEST_CASE("Shafran: each of Black's four castlings is available with both rights",
          "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 ra6 ri10 ke10", 1, "kq");
    CHECK(legal_targets(pos, "e10") == "b7 c8 d8 d9 e9 f10 f9 g10 h10");
}

TEST_CASE("Shafran: castling needs its right", "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Ra1 Ri5 ke10", 0, "K");
    CHECK(legal_targets(pos, "e1") == "d1 d2 e2 f2 f3 g3 h4");
}

TEST_CASE("Shafran: a Rook that moves away and back has lost its castling right",
          "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Ra1 Ri5 ke10", 0, "KQ");
    play(pos, "a1", "a2");
    play(pos, "e10", "d9");
    play(pos, "a2", "a1");
    play(pos, "d9", "e10");
    CHECK(legal_targets(pos, "e1") == "d1 d2 e2 f2 f3 g3 h4");
}

TEST_CASE("Shafran: castling needs its path empty", "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Ra1 Nc1 Ri5 ke10", 0, "KQ");
    CHECK(legal_targets(pos, "e1") == "d1 d2 e2 f2 f3 g3 h4");
    place(pos, "Ke1 Ra1 Ri5 Ng3 ke10", 0, "KQ");
    CHECK(legal_targets(pos, "e1") == "b1 c1 d1 d2 e2 f2 f3");
}

TEST_CASE("Shafran: the King may not castle out of, through or into an attacked cell",
          "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    SECTION("out of check: a Rook on e9 gives check") {
        place(pos, "Ke1 Ra1 Ri5 re9 ka6", 0, "KQ");
        CHECK(legal_targets(pos, "e1") == "d1 d2 f2 f3");
    }
    SECTION("through an attacked cell: d1, passed by both castlings towards a1") {
        place(pos, "Ke1 Ra1 Ri5 rd9 ke10", 0, "KQ");
        CHECK(legal_targets(pos, "e1") == "e2 f2 f3 g3 h4");
    }
    SECTION("into an attacked cell: b1 ends only the long castling towards a1") {
        place(pos, "Ke1 Ra1 Ri5 rb7 ke10", 0, "KQ");
        CHECK(legal_targets(pos, "e1") == "c1 d1 d2 e2 f2 f3 g3 h4");
    }
}

TEST_CASE("Shafran: castling moves the Rook over the King", "[interpreter][shafran][castling]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Ra1 Ri5 ke10", 0, "KQ");
    play(pos, "e1", "b1");
    CHECK(piece_at(pos, "a1") == NO_PIECE);
    CHECK(piece_at(pos, "e1") == NO_PIECE);
    CHECK(game->ir().pieces[type_of(piece_at(pos, "c1"))].letter == 'R');
    CHECK(game->ir().pieces[type_of(piece_at(pos, "b1"))].letter == 'K');
    CHECK(pos.rights() == 0);
}

TEST_CASE("Shafran: a triple step may be taken en passant on either passed cell",
          "[interpreter][shafran][en-passant]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    // c5 attacks d4 and e5 attacks d3, the two cells a pawn passes going d2-d5.
    place(pos, "Ke1 Pd2 ke10 pc5 pe5", 0);
    play(pos, "d2", "d5");
    CHECK(legal_targets(pos, "c5") == "c4 d4");
    CHECK(legal_targets(pos, "e5") == "d3 e4");
    SECTION("onto the near cell") {
        play(pos, "c5", "d4");
        CHECK(piece_at(pos, "d5") == NO_PIECE);
        CHECK(owner_of(piece_at(pos, "d4")) == 1);
    }
    SECTION("onto the far cell") {
        play(pos, "e5", "d3");
        CHECK(piece_at(pos, "d5") == NO_PIECE);
        CHECK(owner_of(piece_at(pos, "d3")) == 1);
    }
}

TEST_CASE("Shafran: en passant is possible only on the next turn",
          "[interpreter][shafran][en-passant]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    place(pos, "Ke1 Pd2 ke10 pc5 pe5", 0);
    play(pos, "d2", "d5");
    play(pos, "e10", "e9");
    play(pos, "e1", "e2");
    CHECK(legal_targets(pos, "c5") == "c4");
    CHECK(legal_targets(pos, "e5") == "e4");
}

TEST_CASE("Shafran: a pawn on the last cell of its file must promote to Q, R, B or N",
          "[interpreter][shafran][promotion]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    auto promotions_to = [&](const std::string& to) {
        MoveList list;
        generate_legal(pos, list);
        std::string letters;
        for (Move m : list)
            if (game->ir().board.cells[m.to()].name == to) {
                REQUIRE(m.is_promotion());
                letters += game->ir().pieces[m.promotion()].letter;
            }
        std::sort(letters.begin(), letters.end());
        return letters;
    };
    SECTION("White, moving and capturing") {
        place(pos, "Ke1 Pf9 ka6 ne10", 0);
        CHECK(promotions_to("f10") == "BNQR");
        CHECK(promotions_to("e10") == "BNQR");
    }
    SECTION("Black") {
        place(pos, "Ki10 ka6 pd2", 1);
        CHECK(promotions_to("d1") == "BNQR");
    }
}

TEST_CASE("Shafran: a pinned piece moves only along the pin", "[interpreter][shafran][pin]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    SECTION("a Rook pinned on its file") {
        place(pos, "Ke1 Re3 re8 ka6", 0);
        CHECK(legal_targets(pos, "e3") == "e2 e4 e5 e6 e7 e8");
    }
    SECTION("a Knight pinned cannot move") {
        place(pos, "Ke1 Ne2 re9 ka6", 0);
        CHECK(legal_targets(pos, "e2") == "");
    }
    SECTION("a Bishop pinned on a diagonal stays on it") {
        place(pos, "Ke1 Bf3 bh7 ka6", 0);
        CHECK(legal_targets(pos, "f3") == "g5 h7");
    }
}

TEST_CASE("Shafran: stalemate is a draw and checkmate a win", "[interpreter][shafran][end]") {
    auto game = test::load_shipped("shafran-chess");
    Position pos(*game);
    SECTION("stalemate: the Black King on a6 has no move and is not attacked") {
        // The Queen on c5 covers a5 b5 b6 c7; the Rook on b1 covers b7.
        place(pos, "Ke1 Qc5 Rb1 ka6", 1);
        CHECK(perft(pos, 1) == 0);
        CHECK_FALSE(pos.in_check());
        runtime::Game play(*game, pos);
        REQUIRE(play.result());
        CHECK(play.result()->scores == std::vector<double>{0.5, 0.5});
    }
    SECTION("checkmate: a Rook on a1 also attacks a6") {
        place(pos, "Ke1 Qc5 Rb1 Ra1 ka6", 1);
        CHECK(perft(pos, 1) == 0);
        CHECK(pos.in_check());
        runtime::Game play(*game, pos);
        REQUIRE(play.result());
        CHECK(play.result()->scores == std::vector<double>{1.0, 0.0});
    }
}

}  // namespace interpreter_shafran_rules_tests
