// Who plays which seat in each game of a match, from which opening, with which seeds.
#include "tools/match/match.hpp"

namespace vari::match {
namespace {

// SplitMix64's finaliser: distinct inputs give unrelated seeds.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

GameSetup schedule(int index, int players, std::uint64_t seed) {
    GameSetup setup;
    setup.index = index;
    setup.opening = index / players;
    const int turn = index % players;
    const std::uint64_t game_seed = mix(seed ^ mix(static_cast<std::uint64_t>(index)));
    for (int seat = 0; seat < players; ++seat) {
        const int entrant = (seat - turn + players) % players;
        setup.entrant_at_seat.push_back(entrant);
        setup.seed_at_seat.push_back(mix(game_seed + 1 + static_cast<std::uint64_t>(entrant)));
    }
    // Salted apart from the games' seeds: opening k and game k must not share one.
    setup.opening_seed = mix(~seed ^ mix(static_cast<std::uint64_t>(setup.opening)));
    return setup;
}

}  // namespace vari::match
