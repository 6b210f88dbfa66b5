// Gating (`drop gating ZONE`): a piece leaving a cell on which its player holds the gate right
// may bring a piece from hand onto that cell; a castling onto its King's or its Rook's cell. Each
// first move of the back rank, and where it may not: after the piece has moved, where the right
// is gone, with an empty hand. Positions of Seirawan chess (stdlib-games/seirawan.vari).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_gating_tests {

using namespace vari;
using vari::test::load_shipped;
using vari::test::set_position;

namespace {

const CompiledGame& seirawan() {
    static const auto game = load_shipped("seirawan");
    return *game;
}

// The legal moves from `from` that gate, in long notation, sorted and space-separated.
std::string gatings_from(const std::string& position, const std::string& from) {
    Position pos(seirawan());
    set_position(pos, position);
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> texts;
    const int cell = seirawan().cell_index(from);
    for (const Move m : list)
        if (m.gated_type() >= 0 && m.from() == cell) texts.push_back(notation::format_move(pos, m));
    std::sort(texts.begin(), texts.end());
    std::string out;
    for (const auto& t : texts) out += (out.empty() ? "" : " ") + t;
    return out;
}

// The position after `moves` (long notation, gating written "/H") from `position`.
std::string after(const std::string& position, const std::vector<std::string>& moves) {
    Position pos(seirawan());
    set_position(pos, position);
    for (const auto& text : moves) {
        std::string error;
        const auto m = notation::parse_move(pos, text, error);
        INFO(text << ": " << error);
        REQUIRE(m);
        Undo undo;
        pos.do_move(*m, undo);
    }
    return notation::to_position_string(pos);
}

const std::string START =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQkqABCDEFGHabcdefgh - 0 1";
// Everything between the King and the Rooks gone: both castlings are open.
const std::string OPEN = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkqAEHaeh - 0 1";

}  // namespace

TEST_CASE("the start is Seirawan chess's, with both pieces in each hand and every gate right",
          "[interpreter][gating]") {
    Position pos(seirawan());
    CHECK(notation::to_position_string(pos) == START);
}

TEST_CASE("a first move of the back rank may gate either piece in hand onto the cell it left",
          "[interpreter][gating]") {
    CHECK(gatings_from(START, "b1") == "b1-a3/E b1-a3/H b1-c3/E b1-c3/H");  // a Knight
    const std::string open_lines =
        "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR[EHeh] w KQkqABCDEFGHabcdefgh - 0 1";
    CHECK(gatings_from(open_lines, "c1") ==  // a Bishop
          "c1-d2/E c1-d2/H c1-e3/E c1-e3/H c1-f4/E c1-f4/H c1-g5/E c1-g5/H c1-h6/E c1-h6/H");
    CHECK(gatings_from(open_lines, "d1") == "d1-d2/E d1-d2/H");  // the Queen
    CHECK(gatings_from(open_lines, "e1") == "e1-d2/E e1-d2/H");  // the King
    CHECK(gatings_from(OPEN, "a1") ==                            // a Rook
          "a1-b1/E a1-b1/H a1-c1/E a1-c1/H a1-d1/E a1-d1/H");
    // The gated piece stands on the cell left; the hand and the right there are gone.
    CHECK(after(START, {"b1-c3/H"}) ==
          "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQkqACDEFGHabcdefgh - 1 1");
}

TEST_CASE("castling may gate onto the King's start cell or the Rook's", "[interpreter][gating]") {
    CHECK(gatings_from(OPEN, "e1") ==
          "e1-c1/E e1-c1/Ea1 e1-c1/H e1-c1/Ha1 e1-d1/E e1-d1/H e1-f1/E e1-f1/H "
          "e1-g1/E e1-g1/Eh1 e1-g1/H e1-g1/Hh1");
    CHECK(after(OPEN, {"e1-g1/H"}) == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b kqAaeh - 1 1");
    CHECK(after(OPEN, {"e1-g1/Hh1"}) ==
          "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b kqAaeh - 1 1");
    CHECK(after(OPEN, {"O-O-O/Ea1"}) ==
          "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b kqHaeh - 1 1");
}

TEST_CASE("no gating after the piece has moved, where the right is gone, or with an empty hand",
          "[interpreter][gating]") {
    // The Knight went out without gating and came back: b1's right went with it.
    const std::string back = after(START, {"b1-c3", "b8-c6", "c3-b1", "c6-b8"});
    CHECK(back == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQkqACDEFGHacdefgh - 4 3");
    CHECK(gatings_from(back, "b1") == "");
    CHECK(gatings_from(back, "g1") == "g1-f3/E g1-f3/H g1-h3/E g1-h3/H");
    // A right lost to a piece of the other player landing there.
    const std::string taken =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkqAEHabcdefgh - 0 1";
    CHECK(gatings_from(taken, "a1") == "a1-b1/E a1-b1/H a1-c1/E a1-c1/H a1-d1/E a1-d1/H");
    CHECK(after(taken, {"a2-a3", "b8-c6", "a3-a4", "c6-b4", "a4-a5", "b4-c2", "e1-f1", "c2-a1"})
              .find(" w kqHacdefgh ") != std::string::npos);  // the King's move took e1's right
    // An empty hand: no gating, and no rights written.
    const std::string empty =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[eh] w KQkqabcdefgh - 0 1";
    CHECK(gatings_from(empty, "b1") == "");
    // The last piece gated: the player's other rights go, as it can never gate again.
    CHECK(after(START, {"b1-c3/H", "b8-c6", "g1-f3/E"}) ==
          "r1bqkbnr/pppppppp/2n5/8/8/2N2N2/PPPPPPPP/RHBQKBER[eh] b KQkqacdefgh - 3 2");
}

TEST_CASE("a move that may not be made without gating may not be made with it",
          "[interpreter][gating]") {
    // The Knight on d1 is pinned along the first rank; the Hawk gated onto d1 would shield the
    // King, but Fairy-Stockfish's rule, which vari follows, keeps the Knight where it is.
    CHECK(gatings_from("4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1", "d1") == "");
}

TEST_CASE("a gating is written '/' and the gated piece, and a partner's cell after it",
          "[interpreter][gating]") {
    Position pos(seirawan());
    set_position(pos, OPEN);
    std::string error;
    const auto castle = notation::parse_move(pos, "O-O/Hh1", error);
    REQUIRE(castle);
    CHECK(notation::format_short(pos, *castle) == "O-O/Hh1");
    CHECK(notation::format_move(pos, *castle) == "e1-g1/Hh1");
    const auto rook = notation::parse_move(pos, "Rb1/E", error);
    REQUIRE(rook);
    CHECK(notation::format_move(pos, *rook) == "a1-b1/E");
    // Without '/', no gating; a piece that is not in hand, or a cell that is no gate, is refused.
    const auto plain = notation::parse_move(pos, "a1-b1", error);
    REQUIRE(plain);
    CHECK(plain->gated_type() < 0);
    CHECK_FALSE(notation::parse_move(pos, "a2-a3/H", error));
    CHECK(error == "a2-a3 may not gate");
    CHECK(after(START, {"Nc3/H", "Nc6/e"}) ==
          "rebqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/RHBQKBNR[Eh] w KQkqACDEFGHacdefgh - 2 2");
}

}  // namespace interpreter_gating_tests
