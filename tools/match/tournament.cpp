// Who meets whom in a match or tournament: the pairings of a round robin or a gauntlet.
#include <iterator>
#include <numeric>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

// The number of ways to choose k of n, or MAX_TOURNAMENT_GAMES + 1 when it is more.
std::int64_t combinations(int n, int k) {
    std::int64_t count = 1;
    for (int i = 1; i <= k; ++i) {
        count = count * (n - k + i) / i;  // exact: a product of i consecutive numbers over i!
        if (count > MAX_TOURNAMENT_GAMES) return MAX_TOURNAMENT_GAMES + 1;
    }
    return count;
}

// Every choice of k of `from`, in ascending order, each in ascending order.
std::vector<std::vector<int>> choices(const std::vector<int>& from, int k) {
    std::vector<std::vector<int>> out;
    std::vector<std::size_t> at(static_cast<std::size_t>(k));
    std::iota(at.begin(), at.end(), std::size_t{0});
    const std::size_t n = from.size();
    while (true) {
        std::vector<int>& choice = out.emplace_back();
        for (const std::size_t i : at) choice.push_back(from[i]);
        // The last place that can still move on, moved on, the places after it following.
        std::size_t i = at.size();
        while (i > 0 && at[i - 1] == n - at.size() + i - 1) --i;
        if (i == 0) return out;
        ++at[i - 1];
        for (std::size_t j = i; j < at.size(); ++j) at[j] = at[j - 1] + 1;
    }
}

}  // namespace

const char* format_name(Format format) {
    // ORDER format
    constexpr const char* NAMES[] = {"match", "round-robin", "gauntlet"};
    static_assert(std::size(NAMES) == static_cast<std::size_t>(Format::gauntlet) + 1);
    return NAMES[static_cast<std::size_t>(format)];
}

std::optional<Tournament> tournament_of(Format format, int entrants, int seats, int games,
                                        int rounds, std::string& error) {
    const std::string counts =
        std::to_string(entrants) + " players for a game of " + std::to_string(seats) + " seats";
    if (games < 1 || rounds < 1) {
        error = "games and rounds must be 1 or more";
        return std::nullopt;
    }
    if (format == Format::match && entrants != seats) {
        error = "a match needs one player for each seat: " + counts;
        return std::nullopt;
    }
    if (entrants < seats) {
        error = std::string("a ") + format_name(format) +
                " needs as many players as seats or more: " + counts;
        return std::nullopt;
    }
    const std::int64_t pairings = format == Format::gauntlet ? combinations(entrants - 1, seats - 1)
                                  : format == Format::round_robin ? combinations(entrants, seats)
                                                                  : 1;
    if (pairings * games > MAX_TOURNAMENT_GAMES ||
        pairings * games * rounds > MAX_TOURNAMENT_GAMES) {
        error = "it would play more than " + std::to_string(MAX_TOURNAMENT_GAMES) + " games";
        return std::nullopt;
    }
    Tournament tournament;
    tournament.games = games;
    tournament.rounds = rounds;
    std::vector<int> all(static_cast<std::size_t>(entrants));
    std::iota(all.begin(), all.end(), 0);
    if (format == Format::gauntlet) {
        for (std::vector<int>& others : choices({all.begin() + 1, all.end()}, seats - 1)) {
            others.insert(others.begin(), 0);
            tournament.pairings.push_back(std::move(others));
        }
    } else {
        tournament.pairings = choices(all, seats);
    }
    return tournament;
}

}  // namespace vari::match
