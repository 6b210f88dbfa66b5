// Three Player Hex Shogi 91 rule by rule, from positions, for each of the three players
// (rules.md §3.2 orientations, §3.4 rules).
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <vector>

#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_three_player_rules_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::place_named;
using vari::test::sorted_cells;
using vari::test::type_named;

namespace {

constexpr int BLACK = 0, WHITE = 1, GRAY = 2;
const char* const PLAYERS = "bwg";  // the players' tokens

// rules.md §3.1: file + rank letter <-> axial (q, r) = (6 - file, 5 - rank index).
struct Axial {
    int q, r;
};
Axial axial(const std::string& name) {
    return {6 - std::stoi(name.substr(0, name.size() - 1)), 5 - (name.back() - 'a')};
}
std::string cell_name(Axial a) {
    return std::to_string(6 - a.q) + static_cast<char>('a' + 5 - a.r);
}
// Turned 120 degrees clockwise about the centre: (q, r) -> (r, -q - r) (rules.md §3.2).
std::string turned(const std::string& cells, int times) {
    std::istringstream words(cells);
    std::string out;
    for (std::string w; words >> w;) {
        Axial a = axial(w);
        for (int i = 0; i < times; ++i) a = {a.r, -a.q - a.r};
        out += " " + cell_name(a);
    }
    return sorted_cells(out);
}

std::string targets_from_centre(Position& pos, int player, const std::string& piece) {
    place_named(pos, std::string(1, PLAYERS[player]) + ":" + piece + ":6f", player);
    return legal_targets(pos, "6f");
}

std::vector<Move> legal(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return {list.begin(), list.end()};
}

// The cells a piece of `type` may be dropped on, sorted.
std::string drops_of(Position& pos, int type) {
    std::string cells;
    for (Move m : legal(pos))
        if (m.is_drop() && m.dropped_type() == type)
            cells += " " + pos.game().ir().board.cells[m.to()].name;
    return sorted_cells(cells);
}

// The piece names the moves from `from` to `to` end as ("Pawn Tokin").
std::string arrivals(Position& pos, const std::string& from, const std::string& to) {
    const CompiledGame& game = pos.game();
    std::string names;
    for (Move m : legal(pos))
        if (!m.is_drop() && !m.is_pass() && m.from() == game.cell_index(from) &&
            m.to() == game.cell_index(to))
            names += " " +
                     game.ir()
                         .pieces[m.is_promotion() ? m.promotion() : type_of(pos.piece_on(m.from()))]
                         .name;
    return sorted_cells(names);
}

}  // namespace

TEST_CASE("Three Player Hex Shogi: each player's pieces move by the anchors of rules.md 3.2",
          "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    struct Anchor {
        const char* piece;
        const char* cells[3];  // Black, White, Gray
    };
    const Anchor anchors[] = {
        {"Pawn", {"6e 7e", "5f 5g", "6g 7f"}},
        {"Knight", {"5d 7c 8c 9d", "3g 3h 4e 4i", "5i 7h 8g 9e"}},
        {"Silver",
         {"4g 5e 5h 6e 7d 7e 7g 8e", "4g 5e 5f 5g 5h 7d 7g 8e", "4g 5e 5h 6g 7d 7f 7g 8e"}},
        {"Gold",
         {"5e 5f 5g 6e 6g 7d 7e 7f 8e", "4g 5e 5f 5g 5h 6e 6g 7e 7f",
          "5f 5g 5h 6e 6g 7e 7f 7g 8e"}},
        {"Lance",
         {"6a 6b 6c 6d 6e 7e 8d 9c 10b 11a", "5f 4f 3f 2f 1f 5g 4h 3i 2j 1k",
          "7f 8f 9f 10f 11f 6g 6h 6i 6j 6k"}},
    };
    for (const Anchor& a : anchors)
        for (int player : {BLACK, WHITE, GRAY}) {
            INFO(a.piece << " of player " << player);
            CHECK(targets_from_centre(pos, player, a.piece) == sorted_cells(a.cells[player]));
        }
    // rules.md 3.1: the Bishop's anchor cells from Duniho's own implementation.
    const std::string bishop = " " + targets_from_centre(pos, BLACK, "Bishop") + " ";
    for (const char* cell :
         {"10d", "2h", "4d", "4g", "4j", "5e", "5h", "7d", "7g", "8b", "8e", "8h"})
        CHECK(bishop.find(std::string(" ") + cell + " ") != std::string::npos);
}

