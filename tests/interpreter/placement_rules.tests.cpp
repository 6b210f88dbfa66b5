// A placement phase and the promotion that is a move of its own, on sittuyin: pieces in hand at
// the start, `drops compulsory`, drop zones per piece, and `promote in-place ... lost-only
// last-anywhere no-attack`, where each applies and where it must not.
#include <algorithm>
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_placement_rules_tests {

using namespace vari;
using vari::test::set_position;

namespace {

// The legal moves as vari writes them, sorted and space-separated; only those `keep` accepts.
template <class Keep>
std::string moves_text(Position& pos, Keep keep) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list)
        if (keep(m)) texts.push_back(notation::format_move(pos, m));
    std::sort(texts.begin(), texts.end());
    std::string joined;
    for (const auto& t : texts) joined += (joined.empty() ? "" : " ") + t;
    return joined;
}

std::string moves_from(Position& pos, const std::string& from) {
    const int cell = pos.game().cell_index(from);
    return moves_text(pos, [&](Move m) { return !m.is_drop() && m.from() == cell; });
}

int count_moves(Position& pos, bool (*keep)(Move)) {
    MoveList list;
    generate_legal(pos, list);
    return static_cast<int>(std::count_if(list.begin(), list.end(), keep));
}

bool is_drop(Move m) { return m.is_drop(); }
bool is_board_move(Move m) { return !m.is_drop(); }

}  // namespace

TEST_CASE("sittuyin: the pieces start in hand and are placed before any move",
          "[interpreter][placement][sittuyin]") {
    auto game = test::load_shipped("sittuyin");
    Position pos(*game);
    SECTION("at the start only drops are legal, though the Pawns could move") {
        CHECK(pos.in_hand(0, test::type_named(*game, "King")) == 1);
        CHECK(pos.in_hand(0, test::type_named(*game, "Rook")) == 2);
        CHECK(count_moves(pos, is_board_move) == 0);
        CHECK(count_moves(pos, is_drop) == 88);
    }
    SECTION("a piece goes only onto the player's three first ranks, a Rook only onto its first") {
        const int rook = test::type_named(*game, "Rook");
        const int knight = test::type_named(*game, "Knight");
        const auto dropped = [&](int type) {
            return moves_text(pos, [&](Move m) { return m.is_drop() && m.dropped_type() == type; });
        };
        CHECK(dropped(rook) == "R*a1 R*b1 R*c1 R*d1 R*e1 R*f1 R*g1 R*h1");
        CHECK(dropped(knight) ==
              "N*a1 N*a2 N*b1 N*b2 N*c1 N*c2 N*d1 N*d2 N*e1 N*e2 N*e3 N*f1 N*f2 N*f3 N*g1 N*g2 "
              "N*g3 N*h1 N*h2 N*h3");
        set_position(pos, "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFSSRRNNkfssrrnn] b - - 0 1");
        const auto black_rooks = dropped(rook);
        CHECK(black_rooks == "R*a8 R*b8 R*c8 R*d8 R*e8 R*f8 R*g8 R*h8");
    }
    SECTION("a player with nothing left in hand moves while the other still places") {
        set_position(pos, "8/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSKFSNR[rr] w - - 0 1");
        CHECK(count_moves(pos, is_drop) == 0);
        CHECK(moves_from(pos, "a3") == "a3-a4");
    }
    SECTION("a player who holds a piece it cannot drop anywhere moves") {
        set_position(pos, "3k4/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSKFSNR[R] w - - 0 1");
        CHECK(count_moves(pos, is_drop) == 0);
        CHECK(count_moves(pos, is_board_move) == 27);
    }
    SECTION("after the last drop the first move is a move") {
        set_position(pos, "rnskfsnr/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSKFSN1[R] w - - 0 1");
        Move last = Move::none();
        MoveList list;
        generate_legal(pos, list);
        CHECK(list.size == 1);
        last = list.moves[0];
        CHECK(notation::format_move(pos, last) == "R*h1");
        Undo undo;
        pos.do_move(last, undo);
        CHECK(count_moves(pos, is_drop) == 0);
        CHECK(moves_from(pos, "e6") == "e6-e5");
    }
}

