// The line a search walks: the position, the game's history up to it, and the rules that end a
// game there (the engine's judge, then any hooks). Every search of the library plays through one.
#pragma once

#include <array>
#include <vector>

#include "runtime/search/search.hpp"

namespace vari::search {

// How a game ended at a node: each player's score, as the runtime scores it.
struct Ending {
    std::array<double, MAX_PLAYERS> scores{};
};

// The most plies a line goes below its root, quiescence included.
constexpr int MAX_LINE = 256;

class Line {
public:
    Line(const Root& root, RuleHooks* hooks);

    Position& position() { return pos_; }
    const Position& position() const { return pos_; }
    int depth() const { return static_cast<int>(moves_.size()); }  // plies below the root
    int players() const { return players_; }
    bool has_hooks() const { return hooks_ != nullptr; }

    void play(Move move);  // depth() < MAX_LINE
    void undo();

    // The moves of the current position, as the game in play lists them (hook filters applied).
    // False when a hook failed (failed() then says why).
    bool generate(MoveList& moves);
    // Whether the game is over at the current position, which has `has_move` moves to play: by a
    // hook's verdict on the last move, or by the game's end conditions. False when a hook failed.
    bool ended(bool has_move, std::optional<Ending>& ending);
    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }

    // How often the current position has occurred in the game and the line, this time included.
    int repetitions() const;
    // Whether the side to move is in check at the current position (worked out once a node).
    bool in_check();

private:
    Node node() const;
    bool hook_failed();
    Ending score(ir::Outcome outcome, int player);

    Position pos_;
    RuleHooks* hooks_;
    int players_;
    bool counts_repetitions_;
    const Root& root_;
    std::vector<std::uint64_t> hashes_;  // the game's positions and the line's, current last
    PositionCounts counts_;              // of hashes_, where the game ends by repetition
    std::vector<Move> moves_;
    std::vector<Undo> undos_;           // MAX_LINE records that never move: hooks read them
    std::vector<int> passes_;           // passes in a row at each node of the line
    std::vector<std::int8_t> checked_;  // in_check() at each node: -1 until asked
    std::string error_;
};

}  // namespace vari::search
