// Shogi and Hex Shogi 41, rule by rule, from positions in both colours (rules.md §2.5, §2.6).
#include <algorithm>
#include <catch2/catch.hpp>

#include "runtime/notation/notation.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_shogi_rules_tests {

using namespace vari;
using vari::test::place;
using vari::test::type_named;

namespace {

// The cells a piece of `type` may be dropped on, sorted and space-separated.
std::string drops_of(Position& pos, int type) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> cells;
    for (Move m : list)
        if (m.is_drop() && m.dropped_type() == type)
            cells.push_back(pos.game().ir().board.cells[m.to()].name);
    std::sort(cells.begin(), cells.end());
    std::string joined;
    for (const auto& c : cells) joined += " " + c + " ";
    return joined;
}

// The moves from `from` to `to`, as the piece names they end as ("Pawn Tokin").
std::string arrivals(Position& pos, const std::string& from, const std::string& to) {
    const auto& game = pos.game();
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> names;
    for (Move m : list)
        if (!m.is_drop() && m.from() == game.cell_index(from) && m.to() == game.cell_index(to))
            names.push_back(
                game.ir()
                    .pieces[m.is_promotion() ? m.promotion() : type_of(pos.piece_on(m.from()))]
                    .name);
    std::sort(names.begin(), names.end());
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : " ") + n;
    return joined;
}

}  // namespace

TEST_CASE("Hex Shogi 41: a Pawn may not be dropped where an own unpromoted Pawn defends it",
          "[interpreter][hex-shogi][drops]") {
    auto game = test::load_shipped("hex-shogi-41");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn");
    SECTION("Black: the Pawn on c3 defends b4 and c4") {
        place(pos, "Kc1 Pc3 kc9", 0);
        pos.set_in_hand(0, pawn, 1);
        const std::string drops = drops_of(pos, pawn);
        CHECK(drops.find(" b4 ") == std::string::npos);
        CHECK(drops.find(" c4 ") == std::string::npos);
        CHECK(drops.find(" d4 ") != std::string::npos);
        CHECK(notation::drop_refusal(pos, pawn, game->cell_index("b4")).value_or("") ==
              "a Pawn may not be dropped where your Pawn defends it");
    }
    SECTION("White: the Pawn on c7 defends b6 and c6") {
        place(pos, "Kc1 pc7 kc9", 1);
        pos.set_in_hand(1, pawn, 1);
        const std::string drops = drops_of(pos, pawn);
        CHECK(drops.find(" b6 ") == std::string::npos);
        CHECK(drops.find(" c6 ") == std::string::npos);
        CHECK(drops.find(" d6 ") != std::string::npos);
    }
    SECTION("an enemy Pawn or an own Tokin does not count") {
        place(pos, "Kc1 +Pc3 kc9 pc5", 0);
        pos.set_in_hand(0, pawn, 1);
        const std::string drops = drops_of(pos, pawn);
        CHECK(drops.find(" b4 ") != std::string::npos);
        CHECK(drops.find(" c4 ") != std::string::npos);
    }
}

TEST_CASE("Hex Shogi 41: a Pawn may not be dropped where it gives check, other pieces may",
          "[interpreter][hex-shogi][drops]") {
    auto game = test::load_shipped("hex-shogi-41");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn"), gold = type_named(*game, "Gold");
    SECTION("Black: b8 and c8 attack the White King on c9") {
        place(pos, "Kc1 kc9", 0);
        pos.set_in_hand(0, pawn, 1);
        pos.set_in_hand(0, gold, 1);
        const std::string pawns = drops_of(pos, pawn);
        CHECK(pawns.find(" b8 ") == std::string::npos);
        CHECK(pawns.find(" c8 ") == std::string::npos);
        CHECK(notation::drop_refusal(pos, pawn, game->cell_index("c8")).value_or("") ==
              "a Pawn may not be dropped where it gives check");
        CHECK(drops_of(pos, gold).find(" c8 ") != std::string::npos);
    }
    SECTION("White: b2 and c2 attack the Black King on c1") {
        place(pos, "Kc1 kc9", 1);
        pos.set_in_hand(1, pawn, 1);
        const std::string pawns = drops_of(pos, pawn);
        CHECK(pawns.find(" b2 ") == std::string::npos);
        CHECK(pawns.find(" c2 ") == std::string::npos);
        CHECK(pawns.find(" d2 ") != std::string::npos);
    }
}

