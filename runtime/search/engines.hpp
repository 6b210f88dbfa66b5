// The searches behind Searcher, one per kind of game, and what they share. Private to the library.
#pragma once

#include <atomic>
#include <chrono>

#include "runtime/search/line.hpp"
#include "runtime/search/search.hpp"

namespace vari::search {

// The clock and node budget of one think() call, checked every few thousand nodes.
class Budget {
public:
    // `published`: where a helper thread adds its nodes as it goes, for the main one to report.
    Budget(const Limits& limits, const std::atomic<bool>& stop,
           std::atomic<std::uint64_t>* published = nullptr)
        : limits_(limits),
          stop_(stop),
          published_(published),
          start_(std::chrono::steady_clock::now()) {}
    ~Budget() { publish(); }
    Budget(const Budget&) = delete;
    Budget& operator=(const Budget&) = delete;
    // Counts a node; true once the search must stop.
    bool spent() {
        ++nodes_;
        if (stopped_) return true;
        if (limits_.nodes && nodes_ >= limits_.nodes) return stopped_ = true;
        if ((nodes_ & 1023) == 0) {
            publish();
            if (stop_.load(std::memory_order_relaxed)) return stopped_ = true;
            if (limits_.milliseconds && milliseconds() >= limits_.milliseconds)
                return stopped_ = true;
        }
        return false;
    }
    bool stopped() const { return stopped_; }
    std::uint64_t nodes() const { return nodes_; }
    double seconds() const { return std::chrono::duration<double>(elapsed()).count(); }
    std::int64_t milliseconds() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(elapsed()).count();
    }
    const Limits& limits() const { return limits_; }

private:
    std::chrono::steady_clock::duration elapsed() const {
        return std::chrono::steady_clock::now() - start_;
    }
    Limits limits_;
    const std::atomic<bool>& stop_;
    // Adds the nodes counted since the last call to `published_`, if any.
    void publish() {
        if (!published_) return;
        published_->fetch_add(nodes_ - published_nodes_, std::memory_order_relaxed);
        published_nodes_ = nodes_;
    }
    std::atomic<std::uint64_t>* published_;
    std::uint64_t published_nodes_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::uint64_t nodes_ = 0;
    bool stopped_ = false;
};

// What a search of one game keeps between moves.
struct SearchState;  // alphabeta.cpp
struct DeleteState {
    void operator()(SearchState* state) const;
};
using StatePointer = std::unique_ptr<SearchState, DeleteState>;
StatePointer make_search_state(const CompiledGame& game, const Options& options);
void clear(SearchState& state);

struct Context {
    const Evaluation& evaluation;
    const Options& options;
    Budget& budget;
    RuleHooks* hooks;
    const Searcher::Progress& progress;
    // The helper threads' nodes so far, where there are helpers.
    const std::atomic<std::uint64_t>* helper_nodes = nullptr;
    // All the search's nodes so far, the helpers' too.
    std::uint64_t nodes() const {
        return budget.nodes() + (helper_nodes ? helper_nodes->load(std::memory_order_relaxed) : 0);
    }
};

// Two players: iterative-deepening alpha-beta.
Outcome search_two_players(const Root& root, Context& context, SearchState& state);
// More players, each search in a file of its name.
Outcome search_paranoid(const Root& root, Context& context);
Outcome search_max_n(const Root& root, Context& context);
Outcome search_best_reply(const Root& root, Context& context);

}  // namespace vari::search
