// runtime::perft on several threads: the first moves are shared out, and the counts, the divide
// and its order are those of one thread, through the engine and through games with hooks.
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_perft_threads_tests {

namespace {

void check_threads_agree(const char* name, const std::string& position, int depth) {
    const auto game = test::load_shipped(name);
    Position pos(*game);
    if (!position.empty()) test::set_position(pos, position);
    const auto notation = notation::Notation::long_form;
    const auto alone = runtime::perft(*game, pos, depth, {.divide = true, .notation = notation});
    REQUIRE(alone.error.empty());
    REQUIRE(alone.divide.size() > 1);
    for (const int threads : {2, 3, 64}) {
        INFO(name << ", " << threads << " threads");
        const auto shared = runtime::perft(
            *game, pos, depth, {.divide = true, .notation = notation, .threads = threads});
        CHECK(shared.error.empty());
        CHECK(shared.nodes == alone.nodes);
        CHECK(shared.divide == alone.divide);
        CHECK(runtime::perft(*game, pos, depth, {.notation = notation, .threads = threads}).nodes ==
              alone.nodes);
    }
}

}  // namespace

TEST_CASE("perft on several threads counts what one thread counts, through the engine",
          "[runtime][perft][threads]") {
    check_threads_agree("chess", "", 4);
    check_threads_agree("xiangqi", "", 3);
    check_threads_agree(
        "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 2", 3);
}

TEST_CASE("perft on several threads counts what one thread counts, through games with hooks",
          "[runtime][perft][threads][hooks]") {
    check_threads_agree("three-player-hex-shogi-91", "", 3);
    // Chess's ply limit can end games two plies down: counted through a Game on each thread.
    check_threads_agree("chess", "4k3/8/8/3p4/8/8/3P4/R3K3 w Q - 98 60", 3);
}

TEST_CASE("perft on several threads at depths 0 to 2", "[runtime][perft][threads]") {
    const auto chess = test::load_shipped("chess");
    const Position pos(*chess);
    Position engine = pos;
    for (int depth = 0; depth <= 2; ++depth) {
        INFO("depth " << depth);
        CHECK(runtime::perft(*chess, pos, depth, {.threads = 8}).nodes == perft(engine, depth));
    }
}

}  // namespace vari::runtime_perft_threads_tests
