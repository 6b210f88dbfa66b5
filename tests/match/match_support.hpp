// Test support for matches: vari's own players as entrants, options for a few games, and a
// match played with every game's outcome kept.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tools/match/match.hpp"

namespace vari::test {

inline match::Entrant vari_entrant(const std::string& spec) {
    std::string error;
    auto entrant = match::vari_entrant(spec, error);
    INFO(error);
    REQUIRE(entrant);
    return *entrant;
}

inline match::MatchOptions options_of(std::vector<match::Entrant> entrants, int games) {
    match::MatchOptions options;
    options.entrants = std::move(entrants);
    options.games = games;
    options.date = "2026.01.01";
    return options;
}

// Plays the match and keeps every game's outcome, in the order reported.
inline std::vector<match::GameOutcome> play(const CompiledGame& game,
                                            const match::MatchOptions& options,
                                            match::MatchReport& report) {
    std::vector<match::GameOutcome> games;
    report = match::run_match(game, options,
                              [&](const match::GameOutcome& outcome, const match::MatchReport&) {
                                  games.push_back(outcome);
                              });
    return games;
}

}  // namespace vari::test
