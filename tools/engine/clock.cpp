// Time management: a share of the clock for each move, and never a loss on time.
#include "tools/engine/clock.hpp"

#include <algorithm>

namespace vari::engine {

// A game of unknown length is expected to last this many more moves.
constexpr int EXPECTED_MOVES = 30;

std::int64_t think_time(const Clock& clock) {
    const std::int64_t remaining = std::max<std::int64_t>(clock.remaining, 0);
    const int moves =
        clock.moves_to_go > 0 ? std::min(clock.moves_to_go, EXPECTED_MOVES) : EXPECTED_MOVES;
    const std::int64_t share = remaining / moves + clock.increment + clock.byoyomi;
    const std::int64_t most = remaining + clock.byoyomi - MOVE_OVERHEAD;
    return std::max<std::int64_t>(1, std::min(share, most));
}

}  // namespace vari::engine
