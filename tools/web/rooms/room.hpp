// Internal to rooms/: one room, its game at a table, its seats, clocks and offers. Every member
// but `thinking` is read and written under `mutex`.
#pragma once

#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"
#include "tools/web/rooms/rooms.hpp"

namespace vari::rooms {

struct RoomSeat {
    std::string asked;   // as the room was made: "me", "open", "ai:3", ...
    std::string token;   // a person's seat's secret; empty for a computer's
    bool taken = false;  // a person has come to it once
    std::string name;    // what the person who holds it calls themself, if anything
};

struct Follower {
    int seat = -1;  // -1: a spectator
    std::shared_ptr<Listener> listener;
};

struct Room {
    std::string id;
    std::string game_name;  // shipped, or empty with `source`
    std::string source;
    std::unique_ptr<CompiledGame> compiled;
    std::unique_ptr<runtime::Table> table;
    std::vector<RoomSeat> seats;
    std::vector<std::string> played;  // the moves in long notation, as written to the database
    std::string client;               // who made it, for the per-client limit
    bool listed = true;               // shown in the lobby, where anyone may take an open seat
    std::unique_ptr<GameClock> clock;
    nlohmann::json result;  // null while the game goes on
    // An offer waiting for the other people's answer: "draw" or "takeback", by seat `offer_by`.
    std::string offer;
    int offer_by = -1;
    std::vector<bool> accepted;  // per seat, for the offer
    std::map<std::uint64_t, Follower> followers;
    // Grows at every state told to the followers, and is sent with each state and join answer:
    // a page may get news pushed before the answer to its join, and keeps the newer.
    mutable std::uint64_t told = 0;
    std::uint64_t generation =
        0;                    // grows at every change: a move thought for an older one is dropped
    std::thread thinking;     // the AI seats' searches, one after another
    bool ai_running = false;  // `thinking` has not finished
    // Brought back after a restart: the clocks wait for the player to move to come back.
    bool paused = false;
    mutable std::mutex mutex;

    bool over() const { return !result.is_null(); }
    // Every person's seat has had its person: the game runs (and its clocks).
    bool seated() const {
        return std::all_of(seats.begin(), seats.end(),
                           [](const RoomSeat& s) { return s.token.empty() || s.taken; });
    }
    int seat_of(const std::string& token) const {
        if (token.empty()) return -1;
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (seats[i].token == token) return static_cast<int>(i);
        return -1;
    }
};

}  // namespace vari::rooms
