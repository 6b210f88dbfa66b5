// The promotion forms beyond a zone's, rule by rule: `lost-only` (grand chess), `promote always`
// and `drop promoted` (Kyoto shogi), where each applies and where it must not.
#include <algorithm>
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_promotion_forms_tests {

using namespace vari;
using vari::test::place;
using vari::test::set_position;
using vari::test::type_named;

namespace {

// The legal moves written as vari writes them, sorted and space-separated.
std::string moves_text(Position& pos, bool (*keep)(Move) = nullptr) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list)
        if (!keep || keep(m)) texts.push_back(notation::format_move(pos, m));
    std::sort(texts.begin(), texts.end());
    std::string joined;
    for (const auto& t : texts) joined += (joined.empty() ? "" : " ") + t;
    return joined;
}

// The moves from `from`, as vari writes them.
std::string moves_from(Position& pos, const std::string& from) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    for (Move m : list)
        if (!m.is_drop() && !m.is_pass() && m.from() == pos.game().cell_index(from))
            texts.push_back(notation::format_move(pos, m));
    std::sort(texts.begin(), texts.end());
    std::string joined;
    for (const auto& t : texts) joined += (joined.empty() ? "" : " ") + t;
    return joined;
}

}  // namespace

TEST_CASE("grand chess: a Pawn promotes only to a type its side has fewer of than at the start",
          "[interpreter][promotion][grand-chess]") {
    auto game = test::load_shipped("grand-chess");
    Position pos(*game);
    SECTION("with one Rook and no Queen lost, Queen and Rook open; the rest stay closed") {
        place(pos, "Ke2 Mf2 Cg2 Ra1 Bc2 Bh2 Nb2 Ni2 Pc7 kj7");
        CHECK(moves_from(pos, "c7") == "c7-c8 c7-c8=Q c7-c8=R");
    }
    SECTION("with nothing lost, a Pawn steps onto the 8th rank as a Pawn") {
        place(pos, "Ke2 Qd2 Mf2 Cg2 Ra1 Rj1 Bc2 Bh2 Nb2 Ni2 Pc7 kj7");
        CHECK(moves_from(pos, "c7") == "c7-c8");
    }
    SECTION("with nothing lost, a Pawn may not go onto the last rank, by a step or a capture") {
        place(pos, "Ke2 Qd2 Mf2 Cg2 Ra1 Rj1 Bc2 Bh2 Nb2 Ni2 Pc9 rb10 kj7");
        CHECK(moves_from(pos, "c9").empty());
    }
    SECTION("a capture of a lost type's piece does not open it: what counts is the board") {
        // White has lost a Knight; taking Black's Knight on b10 gives White none back.
        place(pos, "Ke2 Qd2 Mf2 Cg2 Ra1 Rj1 Bc2 Bh2 Nb2 Pc9 nb10 kj7");
        CHECK(moves_from(pos, "c9") == "c9-c10=N c9xb10=N");
    }
    SECTION("Black counts its own pieces, not White's") {
        place(pos, "Kj1 Pc9 ke9 qd9 mf9 cg9 ra10 rj10 bc9 bh9 nb9 ni9 pd2", 1);
        CHECK(moves_from(pos, "d2").empty());
        place(pos, "Kj1 Qd5 ke9 mf9 cg9 ra10 rj10 bc9 bh9 nb9 ni9 pd2", 1);
        CHECK(moves_from(pos, "d2") == "d2-d1=Q");
    }
}

