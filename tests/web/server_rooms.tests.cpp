// Games between people through the server: pages make a room, come to its seats by their
// tokens, see each other's moves, and are refused what is not theirs.
#include <catch2/catch.hpp>
#include <string>

#include "support/temp_dir.hpp"
#include "support/web_client.hpp"

namespace web_server_rooms_tests {

using nlohmann::json;
using vari::test::Page;
using vari::test::Running;

namespace {

vari::web::ServeOptions with_database(const vari::test::TempDir& dir) {
    vari::web::ServeOptions options;
    options.database = (dir.path / "rooms.sqlite").string();
    return options;
}

// The index of the move `text` in a room's state as the page gets it.
int index_of(const json& state, const std::string& text) {
    const json& moves = state.at("game_state").at("moves");
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (moves[i].value("short", "") == text || moves[i].value("long", "") == text)
            return static_cast<int>(i);
    FAIL("no move " << text << " in " << moves.dump().substr(0, 400));
    return -1;
}

// The first room event the page gets (after those it got before) for which `wanted` holds.
template <class Wanted>
json room_event(Page& page, Wanted wanted) {
    for (;;) {
        json event = page.event("room");
        if (event.contains("timeout") || wanted(event)) return event;
    }
}

}  // namespace

TEST_CASE("serve: two pages play a room, a third watches", "[web][rooms]") {
    vari::test::TempDir dir;
    Running running(with_database(dir));
    Page white(running.port()), black(running.port()), watcher(running.port());
    const json made = white.ask({{"op", "room_create"},
                                 {"game", "chess"},
                                 {"seats", {"me", "open"}},
                                 {"time_control", "5+3"}});
    REQUIRE(made["ok"] == true);
    const std::string room = made["room"];
    const std::string mine = made["tokens"][0], theirs = made["tokens"][1];
    CHECK(black.ask({{"op", "lobby"}})["games"][0]["room"] == room);

    const json joined = white.ask({{"op", "room_join"}, {"room", room}, {"token", mine}});
    REQUIRE(joined["ok"] == true);
    CHECK(joined["board"]["geometry"] == "square");
    REQUIRE(black.ask({{"op", "room_join"}, {"room", room}, {"token", theirs}})["ok"] == true);
    REQUIRE(watcher.ask({{"op", "room_join"}, {"room", room}})["ok"] == true);

    const json state = room_event(white, [](const json& e) { return e["status"] == "playing"; });
    REQUIRE(state["status"] == "playing");
    CHECK(black.ask({{"op", "room_move"},
                     {"room", room},
                     {"token", theirs},
                     {"ply", 0},
                     {"index", 0}})["error"] == "it is not your turn");
    CHECK(white.ask({{"op", "room_move"},
                     {"room", room},
                     {"token", "forged"},
                     {"ply", 0},
                     {"index", 0}})["error"] == "that link holds no seat of this game");
    CHECK(white.ask({{"op", "room_move"},
                     {"room", room},
                     {"token", mine},
                     {"ply", "zero"},
                     {"index", 0}})["ok"] == false);
    REQUIRE(white.ask({{"op", "room_move"},
                       {"room", room},
                       {"token", mine},
                       {"ply", 0},
                       {"index", index_of(state, "e4")}})["ok"] == true);
    const auto moved = [](const json& e) { return e["ply"] == 1; };
    CHECK(room_event(watcher, moved)["played"] == json::array({"e2-e4"}));
    const json seen = room_event(black, moved);
    CHECK(seen["to_move"] == 1);
    CHECK(seen["running"] == 1);
}

TEST_CASE("serve: without a database the server hosts no rooms", "[web][rooms]") {
    Running running;
    Page page(running.port());
    CHECK(page.ask({{"op", "lobby"}})["error"] == "this server hosts no games between people");
}

}  // namespace web_server_rooms_tests
