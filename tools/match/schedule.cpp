// Who plays which seat in each game of a match or tournament, from which opening, with which
// seeds.
#include <cassert>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

using runtime::mix_seed;

// The seed of `entrant`'s player in game `index`.
std::uint64_t player_seed(std::uint64_t seed, int index, int entrant) {
    const std::uint64_t game_seed = mix_seed(seed ^ mix_seed(static_cast<std::uint64_t>(index)));
    return mix_seed(game_seed + 1 + static_cast<std::uint64_t>(entrant));
}

}  // namespace

GameSetup schedule(int index, int players, std::uint64_t seed) {
    GameSetup setup;
    setup.index = setup.in_round = setup.game = index;
    setup.opening = index / players;
    const int turn = index % players;
    for (int seat = 0; seat < players; ++seat) {
        const int entrant = (seat - turn + players) % players;
        setup.entrant_at_seat.push_back(entrant);
        setup.seed_at_seat.push_back(player_seed(seed, index, entrant));
    }
    // Salted apart from the games' seeds: opening k and game k must not share one.
    setup.opening_seed = mix_seed(~seed ^ mix_seed(static_cast<std::uint64_t>(setup.opening)));
    return setup;
}

int Tournament::size() const { return static_cast<int>(pairings.size()) * games * rounds; }

GameSetup Tournament::game(int index, std::uint64_t seed) const {
    assert(index >= 0 && index < size());
    const int per_round = static_cast<int>(pairings.size()) * games;
    const int round = index / per_round, in_round = index % per_round;
    const int pairing = in_round / games;
    const std::vector<int>& entrants = pairings[static_cast<std::size_t>(pairing)];
    // Seated and opened as the pairing's own match would be; seeded by the game's place in all.
    GameSetup setup =
        schedule(round * games + in_round % games, static_cast<int>(entrants.size()), seed);
    setup.index = index;
    setup.round = round;
    setup.in_round = in_round;
    setup.pairing = pairing;
    for (std::size_t seat = 0; seat < entrants.size(); ++seat) {
        const int entrant = entrants[static_cast<std::size_t>(setup.entrant_at_seat[seat])];
        setup.entrant_at_seat[seat] = entrant;
        setup.seed_at_seat[seat] = player_seed(seed, index, entrant);
    }
    return setup;
}

}  // namespace vari::match
