// The search's pruning stays out of the games and positions its guards name: null moves where a
// pass is a move of the game, where captures are compulsory, and for a side that may be in
// zugzwang (nothing but royal pieces and pieces that only go forward).
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "runtime/search/null_move.hpp"
#include "support/shipped_games.hpp"

namespace search_pruning_tests {

using namespace vari;

TEST_CASE("null moves are off where passing is a move and where captures are compulsory",
          "[search][pruning]") {
    auto [name, allowed] = GENERATE(table<std::string, bool>({
        {"chess", true},
        {"shogi", true},
        {"xiangqi", true},
        {"janggi", false},     // a player may pass
        {"antichess", false},  // captures are compulsory
        {"three-player-hex-shogi-91", false},
    }));
    INFO(name);
    const auto game = test::load_shipped(name);
    CHECK(search::NullMoveGuard(*game).in_game() == allowed);
}

TEST_CASE("a side with only royal pieces and pieces that go forward may not pass in the search",
          "[search][pruning]") {
    auto [name, position, first_waits, second_waits] =
        GENERATE(table<std::string, std::string, bool, bool>({
            {"chess", "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", false, false},
            {"chess", "4k3/4p3/8/8/8/8/4P3/1N2K3 w - - 0 1", true, false},
            {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, true},
            // Pawns, Lances and Knights only go forward; a piece in hand can always be dropped.
            {"shogi", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/LN2K2NL[-] b - - 0 1", false, false},
            {"shogi", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/LN2K2NL[p] b - - 0 1", false, true},
            {"shogi", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNS1K2NL[-] b - - 0 1", true, false},
        }));
    INFO(name << " " << position);
    const auto game = test::load_shipped(name);
    const search::NullMoveGuard guard(*game);
    Position pos(*game);
    test::set_position(pos, position);
    CHECK(guard.can_wait(pos, 0) == first_waits);
    CHECK(guard.can_wait(pos, 1) == second_waits);
}

}  // namespace search_pruning_tests