TEST_CASE("Hex Shogi 41: no piece is dropped where it could never move",
          "[interpreter][hex-shogi][drops]") {
    auto game = test::load_shipped("hex-shogi-41");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn"), lance = type_named(*game, "Lance"),
              knight = type_named(*game, "Knight");
    SECTION("Black: Pawn and Lance not on rank 9, Knight not on ranks 8 and 9") {
        place(pos, "Ke1 ka9", 0);
        for (int type : {pawn, lance, knight}) pos.set_in_hand(0, type, 1);
        for (int type : {pawn, lance, knight})
            CHECK(drops_of(pos, type).find("9 ") == std::string::npos);
        CHECK(drops_of(pos, pawn).find(" b8 ") != std::string::npos);
        CHECK(drops_of(pos, knight).find("8 ") == std::string::npos);
        CHECK(drops_of(pos, knight).find(" a7 ") != std::string::npos);
        CHECK(notation::drop_refusal(pos, knight, game->cell_index("b8")).value_or("") ==
              "a Knight may not be dropped where it could never move");
    }
    SECTION("White: Pawn and Lance not on rank 1, Knight not on ranks 1 and 2") {
        place(pos, "Ke1 ka9", 1);
        for (int type : {pawn, lance, knight}) pos.set_in_hand(1, type, 1);
        for (int type : {pawn, lance, knight})
            CHECK(drops_of(pos, type).find("1 ") == std::string::npos);
        CHECK(drops_of(pos, knight).find("2 ") == std::string::npos);
        CHECK(drops_of(pos, knight).find(" a3 ") != std::string::npos);
    }
}

TEST_CASE("Hex Shogi 41: promotion is optional in the zone, compulsory where a piece is stuck",
          "[interpreter][hex-shogi][promotion]") {
    auto game = test::load_shipped("hex-shogi-41");
    Position pos(*game);
    SECTION("Black: a Pawn entering the zone may promote; on the last rank it must") {
        place(pos, "Ke1 Pc6 Pc8 ke5", 0);
        CHECK(arrivals(pos, "c6", "c7") == "Pawn Tokin");
        CHECK(arrivals(pos, "c8", "c9") == "Tokin");
        CHECK(arrivals(pos, "c8", "d9") == "Tokin");
    }
    SECTION("Black: a Knight must promote on the last two ranks") {
        place(pos, "Ke1 Nc5 ka1", 0);
        CHECK(arrivals(pos, "c5", "e7") == "Knight PromotedKnight");
        CHECK(arrivals(pos, "c5", "c8") == "PromotedKnight");
        CHECK(arrivals(pos, "c5", "b8") == "PromotedKnight");
    }
    SECTION("Black: a move leaving the zone may promote") {
        place(pos, "Ke1 Sc7 ka1", 0);
        CHECK(arrivals(pos, "c7", "c5") == "PromotedSilver Silver");
    }
    SECTION("White: a Pawn on the last rank must promote") {
        place(pos, "Ka9 kc5 pc2", 1);
        CHECK(arrivals(pos, "c2", "c1") == "Tokin");
    }
    SECTION("White: a Pawn entering the zone may promote") {
        place(pos, "Ke9 ka1 pc4", 1);
        CHECK(arrivals(pos, "c4", "c3") == "Pawn Tokin");
    }
    SECTION("White: a Knight must promote on the last two ranks") {
        place(pos, "Ke9 ka1 nc5", 1);
        CHECK(arrivals(pos, "c5", "a3") == "Knight PromotedKnight");
        CHECK(arrivals(pos, "c5", "b2") == "PromotedKnight");
        CHECK(arrivals(pos, "c5", "c2") == "PromotedKnight");
    }
    SECTION("White: a move leaving the zone may promote") {
        place(pos, "Ke9 ka1 sc3", 1);
        CHECK(arrivals(pos, "c3", "c5") == "PromotedSilver Silver");
    }
}