TEST_CASE(
    "Three Player Hex Shogi: every piece of White and Gray moves as Black's turned 120 and "
    "240 degrees",
    "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    for (const ir::Piece& piece : game->ir().pieces) {
        INFO(piece.name);
        const std::string black = targets_from_centre(pos, BLACK, piece.name);
        CHECK(!black.empty());
        CHECK(targets_from_centre(pos, WHITE, piece.name) == turned(black, 1));
        CHECK(targets_from_centre(pos, GRAY, piece.name) == turned(black, 2));
        // Off centre too, where the board's edges cut the moves.
        place_named(pos, "b:" + piece.name + ":8h", BLACK);
        const std::string off_centre = legal_targets(pos, "8h");
        place_named(pos, "w:" + piece.name + ":" + turned("8h", 1), WHITE);
        CHECK(legal_targets(pos, turned("8h", 1)) == turned(off_centre, 1));
        place_named(pos, "g:" + piece.name + ":" + turned("8h", 2), GRAY);
        CHECK(legal_targets(pos, turned("8h", 2)) == turned(off_centre, 2));
    }
}

TEST_CASE("Three Player Hex Shogi: there is no check; a King is captured into the captor's hand",
          "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    const int king = type_named(*game, "King");
    // White's King on 6e stands attacked by Black's Rook and may step to attacked cells.
    place_named(pos, "b:Rook:6h b:King:4j w:King:6e g:Gold:5c g:King:4d", WHITE);
    const std::string king_targets = " " + legal_targets(pos, "6e") + " ";
    CHECK(king_targets.find(" 6f ") != std::string::npos);                   // on the Rook's file
    CHECK(std::count(king_targets.begin(), king_targets.end(), ' ') == 13);  // all 12 steps
    // Black takes it: the King goes to Black's hand as Black's.
    pos.set_side_to_move(BLACK);
    const Move take = test::legal_move(pos, "6h", "6e");
    Undo undo;
    pos.do_move(take, undo);
    CHECK(pos.in_hand(BLACK, king) == 1);
    CHECK(!pos.pieces(WHITE, king));
    CHECK(pos.side_to_move() == WHITE);
    // White, with no piece left, must pass; a pass is then the only move.
    const std::vector<Move> moves = legal(pos);
    REQUIRE(moves.size() == 1);
    CHECK(moves[0].is_pass());
    CHECK(perft(pos, 1) == 1);
}

TEST_CASE("Three Player Hex Shogi: a King in hand drops on any empty cell, before any other drop",
          "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    const int king = type_named(*game, "King"), pawn = type_named(*game, "Pawn");
    place_named(pos, "b:King:4j b:Gold:6h w:King:10d g:Rook:5g", BLACK);
    pos.set_in_hand(BLACK, king, 1);
    pos.set_in_hand(BLACK, pawn, 1);
    CHECK(drops_of(pos, pawn).empty());
    CHECK(drops_of(pos, king).size() > 0);
    int king_drops = 0;
    for (Move m : legal(pos)) king_drops += m.is_drop() && m.dropped_type() == king;
    CHECK(king_drops == 91 - 4);  // every empty cell, attacked (5h by Gray's Rook) or not
    CHECK((" " + drops_of(pos, king) + " ").find(" 5h ") != std::string::npos);
    CHECK(legal_targets(pos, "6h") != "");  // board moves are still allowed
    pos.set_in_hand(BLACK, king, 0);
    CHECK(drops_of(pos, pawn).size() > 0);
}

TEST_CASE("Three Player Hex Shogi: a pass only when forced", "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    SECTION("the start position offers no pass") {
        Position pos(*game);
        for (int player : {BLACK, WHITE, GRAY}) {
            pos.set_side_to_move(player);
            for (Move m : legal(pos)) CHECK(!m.is_pass());
        }
    }
    SECTION("a player whose only piece cannot move passes, in each orientation") {
        // Each Pawn stands on its owner's far line: it can never move.
        Position pos(*game);
        place_named(pos, "b:Pawn:6a w:Pawn:1f g:Pawn:6k", BLACK);
        for (int player : {BLACK, WHITE, GRAY}) {
            INFO("player " << player);
            pos.set_side_to_move(player);
            const std::vector<Move> moves = legal(pos);
            REQUIRE(moves.size() == 1);
            CHECK(moves[0].is_pass());
        }
        // Passes are moves: perft walks through them.
        CHECK(perft(pos, 3) == 1);
        pos.set_side_to_move(BLACK);
        Undo undo;
        const std::uint64_t before = pos.hash();
        pos.do_move(Move::make_pass(), undo);
        CHECK(pos.side_to_move() == WHITE);
        CHECK(pos.ply_clock() == 1);
        pos.undo_move(Move::make_pass(), undo);
        CHECK(pos.hash() == before);
    }
}

