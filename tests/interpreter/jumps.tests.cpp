// Capture sequences (jumps) on the 61-cell hexagon: chains of one, two and three jumps, promotion
// at the end of a chain, a king's chain turning, two landing orders to one cell, the compulsory
// and maximum rules, make/unmake, and jumps as attacks on a royal piece.
#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <string>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_jumps_tests {

using namespace vari;
using vari::test::place;

namespace {

// Hex Orthogonal Draughts' pieces (men T, kings W) under a jump rule given as text.
std::string rules(const std::string& jump_rule) {
    return R"(
game "Jumps"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
direction forward = clock11 clock1
zone far = rank 9
piece Man T { move step forward  jump forward  promote in far to King }
piece King W { move step orthogonal  jump orthogonal }
piece Chief C royal { step orthogonal }
)" + jump_rule +
           "\n";
}

// The legal moves as written, sorted.
std::set<std::string> moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list) CHECK(out.insert(notation::format_move(pos, m)).second);
    return out;
}

std::set<std::string> moves(const CompiledGame& game, const std::string& pieces, int side = 0) {
    Position pos(game);
    place(pos, pieces, side);
    return moves(pos);
}

using Moves = std::set<std::string>;

}  // namespace

TEST_CASE("a man jumps over an enemy piece to the empty cell beyond, and on while it can",
          "[interpreter][jumps]") {
    const auto game = test::load_text(rules(""));
    SECTION("one jump: c3 over d4 to e5; the quiet step to c4 stays legal") {
        CHECK(moves(*game, "Tc3 td4") == Moves{"c3-c4", "c3xe5"});
    }
    SECTION("two jumps; without a rule the sequence may stop after any of them") {
        CHECK(moves(*game, "Tc3 td4 te6") == Moves{"c3-c4", "c3xe5", "c3xe5xe7"});
    }
    SECTION("three jumps ending on the far rank, where the man must promote") {
        CHECK(moves(*game, "Tc3 td4 te6 te8") ==
              Moves{"c3-c4", "c3xe5", "c3xe5xe7", "c3xe5xe7xe9=W"});
    }
    SECTION("no jump over an own piece, onto an occupied cell, or off the board") {
        CHECK(moves(*game, "Tc3 Td4") == Moves{"c3-c4", "d4-d5", "d4-e5"});
        CHECK(moves(*game, "Tc3 td4 te5") == Moves{"c3-c4"});
        CHECK(moves(*game, "Ta8 tb9") == Moves{"a8-a9=W"});
    }
    SECTION("a jumped piece is gone at once: it is not jumped twice") {
        // From g5 the king could jump back over f5 to e5, but f5 is already taken.
        CHECK(moves(*game, "We5 tf5 tf4") ==
              Moves{"e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5xg5", "e5xg5xe3"});
    }
}

TEST_CASE("two sequences from one cell to another by different landings are two moves",
          "[interpreter][jumps]") {
    const auto game = test::load_text(rules(""));
    Position pos(*game);
    place(pos, "Tc3 td4 tc4 td6 tc6", 0);
    CHECK(moves(pos) == Moves{"c3xc5", "c3xc5xc7", "c3xe5", "c3xe5xc7"});
    CHECK(perft(pos, 1) == 4);
    // Both end on c7: the same origin and destination, told apart by their ordinals.
    MoveList list;
    generate_legal(pos, list);
    const int c7 = game->cell_index("c7");
    std::set<int> ordinals;
    for (Move m : list)
        if (m.to() == c7) {
            CHECK(m.is_jumps());
            ordinals.insert(m.jump_ordinal());
        }
    CHECK(ordinals == std::set<int>{0, 1});
}

TEST_CASE("a king's chain turns along the orthogonals, and may come back to its start",
          "[interpreter][jumps]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    Position pos(*game);
    test::set_position(pos, test::DRAUGHTS_KINGS);
    const Moves all = moves(pos);
    Moves from_e5;
    for (const auto& m : all)
        if (m.rfind("e5x", 0) == 0) from_e5.insert(m);
    CHECK(from_e5 == Moves{"e5xe7", "e5xe7xe9", "e5xe7xg5", "e5xe7xg5xe3", "e5xe7xg5xe3xc3",
                           "e5xe7xg5xe5", "e5xg5", "e5xg5xe3", "e5xg5xe3xc3", "e5xg5xe7",
                           "e5xg5xe7xe9", "e5xg5xe7xe5"});
    CHECK(all.size() == 24);
}

