// Internal to tune/: the games a tuning run finished, kept in a file as they end (one JSON line
// each, after a line naming the run), so that a stopped run resumes where it was.
#pragma once

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::tune {

struct JournalGame {
    std::vector<int> choices;    // each move's place among the legal moves (Game::legal_moves)
    std::vector<double> scores;  // per player; empty when the game did not finish
};

class Journal {
public:
    // Opens the journal at `path` for the run `run` names (a JSON object: rules hash, level,
    // seed, ...): the games it holds when it was made for the same run, none when it is new.
    // Nothing with `error` set when it was made for another run or cannot be read or written.
    static std::optional<Journal> open(const std::string& path, const std::string& run,
                                       std::string& error);
    Journal(Journal&& other) noexcept;
    Journal& operator=(Journal&& other) noexcept;
    ~Journal();

    const std::map<int, JournalGame>& games() const { return games_; }
    // Keeps game `index`, on disk at once; false with `error` set when it cannot be written.
    bool add(int index, const JournalGame& game, std::string& error);

private:
    Journal() = default;
    std::FILE* file_ = nullptr;
    std::map<int, JournalGame> games_;
};

// The moves of a game played from the start by `choices`, or nothing when one is not a legal
// move's place there (a journal written for other rules, or damaged).
std::optional<std::vector<Move>> replay_choices(const CompiledGame& game,
                                                const std::vector<int>& choices);

}  // namespace vari::tune
