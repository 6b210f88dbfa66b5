// A game at a table: undo and redo go back to a person's turn, computer seats choose moves, and
// "in check" is what the rules mean by it.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_table_tests {
namespace {

std::vector<runtime::Seat> seats_of(const std::vector<std::string>& words) {
    std::vector<runtime::Seat> seats;
    for (const std::string& word : words) {
        std::string error;
        const auto seat = runtime::parse_seat(word, error);
        REQUIRE(seat);
        seats.push_back(*seat);
    }
    return seats;
}

Move typed(const runtime::Game& game, const std::string& text) {
    std::string error;
    const auto move = runtime::parse_game_move(game, text, error);
    INFO(error);
    REQUIRE(move);
    return *move;
}

}  // namespace

TEST_CASE("undo against a computer seat goes back to the person's move", "[runtime][table]") {
    const auto chess = test::load_shipped("chess");
    runtime::Table table(*chess, std::make_unique<runtime::Game>(*chess),
                         seats_of({"human", "random"}), 7);
    CHECK(table.person_to_move());
    CHECK_FALSE(table.undo());
    table.play(typed(table.game(), "e4"));
    CHECK_FALSE(table.person_to_move());
    const search::Outcome reply = table.computer_move();
    REQUIRE(reply.error.empty());
    table.play(reply.best);
    table.play(typed(table.game(), "d4"));
    table.play(table.computer_move().best);
    REQUIRE(table.game().ply() == 4);

    REQUIRE(table.undo());  // the reply and the person's d4
    CHECK(table.game().ply() == 2);
    CHECK(table.person_to_move());
    REQUIRE(table.undo());
    CHECK(table.game().ply() == 0);
    CHECK(table.can_redo());
    REQUIRE(table.redo());  // e4 and the reply, to the person's turn
    CHECK(table.game().ply() == 2);
    CHECK(table.game().move_at(1) == reply.best);
    table.play(typed(table.game(), "Nf3"));  // a new move forgets what undo took back
    CHECK_FALSE(table.can_redo());
}

TEST_CASE("undo does not take back the moves the game started with", "[runtime][table]") {
    const auto chess = test::load_shipped("chess");
    auto played = std::make_unique<runtime::Game>(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(*played, "e4 e5", error));
    runtime::Table table(*chess, std::move(played), seats_of({"human", "human"}), 1, 2);
    CHECK_FALSE(table.can_undo());
    table.play(typed(table.game(), "Nf3"));
    REQUIRE(table.undo());
    CHECK(table.game().ply() == 2);
    CHECK_FALSE(table.undo());
}

TEST_CASE("without a person at the table undo takes back one move", "[runtime][table]") {
    const auto chess = test::load_shipped("chess");
    runtime::Table table(*chess, std::make_unique<runtime::Game>(*chess),
                         seats_of({"random", "ai:depth=1"}), 3);
    CHECK_FALSE(table.has_person());
    for (int ply = 0; ply < 3; ++ply) table.play(table.computer_move().best);
    REQUIRE(table.undo());
    CHECK(table.game().ply() == 2);
}

TEST_CASE("in check is what the rules mean by it", "[runtime][table]") {
    // After 1. e4 f5 2. Qh5 the Black King is attacked: in check in chess; not where the rules
    // let royal pieces be captured, as any other piece.
    std::ifstream file(std::string(VARI_STDLIB_DIR) + "/chess.vari");
    std::string chess((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::size_t pieces = chess.find("\npiece ");
    REQUIRE(pieces != std::string::npos);
    std::string capturable = chess.substr(0, pieces) + "\nroyals capturable" + chess.substr(pieces);
    for (const char* end : {"end checkmate win\n", "end stalemate draw\n"})
        capturable.erase(capturable.find(end), std::string_view(end).size());
    for (const auto& [text, check] : {std::pair{chess, true}, std::pair{capturable, false}}) {
        const auto game = test::load_text(text);
        auto played = std::make_unique<runtime::Game>(*game);
        std::string error;
        REQUIRE(runtime::play_moves(*played, "e4 f5 Qh5", error));
        REQUIRE(played->position().in_check());
        const runtime::Table table(*game, std::move(played), seats_of({"human", "human"}), 1);
        CHECK(table.in_check() == check);
    }
}

TEST_CASE("players are named in any case", "[runtime][table]") {
    const auto chess = test::load_shipped("chess");
    CHECK(runtime::player_named(chess->ir(), "black") == 1);
    CHECK(runtime::player_named(chess->ir(), "WHITE") == 0);
    CHECK(runtime::player_named(chess->ir(), "Gray") == -1);
}

}  // namespace vari::runtime_table_tests
