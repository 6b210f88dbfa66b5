// Curved riders (rules.md §1.4, §4.3): the Finch, Rabbi and Cohen from e5 of the 61-cell board,
// destinations counted once however many paths reach them, blocked paths, one-way turning.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "dsl/dsl.hpp"
#include "runtime/inline_game.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_curves_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::place;
using vari::test::sorted_cells;

namespace {

constexpr const char* RULES = R"(
game "Curves"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
piece Finch F { curve orthogonal }
piece Rabbi R { curve diagonal }
piece Cohen C { curve orthogonal diagonal }
piece Lefty L { curve orthogonal left }
piece Righty G { curve orthogonal right }
piece Short S { curve orthogonal range 2 }
piece Pawn P { step clock1 clock11 }
)";

int count(const std::string& cells) {
    std::istringstream words(cells);
    int n = 0;
    for (std::string w; words >> w;) ++n;
    return n;
}

}  // namespace

TEST_CASE("curved riders reach the cells of rules.md 4.3 from e5, each cell once",
          "[interpreter][curves]") {
    const auto game = vari::test::load_text(RULES);
    CHECK(legal_targets(*game, "Fe5", "e5") ==
          sorted_cells("c3 c4 c5 c6 c7 d3 d4 d5 d6 d7 e3 e4 e6 e7 f4 f5 f6 g5"));
    CHECK(legal_targets(*game, "Re5", "e5") ==
          sorted_cells("a3 a7 b2 b5 b8 c1 c4 c6 c9 d3 d7 e2 e8 f4 f6 g3 g7 h5"));
    CHECK(legal_targets(*game, "Ce5", "e5") ==
          sorted_cells(
              "a3 a7 b2 b5 b8 c1 c3 c4 c5 c6 c7 c9 d3 d4 d5 d6 d7 e2 e3 e4 e6 e7 e8 f4 f5 f6 "
              "g3 g5 g7 h5"));
    // Each a move of its own: perft counts 18, 18 and 30.
    for (const auto& [piece, moves] : {std::pair{"Fe5", 18}, {"Re5", 18}, {"Ce5", 30}}) {
        Position pos(*game);
        place(pos, piece, 0);
        CHECK(perft(pos, 1) == static_cast<std::uint64_t>(moves));
    }
}

TEST_CASE("a curve stops on the first piece; other paths still reach what lies beyond",
          "[interpreter][curves]") {
    const auto game = vari::test::load_text(RULES);
    // A friendly piece on f5: the Finch loses f5 alone (rules.md 4.3).
    const std::string finch = legal_targets(*game, "Fe5 Pf5", "e5");
    CHECK(count(finch) == 17);
    CHECK((" " + finch + " ").find(" f5 ") == std::string::npos);
    // An enemy there is captured, and the paths through it stop on it.
    CHECK(count(legal_targets(*game, "Fe5 pf5", "e5")) == 18);
    // Walled in by its own pieces on all six neighbours, the Finch has no move.
    CHECK(legal_targets(*game, "Fe5 Pd4 Pd5 Pd6 Pe4 Pe6 Pf5", "e5").empty());
}

TEST_CASE("a one-way curve turns only its way, and turns the other way for the other player",
          "[interpreter][curves]") {
    const auto game = vari::test::load_text(RULES);
    // On an empty board both ways go round the same six hexagons that have e5 as a corner, one
    // clockwise and one the other way: the same cells.
    const std::string finch = legal_targets(*game, "Fe5", "e5");
    CHECK(legal_targets(*game, "Le5", "e5") == finch);
    CHECK(legal_targets(*game, "Ge5", "e5") == finch);
    // A piece on f5 cuts different paths for each way.
    const std::string left = legal_targets(*game, "Le5 Pf5", "e5"),
                      right = legal_targets(*game, "Ge5 Pf5", "e5");
    CHECK(left != right);
    // Together they are the Finch's, which turns either way.
    std::set<std::string> both;
    for (const std::string& cells : {left, right}) {
        std::istringstream words(cells);
        for (std::string w; words >> w;) both.insert(w);
    }
    std::string joined;
    for (const auto& c : both) joined += (joined.empty() ? "" : " ") + c;
    CHECK(sorted_cells(joined) == legal_targets(*game, "Fe5 Pf5", "e5"));
    // Black sees the board turned half round, which keeps the sense of turning: Black's left
    // with a piece on d5 (White's f5 turned) matches White's, cell for cell turned.
    CHECK(count(legal_targets(*game, "le5 pd5", "e5", 1)) == count(left));
    CHECK(legal_targets(*game, "le5 pd5", "e5", 1) != legal_targets(*game, "ge5 pd5", "e5", 1));
    // A range caps the path: two steps.
    CHECK(count(legal_targets(*game, "Se5", "e5")) == 12);
}

}  // namespace interpreter_curves_tests
