// PositionCounts against a plain map, over the way games and searches use it: positions added as
// moves are played and removed, last first, as they are taken back, and everything forgotten
// when a new game starts.
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace interpreter_position_counts_tests {

using namespace vari;

namespace {

// Plays and takes back random moves over `distinct` positions whose hashes share their low bits
// (so that probes run long) and checks every count against the map.
// With `clear_every`, everything is cleared that often, as games played one after another do.
void walk(std::uint64_t seed, int steps, int distinct, int clear_every = 0) {
    std::mt19937_64 rng(seed);
    PositionCounts counts;
    std::map<std::uint64_t, int> expected;
    std::vector<std::uint64_t> line;
    for (int i = 0; i < steps; ++i) {
        if (clear_every && i % clear_every == clear_every - 1) {
            counts.clear();
            expected.clear();
            line.clear();
        } else if (!line.empty() && rng() % 3 == 0) {
            counts.remove(line.back());
            --expected[line.back()];
            line.pop_back();
        } else {
            const std::uint64_t hash = (rng() % distinct) << 34;  // low bits all zero
            line.push_back(hash);
            REQUIRE(counts.add(hash) == ++expected[hash]);
        }
        const std::uint64_t probe = (rng() % distinct) << 34;
        REQUIRE(counts.count(probe) == expected[probe]);
    }
}

}  // namespace

TEST_CASE("position counts agree with a map while positions come and go", "[repetition]") {
    walk(1, 20000, 8);         // few positions, many repetitions
    walk(2, 20000, 5000);      // many positions: the table grows
    walk(3, 100000, 1 << 29);  // nearly all new: slots left at zero are swept, not grown for
}

TEST_CASE("position counts cleared count from nothing, in a table of any size", "[repetition]") {
    walk(4, 20000, 8, 50);       // short games of few positions
    walk(5, 50000, 5000, 3000);  // long ones: the table has grown when it is cleared
    walk(6, 50000, 1 << 29, 7);
}

TEST_CASE("a position counts from its first occurrence and back to none", "[repetition]") {
    PositionCounts counts;
    CHECK(counts.count(0) == 0);
    CHECK(counts.add(0) == 1);  // zero is a hash like any other
    CHECK(counts.add(0) == 2);
    counts.remove(0);
    CHECK(counts.count(0) == 1);
    counts.remove(0);
    CHECK(counts.count(0) == 0);
    CHECK(counts.add(0) == 1);
}

}  // namespace interpreter_position_counts_tests
