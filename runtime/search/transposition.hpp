// The transposition table: what earlier searches learnt of a position, found by its hash.
//
// An entry (24 bytes):
//   key    64 bits  Position::hash() of the position (0 with depth 0: an empty slot)
//   move   32 bits  the best move found there (none when every move failed low)
//   score  32 bits  node-relative: a decisive score counts plies from the entry's position
//                   (to_tt/from_tt), so it holds wherever in a line the position recurs
//   depth   8 bits  the remaining depth it was searched to
//   bound   8 bits  whether the score is exact or only an upper or a lower bound
//   age     8 bits  the search (think call) that wrote it
// One entry per slot; a store replaces the slot's entry unless that one is of the same search,
// of another position and deeper. Private to the library.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/search/search.hpp"

namespace vari::search {

enum class Bound : std::uint8_t { upper, lower, exact };

struct TtEntry {
    std::uint64_t key = 0;
    Move move;
    std::int32_t score = 0;
    std::uint8_t depth = 0;
    Bound bound = Bound::upper;
    std::uint8_t age = 0;
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t megabytes);
    void clear();
    void new_search() { ++age_; }
    // The entry for `key`, or null.
    const TtEntry* probe(std::uint64_t key) const;
    void store(std::uint64_t key, int depth, Bound bound, int score, Move move);

private:
    std::vector<TtEntry> entries_;  // a power of two of them
    std::uint8_t age_ = 0;
};

// A score as the table keeps it at `ply` plies below the root, and back.
inline int to_tt(int score, int ply) {
    return score >= WON ? score + ply : score <= -WON ? score - ply : score;
}
inline int from_tt(int score, int ply) {
    return score >= WON ? score - ply : score <= -WON ? score + ply : score;
}

}  // namespace vari::search
