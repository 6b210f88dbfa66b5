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

// Plays the match and requires every game to end by the rules or the ply cap, with `player`
// named in its record, which reads back move by move: so every move was legal.
inline void play_through(const CompiledGame& game, const match::MatchOptions& options,
                         const std::string& player) {
    match::MatchReport report;
    const auto outcomes = play(game, options, report);
    REQUIRE(static_cast<int>(outcomes.size()) == options.games);
    for (const auto& outcome : outcomes) {
        INFO(outcome.summary << '\n' << outcome.record);
        CHECK((outcome.termination == match::Termination::rules ||
               outcome.termination == match::Termination::max_plies));
        runtime::Record record;
        CHECK_FALSE(runtime::read_record(game, outcome.record, "record", record));
        CHECK(outcome.record.find(player) != std::string::npos);
    }
}

}  // namespace vari::test
