// Rooms: games between people on different machines, hosted by `vari serve`. A room is a game of a
// shipped game or of a pasted rule file, its seats (a person holding the seat's secret token, an
// open seat waiting for one, or vari's AI at a level), its clocks, judged here, and the offers
// between its players (a draw, a takeback). Every change is written to a SQLite database before it
// is told to anyone, so a server stopped and started again brings every game back, its clocks
// paused until the player to move is back. Pages follow a room as listeners: each change reaches
// every listener as the room's state, the seat's own view for a player, the game for a spectator.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vari::runtime {
class Game;
}
namespace vari::ir {
struct Game;
}

namespace vari::rooms {

using SteadyClock = std::chrono::steady_clock;

// ---- Time controls and clocks (clock.cpp)
// ----------------------------------------------------------

// None; Fischer (a main time, and an increment added after each move); or byo-yomi (a main
// time, then `periods` periods of `period_ms` each: a move made within a period keeps it, a
// period run out is lost, and the last one run out loses the game).
struct TimeControl {
    enum class Kind : std::uint8_t { none, fischer, byoyomi };
    Kind kind = Kind::none;
    std::int64_t main_ms = 0;
    std::int64_t increment_ms = 0;  // Fischer
    std::int64_t period_ms = 0;     // byo-yomi
    int periods = 0;                // byo-yomi
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// "none"; "5+3" (Fischer: 5 minutes, 3 seconds added a move); "10+30x3" (byo-yomi: 10 minutes,
// then 3 periods of 30 seconds). Minutes and seconds may have decimals. Nothing, with `error`
// saying what is read, for anything else or a time past a day.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error);
std::string time_control_text(const TimeControl& control);

// A player's time left: its main time, and for byo-yomi the periods it still has.
struct TimeLeft {
    std::int64_t main_ms = 0;
    int periods = 0;
    friend bool operator==(const TimeLeft&, const TimeLeft&) = default;
};

// The clocks of a game: one per player, at most one running.
class GameClock {
public:
    GameClock(const TimeControl& control, std::size_t players);
    GameClock(const TimeControl& control, std::vector<TimeLeft> left);  // as saved

    const TimeControl& control() const { return control_; }
    bool timed() const { return control_.kind != TimeControl::Kind::none; }
    int running() const { return running_; }  // -1: none (paused, or not started)

    // Starts `player`'s clock (another's stops without being judged).
    void start(int player, SteadyClock::time_point now);
    // The running player moved at `now`: its time used is taken, and the increment added or its
    // period kept. False when its time had run out before.
    bool moved(SteadyClock::time_point now);
    // Stops the running clock as it stands (the game paused or over), its time used taken.
    void pause(SteadyClock::time_point now);
    // Whether the running player's time ran out by `now`.
    bool flag_fallen(SteadyClock::time_point now) const;
    // When the running player's time runs out, for a timer to wake then.
    std::optional<SteadyClock::time_point> runs_out() const;
    // Every player's time left at `now`, the running clock's time used taken.
    std::vector<TimeLeft> left(SteadyClock::time_point now) const;

private:
    // The whole time the running player may still use from `since_`.
    std::int64_t allowance_ms(const TimeLeft& left) const;
    TimeLeft after(const TimeLeft& left, std::int64_t used_ms) const;

