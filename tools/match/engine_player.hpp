// An external engine as a match's player: the part every protocol shares (the process, reading
// against deadlines, what the engine said of itself, the game's moves in the protocol's text),
// and the two clients built on it (UCI and USI in one, XBoard).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/notation/notation.hpp"
#include "tools/match/child_process.hpp"
#include "tools/match/match.hpp"

namespace vari::match {

struct EngineConfig {
    notation::Protocol protocol = notation::Protocol::uci;
    std::vector<std::string> command;
    EngineSetup setup;
};

class EnginePlayer : public Player {
public:
    EnginePlayer(const CompiledGame& game, EngineConfig config, notation::ProtocolText text)
        : game_(game), config_(std::move(config)), text_(std::move(text)) {}

    // Starts the engine and greets it, checks that it knows the variant and the options, and
    // sets them; false with `error` saying why (the engine is then ended).
    bool open(std::string& error);
    // Asks the engine to quit and ends its process.
    void close();
    const std::string& name() const { return name_; }

    // Opens the engine when it is not running (the first game, or after a failure), then
    // begins the game.
    bool start_game(const runtime::Game& game, int seat, std::uint64_t seed,
                    std::string& error) override;

protected:
    using Clock = ChildProcess::Clock;
    // How long an engine may take to greet and to answer a synchronising question: generous, as
    // an engine may load its tables or, as vari does, compile every game it offers before it
    // greets.
    static constexpr int HANDSHAKE_MS = 30'000;
    // Beyond a move's wait, for the pipes and the scheduler: the runner judges the clock.
    static constexpr int LATE_MS = 500;

    // The protocol's greeting: fills name_, option_names_ and variants_.
    virtual bool greet(std::string& error) = 0;
    // Sends the options and the variant, then waits until the engine has taken them.
    virtual bool configure(std::string& error) = 0;
    virtual bool begin(const runtime::Game& game, std::string& error) = 0;
    virtual void say_goodbye() = 0;

    bool send(const std::string& line);
    // Reads lines until `take` accepts one (true) or the deadline or the engine's end (false,
    // with `error` saying "no AWAITED within N s" or how it ended, and its last words).
    bool read_until(const std::function<bool(const std::string&)>& take, Clock::time_point deadline,
                    const std::string& awaited, std::string& error);
    // A failed answer: the engine is ended (to be started anew for the next game).
    Choice failed(std::string why);
    Clock::time_point move_deadline(const Budget& budget) const;
    // The game's moves from its start, in the protocol's text.
    std::vector<std::string> move_texts(const runtime::Game& game) const;
    // The move `text` names in `game`; `illegal` says why when none.
    Choice read_move(const runtime::Game& game, const std::string& text) const;

    const CompiledGame& game_;
    EngineConfig config_;
    notation::ProtocolText text_;
    std::unique_ptr<ChildProcess> process_;
    std::string name_;
    std::vector<std::string> option_names_;
    std::optional<std::vector<std::string>> variants_;  // none: the engine names no variants
    std::string last_line_;

private:
    std::optional<std::string> unknown_setting() const;
};

// A UCI or USI engine (config.protocol), or an XBoard one.
std::unique_ptr<EnginePlayer> make_uci_player(const CompiledGame& game, EngineConfig config,
                                              notation::ProtocolText text);
std::unique_ptr<EnginePlayer> make_xboard_player(const CompiledGame& game, EngineConfig config,
                                                 notation::ProtocolText text);

// The game's moves from its start, each written by `write` in the position it is played from.
std::vector<std::string> written_moves(
    const runtime::Game& game, const std::function<std::string(const Position&, Move)>& write);
// Does the game begin at its rules' start (for `position startpos`, XBoard's `new`, think's
// arguments without --position)?
bool starts_at_start(const runtime::Game& game);

// Another vari's `think` for the game, COMMAND of "think:COMMAND" (think_player.cpp).
std::optional<Entrant> think_entrant(std::string_view command, const EngineSetup& setup,
                                     std::string& error);

// A mate announced in `plies` (negative: being mated) as a score beyond every evaluation.
int mate_score(int plies);

}  // namespace vari::match
