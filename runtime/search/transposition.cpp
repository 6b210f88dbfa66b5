// The transposition table.
#include "runtime/search/transposition.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <new>

namespace vari::search {

namespace {

std::uint64_t read_word(std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
}

void write_word(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
}

}  // namespace

void TranspositionTable::FreeSlots::operator()(Slot* slots) const { std::free(slots); }

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Slot);
    size_ = std::bit_floor(wanted);
    clear();
}

void TranspositionTable::clear() {
    slots_.reset();  // first, so that the old pages and the new are not held at once
    slots_.reset(static_cast<Slot*>(std::calloc(size_, sizeof(Slot))));
    if (!slots_) throw std::bad_alloc();
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
    Slot& s = slot(key);
    const std::uint64_t move = read_word(s.move);
    const std::uint64_t data = read_word(s.data);
    if ((read_word(s.check) ^ move ^ data) != key) return false;
    entry = unpack(key, move, data);
    return entry.depth > 0;
}

void TranspositionTable::store(std::uint64_t key, int depth, Bound bound, int score, Move move) {
    Slot& s = slot(key);
    const std::uint64_t old_move = read_word(s.move);
    const std::uint64_t old_data = read_word(s.data);
    const std::uint64_t old_key = read_word(s.check) ^ old_move ^ old_data;
    const TtEntry old = unpack(old_key, old_move, old_data);
    const std::uint8_t age = age_.load(std::memory_order_relaxed);
    if (old_key != key && old.age == age && old.depth > depth) return;
    // A search that found no best move keeps the one an earlier search found.
    if (move.is_none() && old_key == key) move = old.move;
    const TtEntry e{key,   move, score, static_cast<std::uint8_t>(std::clamp(depth, 1, 255)),
                    bound, age};
    const std::uint64_t data = pack(e);
    write_word(s.move, move.bits());
    write_word(s.data, data);
    write_word(s.check, key ^ move.bits() ^ data);
}

}  // namespace vari::search
