// The goals read off the position: a royal piece reaching its zone (king of the hill, racing
// kings with its answer), a number of checks given (three-check), and the rule that no move may
// give check. Each is judged by the engine, played by runtime::Game and seen by the search.
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "runtime/search/search.hpp"
#include "support/game_leaves.hpp"
#include "support/shipped_games.hpp"

namespace runtime_goals_tests {

using namespace vari;
using vari::test::load_shipped;
using vari::test::set_position;

namespace {

// The game of `name` from `position` after `moves` (short notation, blank-separated).
std::string summary_after(const CompiledGame& game, const std::string& position,
                          const std::vector<std::string>& moves) {
    Position start(game);
    set_position(start, position);
    runtime::Game play(game, start);
    for (const auto& text : moves) {
        REQUIRE_FALSE(play.result());
        Position scratch = play.position();
        std::string error;
        const auto move = notation::parse_move(scratch, text, error);
        INFO(text << ": " << error);
        REQUIRE(move);
        play.play(*move);
    }
    return play.result() ? play.result()->summary : "";
}

}  // namespace

TEST_CASE("a King that reaches the hill wins at once, and the game has no move after it",
          "[runtime][goals]") {
    const auto game = load_shipped("king-of-the-hill");
    const std::string near = "rnbq1bnr/pppp1ppp/3k4/8/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1";
    CHECK(summary_after(*game, near, {"Kd4"}) == "White wins by reaching hill");
    CHECK(summary_after(*game, near, {"Kc4"}).empty());
    CHECK(summary_after(*game, near, {"Kc4", "Ke5"}) == "Black wins by reaching hill");
    Position pos(*game);
    set_position(pos, "rnbq1bnr/pppp1ppp/3k4/8/3K4/8/PPPP1PPP/RNBQ1BNR b - - 1 1");
    MoveList moves;
    generate_legal(pos, moves);
    CHECK(moves.size == 0);
    CHECK(goal_reached(pos));
    const Judgement j = judge(pos, false, 1);
    CHECK(j.over);
    CHECK(j.kind == ir::EndKind::royal_reaches);
    CHECK(j.mover == 0);
    CHECK(j.outcome == ir::Outcome::win);
}

TEST_CASE("the third check wins, and the checks still to give are part of the position",
          "[runtime][goals]") {
    const auto game = load_shipped("three-check");
    Position start(*game);
    CHECK(notation::to_position_string(start) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    const std::string two_each =
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4";
    CHECK(summary_after(*game, two_each, {"Bxf7+"}) == "White wins by 3 checks");
    CHECK(summary_after(*game, two_each, {"Bd5"}).empty());

    SECTION("a check counts once, is taken back with its move, and changes the hash") {
        Position pos(*game);
        set_position(pos, "rnbqkbnr/ppppp1pp/5p2/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2");
        const std::uint64_t before = pos.hash();
        Position quiet = pos;
        const Move check = test::legal_move(pos, "d1", "h5");
        Undo undo;
        pos.do_move(check, undo);
        CHECK(pos.checks_given(0) == 1);
        CHECK(notation::to_position_string(pos) ==
              "rnbqkbnr/ppppp1pp/5p2/7Q/8/4P3/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2");
        CHECK(pos.hash() == pos.compute_hash());
        Position same_board(*game);
        set_position(same_board,
                     "rnbqkbnr/ppppp1pp/5p2/7Q/8/4P3/PPPP1PPP/RNB1KBNR b KQkq - 3+3 1 2");
        CHECK(same_board.hash() != pos.hash());
        pos.undo_move(check, undo);
        CHECK(pos.checks_given(0) == 0);
        CHECK(pos.hash() == before);
        const Move quiet_move = test::legal_move(quiet, "d1", "e2");
        quiet.do_move(quiet_move, undo);
        CHECK(quiet.checks_given(0) == 0);
    }

    SECTION("a position string must give each player's checks") {
        Position pos(*game);
        const auto missing = notation::parse_position(
            pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        REQUIRE(missing);
        CHECK(missing->message == "expected '+' between the players' checks");
        const auto too_many = notation::parse_position(
            pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1");
        REQUIRE(too_many);
        CHECK(too_many->message == "bad number of checks '4+3'");
        CHECK(too_many->column == 54);
        CHECK(notation::parse_position(
                  pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+0 0 1") ==
              std::nullopt);
        CHECK(goal_reached(pos));  // Black gave its third check last
    }
}

TEST_CASE(
    "racing kings: no move may give check, and Black may answer White's King on the "
    "8th rank by reaching it too",
    "[runtime][goals]") {
    const auto game = load_shipped("racing-kings");
    const std::string race = "8/1k4K1/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1";
    CHECK(summary_after(*game, race, {"Kg8", "Kb8"}) == "draw by both reaching goal");
    CHECK(summary_after(*game, race, {"Kg8", "Kc7"}) == "White wins by reaching goal");
    CHECK(summary_after(*game, race, {"Kg8"}).empty());
    // Black first: White still moves, then Black has won.
    CHECK(summary_after(*game, race, {"Kf6", "Kb8"}).empty());
    CHECK(summary_after(*game, race, {"Kf6", "Kb8", "Kf7"}) == "Black wins by reaching goal");

    SECTION("a move that would give check is not legal") {
        Position pos(*game);
        set_position(pos, race);
        // The Rook on g2 shields Black's King from the Queen on h1 (h1-b7): every move of it
        // would give check.
        CHECK(test::legal_targets(pos, "g2").empty());
        CHECK(test::legal_targets(pos, "f2") == test::sorted_cells("e3 d4 c5 b6 a7 g3 h4"));
        Position chess_like(*game);
        set_position(chess_like, "8/1k4K1/8/8/8/8/8/6R1 w - - 0 1");
        // b1 would give check on the b-file.
        CHECK(test::legal_targets(chess_like, "g1") ==
              test::sorted_cells("a1 c1 d1 e1 f1 h1 g2 g3 g4 g5 g6"));
    }
}

TEST_CASE("the tree runtime::Game allows is the engine's perft where goals end the game",
          "[runtime][goals]") {
    auto [name, position, depth] = GENERATE(table<std::string, std::string, int>({
        {"king-of-the-hill", "rnbq1bnr/pppp1ppp/3k4/8/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1", 3},
        {"three-check", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4",
         2},
        {"racing-kings", "8/1k4K1/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1", 3},
    }));
    INFO(name << " from " << position);
    const auto game = load_shipped(name);
    Position start(*game);
    set_position(start, position);
    runtime::Game play(*game, start);
    Position pos = start;
    CHECK(test::game_leaves(play, depth) == perft(pos, depth));
}

TEST_CASE("the AI takes the hill, the third check and the 8th rank when one move does it",
          "[runtime][goals][search]") {
    // Racing kings: White's King reached the 8th rank and Black cannot answer by reaching it: any
    // move of Black's ends the game, won by White (the outcome is said of White).
    auto [name, position, best] = GENERATE(table<std::string, std::string, std::string>({
        {"king-of-the-hill", "rnbq1bnr/pppp1ppp/3k4/8/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1", "d3-"},
        {"three-check", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4",
         "xf7"},
        {"racing-kings", "6K1/8/8/k7/8/8/1rbnNBR1/qrbnNBRQ b - - 1 1", ""},
    }));
    INFO(name);
    const auto game = load_shipped(name);
    Position start(*game);
    set_position(start, position);
    runtime::Game play(*game, start);
    std::string error;
    const auto level = search::parse_level(":1", error);
    REQUIRE(level);
    runtime::AiPlayer ai(*game, *level, 1);
    const Move choice = ai.choose(play).best;
    const std::string text =
        notation::format_move(play.position(), choice, notation::Notation::long_form);
    CHECK(text.find(best) != std::string::npos);
    play.play(choice);
    REQUIRE(play.result());
    CHECK(play.result()->outcome == ir::Outcome::win);
    CHECK(play.result()->player == 0);
}

}  // namespace runtime_goals_tests