TEST_CASE("sittuyin: a Pawn becomes a General by a move of its own",
          "[interpreter][promotion][sittuyin]") {
    auto game = test::load_shipped("sittuyin");
    Position pos(*game);
    SECTION(
        "on the long diagonal in the other half: in place or by a diagonal step to an empty cell") {
        set_position(pos, "7k/8/8/3P4/8/8/P7/K7[] w - - 0 1");
        CHECK(moves_from(pos, "d5") == "d5-c4=F d5-c6=F d5-d5=F d5-d6 d5-e4=F d5-e6=F");
    }
    SECTION("elsewhere, while the player has two Pawns, it only moves") {
        set_position(pos, "7k/8/8/2P5/8/8/P7/K7[] w - - 0 1");
        CHECK(moves_from(pos, "c5") == "c5-c6");
    }
    SECTION("the player's last Pawn promotes wherever it stands, in its own half too") {
        set_position(pos, "7k/8/8/8/8/2P5/8/K7[] w - - 0 1");
        CHECK(moves_from(pos, "c3") == "c3-b2=F c3-b4=F c3-c3=F c3-c4 c3-d2=F c3-d4=F");
    }
    SECTION("not while the player has a General on the board; one in hand does not count") {
        set_position(pos, "7k/8/8/3P4/8/8/P7/K4F2[] w - - 0 1");
        CHECK(moves_from(pos, "d5") == "d5-d6");
    }
    SECTION("never where the new General attacks a piece of the other player") {
        set_position(pos, "k7/8/2r5/3P4/8/8/P7/K7[] w - - 0 1");
        CHECK(moves_from(pos, "d5") == "d5-c4=F d5-d6 d5-e4=F d5-e6=F d5xc6");
    }
    SECTION("nor when leaving the cell opens a line that checks") {
        set_position(pos, "r7/RP2k3/2s5/3P4/4p3/2N1S3/5PK1/8[] w - - 0 1");
        CHECK(moves_from(pos, "b7") == "b7-b8 b7xa8");
    }
    SECTION("an in-place promotion is undone exactly") {
        set_position(pos, "7k/8/8/3P4/8/8/P7/K7[] w - - 0 1");
        const std::uint64_t before = pos.hash();
        MoveList list;
        generate_legal(pos, list);
        const int d5 = game->cell_index("d5");
        const auto in_place = std::find_if(list.begin(), list.end(),
                                           [&](Move m) { return m.from() == d5 && m.to() == d5; });
        REQUIRE(in_place != list.end());
        Undo undo;
        pos.do_move(*in_place, undo);
        CHECK(type_of(pos.piece_on(d5)) == test::type_named(*game, "General"));
        pos.undo_move(*in_place, undo);
        CHECK(type_of(pos.piece_on(d5)) == test::type_named(*game, "Pawn"));
        CHECK(pos.hash() == before);
    }
}

TEST_CASE("placement chess: Bishops end on both colours, and drops gain castling rights",
          "[interpreter][placement][placement-chess]") {
    auto game = test::load_shipped("placement");
    Position pos(*game);
    const int bishop = test::type_named(*game, "Bishop");
    const auto dropped = [&](int type) {
        return moves_text(pos, [&](Move m) { return m.is_drop() && m.dropped_type() == type; });
    };
    SECTION("with a Bishop on c1, the second goes only onto the other colour") {
        set_position(pos, "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1");
        CHECK(dropped(bishop) == "B*b1 B*d1 B*f1 B*h1");
    }
    SECTION("no other piece takes the last free cell of a colour a Bishop in hand needs") {
        set_position(pos, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R1N1K2R[QBBNqbbnn] w KQkq - 0 1");
        CHECK(dropped(test::type_named(*game, "Queen")) == "Q*b1 Q*d1 Q*f1");
        CHECK(dropped(bishop) == "B*b1 B*d1 B*f1 B*g1");
    }
    SECTION("dropping the Rook beside a King on its start cell gains the right, and castling") {
        set_position(pos, "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3[Rr] w - - 0 1");
        CHECK(pos.rights() == 0);
        for (const char* drop : {"h1", "h8"}) {
            MoveList list;
            generate_legal(pos, list);
            const int cell = game->cell_index(drop);
            const auto it = std::find_if(list.begin(), list.end(),
                                         [&](Move m) { return m.is_drop() && m.to() == cell; });
            REQUIRE(it != list.end());
            Undo undo;
            pos.do_move(*it, undo);
        }
        CHECK(notation::to_position_string(pos) ==
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[-] w Kk - 2 2");
        CHECK(moves_from(pos, "e1") == "e1-f1 e1-g1");
    }
}

}  // namespace interpreter_placement_rules_tests
