// A page's requests about rooms, and the rooms' news sent on to it.
#include "tools/web/room_desk.hpp"

#include <algorithm>

#include "tools/web/session.hpp"

namespace vari::web {

using nlohmann::json;

namespace {

// Events that are not a room's state (a seat taken by another page) are few; past this many
// waiting, the oldest go.
constexpr std::size_t MAX_QUEUED = 64;

int whole_field(const json& request, const char* name) {
    const auto it = request.find(name);
    if (it == request.end() || !it->is_number_integer())
        throw std::invalid_argument(std::string("'") + name + "' must be a whole number");
    return it->get<int>();
}

}  // namespace

RoomDesk::RoomDesk(rooms::Rooms* rooms, std::string client, Send send)
    : rooms_(rooms),
      client_(std::move(client)),
      send_(std::move(send)),
      listener_(std::make_shared<rooms::Listener>()),
      writer_([this](std::stop_token stop) { write_queued(stop); }) {
    listener_->send = [this](const json& event) { queue(event); };
}

RoomDesk::~RoomDesk() {
    for (const auto& [room, id] : following_) rooms_->leave(room, id);
    writer_.request_stop();
    ready_.notify_all();
}

bool RoomDesk::handles(const std::string& op) { return op == "lobby" || op.starts_with("room_"); }

void RoomDesk::queue(const json& event) {
    {
        std::lock_guard lock(mutex_);
        if (event.value("event", "") == "room")
            std::erase_if(queued_, [&](const json& waiting) {
                return waiting.value("event", "") == "room" && waiting["room"] == event["room"];
            });
        if (queued_.size() >= MAX_QUEUED) queued_.pop_front();
        queued_.push_back(event);
    }
    ready_.notify_all();
}

void RoomDesk::write_queued(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (ready_.wait(lock, stop, [this] { return !queued_.empty(); })) {
        json event = std::move(queued_.front());
        queued_.pop_front();
        lock.unlock();
        send_(event);
        lock.lock();
    }
}

json RoomDesk::handle(const json& request) {
    if (!rooms_) return error_json("this server hosts no games between people");
    const std::string op = string_field(request, "op");
    if (op == "lobby") return rooms_->lobby();
    if (op == "room_create") {
        rooms::RoomRequest made;
        made.game = string_field(request, "game");
        made.source = string_field(request, "source");
        made.time_control = string_field(request, "time_control");
        made.client = client_;
        made.name = string_field(request, "name");
        if (made.time_control.empty()) made.time_control = "none";
        if (const auto listed = request.find("listed"); listed != request.end()) {
            if (!listed->is_boolean()) return error_json("'listed' must be true or false");
            made.listed = *listed;
        }
        const auto seats = request.find("seats");
        if (seats == request.end() || !seats->is_array() || seats->size() > 16)
            return error_json("'seats' must list a seat for each player");
        for (const json& seat : *seats) {
            if (!seat.is_string()) return error_json("each seat is text: 'me', 'open' or 'ai:3'");
            made.seats.push_back(seat);
        }
        rooms::Created created;
        json answer = rooms_->create(made, created);
        if (answer.value("ok", false)) answer["tokens"] = created.tokens;
        return answer;
    }
    const std::string room = string_field(request, "room");
    if (op == "room_sit") return rooms_->sit(room, whole_field(request, "seat"));
    if (op == "room_view") return rooms_->view(room, whole_field(request, "ply"));
    if (op == "room_record") return rooms_->record(room);
    const std::string token = string_field(request, "token");
    if (op == "room_join") {
        std::uint64_t id = 0;
        json answer = rooms_->join(room, token, listener_, id, string_field(request, "name"));
        if (answer.value("ok", false)) following_.emplace_back(room, id);
        return answer;
    }
    if (op == "room_move")
        return rooms_->move(room, token, whole_field(request, "ply"),
                            whole_field(request, "index"));
    if (op == "room_resign") return rooms_->resign(room, token);
    if (op == "room_offer") return rooms_->offer(room, token, string_field(request, "what"));
    if (op == "room_answer") {
        const auto accept = request.find("accept");
        if (accept == request.end() || !accept->is_boolean())
            return error_json("'accept' must be true or false");
        return rooms_->answer(room, token, *accept);
    }
    return error_json("no such request: '" + op + "'");
}

}  // namespace vari::web
