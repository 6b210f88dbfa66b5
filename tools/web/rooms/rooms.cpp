// The rooms: made, followed, played, judged on the clock, written down and brought back.
#include <atomic>
#include <condition_variable>
#include <random>
#include <stdexcept>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "tools/web/rooms/room.hpp"
#include "tools/web/rooms/store.hpp"

namespace vari::rooms {

using json = nlohmann::json;

namespace {

json error_json(const std::string& message) { return {{"ok", false}, {"error", message}}; }

// What `op` answers, or an error when the database refused to keep a change (the change is then
// not made: each is written before the game moves on).
template <class Op>
json guarded(Op op) {
    try {
        return op();
    } catch (const std::exception& e) {
        return error_json(std::string("the server could not keep the game: ") + e.what());
    }
}

// 128 random bits as 32 hex digits: a seat's secret, or a room's id.
std::string secret() {
    static std::random_device device;
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    static constexpr char DIGITS[] = "0123456789abcdef";
    std::string text;
    for (int word = 0; word < 4; ++word) {
        std::uint32_t bits = device();
        for (int i = 0; i < 8; ++i, bits >>= 4) text += DIGITS[bits & 15];
    }
    return text;
}

json clocks_json(const GameClock& clock, SteadyClock::time_point now) {
    json out = json::array();
    for (const TimeLeft& left : clock.left(now)) out.push_back({left.main_ms, left.periods});
    return out;
}

std::vector<TimeLeft> clocks_from(const std::string& text) {
    std::vector<TimeLeft> left;
    for (const json& player : json::parse(text)) left.push_back({player.at(0), player.at(1)});
    return left;
}

json seats_json(const std::vector<RoomSeat>& seats) {
    json out = json::array();
    for (const RoomSeat& seat : seats)
        out.push_back({{"seat", seat.asked},
                       {"token", seat.token},
                       {"taken", seat.taken},
                       {"name", seat.name}});
    return out;
}

// What a person calls themself, as others are shown it: no control characters, at most
// MAX_NAME bytes (cut between UTF-8 characters), blanks trimmed.
constexpr std::size_t MAX_NAME = 40;
std::string person_name(std::string_view text) {
    std::string name;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) continue;
        name += c;
    }
    if (name.size() > MAX_NAME) {
        std::size_t cut = MAX_NAME;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xc0) == 0x80) --cut;
        name.resize(cut);
    }
    const auto first = name.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    return name.substr(first, name.find_last_not_of(' ') - first + 1);
}

json default_describe(const runtime::Game& game) {
    json moves = json::array();
    for (const std::string& text :
         notation::format_moves(game.position(), game.legal_moves(), notation::Notation::long_form))
        moves.push_back(text);
    return {{"moves", moves}};
}

// A result the players agreed or the clock judged: `loser` lost (the others share the point),
// or a draw when it is -1.
json agreed_result(const ir::Game& rules, int loser, const std::string& reason) {
    const std::size_t n = rules.players.size();
    std::vector<double> scores(n, 1.0 / static_cast<double>(n));
    std::string summary = "draw by " + reason;
    if (loser >= 0) {
        for (std::size_t p = 0; p < n; ++p)
            scores[p] = static_cast<int>(p) == loser ? 0.0 : 1.0 / static_cast<double>(n - 1);
        const std::string& name = rules.players[static_cast<std::size_t>(loser)].name;
        summary = n == 2 ? rules.players[static_cast<std::size_t>(1 - loser)].name +
                               " wins: " + name + " " + reason
                         : name + " loses: " + reason;
    }
    return {{"summary", summary}, {"scores", scores}, {"reason", reason}};
}

json rules_result(const runtime::Result& result) {
    return {{"summary", result.summary}, {"scores", result.scores}, {"reason", result.reason}};
}

}  // namespace

