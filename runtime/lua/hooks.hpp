// Hooks: a game's Lua code run at the events it answers, in a sandbox of its own. This library
// alone links Lua.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::lua {

// A game's Lua code (ir::Game::hooks) runs in a Lua 5.4 state of its own, one per game in play,
// that has only the safe base functions and `string`, `table` and `math`: no io, os, package,
// require, dofile, loadfile, debug or collectgarbage, no string.dump, and load() takes text only.
// The chunk runs once when loaded and returns a table of functions named after the events they
// answer (HOOKS.md documents them and the `game` object they read):
//   at_start(game)            for the position a game starts from (its setup, or a position
//                             string): nil, or a table that ends the game, as after_move's
//   after_move(game)          after each move: nil to go on, or a table that ends the game:
//                             { winner = PLAYER }, { loser = PLAYER } or { draw = true }, each
//                             with an optional reason = "..."
//   after_capture(game)       the same, after each move that captured (after after_move)
//   after_pass(game)          the same, after each pass (after after_move)
//   score(game, result)       when the game has ended: a table PLAYER -> number for every player
//   allow_move(game, move)    a filter on the legal board moves: true keeps the move
//   allow_drop(game, move)    the same for drops
// Every call runs under an instruction budget; the state under a memory cap. A hook that fails
// (an error, the budget or the cap exceeded, a result of the wrong shape) makes the call return
// false, and error() says so naming the hook and the file:line inside it.
struct HookLimits {
    std::int64_t instructions = 1'000'000;       // Lua VM instructions per call
    std::size_t memory = std::size_t{32} << 20;  // bytes for the whole state
    std::int64_t milliseconds = 500;             // wall-clock time per call, and for the loading
};

enum class HookEvent : std::uint8_t {
    after_move,
    after_capture,
    after_pass,
    score,
    allow_move,
    allow_drop,
    at_start
};

// What a hook is told besides the position.
struct HookContext {
    const Position* position = nullptr;
    int ply = 0;                      // moves played since the start
    int repetitions = 1;              // occurrences of this position, this one included
    int passes = 0;                   // passes in a row ending with the last move
    Move last_move;                   // Move::none() at the start
    const Undo* last_undo = nullptr;  // how the last move changed the board (null at the start)
};

// A game's end as hooks say it (the verdict of at_start, after_move, after_capture or after_pass)
// and as the score hook is told it.
struct HookVerdict {
    ir::Outcome outcome = ir::Outcome::draw;  // for `player`
    int player = -1;                          // -1 for a draw
    std::string reason;  // in a verdict never empty: a default when the hook gave none
};

class Hooks {
public:
    // Loads the game's hook code into a new sandboxed state and runs its top level. Nothing and
    // `error` set (file, line, message) when that fails or the chunk does not return a table of
    // known hooks; nothing and no error message when the game has no hooks.
    static std::unique_ptr<Hooks> load(const CompiledGame& game, Diagnostic& error,
                                       HookLimits limits = {});
    ~Hooks();
    Hooks(const Hooks&) = delete;
    Hooks& operator=(const Hooks&) = delete;

    bool handles(HookEvent event) const;
    // Each returns false when the hook failed; error() then says how.
    // `event` is at_start, after_move, after_capture or after_pass.
    bool after(HookEvent event, const HookContext& context, std::optional<HookVerdict>& verdict);
    bool score(const HookContext& context, const HookVerdict& end, std::vector<double>& scores);
    bool allows(const HookContext& context, Move move, bool& allowed);  // allow_move/allow_drop
    // The events of a game in play, as the game and the AI ask them alike:
    // at the start (no last move) at_start; after a move, after_move then (when the move
    // captured or passed) after_capture or after_pass, the first verdict winning;
    bool verdict(const HookContext& context, std::optional<HookVerdict>& verdict);
    // the moves the filter hooks keep (a pass added where the game forces one on a player left
    // without moves).
    bool filter(const HookContext& context, ir::Passing passing, MoveList& moves);
    const std::string& error() const;
    std::size_t memory_used() const;

private:
    struct State;
    explicit Hooks(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace vari::lua
