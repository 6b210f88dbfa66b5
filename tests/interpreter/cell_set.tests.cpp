// Cell sets of every width against std::bitset, operation by operation, on random sets.
#include "interpreter/cell_set.hpp"

#include <bitset>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

namespace interpreter_cell_set_tests {

namespace {

template <int Words>
void check_against_bitset(std::uint64_t seed) {
    using Set = vari::CellSetOf<Words>;
    constexpr int N = 64 * Words;
    static_assert(Set::CAPACITY == N);
    std::mt19937_64 random(seed);
    const auto random_pair = [&](int density) {
        Set set;
        std::bitset<N> bits;
        for (int c = 0; c < N; ++c)
            if (static_cast<int>(random() % 100) < density)
                set.add(c), bits.set(static_cast<std::size_t>(c));
        return std::pair{set, bits};
    };
    const auto same = [](const Set& set, const std::bitset<N>& bits) {
        std::vector<int> members, expected;
        for (int c : set) members.push_back(c);
        for (int c = 0; c < N; ++c)
            if (bits.test(static_cast<std::size_t>(c))) expected.push_back(c);
        return members == expected && set.count() == static_cast<int>(bits.count()) &&
               set.empty() == bits.none() && static_cast<bool>(set) == bits.any();
    };
    for (int round = 0; round < 200; ++round) {
        auto [a, bits_a] = random_pair(round % 4 == 0 ? 1 : 30);
        auto [b, bits_b] = random_pair(50);
        REQUIRE(same(a, bits_a));
        CHECK(same(a | b, bits_a | bits_b));
        CHECK(same(a & b, bits_a & bits_b));
        CHECK(same(a ^ b, bits_a ^ bits_b));
        CHECK(same(~a, ~bits_a));
        CHECK((a == b) == (bits_a == bits_b));
        // Shifts by small, word-sized and larger amounts, both ways (std::bitset's shifts drop
        // what leaves it, as a cell set's do).
        const int by = static_cast<int>(random() % N) >> (round % 3 * 3);
        CHECK(same(a.shifted(by), bits_a << static_cast<std::size_t>(by)));
        CHECK(same(a.shifted(-by), bits_a >> static_cast<std::size_t>(by)));
        CHECK(same(a.shifted(64 % N), bits_a << static_cast<std::size_t>(64 % N)));
        const int cell = static_cast<int>(random() % N);
        CHECK(a.has(cell) == bits_a.test(static_cast<std::size_t>(cell)));
        Set added = a, removed = a;
        added.add(cell), removed.remove(cell);
        CHECK(same(added, std::bitset<N>(bits_a).set(static_cast<std::size_t>(cell))));
        CHECK(same(removed, std::bitset<N>(bits_a).reset(static_cast<std::size_t>(cell))));
        if (a.empty()) continue;
        int lowest = 0, highest = N - 1;
        while (!bits_a.test(static_cast<std::size_t>(lowest))) ++lowest;
        while (!bits_a.test(static_cast<std::size_t>(highest))) --highest;
        CHECK(a.first() == lowest);
        CHECK(a.last() == highest);
        Set popped = a;
        CHECK(popped.pop_first() == lowest);
        CHECK(same(popped, std::bitset<N>(bits_a).reset(static_cast<std::size_t>(lowest))));
    }
}

}  // namespace

TEST_CASE("A cell set of one word behaves as a bitset of 64 cells", "[cell-set]") {
    check_against_bitset<1>(1);
}

TEST_CASE("A cell set of two words behaves as a bitset of 128 cells", "[cell-set]") {
    check_against_bitset<2>(2);
}

TEST_CASE("A cell set of three words behaves as a bitset of 192 cells", "[cell-set]") {
    check_against_bitset<3>(3);
}

TEST_CASE("A cell set of four words behaves as a bitset of 256 cells", "[cell-set]") {
    check_against_bitset<4>(4);
}

TEST_CASE("A cell set of sixteen words behaves as a bitset of 1,024 cells", "[cell-set]") {
    check_against_bitset<16>(16);
}

TEST_CASE("The edge cells of every width are members like any other", "[cell-set]") {
    vari::CellSetOf<16> wide = vari::CellSetOf<16>::of(0) | vari::CellSetOf<16>::of(1023);
    CHECK(wide.first() == 0);
    CHECK(wide.last() == 1023);
    CHECK(wide.count() == 2);
    vari::CellSetOf<1> narrow = vari::CellSetOf<1>::of(63);
    CHECK(narrow.first() == 63);
    CHECK(narrow.last() == 63);
    CHECK((~narrow).count() == 63);
}

TEST_CASE("A set keeps its members when resized to any width that holds them", "[cell-set]") {
    using vari::CellSetOf;
    using vari::resized;
    const auto members = [](const auto& set) {
        std::vector<int> cells;
        for (int c : set) cells.push_back(c);
        return cells;
    };
    const std::vector<int> low = {0, 1, 31, 63};
    CellSetOf<1> one;
    for (int c : low) one.add(c);
    CHECK(members(resized<CellSetOf<2>>(one)) == low);
    CHECK(members(resized<CellSetOf<16>>(one)) == low);
    CHECK(members(resized<CellSetOf<1>>(resized<CellSetOf<16>>(one))) == low);
    const std::vector<int> middle = {0, 64, 100, 127};
    CellSetOf<2> two;
    for (int c : middle) two.add(c);
    CHECK(members(resized<CellSetOf<16>>(two)) == middle);
    CHECK(members(resized<CellSetOf<2>>(resized<CellSetOf<16>>(two))) == middle);
    // Each word is written whole: setting one leaves the others as they were.
    two.set_word(0, 0);
    CHECK(members(two) == std::vector<int>{64, 100, 127});
    two.set_word(1, 1);
    CHECK(members(two) == std::vector<int>{64});
}

}  // namespace interpreter_cell_set_tests