TEST_CASE("Three Player Hex Shogi: Pawn drops by each player's own direction (rules.md 3.4, A9)",
          "[interpreter][three-player][drops]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    const int pawn = type_named(*game, "Pawn");
    struct Case {
        int player;
        const char* kings;      // another player's King on 6f and the dropper's own
        const char* attacking;  // the cells from which a Pawn of `player` attacks 6f
        const char* own_pawn;   // an own Pawn and the cells it defends
        const char* defended;
        const char* far_line;  // a cell of the player's far line
    };
    const Case cases[] = {
        {BLACK, "g:King:6f b:King:4j", "5g 6g", "b:Pawn:9h", "9g 10g", "6a"},
        {WHITE, "b:King:6f w:King:10d", "7e 7f", "w:Pawn:9h", "8h 8i", "1f"},
        {GRAY, "b:King:6f g:King:4d", "5f 6e", "g:Pawn:9h", "9i 10h", "6k"},
    };
    for (const Case& c : cases) {
        INFO("player " << c.player);
        place_named(pos, std::string(c.kings) + " " + c.own_pawn, c.player);
        pos.set_in_hand(c.player, pawn, 1);
        const std::string drops = " " + drops_of(pos, pawn) + " ";
        for (const std::string& cell : {std::string(c.attacking), std::string(c.defended)}) {
            std::istringstream words(cell);
            for (std::string w; words >> w;) {
                INFO("cell " << w);
                CHECK(drops.find(" " + w + " ") == std::string::npos);
            }
        }
        CHECK(drops.find(std::string(" ") + c.far_line + " ") == std::string::npos);
        CHECK(drops.find(" 8d ") != std::string::npos);  // elsewhere is fine
        CHECK(notation::drop_refusal(pos, pawn,
                                     game->cell_index(std::string(c.attacking).substr(0, 2)))
                  .has_value());
    }
}

TEST_CASE("Three Player Hex Shogi: promotion is compulsory on each player's far line",
          "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    place_named(pos, "b:Pawn:6b w:Pawn:2f g:Pawn:6j", BLACK);
    CHECK(arrivals(pos, "6b", "6a") == "Tokin");
    CHECK(arrivals(pos, "6b", "7a") == "Tokin");
    pos.set_side_to_move(WHITE);
    CHECK(arrivals(pos, "2f", "1f") == "Tokin");
    pos.set_side_to_move(GRAY);
    CHECK(arrivals(pos, "6j", "6k") == "Tokin");
    // One line earlier, inside the zone, promotion is optional.
    place_named(pos, "b:Pawn:6c w:Pawn:3f g:Pawn:6i", BLACK);
    CHECK(arrivals(pos, "6c", "6b") == "Pawn Tokin");
    pos.set_side_to_move(WHITE);
    CHECK(arrivals(pos, "3f", "2f") == "Pawn Tokin");
    pos.set_side_to_move(GRAY);
    CHECK(arrivals(pos, "6i", "6j") == "Pawn Tokin");
}

TEST_CASE("Three Player Hex Shogi: a captured piece moves for its new owner once dropped",
          "[interpreter][three-player]") {
    auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    const int lance = type_named(*game, "Lance");
    // Black's Rook takes White's Lance; dropped on 6f, it slides Black's way, not White's.
    place_named(pos, "b:Rook:8h w:Lance:8d g:Pawn:1g", BLACK);
    Undo undo;
    pos.do_move(test::legal_move(pos, "8h", "8d"), undo);
    CHECK(pos.in_hand(BLACK, lance) == 1);
    pos.set_side_to_move(BLACK);
    Undo drop;
    pos.do_move(Move::make_drop(lance, game->cell_index("6f")), drop);
    pos.set_side_to_move(BLACK);
    // Black's forward lines from 6f; the Rook, now on 8d, cuts the 11 o'clock one.
    CHECK(legal_targets(pos, "6f") == sorted_cells("6a 6b 6c 6d 6e 7e"));
}

}  // namespace interpreter_three_player_rules_tests
