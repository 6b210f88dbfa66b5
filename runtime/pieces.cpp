// Pieces of a long run played on this process's threads: a queue of indices in, results out.
#include <condition_variable>
#include <deque>
#include <mutex>

#include "runtime/runtime.hpp"

namespace vari::runtime {

struct PiecePlayers::Shared {
    std::mutex mutex;
    std::condition_variable given, ended;
    std::deque<long long> queue;
    std::deque<Ended> done;
    std::atomic<bool> abandon{false};
    bool closing = false;
};

PiecePlayers::PiecePlayers(const Pieces& pieces)
    : shared_(std::make_unique<Shared>()), threads_count_(std::max(pieces.threads, 1)) {
    const long long needed = pieces.count;
    for (int t = 0; t < threads_count_ && t < needed; ++t)
        threads_.emplace_back([shared = shared_.get(), make = pieces.player] {
            const Pieces::Player play = make(shared->abandon);
            std::unique_lock lock(shared->mutex);
            while (true) {
                shared->given.wait(lock, [&] { return shared->closing || !shared->queue.empty(); });
                if (shared->closing) return;
                const long long index = shared->queue.front();
                shared->queue.pop_front();
                lock.unlock();
                Ended ended{index, shared->abandon ? std::nullopt : play(index)};
                lock.lock();
                shared->done.push_back(std::move(ended));
                shared->ended.notify_one();
            }
        });
}

PiecePlayers::~PiecePlayers() {
    abandon();
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->closing = true;
    }
    shared_->given.notify_all();
    for (auto& thread : threads_) thread.join();
}

void PiecePlayers::give(long long index) {
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->queue.push_back(index);
    }
    ++in_play_;
    shared_->given.notify_one();
}

std::optional<PiecePlayers::Ended> PiecePlayers::take(int wait_ms) {
    std::unique_lock lock(shared_->mutex);
    if (!shared_->ended.wait_for(lock, std::chrono::milliseconds(wait_ms),
                                 [&] { return !shared_->done.empty(); }))
        return std::nullopt;
    Ended ended = std::move(shared_->done.front());
    shared_->done.pop_front();
    --in_play_;
    return ended;
}

void PiecePlayers::abandon() { shared_->abandon = true; }

bool PiecePlayers::wants_more() const {
    // One piece waits beyond the threads', so that none waits for the next to be handed out.
    return !shared_->abandon && in_play_ < static_cast<int>(threads_.size()) + 1;
}

PiecesRun run_here(const Pieces& pieces) {
    PiecesRun run;
    PiecePlayers players(pieces);
    long long next = 0, finished = 0;
    bool handing_out = true, stopped = false, enough = false;
    const auto done_before = [&](long long i) {
        return i < static_cast<long long>(pieces.done_before.size()) &&
               pieces.done_before[static_cast<std::size_t>(i)];
    };
    const auto end_early = [&](bool by_stop) {
        handing_out = false;
        stopped = stopped || by_stop;
        players.abandon();
    };
    while (true) {
        while (handing_out && players.wants_more()) {
            while (next < pieces.count && done_before(next)) ++next;
            if (next >= pieces.count) break;
            players.give(next++);
        }
        if (players.in_play() == 0) break;
        if (handing_out && pieces.stop && pieces.stop()) end_early(true);
        const auto ended = players.take(50);
        if (!ended) continue;
        if (!ended->result) {
            if (handing_out) end_early(true);
            continue;
        }
        ++finished;
        if (!enough && !pieces.finished(ended->index, *ended->result)) {
            enough = true;  // a piece finished after a stop is still kept
            end_early(false);
        }
    }
    run.complete = !stopped;
    if (stopped) {
        long long before = 0;
        for (const bool done : pieces.done_before) before += done;
        run.problem = "stopped with " + std::to_string(pieces.count - before - finished) + " of " +
                      std::to_string(pieces.count) + ' ' + pieces.noun + " unfinished";
    }
    return run;
}

}  // namespace vari::runtime
