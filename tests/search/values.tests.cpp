// Piece values derived from the rules, values the rule file states, the evaluation built on them,
// and `vari show --values`.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/dsl.hpp"
#include "runtime/search/search.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"

namespace vari::search_values_tests {
namespace {

using test::load_shipped;
using test::place;
using test::type_named;

int board_value(const CompiledGame& game, const std::vector<search::PieceValue>& values,
                const std::string& name) {
    return values[type_named(game, name)].board;
}

bool within(int value, int target, double tolerance) {
    return value >= target * (1 - tolerance) && value <= target * (1 + tolerance);
}

}  // namespace

TEST_CASE("chess values come out near Q 9, R 5, B and N 3, P 1 from the rules alone",
          "[search][values]") {
    const auto game = load_shipped("chess");
    const auto values = search::piece_values(*game);
    const auto value = [&](const char* name) { return board_value(*game, values, name); };
    INFO("Q " << value("Queen") << " R " << value("Rook") << " B " << value("Bishop") << " N "
              << value("Knight") << " P " << value("Pawn"));
    CHECK(value("Pawn") == 100);
    CHECK(within(value("Queen"), 900, 0.15));
    CHECK(within(value("Rook"), 500, 0.15));
    CHECK(within(value("Bishop"), 300, 0.15));
    CHECK(within(value("Knight"), 300, 0.15));
    CHECK(within(value("Bishop"), value("Knight"), 0.15));
    CHECK(value("King") == 0);
    for (const auto& v : values) CHECK_FALSE(v.stated);
}

TEST_CASE("shogi values order the pieces as players do", "[search][values]") {
    const auto game = load_shipped("shogi");
    const auto values = search::piece_values(*game);
    const auto value = [&](const char* name) { return board_value(*game, values, name); };
    INFO("R " << value("Rook") << " B " << value("Bishop") << " G " << value("Gold") << " S "
              << value("Silver") << " N " << value("Knight") << " L " << value("Lance") << " P "
              << value("Pawn") << " +R " << value("Dragon") << " +B " << value("Horse") << " +P "
              << value("Tokin"));
    CHECK(value("Pawn") == 100);
    CHECK(value("Rook") > value("Bishop"));
    CHECK(value("Bishop") > value("Gold"));
    CHECK(within(value("Silver"), value("Gold"), 0.25));
    // Knight and Lance lie between Pawn and Silver (the derivation puts the Lance above the
    // Knight, where players see them about even).
    CHECK(value("Silver") > value("Knight"));
    CHECK(value("Silver") > value("Lance"));
    CHECK(value("Knight") > value("Pawn") * 1.3);
    CHECK(value("Lance") > value("Pawn") * 1.3);
    CHECK(value("Dragon") > value("Rook"));
    CHECK(value("Horse") > value("Bishop"));
    CHECK(value("Tokin") > value("Pawn"));
    CHECK(value("Tokin") <= value("Gold"));
    // A piece in hand can be dropped almost anywhere: worth at least as much as on the board.
    const int pawn = type_named(*game, "Pawn");
    CHECK(values[pawn].in_hand >= values[pawn].board);
}

TEST_CASE("a value the rule file states wins over the derived one", "[search][values]") {
    const char* text = R"(game "Stated"
players White Black
orient Black rotate 180
board square { files a..h ranks 1..8 }
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal  value 4.25 }
piece Pawn P { move step n  capture step ne nw }
setup White { King e1  Rook a1  Pawn a2 b2 c2 }
setup Black { King e8  Rook a8  Pawn a7 b7 c7 }
)";
    const auto loaded = dsl::load_text(text, "stated.vari");
    REQUIRE(loaded.game);
    CompiledGame game(*loaded.game);
    const auto values = search::piece_values(game);
    const int rook = type_named(game, "Rook");
    CHECK(game.ir().pieces[rook].value == 425);
    CHECK(values[rook].board == 425);
    CHECK(values[rook].stated);
    CHECK_FALSE(values[type_named(game, "Pawn")].stated);
    CHECK(values[type_named(game, "Pawn")].board == 100);
}

TEST_CASE("the derived evaluation is symmetric and counts material", "[search][evaluation]") {
    // Learned weights have a cell table per player, each learned from its own side's games.
    const auto game = load_shipped("chess");
    search::Evaluation evaluation(*game, false);
    Position pos(*game);
    SECTION("the start position is even for both players") {
        CHECK(evaluation.evaluate(pos, 0) == 0);
        CHECK(evaluation.evaluate(pos, 1) == 0);
    }
    SECTION("a mirrored material advantage scores the same for the other side") {
        place(pos, "Ke1 Qd1 Pa2 ke8 pa7");
        const int white = evaluation.evaluate(pos, 0);
        place(pos, "Ke1 Pa2 ke8 qd8 pa7", 1);
        const int black = evaluation.evaluate(pos, 1);
        CHECK(white > 500);
        CHECK(white == black);
        CHECK(evaluation.evaluate(pos, 0) == -black);
    }
    SECTION("an extra piece is better") {
        place(pos, "Ke1 Nb1 Pa2 Pb2 ke8 pa7 pb7");
        const int with_knight = evaluation.evaluate(pos, 0);
        place(pos, "Ke1 Pa2 Pb2 ke8 pa7 pb7");
        CHECK(with_knight > evaluation.evaluate(pos, 0) + 200);
    }
    SECTION("a pawn nearer its promotion is worth more") {
        place(pos, "Ke1 Pa6 ke8");
        const int advanced = evaluation.evaluate(pos, 0);
        place(pos, "Ke1 Pa3 ke8");
        CHECK(advanced > evaluation.evaluate(pos, 0));
    }
}

TEST_CASE("the evaluation counts pieces in hand", "[search][evaluation]") {
    const auto game = load_shipped("shogi");
    search::Evaluation evaluation(*game);
    Position pos(*game);
    CHECK(evaluation.evaluate(pos, 0) == -evaluation.evaluate(pos, 1));
    const int even = evaluation.evaluate(pos, 0);
    pos.set_in_hand(0, type_named(*game, "Gold"), 1);
    CHECK(evaluation.evaluate(pos, 0) > even + 300);
}

TEST_CASE("where losing every piece wins, an extra piece is worse", "[search][evaluation]") {
    const auto game = load_shipped("antichess");
    search::Evaluation evaluation(*game);
    Position pos(*game);
    place(pos, "Ke1 Nb1 Pa2 Pb2 ke8 pa7 pb7");
    const int with_knight = evaluation.evaluate(pos, 0);
    place(pos, "Ke1 Pa2 Pb2 ke8 pa7 pb7");
    CHECK(with_knight < evaluation.evaluate(pos, 0) - 200);
}

TEST_CASE("vari show --values lists each piece type's worth", "[search][values][commands]") {
    const std::string chess = std::string("'") + VARI_STDLIB_DIR + "/chess.vari'";
    const auto run = test::run_vari("show --values " + chess);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("Queen") != std::string::npos);
    CHECK(run.output.find("King     K     0.00") != std::string::npos);
    CHECK(run.output.find("Pawn     P     1.00") != std::string::npos);
    const std::string shogi = std::string("'") + VARI_STDLIB_DIR + "/shogi.vari'";
    const auto hands = test::run_vari("show --values " + shogi);
    CHECK(hands.exit_code == 0);
    CHECK(hands.output.find("hand") != std::string::npos);
}

}  // namespace vari::search_values_tests
