// The search on a thread of its own, with stop, ponderhit and the answer given once per job.
#include "tools/engine/thinker.hpp"

#include <algorithm>
#include <chrono>

namespace vari::engine {

Thinker::Thinker(const CompiledGame& game, std::size_t hash_megabytes, int threads, Report report,
                 Done done)
    : searcher_(game, search::Options{hash_megabytes, 0, 0, threads}),
      report_(std::move(report)),
      done_(std::move(done)) {
    hooks_ = runtime::search_hooks(game, runtime::HookUse::on, hook_error_);
}

Thinker::~Thinker() { stop(); }

void Thinker::finish() {
    {
        std::unique_lock lock(mutex_);
        if (running_ && !infinite_ && (!pondering_ || ponderhit_))
            changed_.wait(lock, [&] { return !running_; });
    }
    stop();
}

void Thinker::await_answer() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !running_ || infinite_ || (pondering_ && !ponderhit_); });
}

bool Thinker::pondering() const {
    std::lock_guard lock(mutex_);
    return running_ && pondering_ && !ponderhit_;
}

void Thinker::clear() { searcher_.clear(); }

void Thinker::start(Job job) {
    stop();  // joins the threads of the job before
    std::lock_guard lock(mutex_);
    running_ = true;
    stop_asked_ = false;
    take_on(job);
    worker_ = std::thread([this, job = std::move(job)]() mutable { run(std::move(job)); });
}

void Thinker::take_on(const Job& job) {
    ++job_number_;
    ponderhit_ = false;
    pondering_ = job.ponder;
    infinite_ = job.infinite;
    ponder_milliseconds_ = job.ponder_milliseconds;
    changed_.notify_all();  // the clock of the job before stops watching
}

void Thinker::stop() {
    {
        std::unique_lock lock(mutex_);
        stop_asked_ = true;
        changed_.notify_all();
        // The search clears its stop flag when it starts, so a stop asked just before is asked
        // again until the answer is out.
        while (running_) {
            searcher_.stop();
            changed_.wait_for(lock, std::chrono::milliseconds(5));
        }
    }
    if (worker_.joinable()) worker_.join();
    if (timer_.joinable()) timer_.join();
}

void Thinker::ponderhit(std::optional<std::int64_t> milliseconds) {
    std::thread old_timer;  // of an earlier job, which has ended: joined without the lock
    {
        std::lock_guard lock(mutex_);
        if (!running_ || !pondering_ || ponderhit_) return;
        ponderhit_ = true;
        changed_.notify_all();
        old_timer = std::move(timer_);
        const std::int64_t ms = milliseconds.value_or(ponder_milliseconds_);
        if (ms > 0) timer_ = std::thread([this, ms, n = job_number_] { watch_clock(ms, n); });
    }
    if (old_timer.joinable()) old_timer.join();
}

// After ponderhit: stops job `job_number`'s search once `milliseconds` have passed, unless it
// ends before.
void Thinker::watch_clock(std::int64_t milliseconds, std::uint64_t job_number) {
    std::unique_lock lock(mutex_);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
    if (!changed_.wait_until(lock, deadline,
                             [&] { return !running_ || stop_asked_ || job_number_ != job_number; }))
        searcher_.stop();
}

void Thinker::run(Job job) {
    for (;;) {
        std::optional<Job> next = search(job);
        std::lock_guard lock(mutex_);
        if (!next || stop_asked_) {
            running_ = false;
            changed_.notify_all();
            return;
        }
        job = std::move(*next);
        take_on(job);
    }
}

std::optional<Job> Thinker::search(const Job& job) {
    const runtime::Game& game = *job.game;
    search::Root root = runtime::search_root(game);
    if (!job.only.empty())
        std::erase_if(root.moves, [&](Move m) {
            return std::find(job.only.begin(), job.only.end(), m) == job.only.end();
        });
    search::Outcome outcome;
    if (!hook_error_.empty()) {
        outcome.error = hook_error_;
    } else if (!root.moves.empty()) {
        const auto progress = [&](const search::Iteration& it) {
            report_(game, it);
            std::lock_guard lock(mutex_);
            if (stop_asked_) searcher_.stop();
        };
        outcome = searcher_.think(root, job.limits, hooks_.get(), progress);
    }
    {
        std::unique_lock lock(mutex_);
        if (job.infinite || job.ponder)
            changed_.wait(lock, [&] { return stop_asked_ || (job.ponder && ponderhit_); });
    }
    return done_(game, outcome);
}

}  // namespace vari::engine
