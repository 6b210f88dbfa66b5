// The hot path allocates nothing: global operator new is counted while perft runs.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>

#include "dsl/dsl.hpp"
#include "support/shipped_games.hpp"

namespace {
std::atomic<long> allocations{0};
}

// Every replaceable form that pairs with free(), so sanitizers see matching calls.
void* operator new(std::size_t size) {
    ++allocations;
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    ++allocations;
    return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
    return operator new(size, tag);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

TEST_CASE("perft allocates no memory in any shipped game", "[interpreter][allocation]") {
    for (const auto& name : vari::dsl::shipped_games()) {
        auto game = vari::test::load_shipped(name);
        vari::Position pos(*game);
        const long before = allocations.load();
        const std::uint64_t nodes = vari::perft(pos, 3);
        const long during = allocations.load() - before;
        INFO(name << ": " << nodes << " nodes");
        CHECK(during == 0);
    }
}

TEST_CASE("capture sequences allocate no memory either", "[interpreter][allocation][jumps]") {
    auto game = vari::test::load_shipped("compact-hex-draughts");
    vari::Position pos(*game);
    vari::test::set_position(pos, vari::test::DRAUGHTS_KINGS);
    const long before = allocations.load();
    CHECK(vari::perft(pos, 3) == 9343);
    CHECK(allocations.load() - before == 0);
}
