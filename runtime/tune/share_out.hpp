// Internal to tune/: items worked on by several threads, each taking the next one not taken.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace vari::tune {

// Calls `item(k)` for k from 0 to count - 1 on up to `threads` threads, this one among them; once
// an item returns false no thread starts another. True when every item was worked on and each
// returned true. What an item writes must be its own (a slot k of a vector), or locked.
inline bool share_out(std::size_t count, int threads,
                      const std::function<bool(std::size_t k)>& item) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stopped{false};
    const auto work = [&] {
        for (std::size_t k; !stopped && (k = next.fetch_add(1)) < count;)
            if (!item(k)) stopped = true;
    };
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < std::min<std::size_t>(static_cast<std::size_t>(threads), count);
         ++t)
        helpers.emplace_back(work);
    work();
    for (auto& helper : helpers) helper.join();
    return !stopped;
}

}  // namespace vari::tune
