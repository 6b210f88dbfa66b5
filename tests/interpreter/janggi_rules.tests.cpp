// The rules janggi brings to the language, on the shipped game: a hop that refuses some pieces as
// its screen and spares some from capture (the cannon), moves along the palace's diagonal lines
// said with `from` and `within` zones, passing unless in check, and bikjang: Generals facing each
// other must be parted (`royals must-part`), and a pass that leaves them facing ends the game
// (`end facing`).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "interpreter/interpreter.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_janggi_rules_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::load_shipped;
using vari::test::place;
using vari::test::sorted_cells;

namespace {

const CompiledGame& janggi() {
    static const auto compiled = load_shipped("janggi");
    return *compiled;
}

bool may_pass(const std::string& pieces, int side = 0) {
    Position pos(janggi());
    place(pos, pieces, side);
    MoveList moves;
    generate_legal(pos, moves);
    return std::find(moves.begin(), moves.end(), Move::make_pass()) != moves.end();
}

}  // namespace

TEST_CASE("a janggi cannon needs a screen to move as well as to capture", "[interpreter][janggi]") {
    // No screen on any line: no move at all.
    CHECK(legal_targets(janggi(), "Kd1 Cb5 ke10", "b5").empty());
    // A screen on e5 (its own Soldier): every empty cell beyond, and the enemy piece past them.
    CHECK(legal_targets(janggi(), "Kd1 Cb5 Pe5 ph5 ke10", "b5") == sorted_cells("f5 g5 h5"));
    // Two screens (e5, g5): the enemy piece past the second is out of reach.
    CHECK(legal_targets(janggi(), "Kd1 Cb5 Pe5 Pg5 ph5 ke10", "b5") == sorted_cells("f5"));
}

TEST_CASE("a janggi cannon may not hop over a cannon nor capture one", "[interpreter][janggi]") {
    // A cannon (of either side) as the only screen: no move along that line.
    CHECK(legal_targets(janggi(), "Kd1 Cb5 Ce5 ke10", "b5").empty());
    CHECK(legal_targets(janggi(), "Kd1 Cb5 ce5 ke10", "b5").empty());
    // A cannon as the target: it stops short of it, and takes the Chariot that would stand there.
    CHECK(legal_targets(janggi(), "Kd1 Cb5 Pd5 cg5 ke10", "b5") == sorted_cells("e5 f5"));
    CHECK(legal_targets(janggi(), "Kd1 Cb5 Pd5 rg5 ke10", "b5") == sorted_cells("e5 f5 g5"));
    // Nor does a cannon give check over another cannon.
    Position pos(janggi());
    place(pos, "Ke2 ce5 Ce4 ke9", 0);
    CHECK_FALSE(pos.in_check());
    place(pos, "Ke2 ce5 Pe4 ke9", 0);
    CHECK(pos.in_check());
}

TEST_CASE("palace diagonals are the lines through the palace's centre", "[interpreter][janggi]") {
    // The General from a corner: along the sides and to the centre only.
    CHECK(legal_targets(janggi(), "Kd1 ke10", "d1") == sorted_cells("e1 d2 e2"));
    // From the centre: every point of the palace.
    CHECK(legal_targets(janggi(), "Ke2 kd10", "e2") == sorted_cells("d1 e1 f1 d2 f2 d3 e3 f3"));
    // From the middle of a side: no diagonal step (no line runs that way).
    CHECK(legal_targets(janggi(), "Kd2 kf10", "d2") == sorted_cells("d1 e2 d3"));
    // A Chariot slides the whole diagonal from corner to corner, in either palace, and stops on a
    // piece in the centre; it never leaves the palace diagonally.
    CHECK(legal_targets(janggi(), "Kd2 Rf3 ke10", "f3") ==
          sorted_cells("e2 d1 f2 f1 e3 d3 c3 b3 a3 f4 f5 f6 f7 f8 f9 f10 g3 h3 i3"));
    CHECK(legal_targets(janggi(), "Ke1 Rd10 pe9 kf9", "d10") ==
          sorted_cells("e9 e10 f10 g10 h10 i10 d9 d8 d7 d6 d5 d4 d3 d2 d1 c10 b10 a10"));
    // A Cannon hops the centre along a diagonal, not over a Cannon there.
    CHECK(legal_targets(janggi(), "Kd2 Cf3 Pe2 ke10", "f3") == sorted_cells("d1"));
    CHECK(legal_targets(janggi(), "Kd2 Cf3 ce2 ke10", "f3").empty());
    // A Soldier in the other palace steps diagonally forward along its lines, and only there.
    CHECK(legal_targets(janggi(), "Kd1 Pd8 kf10", "d8") == sorted_cells("c8 e8 d9 e9"));
    CHECK(legal_targets(janggi(), "Kd1 Pe9 kf8", "e9") == sorted_cells("d9 e10 d10 f10 f9"));
    CHECK(legal_targets(janggi(), "Kd1 Pd9 kf9", "d9") == sorted_cells("c9 e9 d10"));
    CHECK(legal_targets(janggi(), "Kd1 Pc7 kf9", "c7") == sorted_cells("b7 d7 c8"));
}

