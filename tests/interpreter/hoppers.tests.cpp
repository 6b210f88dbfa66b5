// Hoppers and lame leapers, and moves kept within a zone: where each applies and where it must not
// (a cannon with no screen, two screens; a grasshopper's landing; a horse blocked on its leg, an
// elephant on its eye; a palace's edge).
#include <catch2/catch.hpp>
#include <string>

#include "runtime/inline_game.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_hoppers_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::place;
using vari::test::sorted_cells;

namespace {

constexpr const char* RULES = R"(
game "Hoppers"
players White Black
orient Black rotate 180
board square { files a..i ranks 1..10 }
zone palace = d1 e1 f1 d2 e2 f2 d3 e3 f3
zone own-side = rank 1 rank 2 rank 3 rank 4 rank 5
piece King K royal { step orthogonal within palace }
piece Advisor A { step diagonal within palace }
piece Cannon C { move slide orthogonal  capture hop orthogonal }
piece Vao V { hop orthogonal }
piece Grasshopper G { hop orthogonal diagonal range 1 }
piece Horse N { leap (1, 2) via (0, 1) symmetric }
piece Elephant B { leap (2, 2) via (1, 1) symmetric within own-side }
piece Camel M { leap (1, 3) via (0, 1) (1, 2) symmetric }
piece Pawn P { step n }
)";

const auto& game() {
    static const auto compiled = vari::test::load_text(RULES);
    return *compiled;
}

}  // namespace

TEST_CASE("a cannon moves as a rook and captures only over exactly one piece",
          "[interpreter][hoppers]") {
    // No screen: it slides, and captures nothing.
    CHECK(legal_targets(game(), "Ka1 Ce5 pe9 ka10", "e5") ==
          sorted_cells("e1 e2 e3 e4 e6 e7 e8 a5 b5 c5 d5 f5 g5 h5 i5"));
    // One screen (e7) before a black piece (e9): the capture; the piece beyond it is not taken.
    CHECK(legal_targets(game(), "Ka1 Ce5 Pe7 pe9 pe10 ka10", "e5") ==
          sorted_cells("e1 e2 e3 e4 e6 e9 a5 b5 c5 d5 f5 g5 h5 i5"));
    // Two screens (e7, e8) before the black piece: no capture along that line.
    CHECK(legal_targets(game(), "Ka1 Ce5 Pe7 Pe8 pe10 ka10", "e5") ==
          sorted_cells("e1 e2 e3 e4 e6 a5 b5 c5 d5 f5 g5 h5 i5"));
    // Its own piece past the screen is not captured.
    CHECK(legal_targets(game(), "Ka1 Ce5 pe7 Pe9 ka10", "e5") ==
          sorted_cells("e1 e2 e3 e4 e6 a5 b5 c5 d5 f5 g5 h5 i5"));
}

TEST_CASE(
    "a hop that moves and captures lands on any empty cell past its screen, or on the next piece",
    "[interpreter][hoppers]") {
    CHECK(legal_targets(game(), "Ka1 Ve2 Pe4 pe8 ka10", "e2") == sorted_cells("e5 e6 e7 e8"));
    // No screen at all: no move.
    CHECK(legal_targets(game(), "Ka1 Ve2 ka10", "e2").empty());
}

TEST_CASE("a grasshopper lands just past the piece it hops", "[interpreter][hoppers]") {
    CHECK(legal_targets(game(), "Ka1 Ge5 Pe7 pf6 Pf5 pc3 ka10", "e5") ==
          sorted_cells("e8 g7 g5 b2"));
    // The cell past the piece holds its own piece: no landing there.
    CHECK(legal_targets(game(), "Ka1 Ge5 Pe7 Pe8 ka10", "e5").empty());
}

TEST_CASE("a horse is blocked on its leg, an elephant on its eye", "[interpreter][hoppers]") {
    CHECK(legal_targets(game(), "Ka1 Ne5 ka10", "e5") == sorted_cells("d7 f7 d3 f3 c6 c4 g6 g4"));
    // e6 blocks both forward leaps, d5 both leftward ones; the others stay.
    CHECK(legal_targets(game(), "Ka1 Ne5 Pe6 pd5 ka10", "e5") == sorted_cells("d3 f3 g6 g4"));
    CHECK(legal_targets(game(), "Ki1 Bc3 ka10", "c3") == sorted_cells("a1 a5 e1 e5"));
    CHECK(legal_targets(game(), "Ki1 Bc3 Pd4 ka10", "c3") == sorted_cells("a1 a5 e1"));
    // Within its own side: from e5 it may not cross to rank 7.
    CHECK(legal_targets(game(), "Ka1 Be5 ka10", "e5") == sorted_cells("c3 g3"));
}

TEST_CASE("a lame leap with two cells to pass needs both empty", "[interpreter][hoppers]") {
    CHECK(legal_targets(game(), "Ka1 Me5 ka10", "e5").find("f8") != std::string::npos);
    CHECK(legal_targets(game(), "Ka1 Me5 Pe6 ka10", "e5").find("f8") == std::string::npos);
    CHECK(legal_targets(game(), "Ka1 Me5 Pf7 ka10", "e5").find("f8") == std::string::npos);
}

TEST_CASE("pieces kept within a palace stay in it, and hops and lame leaps give check",
          "[interpreter][hoppers]") {
    CHECK(legal_targets(game(), "Ke1 Ad1 ka10", "e1") == sorted_cells("e2 f1"));
    CHECK(legal_targets(game(), "Ke1 Ad1 ka10", "d1") == sorted_cells("e2"));
    // The black cannon on e8 checks the King through the screen on e5: the King steps aside
    // (d1 and f1), and the screen may not leave the file.
    CHECK(legal_targets(game(), "Ke1 Pe5 ce8 ka10", "e1") == sorted_cells("d1 f1"));
    CHECK(legal_targets(game(), "Ke1 Pe5 ce8 ka10", "e5").empty());
    // A black horse on d3 checks e1 unless its leg d2 is blocked: in check, the Pawn may not move.
    CHECK(legal_targets(game(), "Ke1 Pa5 nd3 ka10", "e1") == sorted_cells("d1 e2 f1"));
    CHECK(legal_targets(game(), "Ke1 Pa5 nd3 ka10", "a5").empty());
    CHECK(legal_targets(game(), "Ke1 Pa5 Pd2 nd3 ka10", "a5") == sorted_cells("a6"));
}

TEST_CASE("royals that may not face each other pin the piece between them, and only that one",
          "[interpreter][hoppers]") {
    const auto facing = vari::test::load_text(std::string(RULES) + "royals may-not-face n s\n");
    // Through one piece: the Pawn on e5 may not leave the file, but steps along it.
    CHECK(legal_targets(*facing, "Ke1 Ae2 Pe5 ke10", "e5") == sorted_cells("e6"));
    // Through none: the King may not step onto the open file of the other.
    CHECK(legal_targets(*facing, "Kd1 ke10", "d1") == sorted_cells("d2"));
    // Through two pieces: nothing is pinned.
    CHECK(legal_targets(*facing, "Ke1 Ne3 Ne5 ke10", "e5").find("d7") != std::string::npos);
    // Without the rule, the Kings may face: the King on d1 may step to e1.
    CHECK(legal_targets(game(), "Kd1 ke10", "d1") == sorted_cells("d2 e1"));
}

}  // namespace interpreter_hoppers_tests
