// Games between people through the server: pages make a room, come to its seats by their
// tokens, see each other's moves, and are refused what is not theirs.
#include <catch2/catch.hpp>
#include <string>

#include "support/room_events.hpp"
#include "support/temp_dir.hpp"
#include "support/web_client.hpp"

namespace web_server_rooms_tests {

using nlohmann::json;
using vari::test::move_index;
using vari::test::next_room_event;
using vari::test::Page;
using vari::test::Running;

namespace {

vari::web::ServeOptions with_database(const vari::test::TempDir& dir) {
    vari::web::ServeOptions options;
    options.database = (dir.path / "rooms.sqlite").string();
    return options;
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

    const json state =
        next_room_event(white, [](const json& e) { return e["status"] == "playing"; });
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
                       {"index", move_index(state, "e4")}})["ok"] == true);
    const auto moved = [](const json& e) { return e["ply"] == 1; };
    CHECK(next_room_event(watcher, moved)["played"] == json::array({"e2-e4"}));
    const json seen = next_room_event(black, moved);
    CHECK(seen["to_move"] == 1);
    CHECK(seen["running"] == 1);
}

TEST_CASE("serve: without a database the server hosts no rooms", "[web][rooms]") {
    Running running;
    Page page(running.port());
    CHECK(page.ask({{"op", "lobby"}})["error"] == "this server hosts no games between people");
}

}  // namespace web_server_rooms_tests