struct Rooms::Impl {
    RoomsOptions options;
    Store store;
    mutable std::mutex mutex;  // `rooms`; a room's own lock is taken after it, never before
    std::map<std::string, std::shared_ptr<Room>> rooms;
    std::atomic<std::uint64_t> next_listener{1};
    std::atomic<bool> stopping{false};
    std::condition_variable_any woken;
    std::jthread timer;

    explicit Impl(RoomsOptions o) : options(std::move(o)), store(options.database) {
        if (!options.describe) options.describe = default_describe;
        for (const SavedRoom& saved : store.load()) restore(saved);
        timer = std::jthread([this](std::stop_token stop) { judge_clocks(stop); });
    }

    ~Impl() {
        stopping = true;
        timer.request_stop();
        woken.notify_all();
        if (timer.joinable()) timer.join();
        const auto now = SteadyClock::now();
        for (auto& [id, room] : rooms) {
            std::unique_lock lock(room->mutex);
            ++room->generation;
            wait_for_ai(*room, lock);
            if (room->clock->running() >= 0 && !room->over()) {
                room->clock->pause(now);
                try {
                    store.save_clocks(room->id, clocks_json(*room->clock, now).dump());
                } catch (const std::exception&) {
                    // The clocks fall back to those of the last move written.
                }
            }
        }
    }

    std::shared_ptr<Room> find(const std::string& id) const {
        std::lock_guard lock(mutex);
        const auto it = rooms.find(id);
        return it == rooms.end() ? nullptr : it->second;
    }

    // The rules of a shipped game or of a rule file; nothing, with `answer` saying why.
    std::unique_ptr<CompiledGame> load_rules(const std::string& game, const std::string& source,
                                             json& answer) const {
        if (game.empty() && source.size() > options.max_source_bytes) {
            answer = error_json("the rule file is larger than " +
                                std::to_string(options.max_source_bytes) + " bytes");
            return nullptr;
        }
        auto offered = dsl::load_offered(game, game.empty() ? &source : nullptr, "room.vari");
        if (!offered) {
            answer = error_json("no shipped game is called '" + game + "'");
            return nullptr;
        }
        dsl::LoadResult& loaded = *offered;
        if (!loaded.game) {
            answer = error_json("the rule file has errors");
            answer["diagnostics"] =
                json::parse(dsl::to_json(loaded.diagnostics, dsl::FileNames::last_part));
            return nullptr;
        }
        return std::move(loaded.compiled);
    }

    // The seats at the table: people where a person sits, the computers as asked.
    static std::vector<runtime::Seat> table_seats(const std::vector<RoomSeat>& seats) {
        std::vector<runtime::Seat> out;
        for (const RoomSeat& seat : seats) {
            std::string error;
            out.push_back(seat.token.empty() ? *runtime::parse_seat(seat.asked, error)
                                             : runtime::Seat{});
        }
        return out;
    }

    void restore(const SavedRoom& saved) {
        json answer;
        auto room = std::make_shared<Room>();
        room->id = saved.id;
        room->game_name = saved.game;
        room->source = saved.source;
        room->compiled = load_rules(saved.game, saved.source, answer);
        if (!room->compiled) return;  // a shipped game since renamed or broken: left in the file
        for (const json& seat : json::parse(saved.seats))
            room->seats.push_back(
                {seat.at("seat"), seat.at("token"), seat.at("taken"), seat.value("name", "")});
        auto game = std::make_unique<runtime::Game>(*room->compiled);
        std::string error;
        std::string moves;
        for (const std::string& move : saved.moves) moves += move + " ";
        if (!runtime::play_moves(*game, moves, error)) return;
        room->played = saved.moves;
        std::string why;
        const auto control = parse_time_control(saved.time_control, why);
        if (!control) return;
        room->table = std::make_unique<runtime::Table>(*room->compiled, std::move(game),
                                                       table_seats(room->seats), 1);
        room->clock = std::make_unique<GameClock>(*control, clocks_from(saved.clocks));
        if (!saved.result.empty()) room->result = json::parse(saved.result);
        room->paused = true;
        room->listed = saved.listed;
        room->client = saved.client;
        rooms[room->id] = room;
    }

