// PositionCounts: open addressing with linear probing, a slot chosen by the top bits of the hash
// times an odd constant (so that hashes differing in any bits spread). A count that falls to zero
// keeps its slot while probes of later hashes may pass it; growing drops such slots. Clearing
// starts a new round, in which the slots of earlier rounds are free (round 0 is never a round).
#include <algorithm>
#include <bit>

#include "interpreter/interpreter.hpp"

namespace vari {

std::size_t PositionCounts::find(std::uint64_t hash) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((hash * 0x9E3779B97F4A7C15u) >> shift_);
    while (in_use(slots_[i]) && slots_[i].hash != hash) i = (i + 1) & mask;
    return i;
}

// Sized for the live counts only: a search that adds and removes hash after hash leaves slots at
// zero, which growing sweeps out instead of doubling for them.
void PositionCounts::grow() {
    std::size_t live = 0;
    for (const Slot& slot : slots_) live += in_use(slot) && slot.count > 0;
    std::size_t size = 64;
    while (size < 4 * (live + 1)) size *= 2;
    std::vector<Slot> old(size);
    old.swap(slots_);
    shift_ = 64 - std::countr_zero(size);
    used_ = 0;
    for (const Slot& slot : old)
        if (in_use(slot) && slot.count > 0) {
            slots_[find(slot.hash)] = slot;
            ++used_;
        }
}

int PositionCounts::add(std::uint64_t hash) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    Slot& slot = slots_[find(hash)];
    if (!in_use(slot)) {
        slot = {hash, 0, round_};
        ++used_;
    }
    return ++slot.count;
}

void PositionCounts::remove(std::uint64_t hash) {
    std::size_t i = find(hash);
    if (!in_use(slots_[i]) || slots_[i].count == 0 || --slots_[i].count > 0) return;
    // A slot at zero just before a free one ends every probe that reaches it: it is freed, and so
    // are those at zero before it. A search removes the positions it added last first, so the
    // slots it used are freed as it goes back, not swept by grow().
    const std::size_t mask = slots_.size() - 1;
    while (in_use(slots_[i]) && slots_[i].count == 0 && !in_use(slots_[(i + 1) & mask])) {
        slots_[i].round = 0;
        --used_;
        i = (i - 1) & mask;
    }
}

void PositionCounts::clear() {
    used_ = 0;
    if (++round_ != 0) return;
    // After 2^32 rounds the numbers come round again: every slot is made free by hand.
    std::fill(slots_.begin(), slots_.end(), Slot{});
    round_ = 1;
}

int PositionCounts::count(std::uint64_t hash) const {
    const Slot& slot = slots_[find(hash)];
    return in_use(slot) ? slot.count : 0;
}

}  // namespace vari