TEST_CASE("Kyoto shogi: every piece but the King turns over on each of its moves",
          "[interpreter][promotion][kyoto-shogi]") {
    auto game = test::load_shipped("kyoto-shogi");
    Position pos(*game);
    SECTION("from the start, each move of a two-faced piece is its other face's, the King's not") {
        CHECK(moves_from(pos, "1e") == "1e-1d+");
        CHECK(moves_from(pos, "5e") == "5e-4d=L 5e-5d=L");
        CHECK(moves_from(pos, "3e") == "3e-2d 3e-3d 3e-4d");
    }
    SECTION("the compiled rules give each two-faced piece its one other face, as every move's") {
        const Tables& t = game->tables();
        CHECK(t.rules_of(0, type_named(*game, "Pawn")).becomes == type_named(*game, "Rook"));
        CHECK(t.rules_of(1, type_named(*game, "Lance")).becomes == type_named(*game, "Tokin"));
        CHECK(t.rules_of(0, type_named(*game, "King")).becomes == -1);
        // A promotion zone, or a choice of types: each target has its own.
        const auto chess = test::load_shipped("chess");
        CHECK(chess->tables().rules_of(0, type_named(*chess, "Pawn")).becomes == -1);
    }
    SECTION("a Rook turns back into a Pawn wherever it goes, even where a Pawn cannot move on") {
        place(pos, "K5e +P1c k3a");
        CHECK(moves_from(pos, "1c") ==
              "1c-1a=P 1c-1b=P 1c-1d=P 1c-1e=P 1c-2c=P 1c-3c=P "
              "1c-4c=P 1c-5c=P");
    }
    SECTION("a captured Rook goes to the captor's hand as a Pawn") {
        // White's Gold on 4a takes Black's Rook on 3b, turning into a Knight.
        set_position(pos, "1+nk2/2+P2/5/5/2K2[-] w - - 0 1");
        const int pawn = type_named(*game, "Pawn");
        const Move take = test::legal_move(pos, "4a", "3b");
        Undo undo;
        pos.do_move(take, undo);
        CHECK(pos.in_hand(1, pawn) == 1);
        CHECK(type_of(pos.piece_on(game->cell_index("3b"))) == type_named(*game, "Knight"));
    }
}

TEST_CASE("Kyoto shogi: a piece in hand goes down as either face, anywhere empty",
          "[interpreter][promotion][kyoto-shogi][drops]") {
    auto game = test::load_shipped("kyoto-shogi");
    Position pos(*game);
    set_position(pos, "4k/5/5/5/K4[P] b - - 0 1");
    const std::string drops = moves_text(pos, [](Move m) { return m.is_drop(); });
    // Both faces on all 23 empty cells, the last rank included.
    CHECK(std::count(drops.begin(), drops.end(), '*') == 46);
    CHECK(drops.find("P*1b") != std::string::npos);
    CHECK(drops.find("+P*1b") != std::string::npos);
    CHECK(drops.find("P*3a") != std::string::npos);
    SECTION("a drop as the other face puts that face down and takes the piece from hand") {
        Move rook_drop = Move::none();
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list)
            if (m.is_drop() && m.is_promotion() && notation::format_move(pos, m) == "+P*3c")
                rook_drop = m;
        REQUIRE_FALSE(rook_drop.is_none());
        Undo undo;
        pos.do_move(rook_drop, undo);
        CHECK(type_of(pos.piece_on(game->cell_index("3c"))) == type_named(*game, "Rook"));
        CHECK(pos.in_hand(0, type_named(*game, "Pawn")) == 0);
        pos.undo_move(rook_drop, undo);
        CHECK(pos.in_hand(0, type_named(*game, "Pawn")) == 1);
        CHECK_FALSE(pos.piece_on(game->cell_index("3c")));
    }
}

TEST_CASE("minishogi's Pawn, without 'drop promoted', goes down only as a Pawn",
          "[interpreter][promotion][drops]") {
    auto game = test::load_shipped("minishogi");
    Position pos(*game);
    set_position(pos, "4k/5/5/5/K4[P] b - - 0 1");
    const std::string drops = moves_text(pos, [](Move m) { return m.is_drop(); });
    CHECK(drops.find('+') == std::string::npos);
    CHECK(drops.find("P*3c") != std::string::npos);
}

TEST_CASE("Kyoto shogi: a drop of the other face is typed with its letter, and refused plainly",
          "[interpreter][promotion][kyoto-shogi][drops]") {
    auto game = test::load_shipped("kyoto-shogi");
    Position pos(*game);
    set_position(pos, "4k/5/5/5/K4[P] b - - 0 1");
    std::string error;
    const auto rook = notation::parse_move(pos, "+P*2c", error);
    REQUIRE(rook);
    CHECK(rook->is_drop());
    CHECK(rook->promotion() == type_named(*game, "Rook"));
    CHECK(notation::parse_move(pos, "P*2c", error)->promotion() == -1);
    set_position(pos, "4k/5/5/5/K4[p] b - - 0 1");
    CHECK_FALSE(notation::parse_move(pos, "+P*2c", error));
    CHECK(error == "no Pawn in hand to drop as a Rook");
}

}  // namespace interpreter_promotion_forms_tests