    // ---- what every listener is told
    // --------------------------------------------------------------

    // The room as seat `seat` (-1: a spectator) sees it; `game_state` is the game's part, the same
    // for every seat (made once by tell()), or made here when null.
    json state(const Room& room, int seat, SteadyClock::time_point now,
               json game_state = nullptr) const {
        const ir::Game& rules = room.compiled->ir();
        const runtime::Game& game = room.table->game();
        json players = json::array();
        for (const auto& player : rules.players) players.push_back(player.name);
        json seats = json::array();
        for (std::size_t i = 0; i < room.seats.size(); ++i) {
            const RoomSeat& s = room.seats[i];
            const bool online =
                std::any_of(room.followers.begin(), room.followers.end(),
                            [i](const auto& f) { return f.second.seat == static_cast<int>(i); });
            seats.push_back({{"kind", s.token.empty() ? "computer" : "person"},
                             {"asked", s.asked == "me" ? "person" : s.asked},
                             {"taken", s.taken},
                             {"name", s.name},
                             {"online", online}});
        }
        // What the running player may still use: their main time, or for byo-yomi also the
        // periods, the current one less its time used (which the clocks' own figures leave out).
        json running_ms = nullptr;
        if (const auto runs_out = room.clock->runs_out())
            running_ms = std::max<std::int64_t>(
                0, std::chrono::duration_cast<std::chrono::milliseconds>(*runs_out - now).count());
        json out = {
            {"event", "room"},
            {"room", room.id},
            {"game", room.game_name.empty() ? rules.name : room.game_name},
            {"seat", seat},
            {"players", players},
            {"seats", seats},
            {"status", room.over()     ? "over"
                       : room.seated() ? "playing"
                                       : "waiting"},
            {"ply", game.ply()},
            {"played", room.played},
            {"to_move", game.position().side_to_move()},
            {"time_control", time_control_text(room.clock->control())},
            {"listed", room.listed},
            {"clocks", clocks_json(*room.clock, now)},
            {"running", room.clock->running()},
            {"running_ms", running_ms},
            {"stamp", room.told},
            {"result", room.result},
            {"game_state", game_state.is_null() ? options.describe(game) : std::move(game_state)}};
        if (!room.offer.empty()) out["offer"] = {{"what", room.offer}, {"by", room.offer_by}};
        return out;
    }

    void tell(const Room& room) const {
        ++room.told;
        if (room.followers.empty()) return;
        const auto now = SteadyClock::now();
        const json game_state = options.describe(room.table->game());  // the legal moves: once
        for (const auto& [id, follower] : room.followers)
            follower.listener->send(state(room, follower.seat, now, game_state));
    }

    // ---- the game going on ----------------------------------------------------------------------

    // Starts the clock of the player to move where the game runs and nothing holds it.
    void run_clock(Room& room, SteadyClock::time_point now) {
        if (room.over() || !room.seated() || room.paused || !room.clock->timed()) return;
        room.clock->start(room.table->game().position().side_to_move(), now);
        woken.notify_all();
    }

    void end(Room& room, json result, SteadyClock::time_point now) {
        room.clock->pause(now);
        room.result = std::move(result);
        room.offer.clear();
        ++room.generation;
        store.end(room.id, room.result.dump(), clocks_json(*room.clock, now).dump());
    }

    // Plays `move` for the player to move, writes it, and judges what follows.
    void play(Room& room, Move move, SteadyClock::time_point now) {
        runtime::Table& table = *room.table;
        const int ply = table.game().ply();
        const std::string text = notation::format_move(table.game().position(), move);
        const bool in_time = room.clock->moved(now);
        if (!in_time) {
            end(room,
                agreed_result(room.compiled->ir(), table.game().position().side_to_move(),
                              "out of time"),
                now);
            return;
        }
        store.add_move(room.id, ply, text, clocks_json(*room.clock, now).dump());
        table.play(move);
        room.played.push_back(text);
        room.offer.clear();
        ++room.generation;
        if (const auto& result = table.game().result()) {
            end(room, rules_result(*result), now);
            return;
        }
        run_clock(room, now);
    }

