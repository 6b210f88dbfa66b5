// Rooms: time controls read and judged, games between seats played by index, refused when they
// are not a seat's to play, and brought back from the database after a restart.
#include "tools/web/rooms/rooms.hpp"

#include <sqlite3.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <thread>

#include "support/temp_dir.hpp"

namespace web_rooms_tests {

using nlohmann::json;
using namespace vari::rooms;
using namespace std::chrono_literals;

namespace {

TimeControl read(const std::string& text) {
    std::string error;
    const auto control = parse_time_control(text, error);
    REQUIRE(control);
    return *control;
}

bool refused(const std::string& text) {
    std::string error;
    return !parse_time_control(text, error) && !error.empty();
}

// What a page following a room was told last.
struct Page {
    std::shared_ptr<Listener> listener = std::make_shared<Listener>();
    std::mutex mutex;
    std::vector<json> told;
    Page() {
        listener->send = [this](const json& event) {
            std::lock_guard lock(mutex);
            told.push_back(event);
        };
    }
    json last() {
        std::lock_guard lock(mutex);
        return told.empty() ? json() : told.back();
    }
};

// Waits (at most 20 s) for `done` to hold.
template <class Done>
bool eventually(Done done) {
    for (int i = 0; i < 2000 && !done(); ++i) std::this_thread::sleep_for(10ms);
    return done();
}

RoomRequest asked(const std::string& game, const std::string& source,
                  std::vector<std::string> seats, const std::string& time_control,
                  const std::string& client) {
    RoomRequest request;
    request.game = game;
    request.source = source;
    request.seats = std::move(seats);
    request.time_control = time_control;
    request.client = client;
    return request;
}

RoomsOptions options(const vari::test::TempDir& dir) {
    RoomsOptions o;
    o.database = (dir.path / "rooms.sqlite").string();
    return o;
}

// The index of the move `text` (long notation) in a seat's state.
int index_of(const json& state, const std::string& text) {
    const json& moves = state.at("game_state").at("moves");
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (moves[i] == text) return static_cast<int>(i);
    FAIL("no move " << text << " in " << moves.dump());
    return -1;
}

}  // namespace

TEST_CASE("time controls are read as written and refused otherwise", "[rooms]") {
    CHECK(read("none").kind == TimeControl::Kind::none);
    const TimeControl fischer = read("5+3");
    CHECK(fischer.kind == TimeControl::Kind::fischer);
    CHECK(fischer.main_ms == 300'000);
    CHECK(fischer.increment_ms == 3'000);
    CHECK(time_control_text(fischer) == "5+3");
    const TimeControl byoyomi = read("10+30x3");
    CHECK(byoyomi.kind == TimeControl::Kind::byoyomi);
    CHECK(byoyomi.main_ms == 600'000);
    CHECK(byoyomi.period_ms == 30'000);
    CHECK(byoyomi.periods == 3);
    CHECK(time_control_text(byoyomi) == "10+30x3");
    CHECK(read("0.5+0").main_ms == 30'000);
    for (const char* bad : {"", "5", "+3", "5+", "abc", "5+3x0", "5+3x", "5+0x3", "0+3", "2000+0",
                            "-1+3", "5+3y2", "nan+3"})
        CHECK(refused(bad));
}

TEST_CASE("a Fischer clock takes the time used and adds the increment", "[rooms]") {
    GameClock clock(read("1+2"), 2);
    const auto t0 = SteadyClock::time_point{} + 1h;
    clock.start(0, t0);
    CHECK(clock.running() == 0);
    CHECK_FALSE(clock.flag_fallen(t0 + 59s));
    CHECK(clock.moved(t0 + 10s));
    CHECK(clock.left(t0 + 10s)[0] == TimeLeft{52'000, 0});  // 60 - 10 + 2
    clock.start(1, t0 + 10s);
    CHECK(clock.runs_out() == t0 + 70s);
    CHECK(clock.flag_fallen(t0 + 70s));
    CHECK_FALSE(clock.moved(t0 + 71s));  // too late: no increment
    CHECK(clock.left(t0 + 71s)[1].main_ms == 0);
}

TEST_CASE("a byo-yomi clock keeps a period used in time and loses one run out", "[rooms]") {
    GameClock clock(read("1+30x2"), 2);
    const auto t0 = SteadyClock::time_point{} + 1h;
    clock.start(0, t0);
    CHECK(clock.moved(t0 + 80s));  // 60 s of main time, then 20 s of a period: kept
    CHECK(clock.left(t0 + 80s)[0] == TimeLeft{0, 2});
    clock.start(0, t0 + 100s);
    CHECK(clock.moved(t0 + 140s));  // 40 s: a period run out, the next one used in time
    CHECK(clock.left(t0 + 140s)[0] == TimeLeft{0, 1});
    clock.start(0, t0 + 200s);
    CHECK_FALSE(clock.flag_fallen(t0 + 229s));
    CHECK(clock.flag_fallen(t0 + 230s));  // the last period run out
}

TEST_CASE("two people play a room by the moves' indices; others are refused", "[rooms]") {
    vari::test::TempDir dir;
    Rooms rooms(options(dir));
    Created created;
    const json made = rooms.create(asked("chess", "", {"me", "open"}, "none", "1.2.3.4"), created);
    REQUIRE(made.value("ok", false));
    REQUIRE(created.tokens.size() == 2);
    CHECK(created.tokens[0] != created.tokens[1]);
    const std::string id = created.room;
    CHECK(rooms.lobby()["games"].size() == 1);

    Page white, black, watcher;
    std::uint64_t w = 0, b = 0, s = 0;
    const json joined = rooms.join(id, created.tokens[0], white.listener, w);
    REQUIRE(joined.value("ok", false));
    CHECK(joined["seat"] == 0);
    CHECK_FALSE(joined.contains("event"));  // an answer: the news come as "room" events
    CHECK(joined["status"] == "waiting");
    CHECK(rooms.move(id, created.tokens[0], 0, index_of(joined, "e2-e4"))["error"] ==
          "the game starts when every player has come");
    REQUIRE(rooms.join(id, created.tokens[1], black.listener, b).value("ok", false));
    REQUIRE(rooms.join(id, "", watcher.listener, s).value("ok", false));
    CHECK(rooms.join(id, "0123456789abcdef0123456789abcdef", watcher.listener, s)["error"] ==
          "that link holds no seat of this game");
    CHECK(rooms.join("nothing", "", watcher.listener, s).value("ok", true) == false);

    const json state = rooms.state(id, 0);
    CHECK(state["status"] == "playing");
    CHECK(rooms.move(id, created.tokens[1], 0, 0)["error"] == "it is not your turn");
    CHECK(rooms.move(id, "forged", 0, 0)["error"] == "that link holds no seat of this game");
    CHECK(rooms.move(id, created.tokens[0], 3, 0)["error"] ==
          "that move was for another position; the board has moved on");
    CHECK(rooms.move(id, created.tokens[0], 0, 9999)["error"] == "no such move in this position");
    REQUIRE(rooms.move(id, created.tokens[0], 0, index_of(state, "e2-e4")).value("ok", false));
    // Every follower is told, the spectator too.
    CHECK(watcher.last()["played"] == json::array({"e2-e4"}));
    CHECK(black.last()["to_move"] == 1);
    CHECK(watcher.last()["seat"] == -1);
    REQUIRE(
        rooms.move(id, created.tokens[1], 1, index_of(black.last(), "e7-e5")).value("ok", false));
    CHECK(white.last()["played"] == json::array({"e2-e4", "e7-e5"}));

    SECTION("a takeback agreed goes back to the offerer's move") {
        CHECK(rooms.answer(id, created.tokens[0], true)["error"] == "nothing is offered");
        REQUIRE(rooms.offer(id, created.tokens[1], "takeback").value("ok", false));
        CHECK(white.last()["offer"]["what"] == "takeback");
        REQUIRE(rooms.answer(id, created.tokens[0], true).value("ok", false));
        CHECK(watcher.last()["played"] == json::array({"e2-e4"}));
        CHECK(watcher.last()["to_move"] == 1);
    }
    SECTION("a draw agreed ends the game") {
        REQUIRE(rooms.offer(id, created.tokens[0], "draw").value("ok", false));
        REQUIRE(rooms.answer(id, created.tokens[1], true).value("ok", false));
        CHECK(watcher.last()["status"] == "over");
        CHECK(watcher.last()["result"]["summary"] == "draw by agreement");
    }
    SECTION("a resignation ends the game, and the record says so") {
        REQUIRE(rooms.resign(id, created.tokens[1]).value("ok", false));
        CHECK(watcher.last()["result"]["summary"] == "White wins: Black resigned");
        CHECK(rooms.move(id, created.tokens[0], 2, 0).value("ok", true) == false);
        CHECK(rooms.lobby()["games"].empty());
        const json record = rooms.record(id);
        REQUIRE(record.value("ok", false));
        CHECK(record["name"] == "chess.pgn");
        const std::string text = record["text"];
        CHECK(text.find("[Result \"1-0\"]") != std::string::npos);
        CHECK(text.find("[Termination \"resigned\"]") != std::string::npos);
        CHECK(text.find("1. e4 e5") != std::string::npos);
    }
    SECTION("a look back shows the game after its first moves") {
        const json now = rooms.view(id, 2);
        REQUIRE(now.value("ok", false));
        CHECK(now["moves"] == rooms.state(id, 1)["game_state"]["moves"]);
        CHECK(rooms.view(id, 1)["moves"][0] == "a7-a6");  // Black's, after 1. e4
        CHECK(rooms.view(id, 0)["moves"].size() == 20);
        CHECK(rooms.view(id, 3).value("ok", true) == false);
    }
    SECTION("a page joining again (a new name) is not told its seat was taken") {
        REQUIRE(rooms.join(id, created.tokens[0], white.listener, w, "Ann").value("ok", false));
        CHECK(white.last()["event"] == "room");
        CHECK(white.last()["seats"][0]["name"] == "Ann");
    }
    SECTION("a page reloaded takes its seat back, and the old page is told") {
        Page again;
        std::uint64_t a = 0;
        REQUIRE(rooms.join(id, created.tokens[0], again.listener, a).value("ok", false));
        CHECK(white.last()["event"] == "seat_taken");
        REQUIRE(rooms.move(id, created.tokens[0], 2, index_of(again.last(), "g1-f3"))
                    .value("ok", false));
    }
}

TEST_CASE("the lobby lists open seats anyone may take, and names who sits", "[rooms]") {
    vari::test::TempDir dir;
    Rooms rooms(options(dir));
    Created listed, invited;
    RoomRequest request = asked("chess", "", {"me", "open"}, "none", "a");
    request.name =
        "  Ann\x01"
        "ette  ";
    REQUIRE(rooms.create(request, listed).value("ok", false));
    request.listed = false;
    REQUIRE(rooms.create(request, invited).value("ok", false));
    const json games = rooms.lobby()["games"];
    REQUIRE(games.size() == 1);
    CHECK(games[0]["room"] == listed.room);
    CHECK(games[0]["seats"][0]["name"] == "Annette");
    CHECK(games[0]["seats"][1]["open"] == true);
    CHECK(rooms.sit(invited.room, 1)["error"] == "this game is played by invitation only");
    CHECK(rooms.sit(listed.room, 0)["error"] == "that seat is taken");
    const json sat = rooms.sit(listed.room, 1);
    REQUIRE(sat.value("ok", false));
    CHECK(sat["token"] == listed.tokens[1]);
    CHECK(rooms.sit(listed.room, 1)["error"] == "that seat is taken");
    CHECK(rooms.sit(listed.room, 2).value("ok", true) == false);
    Page black;
    std::uint64_t b = 0;
    const json joined =
        rooms.join(listed.room, sat["token"], black.listener, b, std::string(60, 'b'));
    CHECK(joined["seats"][1]["name"] == std::string(40, 'b'));
    CHECK(joined["seats"][0]["name"] == "Annette");
}

TEST_CASE("a database an older vari wrote is brought up to date", "[rooms]") {
    vari::test::TempDir dir;
    { Rooms rooms(options(dir)); }
    // The rooms table as it was before rooms could be left out of the lobby.
    const std::string path = (dir.path / "rooms.sqlite").string();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    const char* old_table = R"sql(
        DROP TABLE moves; DROP TABLE rooms;
        CREATE TABLE rooms(id TEXT PRIMARY KEY, game TEXT NOT NULL, source TEXT NOT NULL,
            seats TEXT NOT NULL, time_control TEXT NOT NULL, clocks TEXT NOT NULL,
            result TEXT NOT NULL, created INTEGER NOT NULL DEFAULT 0);
        INSERT INTO rooms(id, game, source, seats, time_control, clocks, result) VALUES('r1',
            'chess', '', '[{"seat": "me", "token": "t", "taken": true},
                           {"seat": "open", "token": "u", "taken": false}]',
            'none', '[[0,0],[0,0]]', '');)sql";
    const int written = sqlite3_exec(db, old_table, nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(written == SQLITE_OK);
    Rooms rooms(options(dir));
    const json games = rooms.lobby()["games"];
    REQUIRE(games.size() == 1);
    CHECK(games[0]["room"] == "r1");
    CHECK(rooms.sit("r1", 1)["token"] == "u");
}

TEST_CASE("a client's games still count against its limit after a restart", "[rooms]") {
    vari::test::TempDir dir;
    RoomsOptions o = options(dir);
    o.max_rooms_per_client = 1;
    Created created;
    {
        Rooms rooms(o);
        REQUIRE(rooms.create(asked("chess", "", {"me", "open"}, "none", "a"), created)
                    .value("ok", false));
    }
    Rooms rooms(o);
    CHECK(rooms.create(asked("chess", "", {"me", "open"}, "none", "a"), created)["error"] ==
          "you have 1 game going here, the most one player may make");
}

TEST_CASE("moves made at once in many rooms are all kept", "[rooms]") {
    vari::test::TempDir dir;
    constexpr int ROOMS = 8, PLIES = 12;
    std::atomic<int> kept{0};
    std::vector<Created> made(ROOMS);
    {
        Rooms rooms(options(dir));
        std::vector<std::thread> players;
        for (int r = 0; r < ROOMS; ++r)
            players.emplace_back([&, r] {
                Created& created = made[static_cast<std::size_t>(r)];
                const std::string client = "c" + std::to_string(r);
                if (!rooms.create(asked("chess", "", {"me", "open"}, "none", client), created)
                         .value("ok", false))
                    return;
                Page white, black;
                std::uint64_t w = 0, b = 0;
                rooms.join(created.room, created.tokens[0], white.listener, w);
                rooms.join(created.room, created.tokens[1], black.listener, b);
                for (int ply = 0; ply < PLIES; ++ply)
                    kept += rooms.move(created.room, created.tokens[ply % 2], ply, 0)
                                .value("ok", false);
            });
        for (auto& player : players) player.join();
    }
    CHECK(kept == ROOMS * PLIES);
    Rooms again(options(dir));  // and every move is in the database
    for (const Created& created : made) CHECK(again.state(created.room, -1)["ply"] == PLIES);
}

TEST_CASE("a player whose time runs out loses, judged by the server", "[rooms]") {
    vari::test::TempDir dir;
    Rooms rooms(options(dir));
    Created created;
    REQUIRE(rooms.create(asked("chess", "", {"me", "open"}, "0.005+0", "a"), created)
                .value("ok", false));
    Page white, black;
    std::uint64_t w = 0, b = 0;
    rooms.join(created.room, created.tokens[0], white.listener, w);
    rooms.join(created.room, created.tokens[1], black.listener, b);
    CHECK(eventually([&] { return black.last()["status"] == "over"; }));
    CHECK(black.last()["result"]["summary"] == "Black wins: White out of time");
}

TEST_CASE("a server started again brings its games back, clocks paused", "[rooms]") {
    vari::test::TempDir dir;
    Created created;
    {
        Rooms rooms(options(dir));
        REQUIRE(rooms.create(asked("chess", "", {"me", "open"}, "5+3", "a"), created)
                    .value("ok", false));
        Page white, black;
        std::uint64_t w = 0, b = 0;
        const json state = rooms.join(created.room, created.tokens[0], white.listener, w);
        rooms.join(created.room, created.tokens[1], black.listener, b);
        REQUIRE(rooms.move(created.room, created.tokens[0], 0, index_of(state, "d2-d4"))
                    .value("ok", false));
        CHECK(black.last()["running"] == 1);
        CHECK(black.last()["running_ms"].get<int>() > 290'000);  // Black's 5 minutes, running
    }
    Rooms rooms(options(dir));
    const json back = rooms.state(created.room, 1);
    REQUIRE(back.value("ok", true));
    CHECK(back["played"] == json::array({"d2-d4"}));
    CHECK(back["running"] == -1);  // paused until Black comes back
    CHECK(back["running_ms"].is_null());
    // White's clock as written with the move: 5 minutes less the moment it took, plus 3 s.
    CHECK(back["clocks"][0][0].get<int>() > 300'000);
    CHECK(back["clocks"][0][0].get<int>() <= 303'000);
    Page black;
    std::uint64_t b = 0;
    const json rejoined = rooms.join(created.room, created.tokens[1], black.listener, b);
    CHECK(rejoined["running"] == 1);
    REQUIRE(rooms.move(created.room, created.tokens[1], 1, index_of(rejoined, "d7-d5"))
                .value("ok", false));
}

TEST_CASE("a computer to move when the server stopped moves once a person is back", "[rooms]") {
    vari::test::TempDir dir;
    Created created;
    {
        Rooms rooms(options(dir));
        REQUIRE(rooms.create(asked("chess", "", {"me", "ai:nodes=50000"}, "none", "a"), created)
                    .value("ok", false));
        Page me;
        std::uint64_t m = 0;
        const json state = rooms.join(created.room, created.tokens[0], me.listener, m);
        REQUIRE(rooms.move(created.room, created.tokens[0], 0, index_of(state, "e2-e4"))
                    .value("ok", false));
    }  // stopped while the AI thinks, most likely
    Rooms rooms(options(dir));
    Page me;
    std::uint64_t m = 0;
    rooms.join(created.room, created.tokens[0], me.listener, m);
    CHECK(eventually([&] { return me.last()["ply"] == 2; }));
}

TEST_CASE("computer seats answer in a three-player room", "[rooms]") {
    vari::test::TempDir dir;
    Rooms rooms(options(dir));
    Created created;
    REQUIRE(
        rooms
            .create(asked("three-player-hex-shogi-91", "", {"me", "random", "random"}, "none", "a"),
                    created)
            .value("ok", false));
    CHECK(created.tokens[1].empty());
    Page me;
    std::uint64_t m = 0;
    const json state = rooms.join(created.room, created.tokens[0], me.listener, m);
    REQUIRE(state["status"] == "playing");
    REQUIRE(rooms.move(created.room, created.tokens[0], 0, 0).value("ok", false));
    CHECK(eventually([&] { return me.last()["ply"] == 3; }));
    CHECK(me.last()["to_move"] == 0);
}

TEST_CASE("rooms refuse what is not theirs to make", "[rooms]") {
    vari::test::TempDir dir;
    RoomsOptions o = options(dir);
    o.max_rooms_per_client = 2;
    Rooms rooms(o);
    Created created;
    CHECK(rooms.create(asked("chess", "", {"me"}, "none", "a"), created)["error"] ==
          "this game has 2 players: name a seat for each");
    CHECK(rooms.create(asked("chess", "", {"me", "me"}, "none", "a"), created)["error"] ==
          "'me' may sit at one seat only");
    CHECK(rooms.create(asked("no-such-game", "", {"me", "open"}, "none", "a"), created)["error"] ==
          "no shipped game is called 'no-such-game'");
    CHECK(
        rooms.create(asked("chess", "", {"me", "human"}, "none", "a"), created).value("ok", true) ==
        false);
    CHECK(rooms.create(asked("chess", "", {"me", "open"}, "5", "a"), created).value("ok", true) ==
          false);
    CHECK(rooms.create(asked("chess", "", {"me", "ai:time=500:threads=2"}, "none", "a"),
                       created)["error"] ==
          "at most 1 search threads on this server (vari serve --threads)");
    CHECK(rooms.create(asked("chess", "", {"random", "ai:1"}, "none", "a"), created)["error"] ==
          "a room is for people: make at least one seat 'me' or 'open'");
    const json broken =
        rooms.create(asked("", "game \"x\"\nboard nonsense", {"me", "open"}, "none", "a"), created);
    CHECK(broken["error"] == "the rule file has errors");
    CHECK_FALSE(broken["diagnostics"].empty());
    REQUIRE(
        rooms.create(asked("chess", "", {"me", "open"}, "none", "a"), created).value("ok", false));
    REQUIRE(
        rooms.create(asked("chess", "", {"me", "open"}, "none", "a"), created).value("ok", false));
    CHECK(rooms.create(asked("chess", "", {"me", "open"}, "none", "a"), created)["error"] ==
          "you have 2 games going here, the most one player may make");
    CHECK(
        rooms.create(asked("chess", "", {"me", "open"}, "none", "b"), created).value("ok", false));
}

}  // namespace web_rooms_tests
