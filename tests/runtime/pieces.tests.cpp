// Runs of many pieces (runtime::Pieces) on this process's threads, and their journal: every
// piece played once, the earlier run's left out, "enough" and a stop ending the run, and a
// journal read back whole, up to a damaged line, and refused for another run.
#include <catch2/catch.hpp>
#include <fstream>
#include <mutex>
#include <set>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"

namespace vari::runtime_pieces_tests {

namespace {

// Pieces whose result is their index squared, each played once at most (checked).
struct Squares {
    runtime::Pieces pieces;
    std::mutex mutex;
    std::multiset<long long> played;
    std::map<long long, std::string> finished;

    Squares(long long count, int threads) {
        pieces.count = count;
        pieces.threads = threads;
        pieces.player = [this](const std::atomic<bool>&) -> runtime::Pieces::Player {
            return [this](long long index) -> std::optional<std::string> {
                const std::lock_guard lock(mutex);
                played.insert(index);
                return std::to_string(index * index);
            };
        };
        pieces.finished = [this](long long index, const std::string& result) {
            finished[index] = result;
            return true;
        };
    }
};

}  // namespace

TEST_CASE("a run's pieces are each played once, on any number of threads", "[runtime][pieces]") {
    for (const int threads : {1, 3, 40}) {
        INFO(threads << " threads");
        Squares run(30, threads);
        run.pieces.done_before.assign(30, false);
        run.pieces.done_before[4] = run.pieces.done_before[29] = true;
        const runtime::PiecesRun ran = runtime::run_here(run.pieces);
        CHECK(ran.complete);
        CHECK(ran.problem.empty());
        CHECK(run.played.size() == 28);
        CHECK(run.finished.size() == 28);
        for (long long i = 0; i < 30; ++i) {
            const bool before = i == 4 || i == 29;
            CHECK(run.played.count(i) == (before ? 0u : 1u));
            if (!before) CHECK(run.finished.at(i) == std::to_string(i * i));
        }
    }
}

TEST_CASE("a run ends once it knows enough, and a stop ends it unfinished", "[runtime][pieces]") {
    Squares enough(1000, 2);
    enough.pieces.finished = [&](long long index, const std::string&) {
        enough.finished[index] = "";
        return enough.finished.size() < 5;
    };
    const auto ran = runtime::run_here(enough.pieces);
    CHECK(ran.complete);  // it has what it needs
    CHECK(enough.finished.size() == 5);
    CHECK(enough.played.size() < 20);

    Squares stopped(1000, 2);
    stopped.pieces.stop = [&] {
        const std::lock_guard lock(stopped.mutex);
        return stopped.played.size() >= 10;
    };
    const auto cut = runtime::run_here(stopped.pieces);
    CHECK_FALSE(cut.complete);
    CHECK_THAT(cut.problem, Catch::Matchers::StartsWith("stopped with "));
    CHECK_THAT(cut.problem, Catch::Matchers::EndsWith(" of 1000 pieces unfinished"));
    CHECK(stopped.played.size() < 1000);
}

TEST_CASE("a journal keeps a run's pieces and gives them back to the same run only",
          "[runtime][pieces][journal]") {
    const test::TempDir dir;
    const std::string path = (dir.path / "run.journal").string();
    const std::string run = R"({"run":1})";
    std::string error;
    {
        auto journal = runtime::Journal::open(path, run, error);
        REQUIRE(journal);
        CHECK(journal->results().empty());
        CHECK(journal->add(3, R"({"nodes":9})", error));
        CHECK(journal->add(1, "[1,2]", error));
    }
    // Read back, then a line cut short by a stop is dropped with what follows.
    {
        auto journal = runtime::Journal::open(path, run, error);
        REQUIRE(journal);
        CHECK(journal->results() ==
              std::map<long long, std::string>{{1, "[1,2]"}, {3, R"({"nodes":9})"}});
    }
    std::ofstream(path, std::ios::app) << R"({"piece":7,"result":{"no)"
                                       << "\n"
                                       << R"({"piece":8,"result":64})"
                                       << "\n";
    {
        auto journal = runtime::Journal::open(path, run, error);
        REQUIRE(journal);
        CHECK(journal->results().size() == 2);
        CHECK(journal->add(8, "64", error));
    }
    CHECK(runtime::Journal::open(path, run, error)->results().size() == 3);
    // Another run's journal is refused, and left as it was.
    CHECK_FALSE(runtime::Journal::open(path, R"({"run":2})", error));
    CHECK_THAT(error, Catch::Matchers::Contains("was written by another run"));
    CHECK(runtime::Journal::open(path, run, error)->results().size() == 3);
}

TEST_CASE("perft kept in a journal counts only the subtrees it lacks, to the same figures",
          "[runtime][pieces][perft]") {
    const auto game = test::load_shipped("chess");
    const Position start(*game);
    const auto whole = runtime::perft(*game, start, 4, {.divide = true});
    const test::TempDir dir;
    const std::string path = (dir.path / "perft.journal").string();
    // A count stopped after some subtrees, then the same count from its journal.
    std::atomic<int> asked{0};
    const auto stopped = runtime::perft(
        *game, start, 4, {.divide = true, .stop = [&] { return ++asked > 40; }, .journal = path});
    CHECK_FALSE(stopped.error.empty());
    int counted = 0;
    const auto resumed = runtime::perft(*game, start, 4,
                                        {.divide = true,
                                         .progress = [&](std::size_t, std::size_t) { ++counted; },
                                         .journal = path});
    CHECK(resumed.error.empty());
    CHECK(resumed.nodes == whole.nodes);
    CHECK(resumed.divide == whole.divide);
    CHECK(counted > 0);
    CHECK(counted < 400);  // 20 first moves by 20 second moves: those of the first count left out
}

}  // namespace vari::runtime_pieces_tests
