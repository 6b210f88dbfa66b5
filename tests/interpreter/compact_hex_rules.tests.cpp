// The rules of the Compact Hex Chess games from positions (rules.md §4.5): promotion choices by
// army, the Senhelm's moves and drops, and what each army's captures become in S-v-R.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "support/shipped_games.hpp"

namespace interpreter_compact_hex_rules_tests {

using namespace vari;
using vari::test::legal_move;
using vari::test::legal_targets;
using vari::test::place;
using vari::test::type_named;

namespace {

// The legal moves from `from`, as "TO" or "TO=Piece", sorted.
std::vector<std::string> moves_from(Position& pos, const std::string& from) {
    const CompiledGame& game = pos.game();
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> out;
    for (Move m : list) {
        if (m.is_drop() || m.from() != game.cell_index(from)) continue;
        std::string text = game.ir().board.cells[m.to()].name;
        if (m.is_promotion()) text += "=" + game.ir().pieces[m.promotion()].name;
        out.push_back(text);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The cells the side to move may drop a piece on, sorted.
std::vector<std::string> drop_cells(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> out;
    for (Move m : list)
        if (m.is_drop()) out.push_back(pos.game().ir().board.cells[m.to()].name);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE(
    "Wellisch, Revergent and Anglojewish Points must promote on the far rank to any other "
    "non-royal piece of their army",
    "[interpreter][compact-hex][promotion]") {
    struct Case {
        const char* game;
        const char* white_royal;
        const char* black_royal;
        std::vector<std::string> choices;
    };
    const Case cases[] = {
        {"compact-hex-chess-wellisch", "Ga1", "ge9", {"Rook", "Vicereine", "Viceroy"}},
        {"compact-hex-chess-revergent", "Ka1", "ke9", {"Duchess", "Rook", "Sennight", "Unicorn"}},
        {"compact-hex-chess-anglojewish", "Ga1", "ge9", {"Cohen", "Finch", "Rabbi", "Sennight"}},
    };
    for (const Case& c : cases) {
        INFO(c.game);
        const auto game = vari::test::load_shipped(c.game);
        Position pos(*game);
        // White's Point on d8 goes to c9 or d9; Black's on b2 to a1 or b1 (the board turned).
        place(pos, std::string(c.white_royal) + " " + c.black_royal + " Pd8", 0);
        std::vector<std::string> expected;
        for (const char* to : {"c9", "d9"})
            for (const auto& piece : c.choices) expected.push_back(std::string(to) + "=" + piece);
        CHECK(moves_from(pos, "d8") == sorted(expected));
        place(pos, std::string(c.white_royal) + " " + c.black_royal + " pb2", 1);
        expected.clear();
        for (const char* to : {"a1", "b1"})
            for (const auto& piece : c.choices) expected.push_back(std::string(to) + "=" + piece);
        CHECK(moves_from(pos, "b2") == sorted(expected));
    }
}

TEST_CASE(
    "Simplified Hex Shogi pieces promote in the enemy camp, by choice unless they could "
    "never move again",
    "[interpreter][compact-hex][promotion]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi");
    Position pos(*game);
    // A Point entering the camp may promote; reaching the far rank it must.
    place(pos, "Ka1 ke9 Pb6", 0);
    CHECK(moves_from(pos, "b6") == sorted({"a7", "a7=PromotedPoint", "b7", "b7=PromotedPoint"}));
    place(pos, "Ka1 ke9 Pb8", 0);
    CHECK(moves_from(pos, "b8") == sorted({"a9=PromotedPoint", "b9=PromotedPoint"}));
    // A Rook promotes on a move into the camp, or out of it, to a Vicereine-moving piece.
    place(pos, "Ka1 ke9 Rd6", 0);
    const auto rook = moves_from(pos, "d6");
    CHECK(std::count(rook.begin(), rook.end(), "d7") == 1);
    CHECK(std::count(rook.begin(), rook.end(), "d7=PromotedRook") == 1);
    CHECK(std::count(rook.begin(), rook.end(), "d5") == 1);
    CHECK(std::count(rook.begin(), rook.end(), "d5=PromotedRook") == 0);
    place(pos, "Ka1 ke9 Rg7", 0);
    const auto leaving = moves_from(pos, "g7");
    CHECK(std::count(leaving.begin(), leaving.end(), "g6=PromotedRook") == 1);
    // An Azuregeneral, a Wing and a Senhelm promote to Brassgeneral-moving pieces.
    place(pos, "Ka1 ke9 Zd6", 0);
    const auto azure = moves_from(pos, "d6");
    CHECK(std::count(azure.begin(), azure.end(), "d7=PromotedAzuregeneral") == 1);
    CHECK(std::count(azure.begin(), azure.end(), "d7") == 1);
    // A Senhelm landing in the camp must promote: it could never move from there.
    place(pos, "Ka1 ke9 Hd4", 0);
    CHECK(moves_from(pos, "d4") == sorted({"c7=PromotedSenhelm", "d7=PromotedSenhelm"}));
    // A Unicorn to a Besieger-moving piece; the Granduke and Brassgeneral never promote.
    place(pos, "Ka1 ke9 Ud6", 0);
    const auto unicorn = moves_from(pos, "d6");
    CHECK(std::count(unicorn.begin(), unicorn.end(), "c8=PromotedUnicorn") == 1);
    place(pos, "Ka1 ke9 Bd7", 0);
    for (const auto& move : moves_from(pos, "d7")) CHECK(move.find('=') == std::string::npos);
}

TEST_CASE("a Senhelm may not leap onto a6 or h6, where it could never move again",
          "[interpreter][compact-hex][arrivals]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi");
    Position pos(*game);
    place(pos, "Ka1 ke9 Ha3 Hg3", 0);
    CHECK(legal_targets(pos, "a3") == "b6");
    CHECK(legal_targets(pos, "g3") == "g6");
    place(pos, "Ka1 ke9 ha7 hg7", 1);
    CHECK(legal_targets(pos, "a7") == "b4");
    CHECK(legal_targets(pos, "g7") == "g4");
}

TEST_CASE("a Senhelm is never dropped in the enemy camp nor on a5, i5, a6 and h6",
          "[interpreter][compact-hex][drops]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi");
    const int senhelm = type_named(*game, "Senhelm");
    Position pos(*game);
    place(pos, "Kc1 kc9", 0);
    pos.set_in_hand(0, senhelm, 1);
    const auto white = drop_cells(pos);
    // rules.md §6: 22 cells excluded for White; c1 is taken (c9 is excluded anyway).
    CHECK(white.size() == 61 - 22 - 1);
    for (const char* cell : {"a5", "i5", "a6", "h6", "a7", "g7", "a8", "f8", "a9", "e9"})
        CHECK(std::count(white.begin(), white.end(), cell) == 0);
    for (const char* cell : {"b5", "h5", "b6", "g6", "a4", "h4"})
        CHECK(std::count(white.begin(), white.end(), cell) == 1);
    place(pos, "Kc1 kc9", 1);
    pos.set_in_hand(1, senhelm, 1);
    const auto black = drop_cells(pos);
    CHECK(black.size() == 61 - 22 - 1);
    for (const char* cell : {"a5", "i5", "a4", "h4", "a3", "a1", "e1"})
        CHECK(std::count(black.begin(), black.end(), cell) == 0);
}

TEST_CASE("in S-v-R the shogi army takes Revergent pieces as their positional equivalents",
          "[interpreter][compact-hex][captures]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi-vs-revergent");
    struct Taken {
        const char* piece;    // White's, on c4
        const char* becomes;  // in Black's hand
    };
    const Taken cases[] = {{"R", "Wing"},
                           {"N", "Senhelm"},
                           {"U", "Azuregeneral"},
                           {"Q", "Brassgeneral"},
                           {"P", "Point"}};
    for (const Taken& t : cases) {
        INFO(t.piece);
        Position pos(*game);
        // Black's Rook on d6 takes on c4, through d5 (the 7 o'clock line).
        place(pos, std::string("Ka1 kc9 rd6 ") + t.piece + "c4", 1);
        Undo undo;
        const Move take = legal_move(pos, "d6", "c4");
        pos.do_move(take, undo);
        for (int type = 0; type < game->tables().type_count; ++type)
            CHECK(pos.in_hand(1, type) == (type == type_named(*game, t.becomes) ? 1 : 0));
        pos.undo_move(take, undo);
        CHECK(pos.in_hand(1, type_named(*game, t.becomes)) == 0);
    }
    // A Point promoted to a Duchess is a Duchess: it returns as a Brassgeneral.
    Position pos(*game);
    place(pos, "Ka1 Pd8 kg5 rd6", 0);
    MoveList list;
    generate_legal(pos, list);
    const auto to_duchess = std::find_if(list.begin(), list.end(), [&](Move m) {
        return m.is_promotion() && m.promotion() == type_named(*game, "Duchess") &&
               m.to() == game->cell_index("d9");
    });
    REQUIRE(to_duchess != list.end());
    Undo promote, take;
    pos.do_move(*to_duchess, promote);
    pos.do_move(legal_move(pos, "d6", "d9"), take);
    CHECK(pos.in_hand(1, type_named(*game, "Brassgeneral")) == 1);
}

TEST_CASE("in S-v-R the Revergent army's captures leave the game",
          "[interpreter][compact-hex][captures]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi-vs-revergent");
    for (const char* piece : {"r", "u", "b", "z", "h", "l", "p", "+p", "+r"}) {
        INFO(piece);
        Position pos(*game);
        place(pos, std::string("Ka1 Rd4 ke9 ") + piece + "e6", 0);
        Undo undo;
        pos.do_move(legal_move(pos, "d4", "e6"), undo);  // through e5, the 1 o'clock line
        for (int type = 0; type < game->tables().type_count; ++type)
            CHECK(pos.in_hand(0, type) == 0);
    }
    // The same captures in the shogi game itself go to the hand, unpromoted.
    const auto shogi = vari::test::load_shipped("compact-hex-chess-shogi");
    Position pos(*shogi);
    place(pos, "Ka1 Rd4 ke9 +re6", 0);
    Undo undo;
    pos.do_move(legal_move(pos, "d4", "e6"), undo);
    CHECK(pos.in_hand(0, type_named(*shogi, "Rook")) == 1);
}

}  // namespace interpreter_compact_hex_rules_tests
