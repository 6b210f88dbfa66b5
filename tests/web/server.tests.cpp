// The server of `vari serve` through its HTTP and WebSocket API, as a page uses it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "dsl/keywords.hpp"
#include "support/web_client.hpp"
#include "tools/web/assets.hpp"

namespace web_server_tests {

using nlohmann::json;
using vari::test::http;
using vari::test::Page;
using vari::test::Response;
using vari::test::Running;

namespace {

// One server for the tests that need no options of their own: stopping a server may wait for
// CivetWeb's threads to notice, up to seconds.
Running& shared() {
    static Running running;
    return running;
}

}  // namespace

TEST_CASE("serve: the page's files and nothing else", "[web]") {
    Running& running = shared();
    const Response page = http(running.port(), "GET", "/");
    CHECK(page.status == 200);
    CHECK(page.body.find("<svg id=\"board\"") != std::string::npos);
    CHECK(http(running.port(), "GET", "/app.js").status == 200);
    CHECK(http(running.port(), "GET", "/nothing-here").status == 404);
    CHECK(http(running.port(), "GET", "/../../etc/passwd").status == 404);
    CHECK(http(running.port(), "GET", "/%2e%2e/CMakeLists.txt").status == 404);
    CHECK(http(running.port(), "POST", "/").status == 405);
}

TEST_CASE("serve: the rule editor's files, and its keywords as dsl/keywords.hpp lists them",
          "[web]") {
    Running& running = shared();
    const Response editor = http(running.port(), "GET", "/lib/codemirror/lib/codemirror.js");
    REQUIRE(editor.status == 200);
    CHECK(editor.body.find("CodeMirror") != std::string::npos);  // not gzip: none was asked for
    CHECK(http(running.port(), "GET", "/lib/codemirror/addon/mode/simple.js").status == 200);
    CHECK(http(running.port(), "GET", "/editor.js").status == 200);

    const Response script = http(running.port(), "GET", "/keywords.js");
    REQUIRE(script.status == 200);
    const std::size_t open = script.body.find("= [");
    REQUIRE(open != std::string::npos);
    const json words = json::parse(script.body.substr(open + 2, script.body.rfind(']') - open - 1));
    std::vector<std::string> expected(vari::dsl::keywords.begin(), vari::dsl::keywords.end());
    CHECK(words.get<std::vector<std::string>>() == expected);
}

TEST_CASE("serve: gzip only for a client that takes it", "[web]") {
    using vari::web::accepts_gzip;
    CHECK(accepts_gzip("gzip, deflate, br"));
    CHECK(accepts_gzip("deflate, gzip;q=0.5"));
    CHECK(accepts_gzip("*"));
    CHECK_FALSE(accepts_gzip(nullptr));
    CHECK_FALSE(accepts_gzip("identity"));
    CHECK_FALSE(accepts_gzip("gzip;q=0"));
    CHECK_FALSE(accepts_gzip("br, gzip ; q=0.0"));
    CHECK_FALSE(accepts_gzip("x-gzip-like"));
    const vari::web::Asset* script = vari::web::find_asset("/lib/codemirror/lib/codemirror.js");
    REQUIRE(script);
    CHECK(script->gzipped.size() < script->bytes.size() / 2);
    CHECK(script->gzipped.substr(0, 2) == "\x1f\x8b");
}

TEST_CASE("serve: a session opens a game, moves, undoes and redoes", "[web]") {
    Running& running = shared();
    Page page(running.port());
    REQUIRE(page.connected());
    const json hello = page.ask({{"op", "hello"}});
    CHECK(hello["default"] == "chess");
    CHECK(hello["games"].size() >= 10);

    json state = page.ask({{"op", "open"}, {"game", "chess"}});
    REQUIRE(state["ok"] == true);
    CHECK(state["board"]["geometry"] == "square");
    CHECK(state["board"]["views"].size() == 2);
    CHECK(state["board"]["views"][0]["cells"].size() == 64);
    CHECK(state["moves"].size() == 20);
    CHECK(state["pieces"].size() == 32);

    state = page.ask({{"op", "move"}, {"move", "e2e4"}});
    REQUIRE(state["ok"] == true);
    CHECK(state["position"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(state["last"]["from"] == "e2");
    CHECK(state["last"]["to"] == "e4");
    CHECK(state["to_move"] == 1);

    const json illegal = page.ask({{"op", "move"}, {"move", "e7e4"}});
    CHECK(illegal["ok"] == false);
    CHECK(illegal["error"].get<std::string>().find("not a legal move") != std::string::npos);
    CHECK(page.ask({{"op", "state"}})["ply"] == 1);  // unchanged

    state = page.ask({{"op", "undo"}});
    CHECK(state["ply"] == 0);
    CHECK(state["can_redo"] == true);
    state = page.ask({{"op", "redo"}});
    CHECK(state["ply"] == 1);
    CHECK(page.ask({{"op", "redo"}})["ok"] == false);
}

TEST_CASE("serve: a past position of the game is shown without changing it", "[web]") {
    Running& running = shared();
    Page page(running.port());
    REQUIRE(page.connected());
    REQUIRE(page.ask({{"op", "open"}, {"game", "chess"}, {"moves", "e4 e5 Nf3"}})["ok"] == true);
    const json past = page.ask({{"op", "view"}, {"ply", 2}});
    REQUIRE(past["ok"] == true);
    CHECK(past["viewing"] == 2);
    CHECK(past["position"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    CHECK(past["last"]["to"] == "e5");
    CHECK(past["moves"].empty());  // to look at, not to play from
    CHECK(page.ask({{"op", "view"}, {"ply", 0}})["pieces"].size() == 32);
    CHECK(page.ask({{"op", "view"}, {"ply", 4}})["error"] ==
          "'ply' must be a whole number from 0 to 3");
    CHECK(page.ask({{"op", "view"}, {"ply", -1}})["ok"] == false);
    CHECK(page.ask({{"op", "view"}})["ok"] == false);
    const json now = page.ask({{"op", "state"}});
    CHECK(now["ply"] == 3);
    CHECK(now["moves"].size() > 0);
}

TEST_CASE("serve: the AI analyses the position without playing", "[web]") {
    Running& running = shared();
    Page page(running.port());
    REQUIRE(page.connected());
    REQUIRE(page.ask({{"op", "open"}, {"game", "chess"}, {"moves", "e4"}})["ok"] == true);
    const json started = page.ask({{"op", "analyse"}, {"level", "ai:depth=3"}});
    REQUIRE(started["ok"] == true);
    const json done = page.event("analysed");
    CHECK(done["depth"] == 3);
    CHECK(done["to_move"] == 1);
    CHECK_FALSE(done["line"].empty());
    CHECK(page.ask({{"op", "state"}})["ply"] == 1);
    CHECK(page.ask({{"op", "analyse"}, {"level", "human"}})["ok"] == false);
    CHECK(page.ask({{"op", "analyse"}, {"level", "ai:99"}})["ok"] == false);
}

TEST_CASE("serve: a move named by its place in the list the page was sent", "[web]") {
    Running& running = shared();
    Page page(running.port());
    REQUIRE(page.connected());
    json state = page.ask({{"op", "open"}, {"game", "chess"}});
    REQUIRE(state["ok"] == true);
    std::size_t e4 = 0;
    while (e4 < state["moves"].size() && state["moves"][e4]["long"] != "e2-e4") ++e4;
    REQUIRE(e4 < state["moves"].size());
    state = page.ask({{"op", "move"}, {"index", e4}, {"ply", 0}});
    REQUIRE(state["ok"] == true);
    CHECK(state["last"]["to"] == "e4");

    // A list of another ply, a place past the list, or what is not a number: refused, unplayed.
    const json stale = page.ask({{"op", "move"}, {"index", 0}, {"ply", 0}});
    CHECK(stale["ok"] == false);
    CHECK(stale["error"] == "the moves offered were those of ply 0; the game is at ply 1");
    const json past = page.ask({{"op", "move"}, {"index", 20}, {"ply", 1}});
    CHECK(past["error"] == "no move 20: the position has 20 legal moves");
    CHECK(page.ask({{"op", "move"}, {"index", -1}, {"ply", 1}})["ok"] == false);
    CHECK(page.ask({{"op", "move"}, {"index", "e5"}, {"ply", 1}})["ok"] == false);
    CHECK(page.ask({{"op", "move"}, {"index", 0}})["ok"] == false);
    CHECK(page.ask({{"op", "state"}})["ply"] == 1);
}

TEST_CASE("serve: hex boards, three players, hands and drops", "[web]") {
    Running& running = shared();
    Page page(running.port());
    json state = page.ask({{"op", "open"}, {"game", "three-player-hex-shogi-91"}});
    REQUIRE(state["ok"] == true);
    CHECK(state["board"]["geometry"].get<std::string>().rfind("hex", 0) == 0);
    CHECK(state["board"]["views"].size() == 3);
    CHECK(state["board"]["views"][2]["cells"].size() == 91);
    for (const json& cell : state["board"]["views"][0]["cells"]) CHECK(cell["shade"] < 3);

    state = page.ask({{"op", "open"}, {"game", "hex-shogi-41"}});
    REQUIRE(state["ok"] == true);
    CHECK(state["board"]["hands"] == true);
    CHECK(state["hands"].size() == 2);
}

TEST_CASE("serve: a pasted rule file is checked, and located errors come back", "[web]") {
    Running& running = shared();
    Page page(running.port());
    const json broken = page.ask({{"op", "open"}, {"source", "game \"x\"\nboard square 8 by\n"}});
    CHECK(broken["ok"] == false);
    REQUIRE(broken["diagnostics"].size() >= 1);
    CHECK(broken["diagnostics"][0]["line"] >= 1);
    CHECK(broken["diagnostics"][0]["file"] == "pasted.vari");
    // A pasted file may include only the shipped games; no file outside them is read.
    const json outside = page.ask({{"op", "open"}, {"source", "include \"/etc/passwd\"\n"}});
    CHECK(outside["ok"] == false);
    // Diagnostics name files as the pasted file does, never where the server keeps its own.
    const std::string folder = std::filesystem::canonical(VARI_STDLIB_DIR).parent_path().string();
    for (const char* include : {"nothing.vari", "../../../x.vari", "../CMakeLists.vari"}) {
        INFO(include);
        const json refused =
            page.ask({{"op", "check"},
                      {"source", "game \"x\"\ninclude \"" + std::string(include) + "\"\n"}});
        CHECK(refused["valid"] == false);
        CHECK(refused.dump().find(folder) == std::string::npos);
    }
}

TEST_CASE("serve: bad requests get errors and change nothing", "[web]") {
    vari::web::ServeOptions options;
    options.max_message = 1000;
    Running running(options);
    Page page(running.port());
    CHECK(page.ask_raw("not json")["ok"] == false);
    CHECK(page.ask_raw("[1, 2]")["ok"] == false);
    CHECK(page.ask({{"op", "fly"}})["ok"] == false);
    CHECK(page.ask({{"op", 3}})["ok"] == false);
    CHECK(page.ask({{"op", "move"}, {"move", "e2e4"}})["ok"] == false);  // no game yet
    CHECK(page.ask({{"op", "open"}, {"game", "../CMakeLists"}})["ok"] == false);
    CHECK(page.ask({{"op", "open"}, {"game", "chess"}, {"position", "8/8/9 w - - 0 1"}})["ok"] ==
          false);
    CHECK(page.ask_raw(std::string(2000, ' '))["ok"] == false);  // too long
    const json state = page.ask({{"op", "open"}, {"game", "chess"}, {"moves", "e4 e5 Nf3"}});
    CHECK(state["ply"] == 3);
    CHECK(page.ask({{"op", "move"}, {"move", 42}})["ok"] == false);
    CHECK(page.ask({{"op", "state"}})["ply"] == 3);
}

TEST_CASE("serve: sessions are separate, and other sites' pages are refused", "[web]") {
    Running& running = shared();
    Page first(running.port()), second(running.port());
    first.ask({{"op", "open"}, {"game", "chess"}});
    second.ask({{"op", "open"}, {"game", "chess"}});
    first.ask({{"op", "move"}, {"move", "d4"}});
    CHECK(first.ask({{"op", "state"}})["ply"] == 1);
    CHECK(second.ask({{"op", "state"}})["ply"] == 0);

    Page stranger(running.port(), "http://evil.example");
    CHECK_FALSE(stranger.connected());
}

TEST_CASE("serve: computer seats move by themselves, and undo takes back the human's move",
          "[web]") {
    Running& running = shared();
    Page page(running.port());
    page.ask({{"op", "open"}, {"game", "chess"}});
    json state = page.ask({{"op", "seats"}, {"seats", {"human", "ai:1"}}});
    REQUIRE(state["ok"] == true);
    CHECK(state["thinking"] == false);
    CHECK(page.ask({{"op", "seats"}, {"seats", {"human", "ai:11"}}})["ok"] == false);
    CHECK(page.ask({{"op", "seats"}, {"seats", {"human"}}})["ok"] == false);
    // A page may not ask for more search threads than the server gives (one by default).
    const json greedy = page.ask({{"op", "seats"}, {"seats", {"human", "ai:1:threads=64"}}});
    CHECK(greedy["ok"] == false);
    CHECK(greedy["error"] ==
          "seat 2: at most 1 search threads on this server (vari serve --threads)");

    state = page.ask({{"op", "move"}, {"move", "e4"}});
    CHECK(state["thinking"] == true);
    const json answered = page.event("state");
    CHECK(answered["ply"] == 2);
    CHECK(answered["to_move"] == 0);
    // While a human is to move, the AI's seat may not be played from the page.
    CHECK(page.ask({{"op", "move"}, {"move", "d4"}})["ply"] == 3);
    page.event("state");
    state = page.ask({{"op", "undo"}});
    CHECK(state["ply"] == 2);  // back to White to move, not to the AI's turn
    CHECK(state["to_move"] == 0);

    // Three computer seats play the three-player game on their own to its end.
    page.ask({{"op", "open"}, {"game", "three-player-hex-shogi-91"}});
    page.ask({{"op", "seats"}, {"seats", {"random", "random", "ai:1"}}});
    json last;
    do last = page.event("state");
    while (last.contains("result") && last["result"].is_null() && !last.contains("timeout"));
    CHECK(last["result"]["summary"].get<std::string>().size() > 0);
}

TEST_CASE("serve: the AI's move is not played when the page moves on first", "[web]") {
    Running& running = shared();
    Page page(running.port());
    page.ask({{"op", "open"}, {"game", "chess"}});
    page.ask({{"op", "seats"}, {"seats", {"ai:depth=30", "human"}}});  // thinks a long time
    const json stopped = page.ask({{"op", "stop"}});
    CHECK(stopped["ok"] == true);
    page.event("state");  // stop: it answers at once with its best move
    const json state = page.ask({{"op", "seats"}, {"seats", {"ai:depth=30", "human"}}});
    CHECK(state["ply"] == 1);
    // A stop sent right behind the request that sets the AI thinking, before the thinking
    // begins, is meant for it: the AI moves at once all the same.
    page.ask({{"op", "open"}, {"game", "chess"}});
    const int seated = page.send_request({{"op", "seats"}, {"seats", {"ai:depth=30", "human"}}});
    CHECK(page.ask({{"op", "stop"}})["ok"] == true);
    CHECK(page.answer(seated)["ply"] == 0);
    CHECK(page.event("state")["ply"] == 1);
    const json reopened = page.ask({{"op", "open"}, {"game", "chess"}});  // cancels the thinking
    CHECK(reopened["ply"] == 0);
    CHECK(page.ask({{"op", "state"}})["ply"] == 0);
}

TEST_CASE("serve: the editor's check, perft and a short analysis with progress", "[web]") {
    Running& running = shared();
    Page page(running.port());
    const json broken =
        page.ask({{"op", "check"}, {"source", "game \"x\"\nplayers White Black\nboard hex\n"}});
    CHECK(broken["ok"] == true);
    CHECK(broken["valid"] == false);
    REQUIRE(broken["diagnostics"].size() >= 1);
    CHECK(broken["diagnostics"][0]["line"] == 3);

    page.ask({{"op", "open"}, {"game", "chess"}});
    const json perft = page.ask({{"op", "perft"}, {"depth", 3}});
    CHECK(perft["nodes"] == 8902);
    CHECK(page.ask({{"op", "perft"}, {"depth", 40}})["ok"] == false);

    const json analysis =
        page.ask({{"op", "analyze"}, {"games", 4}, {"players", {"ai:1", "random"}}});
    REQUIRE(analysis["ok"] == true);
    CHECK(analysis["games"] == 4);
    CHECK(analysis["seats"][0]["spec"] == "ai:1");
    CHECK(page.event("progress")["done"] == 1);  // pushed as the games finished
    CHECK(page.ask({{"op", "analyze"}, {"games", 4}, {"players", {"ai:9", "random"}}})["ok"] ==
          false);  // too long for a page
    CHECK(page.ask({{"op", "analyze"}, {"games", 4}, {"players", {"ai:1"}}})["ok"] == false);
    CHECK(page.ask(
              {{"op", "analyze"}, {"games", 4}, {"players", {"ai:1:threads=8", "random"}}})["ok"] ==
          false);
}

TEST_CASE("serve: a game saved as a record loads back, into its own game", "[web]") {
    Running& running = shared();
    Page page(running.port());
    page.ask({{"op", "open"}, {"game", "chess"}, {"moves", "e4 e5 Nf3 Nc6"}});
    const json saved = page.ask({{"op", "save"}});
    REQUIRE(saved["ok"] == true);
    const std::string text = saved["text"];
    CHECK(text.find("1. e4 e5 2. Nf3 Nc6") != std::string::npos);

    page.ask({{"op", "open"}, {"game", "shogi"}});
    const json loaded = page.ask({{"op", "load"}, {"text", text}});
    REQUIRE(loaded["ok"] == true);
    CHECK(loaded["board"]["name"] == "Chess");
    CHECK(loaded["ply"] == 4);
    CHECK(page.ask({{"op", "load"}, {"text", text.substr(0, text.size() / 2)}})["ok"] == false);
    CHECK(page.ask({{"op", "state"}})["ply"] == 4);
}

TEST_CASE("serve: pages playing at once each keep their own game", "[web]") {
    Running& running = shared();
    constexpr int PAGES = 4;
    std::vector<int> plies(PAGES, -1);
    std::vector<std::thread> players;
    for (int p = 0; p < PAGES; ++p)
        players.emplace_back([&, p] {
            Page page(running.port());
            page.ask({{"op", "open"}, {"game", p % 2 ? "shafran-chess" : "chess"}});
            // Each page plays p + 3 first moves of its list and takes one back.
            int played = 0;
            for (int i = 0; i < p + 3; ++i) {
                const json state = page.ask({{"op", "state"}});
                if (state["moves"].empty()) break;
                const std::string move = state["moves"][i % state["moves"].size()]["long"];
                played += page.ask({{"op", "move"}, {"move", move}})["ok"] == true;
            }
            page.ask({{"op", "undo"}});
            plies[p] =
                page.ask({{"op", "state"}})["ply"].get<int>() == played - 1 ? played - 1 : -2;
        });
    for (auto& t : players) t.join();
    for (int p = 0; p < PAGES; ++p) CHECK(plies[p] == p + 2);
}

}  // namespace web_server_tests
