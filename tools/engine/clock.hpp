// Internal to tools/engine/: how long to think on a move from the clock a GUI sends.
#pragma once

#include <cstdint>

namespace vari::engine {

// The mover's clock as `go` gives it, in milliseconds.
struct Clock {
    std::int64_t remaining = 0;  // on the mover's clock
    std::int64_t increment = 0;  // added after each move (UCI winc/binc, USI binc/winc)
    std::int64_t byoyomi = 0;    // USI: per move once the main time is spent
    int moves_to_go = 0;         // moves until the clock is refilled; 0: the rest of the game
};

// Milliseconds held back from every move for the answer to reach the GUI.
constexpr std::int64_t MOVE_OVERHEAD = 50;

// Milliseconds to think: a share of the time left (an even share of the moves to go, or of 30
// moves when none are given), plus the increment and the byoyomi, which are the move's own; never
// more than the clock and the byoyomi hold less MOVE_OVERHEAD, and at least 1.
std::int64_t think_time(const Clock& clock);

}  // namespace vari::engine