    TimeControl control_;
    std::vector<TimeLeft> left_;
    int running_ = -1;
    SteadyClock::time_point since_{};
};

// ---- Rooms (rooms.cpp)
// -----------------------------------------------------------------------------

struct RoomsOptions {
    std::string database;                  // the SQLite file; created when missing
    std::size_t max_rooms = 1000;          // rooms not over at once; more are refused
    std::size_t max_rooms_per_client = 8;  // rooms not over one client (its address) created
    std::size_t max_source_bytes = 1 << 18;
    int search_threads = 1;  // threads an AI seat searches with, at most
    // The game's part of a room's state, as the page draws it (the web layer gives its own); by
    // default the legal moves in long notation, in the order a move's index counts them.
    std::function<nlohmann::json(const runtime::Game& game)> describe;
    // The board and its pieces as the page draws them, in the answer to a join; none by default.
    std::function<nlohmann::json(const ir::Game& rules)> board;
};

// One seat as asked for when a room is made: "me" (the person creating it), "open" (a person to
// come by invitation), or a computer seat as runtime::parse_seat reads it ("ai:3", "random").
struct RoomRequest {
    std::string game;    // a shipped game's name, or empty with `source`
    std::string source;  // a rule file's text
    std::vector<std::string> seats;
    std::string time_control = "none";
    std::string client;  // who asks (an address), for the per-client limit
    bool listed = true;  // in the lobby, where anyone may take its open seats; else by link only
    std::string name;    // what the creator calls themself, shown at the "me" seat
};

// A room made: its id (the spectators' link), and a token per person seat ("" for a computer's):
// the creator's seat's token and the invitations.
struct Created {
    std::string room;
    std::vector<std::string> tokens;
};

// Who follows a room: a seat (by its token) or a spectator, told of every change by `send`,
// which is called under the room's lock: it must hand the text on (a queue), not call Rooms.
struct Listener {
    std::function<void(const nlohmann::json&)> send;
};

class Rooms {
public:
    // Opens (or creates) the database and brings back every room in it, the clocks of the games
    // still going paused. Throws std::runtime_error, saying why, when the database cannot be used.
    explicit Rooms(RoomsOptions options);
    ~Rooms();  // stops the AIs thinking and the clocks' timer
    Rooms(const Rooms&) = delete;
    Rooms& operator=(const Rooms&) = delete;

    // Makes a room; {"ok": false, "error": ..., "diagnostics": [...]} when it cannot.
    nlohmann::json create(const RoomRequest& request, Created& created);
    // The rooms whose games go on with an open seat, and the games in play, for the lobby.
    nlohmann::json lobby() const;

    // `listener` follows room `room` from now on, as the seat `token` holds or, for an empty
    // token, as a spectator: the answer is the room's state, or an error (no such room, a token
    // that holds no seat of it). A seat's token taken again (a page reloaded) moves the seat to
    // the new listener. The id returned stops the listening (leave), which tells nobody at once
    // (it may be called on a server's thread with a small stack): the others see the seat
    // offline at the next change. `name`, when given, is what the seat's person calls themself.
    nlohmann::json join(const std::string& room, const std::string& token,
                        std::shared_ptr<Listener> listener, std::uint64_t& id,
                        const std::string& name = {});
    void leave(const std::string& room, std::uint64_t id);
    // Takes open seat `seat` of a room the lobby lists: {"ok": true, "token": ...}, the seat then
    // held by whoever has the token; an error when another took it first.
    nlohmann::json sit(const std::string& room, int seat);

    // What a seat does: every request names the room and the seat's token; an answer is
    // {"ok": true} once the change is written and told, or {"ok": false, "error": ...}.
    // move: the move by its index in the list the seat's state gave for ply `ply`.
    nlohmann::json move(const std::string& room, const std::string& token, int ply, int index);
    nlohmann::json resign(const std::string& room, const std::string& token);
    // offer: "draw" or "takeback"; answer it: accept true or false.
    nlohmann::json offer(const std::string& room, const std::string& token, std::string_view what);
    nlohmann::json answer(const std::string& room, const std::string& token, bool accept);

    // The room's state as seat `seat` (-1: a spectator) sees it.
    nlohmann::json state(const std::string& room, int seat) const;
    // The game's part of the state after its first `ply` moves, for a look back.
    nlohmann::json view(const std::string& room, int ply) const;
    // The game's record, as `vari play` writes it: {"ok": true, "name": "....pgn", "text": ...}.
    nlohmann::json record(const std::string& room) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace vari::rooms
