// The search's line judges every position as the game in play does: the same moves (hook filters
// included) and the same end, with the same scores, on random playouts of every shipped game.
#include "runtime/search/line.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace vari::search_line_tests {
namespace {

// Plays `games` random games of at most `plies` plies in a runtime::Game and in a search Line side
// by side, comparing them at every position.
void compare_playouts(const CompiledGame& compiled, int games, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        runtime::Game game(compiled);
        const search::Root root = runtime::search_root(game);
        std::string hook_error;
        auto hooks = runtime::search_hooks(compiled, runtime::HookUse::on, hook_error);
        REQUIRE(hook_error.empty());
        search::Line line(root, hooks.get());
        for (int ply = 0; ply <= plies; ++ply) {
            INFO("game " << g << ", ply " << ply << ": "
                         << notation::to_position_string(game.position()));
            MoveList moves;
            REQUIRE(line.generate(moves));
            const auto& result = game.result();
            // An ended game offers no moves; the line's generator lists them all the same.
            if (!result)
                REQUIRE(std::vector<Move>(moves.begin(), moves.end()) ==
                        std::vector<Move>(game.legal_moves().begin(), game.legal_moves().end()));
            else
                REQUIRE(game.legal_moves().size == 0);
            std::optional<search::Ending> ending;
            REQUIRE(line.ended(moves.size > 0, ending));
            REQUIRE(ending.has_value() == result.has_value());
            if (result) {
                REQUIRE_FALSE(result->stopped);
                for (std::size_t p = 0; p < result->scores.size(); ++p)
                    CHECK(ending->scores[p] == Approx(result->scores[p]));
                break;
            }
            if (ply == plies) break;
            const Move m = runtime::random_move(game, rng);
            game.play(m);
            line.play(m);
        }
    }
}

TEST_CASE("the search's line ends games where the game in play does, with its scores", "[search]") {
    for (const std::string& name : test::shipped_game_names()) {
        DYNAMIC_SECTION(name) {
            const auto game = test::load_shipped(name);
            compare_playouts(*game, test::scaled(6), 200, 11);
        }
    }
}

TEST_CASE("the line counts repetitions across the game's history and its own moves", "[search]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", error));
    const search::Root root = runtime::search_root(game);
    search::Line line(root, nullptr);
    CHECK(line.repetitions() == 2);  // as after the third ply
    Position probe = game.position();
    line.play(test::legal_move(probe, "f6", "g8"));  // the start position, a third time
    CHECK(line.repetitions() == 3);
    MoveList moves;
    line.generate(moves);
    std::optional<search::Ending> ending;
    REQUIRE(line.ended(moves.size > 0, ending));
    REQUIRE(ending);
    CHECK(ending->scores[0] == 0.5);
}

}  // namespace
}  // namespace vari::search_line_tests
