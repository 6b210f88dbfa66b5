// The transposition table: what earlier searches learnt of a position, found by its hash. The
// threads of one search share it without locks.
//
// An entry, as the table hands it out:
//   key    64 bits  Position::hash() of the position
//   move   64 bits  the best move found there (none when every move failed low)
//   score  32 bits  node-relative: a decisive score counts plies from the entry's position
//                   (to_tt/from_tt), so it holds wherever in a line the position recurs
//   depth   8 bits  the remaining depth it was searched to (0: an empty slot)
//   bound   8 bits  whether the score is exact or only an upper or a lower bound
//   age     8 bits  the search (think call) that wrote it
// A slot holds three words, read and written atomically: the move, the rest packed in one, and the
// key exclusive-or'ed with both, so that a slot two threads wrote at once reads as no entry rather
// than a wrong one. The slots are plain words from calloc: the system's zeroed pages are an empty
// table, which costs only where a search writes (a short search clears no megabytes).
// One entry per slot; a store replaces the slot's entry unless that one is of the same search,
// of another position and deeper. Private to the library.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

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
    void new_search() { age_.fetch_add(1, std::memory_order_relaxed); }
    // The entry for `key` into `entry`; false when the table holds none.
    bool probe(std::uint64_t key, TtEntry& entry) const;
    // Starts loading `key`'s slot into the cache, for a probe soon after.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&slot(key)); }
    void store(std::uint64_t key, int depth, Bound bound, int score, Move move);

private:
    struct Slot {
        std::uint64_t check, move, data;
    };
    struct FreeSlots {
        void operator()(Slot* slots) const;
    };
    static std::uint64_t pack(const TtEntry& e);
    static TtEntry unpack(std::uint64_t key, std::uint64_t move, std::uint64_t data);
    Slot& slot(std::uint64_t key) const { return slots_[key & (size_ - 1)]; }

    std::unique_ptr<Slot[], FreeSlots> slots_;
    std::size_t size_ = 0;  // a power of two
    std::atomic<std::uint8_t> age_{0};
};

// A score as the table keeps it at `ply` plies below the root, and back.
inline int to_tt(int score, int ply) {
    return score >= WON ? score + ply : score <= -WON ? score - ply : score;
}
inline int from_tt(int score, int ply) {
    return score >= WON ? score - ply : score <= -WON ? score + ply : score;
}

}  // namespace vari::search