TEST_CASE("shogi: no Pawn is dropped on a file that holds an own Pawn (nifu)",
          "[interpreter][shogi][drops]") {
    auto game = test::load_shipped("shogi");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn");
    SECTION("Black") {
        place(pos, "K9i P5f k1a", 0);
        pos.set_in_hand(0, pawn, 1);
        const std::string drops = drops_of(pos, pawn);
        for (const char* cell : {" 5h ", " 5g ", " 5e ", " 5b "})
            CHECK(drops.find(cell) == std::string::npos);
        CHECK(drops.find(" 6e ") != std::string::npos);
        CHECK(notation::drop_refusal(pos, pawn, game->cell_index("5d")).value_or("") ==
              "a Pawn may not be dropped on a file that holds your Pawn");
    }
    SECTION("White") {
        place(pos, "K9i k1a p6d", 1);
        pos.set_in_hand(1, pawn, 1);
        const std::string drops = drops_of(pos, pawn);
        CHECK(drops.find(" 6g ") == std::string::npos);
        CHECK(drops.find(" 5g ") != std::string::npos);
    }
}

TEST_CASE("shogi: a Pawn drop may check but not mate; a Gold drop may mate",
          "[interpreter][shogi][drops]") {
    auto game = test::load_shipped("shogi");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn"), gold = type_named(*game, "Gold");
    // The White King on 9a is boxed in by its own Silver and Lance; the Gold on 8c guards 9b.
    place(pos, "K5i G8c k9a s8b l8a", 0);
    pos.set_in_hand(0, pawn, 1);
    pos.set_in_hand(0, gold, 1);
    CHECK(drops_of(pos, pawn).find(" 9b ") == std::string::npos);
    CHECK(notation::drop_refusal(pos, pawn, game->cell_index("9b")).value_or("") ==
          "a Pawn may not be dropped where it gives checkmate");
    CHECK(drops_of(pos, gold).find(" 9b ") != std::string::npos);
    SECTION("without the Gold's guard the Pawn drop is only a check, and allowed") {
        place(pos, "K5i k9a s8b l8a", 0);
        pos.set_in_hand(0, pawn, 1);
        CHECK(drops_of(pos, pawn).find(" 9b ") != std::string::npos);
    }
}

TEST_CASE("shogi: Pawns and Lances are not dropped on the last rank, Knights on the last two",
          "[interpreter][shogi][drops]") {
    auto game = test::load_shipped("shogi");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn"), lance = type_named(*game, "Lance"),
              knight = type_named(*game, "Knight");
    place(pos, "K9i k1e", 0);
    for (int type : {pawn, lance, knight}) pos.set_in_hand(0, type, 1);
    for (int type : {pawn, lance}) CHECK(drops_of(pos, type).find("9 ") == std::string::npos);
    CHECK(drops_of(pos, knight).find("8 ") == std::string::npos);
    CHECK(drops_of(pos, knight).find(" 9c ") != std::string::npos);
    place(pos, "K9i k1e", 1);
    for (int type : {pawn, lance, knight}) pos.set_in_hand(1, type, 1);
    for (int type : {pawn, lance}) CHECK(drops_of(pos, type).find("1 ") == std::string::npos);
    CHECK(drops_of(pos, knight).find("2 ") == std::string::npos);
}

}  // namespace interpreter_shogi_rules_tests
