// Internal to tools/web/: a page's requests about games between people (rooms.hpp), and the rooms'
// news sent on to the page without ever holding up a room.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tools/web/rooms/rooms.hpp"

namespace vari::web {

// Requests: {"op": "lobby"}; {"op": "room_create", "game" or "source", "seats": [...],
// "time_control", "listed", "name"} answered with the room's id and the seats' tokens;
// {"op": "room_sit", "room", "seat"} answered with the token of an open seat the lobby shows;
// {"op": "room_join", "room", "token", "name"} (no token: a spectator) answered with the room's
// state, after which the page is sent {"event": "room", ...} at every change; {"op": "room_move",
// "room", "token", "ply", "index"}; {"op": "room_resign" | "room_offer" ("what") | "room_answer"
// ("accept"), "room", "token"}; {"op": "room_view", "room", "ply"} (the game after its first
// moves); {"op": "room_record", "room"} (its record).
class RoomDesk {
public:
    using Send = std::function<void(const nlohmann::json&)>;
    RoomDesk(rooms::Rooms* rooms, std::string client, Send send);
    ~RoomDesk();  // follows no room any more; what was still to send is dropped
    RoomDesk(const RoomDesk&) = delete;
    RoomDesk& operator=(const RoomDesk&) = delete;

    static bool handles(const std::string& op);
    nlohmann::json handle(const nlohmann::json& request);

private:
    // From a room, under its lock: queued for the writer. A room's state replaces the one of the
    // same room still waiting, so a slow page gets the latest, and the queue stays short.
    void queue(const nlohmann::json& event);
    void write_queued(std::stop_token stop);

    rooms::Rooms* rooms_;
    std::string client_;
    Send send_;
    std::shared_ptr<rooms::Listener> listener_;
    std::vector<std::pair<std::string, std::uint64_t>> following_;  // (room, listener id)
    std::mutex mutex_;
    std::condition_variable_any ready_;
    std::deque<nlohmann::json> queued_;  // under mutex_
    std::jthread writer_;                // last: it starts once the rest is built
};

}  // namespace vari::web