TEST_CASE("a janggi player may pass, but not in check", "[interpreter][janggi]") {
    CHECK(may_pass("Ke2 ke9"));
    // In check from a Chariot on the file: no pass.
    CHECK_FALSE(may_pass("Ke2 re5 kd9"));
    CHECK_FALSE(may_pass("Kd2 Pa4 ke9 rd5"));
    // Out of check, with the General hemmed in by a Chariot's rank: the pass is there.
    CHECK(may_pass("Kd2 Pa4 ke9 re1"));
    // Han to move, out of check: it may pass too.
    CHECK(may_pass("Kd1 kf9 Pa4", 1));
    // Mated: in check with no move, and no pass either.
    Position pos(janggi());
    place(pos, "Kd1 rd5 re5 ra2 kf9", 0);
    MoveList moves;
    generate_legal(pos, moves);
    CHECK(pos.in_check());
    CHECK(moves.size == 0);
}

TEST_CASE("a janggi move may bring the Generals face to face", "[interpreter][janggi][bikjang]") {
    // From d2 the General may step onto the open file of Han's General.
    CHECK(legal_targets(janggi(), "Kd2 ke10", "d2") == sorted_cells("d1 e2 d3"));
    // So may a piece leave the file between them.
    CHECK(legal_targets(janggi(), "Ke1 Pe5 ke10", "e5") == sorted_cells("d5 f5 e6"));
}

TEST_CASE("Generals face to face must be parted by the next move",
          "[interpreter][janggi][bikjang]") {
    // The General leaves the file, never along it.
    CHECK(legal_targets(janggi(), "Ke2 ke10", "e2") == sorted_cells("d1 f1 d2 f2 d3 f3"));
    // A Chariot may only come between them; a Soldier on another file has no move.
    CHECK(legal_targets(janggi(), "Ke2 Rd5 ke10", "d5") == sorted_cells("e5"));
    CHECK(legal_targets(janggi(), "Ke2 Pa4 ke10", "a4").empty());
    // Han, facing, must part them too.
    CHECK(legal_targets(janggi(), "Ke1 ke9 Pa4", "e9", 1) == sorted_cells("d8 f8 d9 f9 d10 f10"));
}

TEST_CASE("a janggi player whose General faces the other may pass, even in check",
          "[interpreter][janggi][bikjang]") {
    CHECK(may_pass("Ke2 ke10"));
    // In check from the Chariot on a2 and facing: the pass, and the General off the file and the
    // rank; the Guard may not block on d2, which leaves the Generals facing.
    Position pos(janggi());
    place(pos, "Ke2 Ad1 Af1 ra2 ke10", 0);
    CHECK(pos.in_check());
    CHECK(may_pass("Ke2 Ad1 Af1 ra2 ke10"));
    CHECK(legal_targets(janggi(), "Ke2 Ad1 Af1 ra2 ke10", "e2") == sorted_cells("d3 f3"));
    CHECK(legal_targets(janggi(), "Ke2 Ad1 Af1 ra2 ke10", "d1").empty());
    // Not facing, the check forbids the pass as before.
    CHECK_FALSE(may_pass("Ke2 Ad1 Af1 ra2 Pe5 ke10"));
}

TEST_CASE("a pass that leaves the Generals facing ends the game in a draw",
          "[interpreter][janggi][bikjang]") {
    Position pos(janggi());
    place(pos, "Ke2 Pa4 ke10", 0);
    MoveList moves;
    generate_legal(pos, moves);
    CHECK(moves.size == 7);  // the General's six steps off the file and the pass
    Undo undo;
    pos.do_move(Move::make_pass(), undo);
    generate_legal(pos, moves);
    CHECK(moves.size == 0);
    const Judgement j = judge(pos, false, 1);
    CHECK(j.over);
    CHECK(j.kind == ir::EndKind::facing);
    CHECK(j.outcome == ir::Outcome::draw);
    // Faced again by a move, not a pass: the game goes on, and Han must part them.
    pos.undo_move(Move::make_pass(), undo);
    place(pos, "Kd2 Pa4 ke10", 0);
    pos.do_move(Move::make(janggi().cell_index("d2"), janggi().cell_index("e2")), undo);
    generate_legal(pos, moves);
    CHECK(moves.size == 3);  // d10, f10 and the pass: e9 stays on the file
    CHECK_FALSE(judge(pos, true, 1).over);
}

}  // namespace interpreter_janggi_rules_tests
