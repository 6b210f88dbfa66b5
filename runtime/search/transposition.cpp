// The transposition table.
#include "runtime/search/transposition.hpp"

#include <algorithm>
#include <bit>

namespace vari::search {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(TtEntry);
    entries_.resize(std::bit_floor(wanted));
}

void TranspositionTable::clear() {
    std::fill(entries_.begin(), entries_.end(), TtEntry{});
    age_ = 0;
}

const TtEntry* TranspositionTable::probe(std::uint64_t key) const {
    const TtEntry& e = entries_[key & (entries_.size() - 1)];
    return e.key == key && e.depth > 0 ? &e : nullptr;
}

void TranspositionTable::store(std::uint64_t key, int depth, Bound bound, int score, Move move) {
    TtEntry& e = entries_[key & (entries_.size() - 1)];
    if (e.key != key && e.age == age_ && e.depth > depth) return;
    // A search that found no best move keeps the one an earlier search found.
    if (move.is_none() && e.key == key) move = e.move;
    e = TtEntry{key, move, score, static_cast<std::uint8_t>(std::clamp(depth, 1, 255)), bound,
                age_};
}

}  // namespace vari::search
