// "arrive where-movable" (rules.md §4.5.2, the Senhelm): a move may not leave the piece,
// unpromoted, where it could never move again; drops by `drop where-movable` likewise.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "dsl/dsl.hpp"
#include "runtime/inline_game.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_arrivals_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::place;

namespace {

constexpr const char* RULES = R"(
game "Senhelms"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
zone camp = rank 7 rank 8 rank 9
piece Senhelm H {
  leap (-1, 3) (-2, 3)
  promote optional touching in camp to Brass
  arrive where-movable
  drop where-movable
}
piece Stray S { leap (-1, 3) (-2, 3) }
piece Brass B { step orthogonal (-1, 2)  captured-as Senhelm }
hands
)";

}  // namespace

TEST_CASE("a Senhelm may not land where it could never move again: a3-a6 and g3-h6 are illegal",
          "[interpreter][arrivals]") {
    const auto game = vari::test::load_text(RULES);
    CHECK(legal_targets(*game, "Ha3", "a3", 0) == "b6");
    CHECK(legal_targets(*game, "Hg3", "g3", 0) == "g6");
    // Black, the board turned half round: a7-a4 and g7-h4.
    CHECK(legal_targets(*game, "ha7", "a7", 1) == "b4");
    CHECK(legal_targets(*game, "hg7", "g7", 1) == "g4");
    // A piece without the rule may strand itself.
    CHECK(legal_targets(*game, "Sa3", "a3", 0) == "a6 b6");
    // Into the camp it must promote there, where it could never move again.
    Position pos(*game);
    place(pos, "Hd5", 0);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        INFO(game->ir().board.cells[m.to()].name);
        CHECK(m.is_promotion());
    }
    CHECK(list.size == 2);
}

TEST_CASE("a Senhelm is never dropped where it could not move: the camp and a5, i5, a6, h6",
          "[interpreter][arrivals][drops]") {
    const auto game = vari::test::load_text(RULES);
    Position pos(*game);
    place(pos, "", 0);
    pos.set_in_hand(0, 0, 1);
    MoveList list;
    generate_legal(pos, list);
    CHECK(list.size == 61 - 22);  // rules.md §4.5.2: 22 cells excluded for White
    std::string cells;
    for (Move m : list) cells += " " + game->ir().board.cells[m.to()].name + " ";
    for (const char* excluded : {"a5", "i5", "a6", "h6", "a7", "e9"})
        CHECK(cells.find(std::string(" ") + excluded + " ") == std::string::npos);
}

}  // namespace interpreter_arrivals_tests
