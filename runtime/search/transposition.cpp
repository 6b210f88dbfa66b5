// The transposition table.
#include "runtime/search/transposition.hpp"

#include <algorithm>
#include <bit>

namespace vari::search {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Slot);
    size_ = std::bit_floor(wanted);
    slots_ = std::make_unique<Slot[]>(size_);
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < size_; ++i) {
        slots_[i].check.store(0, std::memory_order_relaxed);
        slots_[i].move.store(0, std::memory_order_relaxed);
        slots_[i].data.store(0, std::memory_order_relaxed);
    }
    age_.store(0, std::memory_order_relaxed);
}

std::uint64_t TranspositionTable::pack(const TtEntry& e) {
    return static_cast<std::uint32_t>(e.score) | std::uint64_t(e.depth) << 32 |
           std::uint64_t(static_cast<std::uint8_t>(e.bound)) << 40 | std::uint64_t(e.age) << 48;
}

TtEntry TranspositionTable::unpack(std::uint64_t key, std::uint64_t move, std::uint64_t data) {
    TtEntry e;
    e.key = key;
    e.move = Move::from_bits(move);
    e.score = static_cast<std::int32_t>(static_cast<std::uint32_t>(data));
    e.depth = static_cast<std::uint8_t>(data >> 32);
    e.bound = static_cast<Bound>(static_cast<std::uint8_t>(data >> 40));
    e.age = static_cast<std::uint8_t>(data >> 48);
    return e;
}

bool TranspositionTable::probe(std::uint64_t key, TtEntry& entry) const {
    const Slot& s = slot(key);
    const std::uint64_t move = s.move.load(std::memory_order_relaxed);
    const std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ move ^ data) != key) return false;
    entry = unpack(key, move, data);
    return entry.depth > 0;
}

void TranspositionTable::store(std::uint64_t key, int depth, Bound bound, int score, Move move) {
    Slot& s = slot(key);
    const std::uint64_t old_move = s.move.load(std::memory_order_relaxed);
    const std::uint64_t old_data = s.data.load(std::memory_order_relaxed);
    const std::uint64_t old_key = s.check.load(std::memory_order_relaxed) ^ old_move ^ old_data;
    const TtEntry old = unpack(old_key, old_move, old_data);
    const std::uint8_t age = age_.load(std::memory_order_relaxed);
    if (old_key != key && old.age == age && old.depth > depth) return;
    // A search that found no best move keeps the one an earlier search found.
    if (move.is_none() && old_key == key) move = old.move;
    const TtEntry e{key,   move, score, static_cast<std::uint8_t>(std::clamp(depth, 1, 255)),
                    bound, age};
    const std::uint64_t data = pack(e);
    s.move.store(move.bits(), std::memory_order_relaxed);
    s.data.store(data, std::memory_order_relaxed);
    s.check.store(key ^ move.bits() ^ data, std::memory_order_relaxed);
}

}  // namespace vari::search
