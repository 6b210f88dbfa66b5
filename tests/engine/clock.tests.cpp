// Time management: how long a move may take from the clock `go` gives.
#include "tools/engine/clock.hpp"

#include <catch2/catch.hpp>

namespace engine_clock_tests {

using vari::engine::Clock;
using vari::engine::MOVE_OVERHEAD;
using vari::engine::think_time;

TEST_CASE("a move takes a share of the clock plus the increment, never the whole clock",
          "[engine][clock]") {
    const auto [remaining, increment, byoyomi, moves_to_go, expected] =
        GENERATE(table<std::int64_t, std::int64_t, std::int64_t, int, std::int64_t>({
            {60'000, 0, 0, 0, 2'000},      // sudden death: a thirtieth
            {60'000, 1'000, 0, 0, 3'000},  // and the increment
            {60'000, 0, 0, 10, 6'000},     // ten moves to the next control: a tenth
            {60'000, 0, 0, 1,
             60'000 - MOVE_OVERHEAD},  // the last move before it: all but the margin
            {1'000, 5'000, 0, 0, 1'000 - MOVE_OVERHEAD},  // the increment comes only after the move
            {0, 0, 10'000, 0, 10'000 - MOVE_OVERHEAD},    // byoyomi alone
            {30'000, 0, 10'000, 0, 11'000},               // main time and byoyomi
            {20, 0, 0, 0, 1},                             // less than the margin: at once
            {-500, 0, 0, 0, 1},  // a clock past zero (GUIs send it): at once
        }));
    Clock clock;
    clock.remaining = remaining;
    clock.increment = increment;
    clock.byoyomi = byoyomi;
    clock.moves_to_go = moves_to_go;
    INFO(remaining << " ms + " << increment << " ms, byoyomi " << byoyomi << ", " << moves_to_go
                   << " moves to go");
    CHECK(think_time(clock) == expected);
}

}  // namespace engine_clock_tests
