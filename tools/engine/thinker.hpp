// Internal to tools/engine/: vari's search on a thread of its own, so that the protocol loop
// answers `stop`, `isready` and `quit` while it thinks.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::engine {

constexpr std::size_t MAX_HASH_MEGABYTES = 4096;  // the largest hash table the options allow

// One `go`: what to search and when to answer.
struct Job {
    std::unique_ptr<runtime::Game> game;  // the position, with the history before it
    search::Limits limits;
    std::vector<Move> only;  // `searchmoves`: the root moves to choose from; empty: all
    // No answer before `stop` (go infinite), or before `stop` or `ponderhit` (go ponder).
    bool infinite = false, ponder = false;
    std::int64_t ponder_milliseconds = 0;  // after ponderhit, think this long (0: to the limits)
};

// Searches one job at a time. `report` is called after each finished iteration and `done` once
// per job with its outcome, both on the search's thread; `done` gets an outcome with no move when
// the position has none, and may return a job to go on with at once (pondering on the reply it
// expects), which starts unless a stop was asked meanwhile.
class Thinker {
public:
    using Report = std::function<void(const runtime::Game&, const search::Iteration&)>;
    using Done = std::function<std::optional<Job>(const runtime::Game&, const search::Outcome&)>;

    // Throws std::bad_alloc when the hash table does not fit in memory.
    Thinker(const CompiledGame& game, std::size_t hash_megabytes, int threads, Report report,
            Done done);
    ~Thinker();  // stops the search, as stop() does
    Thinker(const Thinker&) = delete;
    Thinker& operator=(const Thinker&) = delete;

    void start(Job job);  // after the job before has been stopped or finished
    // Ends the job: the search answers with the best move found so far. Returns once `done` has
    // been called; at once when idle.
    void stop();
    // The move pondered on was played: the job becomes a search of `milliseconds` (by default
    // its ponder_milliseconds; 0: to its other limits), counted from now.
    void ponderhit(std::optional<std::int64_t> milliseconds = std::nullopt);
    bool pondering() const;  // a ponder job runs and has had no ponderhit
    // Waits for the job to end by its limits, and stops one that would wait for `stop`. Returns
    // once `done` has been called; at once when idle.
    void finish();
    // Waits for the job to answer, without stopping anything: returns once `done` has been
    // called, or at once when the job waits for `stop` or `ponderhit` or is a ponder job that
    // `done` asked for.
    void await_answer();
    void clear();  // a new game: forget what earlier searches learnt; not while thinking

private:
    void run(Job job);                          // on the worker: the job and those after it
    std::optional<Job> search(const Job& job);  // one job, up to its answer
    void take_on(const Job& job);               // under the lock: the job's state
    void watch_clock(std::int64_t milliseconds, std::uint64_t job_number);

    search::Searcher searcher_;
    std::unique_ptr<search::RuleHooks> hooks_;
    std::string hook_error_;  // why the game's hooks could not be loaded for the search
    Report report_;
    Done done_;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    bool running_ = false;  // a job has started and `done` has not been called yet
    bool stop_asked_ = false;
    bool ponderhit_ = false;
    bool pondering_ = false;  // the job ponders
    bool infinite_ = false;   // the job waits for stop
    std::int64_t ponder_milliseconds_ = 0;
    std::uint64_t job_number_ = 0;  // counts the jobs, so a clock watches only its own
    std::thread worker_, timer_;
};

}  // namespace vari::engine