    // Computer seats to move think, one after another, on the room's thread.
    void think_if_computer(const std::shared_ptr<Room>& room) {
        if (room->ai_running || room->over() || !room->seated() || room->paused) return;
        if (room->table->person_to_move() || room->table->game().legal_moves().size == 0) return;
        if (room->thinking.joinable()) room->thinking.join();  // finished: it cleared ai_running
        room->ai_running = true;
        room->thinking = std::thread([this, room] {
            std::unique_lock lock(room->mutex);
            while (!stopping && !room->over() && !room->table->person_to_move()) {
                const std::uint64_t generation = room->generation;
                lock.unlock();
                const search::Outcome outcome = room->table->computer_move();
                lock.lock();
                if (generation != room->generation || outcome.best == Move::none()) break;
                play(*room, outcome.best, SteadyClock::now());
                tell(*room);
            }
            room->ai_running = false;
        });
    }

    // Stops the room's AI and waits for it (the game may then change under nobody's feet).
    static void wait_for_ai(Room& room, std::unique_lock<std::mutex>& lock) {
        while (room.ai_running) {
            room.table->stop_thinking();
            lock.unlock();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            lock.lock();
        }
        if (room.thinking.joinable()) room.thinking.join();
    }

    // Ends the games whose player to move ran out of time.
    void judge_clocks(std::stop_token stop) {
        std::mutex sleep;
        while (!stop.stop_requested()) {
            std::vector<std::shared_ptr<Room>> all;
            {
                std::lock_guard lock(mutex);
                for (const auto& [id, room] : rooms) all.push_back(room);
            }
            const auto now = SteadyClock::now();
            auto next = now + std::chrono::milliseconds(200);
            for (const auto& room : all) {
                std::lock_guard lock(room->mutex);
                if (room->over()) continue;
                if (room->clock->flag_fallen(now)) {
                    try {
                        end(*room,
                            agreed_result(room->compiled->ir(), room->clock->running(),
                                          "out of time"),
                            now);
                    } catch (const std::exception&) {
                        continue;  // the database refused: judged again at the next tick
                    }
                    tell(*room);
                } else if (const auto out = room->clock->runs_out()) {
                    next = std::min(next, *out);
                }
            }
            std::unique_lock lock(sleep);
            woken.wait_until(lock, stop, next, [] { return false; });
        }
    }
};

