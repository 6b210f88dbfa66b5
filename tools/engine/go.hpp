// Internal to tools/engine/: the words UCI and USI differ by, and `go` read in them into the
// search's limits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/search/search.hpp"
#include "tools/engine/engine.hpp"

namespace vari::engine {

// What a protocol says in its own words; the loop is the same (uci.cpp, usi.cpp).
struct Dialect {
    notation::Protocol protocol;
    const notation::ProtocolWords& words;  // hello, new game, position and clock words
    // The hash and ponder options; USI's GUIs send them unasked, so they are not offered there.
    std::string_view hash_option, ponder_option;
    bool offers_hash_and_ponder;
    std::string_view no_move;    // bestmove's word when there is no move: "(none)", "resign"
    bool mate_in_plies;          // score mate N counts plies (USI) or moves (UCI)
    bool offers_variants;        // the UCI_Variant option
    std::string_view game_over;  // the GUI's word for a game's end ("gameover"), or empty
};
extern const Dialect UCI;
extern const Dialect USI;

constexpr int MAX_LEVEL = 10;  // the Level option's range is 1 to MAX_LEVEL

// What `go` asks for, in turn order where it names a player.
struct GoRequest {
    std::optional<std::int64_t> time[2];  // on each player's clock, ms; it may be below zero
    std::int64_t increment[2] = {0, 0};
    std::optional<std::int64_t> byoyomi;
    int moves_to_go = 0;             // 0: not given
    std::optional<int> depth, mate;  // mate in moves
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> movetime;
    bool infinite = false, ponder = false;
    std::vector<std::string> search_moves;  // as written, to be read as moves
};

// The words after `go`; each word it cannot read adds a message to `errors` and is skipped.
GoRequest read_go(const Dialect& dialect, const std::vector<std::string>& words,
                  std::vector<std::string>& errors);

// How to search for `side` to move at `level` (1 to 10): the level's limits, unless the request
// names limits of its own (depth, nodes, movetime, mate) or none (infinite); the mover's clock
// bounds the time of either (think_time). A ponder search has no time limit: the time it would
// have had is `ponder_milliseconds`, counted from ponderhit.
struct SearchPlan {
    search::Limits limits;
    std::int64_t ponder_milliseconds = 0;
};
SearchPlan plan_search(const GoRequest& request, int side, int level);

}  // namespace vari::engine