TEST_CASE("'jumps compulsory': a player who can jump must, and a sequence goes on while it can",
          "[interpreter][jumps]") {
    const auto game = test::load_text(rules("jumps compulsory"));
    CHECK(moves(*game, "Tc3 td4 te6 Ta1") == Moves{"c3xe5xe7"});
    CHECK(moves(*game, "Tc3 td4 te6 Tg3 th4") == Moves{"c3xe5xe7", "g3xi5"});
    CHECK(moves(*game, "Tc3 td4 tc4 td6 tc6") == Moves{"c3xc5xc7", "c3xe5xc7"});
    // Without a jump, quiet moves as usual.
    CHECK(moves(*game, "Tc3 te6") == Moves{"c3-c4", "c3-d4"});
}

TEST_CASE("'jumps maximum': only the sequences taking the most pieces", "[interpreter][jumps]") {
    const auto game = test::load_text(rules("jumps maximum"));
    CHECK(moves(*game, "Tc3 td4 te6 Tg3 th4 Ta1") == Moves{"c3xe5xe7"});
    CHECK(moves(*game, "Tc3 td4 tc4 td6 tc6 Tg3 th4") == Moves{"c3xc5xc7", "c3xe5xc7"});
    CHECK(moves(*game, "Tc3 td4 Tg3 th4") == Moves{"c3xe5", "g3xi5"});
}

TEST_CASE("making and unmaking a capture sequence restores the position and its hash",
          "[interpreter][jumps]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    Position pos(*game);
    test::set_position(pos, test::DRAUGHTS_KINGS);
    const std::string before = notation::to_position_string(pos);
    const std::uint64_t hash = pos.hash();
    MoveList list;
    generate_legal(pos, list);
    int chains = 0;
    for (Move m : list) {
        INFO(notation::format_move(pos, m));
        Undo undo;
        const int taken = static_cast<int>(pos.pieces(1).count());
        pos.do_move(m, undo);
        CHECK(pos.hash() == pos.compute_hash());
        if (m.is_jumps()) {
            ++chains;
            CHECK(static_cast<int>(pos.pieces(1).count()) == taken - undo.path.length);
            CHECK(undo.captured != NO_PIECE);
        }
        pos.undo_move(m, undo);
        CHECK(notation::to_position_string(pos) == before);
        CHECK(pos.hash() == hash);
    }
    CHECK(chains == 12);
}

TEST_CASE("a chain that ends on the far rank promotes, and undoing it brings the man back",
          "[interpreter][jumps]") {
    const auto game = test::load_text(rules(""));
    Position pos(*game);
    place(pos, "Tc3 td4 te6 te8", 0);
    const std::string before = notation::to_position_string(pos);
    std::string error;
    const auto move = notation::parse_move(pos, "c3xe5xe7xe9=W", error);
    INFO(error);
    REQUIRE(move);
    Undo undo;
    pos.do_move(*move, undo);
    CHECK(notation::to_position_string(pos) == "4W/6/7/8/9/8/7/6/5 b - - 0 1");
    pos.undo_move(*move, undo);
    CHECK(notation::to_position_string(pos) == before);
}

TEST_CASE("a jump attacks the cell it passes over: a royal piece there is in check",
          "[interpreter][jumps]") {
    const auto game = test::load_text(rules(""));
    Position pos(*game);
    // Black's man on e6 jumps towards rank 1, over e5 onto the empty d4.
    place(pos, "Ce5 te6", 0);
    CHECK(pos.in_check());
    // The Chief steps away or takes the man; not to f5, which the man jumps onto f4.
    CHECK(moves(pos) == Moves{"e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5xe6"});
    // With d4 taken the jump has nowhere to land: no check.
    place(pos, "Ce5 te6 Td4", 0);
    CHECK(!pos.in_check());
    // The man on e4 keeps f6 from jumping the Chief on f5: its jump e4xd6 is refused.
    place(pos, "Cf5 Te4 te5 tf6", 0);
    CHECK(!pos.in_check());
    CHECK(moves(pos).count("e4xd6") == 0);
    place(pos, "Ca1 Te4 te5 tf6", 0);
    CHECK(moves(pos).count("e4xd6") == 1);
}

}  // namespace interpreter_jumps_tests
