// move_gives_check() against making each move and testing for check, along random games of every
// shipped game with checks, one CheckCells kept across all the moves of a position.
#include <catch2/catch.hpp>
#include <random>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::gives_check_tests {

TEST_CASE("whether a move gives check is read off the tables as making it tells",
          "[interpreter][checks]") {
    int games = 0, checks = 0;
    for (const std::string& name : test::shipped_game_names()) {
        const auto game = test::load_shipped(name);
        const Tables& t = game->tables();
        if (t.royals_capturable || !t.royal_types) continue;
        ++games;
        runtime::Game played(*game);
        std::mt19937_64 rng(5);
        CheckCells known;
        for (int ply = 0; ply < 60 && !played.result(); ++ply) {
            Position pos = played.position();
            const int us = pos.side_to_move();
            MoveList moves;
            generate_legal(pos, moves);
            known.forget();
            for (const Move m : moves) {
                Undo undo;
                pos.do_move(m, undo);
                const bool made = pos.gives_check(us);
                pos.undo_move(m, undo);
                checks += made;
                INFO(name << " ply " << ply << " from " << m.from() << " to " << m.to());
                REQUIRE(move_gives_check(pos, m, known) == made);
            }
            played.play(runtime::random_move(played, rng));
        }
    }
    CHECK(games >= 20);
    CHECK(checks >= 1000);  // the moves asked include checks of every kind the games have
}

}  // namespace vari::gives_check_tests
