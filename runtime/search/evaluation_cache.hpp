// Evaluations of positions met before, by hash, for one thread: iterative deepening and
// transpositions evaluate the same positions again and again. A slot keeps the last position
// evaluated there; the key is the whole hash, so a slot of another position is never read as
// this one's. Private to the library.
#pragma once

#include <cstdint>
#include <memory>

#include "runtime/search/search.hpp"

namespace vari::search {

class EvaluationCache {
public:
    EvaluationCache() : slots_(new Slot[SIZE]) {}

    // The evaluation of the position for the side to move, computed by `evaluate` when the cache
    // does not hold it.
    template <class Evaluate>
    int get(const Position& pos, Evaluate&& evaluate) {
        const std::uint64_t key = pos.hash();
        Slot& slot = slots_[key & (SIZE - 1)];
        if (slot.key != key || !slot.filled) {
            slot.key = key;
            slot.value = evaluate();
            slot.filled = true;
        }
        return slot.value;
    }

    void clear() {
        for (std::size_t i = 0; i < SIZE; ++i) slots_[i].filled = false;
    }

private:
    static constexpr std::size_t SIZE = 1 << 15;
    struct Slot {
        std::uint64_t key = 0;
        int value = 0;
        bool filled = false;
    };
    std::unique_ptr<Slot[]> slots_;
};

}  // namespace vari::search