Rooms::Rooms(RoomsOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Rooms::~Rooms() = default;

json Rooms::create(const RoomRequest& request, Created& created) {
    return guarded([&]() -> json {
        json answer;
        auto compiled = impl_->load_rules(request.game, request.source, answer);
        if (!compiled) return answer;
        const std::size_t players = compiled->ir().players.size();
        if (request.seats.size() != players)
            return error_json("this game has " + std::to_string(players) +
                              " players: name a seat for each");
        std::string why;
        const auto control = parse_time_control(request.time_control, why);
        if (!control) return error_json(why);
        auto room = std::make_shared<Room>();
        bool me = false;
        for (const std::string& asked : request.seats) {
            if (asked == "me" || asked == "open") {
                if (asked == "me" && std::exchange(me, true))
                    return error_json("'me' may sit at one seat only");
                // The creator's seat is theirs from the start: the lobby offers the open ones.
                room->seats.push_back({asked, secret(), asked == "me",
                                       asked == "me" ? person_name(request.name) : ""});
                continue;
            }
            std::string error;
            const auto seat = runtime::parse_seat(asked, error, runtime::SeatsAllowed::computers);
            if (!seat) return error_json("a seat is 'me', 'open' or a computer: " + error);
            if (seat->level && seat->level->threads > impl_->options.search_threads)
                return error_json("at most " + std::to_string(impl_->options.search_threads) +
                                  " search threads on this server (vari serve --threads)");
            room->seats.push_back({asked, "", false, ""});
        }
        // A game of computers alone would only burn the server's processor for nobody.
        if (std::all_of(room->seats.begin(), room->seats.end(),
                        [](const RoomSeat& seat) { return seat.token.empty(); }))
            return error_json("a room is for people: make at least one seat 'me' or 'open'");
        room->id = secret();
        room->game_name = request.game;
        room->source = request.game.empty() ? request.source : "";
        room->client = request.client;
        room->listed = request.listed;
        room->compiled = std::move(compiled);
        room->table = std::make_unique<runtime::Table>(
            *room->compiled, std::make_unique<runtime::Game>(*room->compiled),
            Impl::table_seats(room->seats), std::random_device()());
        room->clock = std::make_unique<GameClock>(*control, players);
        {
            std::lock_guard lock(impl_->mutex);
            std::size_t going = 0, theirs = 0;
            for (const auto& [id, other] : impl_->rooms) {
                std::lock_guard other_lock(other->mutex);
                if (other->over()) continue;
                ++going;
                theirs += other->client == request.client;
            }
            if (going >= impl_->options.max_rooms)
                return error_json("the server holds as many games as it may; try again later");
            if (theirs >= impl_->options.max_rooms_per_client)
                return error_json("you have " + std::to_string(theirs) +
                                  (theirs == 1 ? " game" : " games") +
                                  " going here, the most one player may make");
            impl_->store.add_room({room->id,
                                   room->game_name,
                                   room->source,
                                   seats_json(room->seats).dump(),
                                   time_control_text(*control),
                                   clocks_json(*room->clock, SteadyClock::now()).dump(),
                                   "",
                                   {},
                                   room->listed,
                                   room->client});
            impl_->rooms[room->id] = room;
        }
        created.room = room->id;
        created.tokens.clear();
        for (const RoomSeat& seat : room->seats) created.tokens.push_back(seat.token);
        return {{"ok", true}, {"room", room->id}};
    });
}

json Rooms::lobby() const {
    json games = json::array();
    std::lock_guard lock(impl_->mutex);
    for (const auto& [id, room] : impl_->rooms) {
        std::lock_guard room_lock(room->mutex);
        if (room->over() || !room->listed) continue;
        json seats = json::array();
        for (std::size_t i = 0; i < room->seats.size(); ++i) {
            const RoomSeat& seat = room->seats[i];
            seats.push_back({{"player", room->compiled->ir().players[i].name},
                             {"kind", seat.token.empty() ? "computer" : "person"},
                             {"asked", seat.asked == "me" ? "person" : seat.asked},
                             {"name", seat.name},
                             {"open", !seat.token.empty() && !seat.taken}});
        }
        games.push_back(
            {{"room", id},
             {"game", room->game_name.empty() ? room->compiled->ir().name : room->game_name},
             {"seats", seats},
             {"ply", room->table->game().ply()},
             {"time_control", time_control_text(room->clock->control())}});
    }
    return {{"ok", true}, {"games", games}};
}

json Rooms::join(const std::string& id, const std::string& token,
                 std::shared_ptr<Listener> listener, std::uint64_t& listening,
                 const std::string& name) {
    const auto room = impl_->find(id);
    if (!room) return error_json("no game is called '" + id + "' here");
    std::lock_guard lock(room->mutex);
    const int seat = room->seat_of(token);
    if (!token.empty() && seat < 0) return error_json("that link holds no seat of this game");
    const auto now = SteadyClock::now();
    if (seat >= 0) {
        // The seat's new page takes it over: the old one is told and follows no more.
        for (auto it = room->followers.begin(); it != room->followers.end();) {
            if (it->second.seat != seat) {
                ++it;
                continue;
            }
            if (it->second.listener != listener)  // not the same page joining again
                it->second.listener->send({{"event", "seat_taken"},
                                           {"room", id},
                                           {"reason", "this seat was opened on another page"}});
            it = room->followers.erase(it);
        }
        RoomSeat& held = room->seats[static_cast<std::size_t>(seat)];
        const std::string called = name.empty() ? held.name : person_name(name);
        if (!held.taken || called != held.name) {
            held.taken = true;
            held.name = called;
            impl_->store.set_seats(room->id, seats_json(room->seats).dump());
        }
        // After a restart the game waits for the person to move; a computer to move goes on
        // once anyone is back.
        const bool to_move = room->table->game().position().side_to_move() == seat;
        if (room->paused && (to_move || !room->table->person_to_move())) room->paused = false;
        if (room->clock->running() < 0) impl_->run_clock(*room, now);
    }
    listening = impl_->next_listener++;
    room->followers[listening] = {seat, std::move(listener)};
    impl_->tell(*room);
    impl_->think_if_computer(room);
    json answer = impl_->state(*room, seat, now);
    answer.erase("event");  // an answer, not news
    if (impl_->options.board) answer["board"] = impl_->options.board(room->compiled->ir());
    answer["ok"] = true;
    return answer;
}

json Rooms::sit(const std::string& id, int seat) {
    return guarded([&]() -> json {
        const auto room = impl_->find(id);
        if (!room) return error_json("no game is called '" + id + "' here");
        std::lock_guard lock(room->mutex);
        if (!room->listed) return error_json("this game is played by invitation only");
        if (seat < 0 || seat >= static_cast<int>(room->seats.size()))
            return error_json("this game has no seat " + std::to_string(seat));
        RoomSeat& open = room->seats[static_cast<std::size_t>(seat)];
        if (open.token.empty() || open.taken) return error_json("that seat is taken");
        open.taken = true;
        impl_->store.set_seats(room->id, seats_json(room->seats).dump());
        impl_->tell(*room);
        return {{"ok", true}, {"room", id}, {"token", open.token}};
    });
}

void Rooms::leave(const std::string& id, std::uint64_t listening) {
    if (const auto room = impl_->find(id)) {
        std::lock_guard lock(room->mutex);
        room->followers.erase(listening);
    }
}

#define VARI_SEATED(room_id, token)                                             \
    const auto room = impl_->find(room_id);                                     \
    if (!room) return error_json("no game is called '" + (room_id) + "' here"); \
    std::unique_lock lock(room->mutex);                                         \
    const int seat = room->seat_of(token);                                      \
    if (seat < 0) return error_json("that link holds no seat of this game");

json Rooms::move(const std::string& id, const std::string& token, int ply, int index) {
    return guarded([&]() -> json {
        VARI_SEATED(id, token)
        if (room->over())
            return error_json("the game is over: " + room->result.value("summary", ""));
        if (!room->seated()) return error_json("the game starts when every player has come");
        const runtime::Game& game = room->table->game();
        if (game.position().side_to_move() != seat) return error_json("it is not your turn");
        if (ply != game.ply())
            return error_json("that move was for another position; the board has moved on");
        if (index < 0 || index >= game.legal_moves().size)
            return error_json("no such move in this position");
        const auto now = SteadyClock::now();
        if (room->paused) {  // back after a restart: the mover's clock runs from now
            room->paused = false;
            impl_->run_clock(*room, now);
        }
        impl_->play(*room, game.legal_moves().moves[index], now);
        impl_->tell(*room);
        impl_->think_if_computer(room);
        return {{"ok", true}};
    });
}

json Rooms::resign(const std::string& id, const std::string& token) {
    return guarded([&]() -> json {
        VARI_SEATED(id, token)
        if (room->over()) return error_json("the game is over already");
        impl_->end(*room, agreed_result(room->compiled->ir(), seat, "resigned"),
                   SteadyClock::now());
        impl_->tell(*room);
        return {{"ok", true}};
    });
}

json Rooms::offer(const std::string& id, const std::string& token, std::string_view what) {
    return guarded([&]() -> json {
        VARI_SEATED(id, token)
        if (what != "draw" && what != "takeback")
            return error_json("one offers a 'draw' or a 'takeback'");
        if (room->over()) return error_json("the game is over already");
        if (what == "takeback" && room->table->game().ply() == 0)
            return error_json("no move to take back");
        room->offer = what;
        room->offer_by = seat;
        room->accepted.assign(room->seats.size(), false);
        room->accepted[static_cast<std::size_t>(seat)] = true;
        // Computers agree to what the people agree.
        for (std::size_t i = 0; i < room->seats.size(); ++i)
            if (room->seats[i].token.empty()) room->accepted[i] = true;
        impl_->tell(*room);
        return {{"ok", true}};
    });
}

json Rooms::answer(const std::string& id, const std::string& token, bool accept) {
    return guarded([&]() -> json {
        VARI_SEATED(id, token)
        if (room->offer.empty()) return error_json("nothing is offered");
        if (!accept) {
            room->offer.clear();
            impl_->tell(*room);
            return {{"ok", true}};
        }
        room->accepted[static_cast<std::size_t>(seat)] = true;
        if (std::all_of(room->accepted.begin(), room->accepted.end(), [](bool a) { return a; })) {
            const auto now = SteadyClock::now();
            if (room->offer == "draw") {
                impl_->end(*room, agreed_result(room->compiled->ir(), -1, "agreement"), now);
            } else {
                // Back to the last position where the offerer was to move.
                ++room->generation;
                Impl::wait_for_ai(*room, lock);
                room->clock->pause(now);
                do {
                    if (!room->table->undo()) break;
                } while (room->table->game().ply() > 0 &&
                         room->table->game().position().side_to_move() != room->offer_by);
                room->played.resize(static_cast<std::size_t>(room->table->game().ply()));
                impl_->store.take_back(room->id, room->table->game().ply(),
                                       clocks_json(*room->clock, now).dump());
                room->offer.clear();
                impl_->run_clock(*room, now);
            }
            room->offer.clear();
        }
        impl_->tell(*room);
        impl_->think_if_computer(room);
        return {{"ok", true}};
    });
}

json Rooms::state(const std::string& id, int seat) const {
    const auto room = impl_->find(id);
    if (!room) return error_json("no game is called '" + id + "' here");
    std::lock_guard lock(room->mutex);
    return impl_->state(*room, seat, SteadyClock::now());
}

json Rooms::view(const std::string& id, int ply) const {
    const auto room = impl_->find(id);
    if (!room) return error_json("no game is called '" + id + "' here");
    std::unique_lock lock(room->mutex);
    if (ply < 0 || ply > static_cast<int>(room->played.size()))
        return error_json("the game has no move " + std::to_string(ply));
    const std::vector<std::string> moves(room->played.begin(), room->played.begin() + ply);
    lock.unlock();  // the rules do not change: the replay needs no lock
    runtime::Game game(*room->compiled);
    std::string text, error;
    for (const std::string& move : moves) text += move + " ";
    if (!runtime::play_moves(game, text, error)) return error_json(error);
    json answer = impl_->options.describe(game);
    answer["ok"] = true;
    return answer;
}

json Rooms::record(const std::string& id) const {
    const auto room = impl_->find(id);
    if (!room) return error_json("no game is called '" + id + "' here");
    std::lock_guard lock(room->mutex);
    const runtime::Game& game = room->table->game();
    runtime::RecordHeader header;
    header.site = "vari serve";
    header.date = runtime::record_date_today();
    for (std::size_t i = 0; i < room->seats.size(); ++i) {
        const RoomSeat& seat = room->seats[i];
        header.player_kinds.push_back(seat.token.empty()  ? seat.asked
                                      : seat.name.empty() ? "human"
                                                          : seat.name);
    }
    if (room->over() && !game.result())
        header.decision = runtime::Decision{room->result.value("scores", std::vector<double>{}),
                                            room->result.value("reason", "")};
    const std::string stem = room->game_name.empty() ? "game" : room->game_name;
    return {{"ok", true}, {"name", stem + ".pgn"}, {"text", runtime::write_record(game, header)}};
}

#undef VARI_SEATED

}  // namespace vari::rooms
