// `vari serve` open to other machines, faced with clients that play what is not theirs, forge
// tokens, flood it or send too much: each is refused with a message saying why, and the server
// goes on answering the others (and the same client once it behaves).
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "support/room_events.hpp"
#include "support/temp_dir.hpp"
#include "support/web_client.hpp"

namespace web_server_hostile_tests {

using nlohmann::json;
using vari::test::http;
using vari::test::next_room_event;
using vari::test::Page;
using vari::test::RawSocket;
using vari::test::Running;

namespace {

std::string error_of(const json& answer) { return answer.value("error", std::string()); }

vari::web::ServeOptions with_database(const vari::test::TempDir& dir) {
    vari::web::ServeOptions options;
    options.database = (dir.path / "rooms.sqlite").string();
    return options;
}

// A page of bytes on a socket from `from`, its WebSocket open (`headers` sent with the
// handshake).
std::unique_ptr<RawSocket> raw_page(int port, const char* from = "127.0.0.1",
                                    const std::string& headers = "") {
    auto page = std::make_unique<RawSocket>(port, from);
    REQUIRE(page->handshake("127.0.0.1:" + std::to_string(port), "", headers)
                .starts_with("HTTP/1.1 101"));
    return page;
}

// The next message from the server over a raw socket: {"closed": true} once it closed.
json next_message(RawSocket& page) {
    const std::string text = page.next_text(10);
    return text.empty() ? json{{"closed", true}} : json::parse(text);
}

// A request over a raw socket, and its answer.
json ask(RawSocket& page, const json& request) {
    page.frame(0x81, request.dump());
    for (;;) {
        json message = next_message(page);
        if (!message.contains("event")) return message;
    }
}

json new_room(const std::string& game = "chess") {
    return {{"op", "room_create"}, {"game", game}, {"seats", {"me", "open"}}};
}

}  // namespace

TEST_CASE("serve: a seat's token moves only that seat, in its own room; forged ones nothing",
          "[web][rooms]") {
    vari::test::TempDir dir;
    Running running(with_database(dir));
    Page white(running.port()), black(running.port());
    const json made = white.ask(new_room());
    const json other = white.ask(new_room());
    REQUIRE(made["ok"] == true);
    REQUIRE(other["ok"] == true);
    const std::string room = made["room"], mine = made["tokens"][0], theirs = made["tokens"][1];
    REQUIRE(white.ask({{"op", "room_join"}, {"room", room}, {"token", mine}})["ok"] == true);
    REQUIRE(black.ask({{"op", "room_join"}, {"room", room}, {"token", theirs}})["ok"] == true);
    REQUIRE(next_room_event(white, [](const json& e) {
                return e["status"] == "playing";
            })["status"] == "playing");

    const auto move = [&](const std::string& token, const std::string& in) {
        return error_of(white.ask(
            {{"op", "room_move"}, {"room", in}, {"token", token}, {"ply", 0}, {"index", 0}}));
    };
    CHECK(move(theirs, room) == "it is not your turn");  // a seat, but not the one to move
    const std::string elsewhere = other["tokens"][0];    // a seat of another room
    CHECK(move(elsewhere, room) == "that link holds no seat of this game");
    CHECK(move(std::string(mine).replace(0, 1, mine[0] == 'a' ? "b" : "a"), room) ==
          "that link holds no seat of this game");
    CHECK(move("", room) == "that link holds no seat of this game");
    CHECK(move(mine, "no-such-room") == "no game is called 'no-such-room' here");
    CHECK(error_of(black.ask({{"op", "room_resign"}, {"room", room}, {"token", "forged"}})) ==
          "that link holds no seat of this game");
    CHECK(error_of(black.ask(
              {{"op", "room_offer"}, {"room", room}, {"token", elsewhere}, {"what", "draw"}})) ==
          "that link holds no seat of this game");
    // None of it changed the game: white's move is still the one to make.
    CHECK(
        white.ask({{"op", "room_move"}, {"room", room}, {"token", mine}, {"ply", 0}, {"index", 0}})
            .value("ok", false));
}

TEST_CASE("serve: a flood of rooms from one address is refused past its limit; others make theirs",
          "[web][rooms]") {
    vari::test::TempDir dir;
    vari::web::ServeOptions options = with_database(dir);
    const char* other_address = "127.0.0.2";
    std::string flooder_says, other_says;  // the headers a proxy adds
    SECTION("an address of its own") {}
    SECTION("behind a trusted proxy: the forwarded address") {
        options.trust_proxy = true;
        other_address = "127.0.0.1";
        flooder_says = "X-Forwarded-For: 203.0.113.9\r\n";
        other_says = "X-Forwarded-For: 203.0.113.10\r\n";
    }
    Running running(options);
    const auto flooder = raw_page(running.port(), "127.0.0.1", flooder_says);
    const auto other = raw_page(running.port(), other_address, other_says);
    for (int i = 0; i < 8; ++i) REQUIRE(ask(*flooder, new_room())["ok"] == true);
    const json refused = ask(*flooder, new_room());
    CHECK(refused["ok"] == false);
    CHECK(error_of(refused) == "you have 8 games going here, the most one player may make");
    CHECK(ask(*other, new_room())["ok"] == true);
}

TEST_CASE("serve: an oversized rule file or message is refused saying so; the server answers on",
          "[web][rooms]") {
    vari::test::TempDir dir;
    Running running(with_database(dir));
    Page sender(running.port()), bystander(running.port());
    // Within a message's bound, past a room's rule file's.
    const json made = sender.ask({{"op", "room_create"},
                                  {"source", "# " + std::string(300'000, 'x') + "\n"},
                                  {"seats", {"me", "open"}}});
    CHECK(error_of(made) == "the rule file is larger than 262144 bytes");
    // Past a message's bound: refused before it is read.
    CHECK(error_of(sender.ask_raw(std::string(1'100'000, ' '))) ==
          "a message may hold at most 1048576 bytes");
    CHECK(bystander.ask({{"op", "lobby"}})["ok"] == true);
    CHECK(sender.ask({{"op", "hello"}})["ok"] == true);
}

TEST_CASE("serve: requests past an address's rate are answered with an error, the page kept",
          "[web]") {
    vari::web::ServeOptions options;
    options.client_requests_per_second = 10;  // 20 at once
    Running running(options);
    Page flooder(running.port());
    constexpr int SENT = 60;
    int first = 0;
    for (int i = 0; i < SENT; ++i) {
        const int id = flooder.send_request({{"op", "hello"}});
        if (i == 0) first = id;
    }
    int refused = 0, answered = 0;
    for (int id = first; id < first + SENT; ++id) {
        const json answer = flooder.answer(id);  // every request is answered, none dropped
        answered += answer.contains("ok");
        refused += error_of(answer) ==
                   "too many requests: this server answers at most 10 a second from one address; "
                   "send it again in a moment";
    }
    CHECK(answered == SENT);
    CHECK(refused >= SENT - 20 - 10);  // what the bucket held, and a second's refill at most
    // Another address has its own rate.
    CHECK(ask(*raw_page(running.port(), "127.0.0.2"), {{"op", "hello"}})["ok"] == true);
    // A moment later the same connection is answered again.
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    CHECK(flooder.ask({{"op", "hello"}})["ok"] == true);
}

TEST_CASE("serve: an address has a bounded number of pages and of perfts running", "[web]") {
    vari::web::ServeOptions options;
    options.max_client_pages = 2;
    options.max_client_work = 1;
    Running running(options);
    auto first = std::make_unique<Page>(running.port());
    Page second(running.port());
    REQUIRE(first->ask({{"op", "hello"}})["ok"] == true);
    {
        Page third(running.port());  // told why, then closed
        CHECK(third.event("closed").value("reason", "") ==
              "this address has 2 pages open here, the most it may; close one and reload");
    }
    const auto elsewhere = raw_page(running.port(), "127.0.0.2");
    CHECK(ask(*elsewhere, {{"op", "open"}, {"game", "chess"}})["ok"] == true);

    // Two long perfts from one address (perft 6 of grand chess would take the server half an
    // hour): whichever comes second is refused at once, the other runs until stopped.
    for (Page* page : {first.get(), &second})
        REQUIRE(page->ask({{"op", "open"}, {"game", "grand-chess"}})["ok"] == true);
    const int one = first->send_request({{"op", "perft"}, {"depth", 6}});
    const int two = second.send_request({{"op", "perft"}, {"depth", 6}});
    json refused;
    Page* runner = nullptr;
    int running_id = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!runner && std::chrono::steady_clock::now() < deadline) {
        constexpr auto POLL = std::chrono::milliseconds(10);
        if (refused = second.answer(two, POLL); !refused.contains("timeout"))
            runner = first.get(), running_id = one;
        else if (refused = first->answer(one, POLL); !refused.contains("timeout"))
            runner = &second, running_id = two;
    }
    REQUIRE(runner);
    CHECK(error_of(refused) ==
          "this address has 1 perfts or analyses running here, the most it may; stop one or wait "
          "for it to end");
    CHECK(ask(*elsewhere, {{"op", "perft"}, {"depth", 1}})["ok"] == true);  // another address
    runner->ask({{"op", "stop"}});
    CHECK(error_of(runner->answer(running_id)).starts_with("perft stopped"));
    CHECK(second.ask({{"op", "perft"}, {"depth", 1}})["ok"] == true);  // the place is free again

    first.reset();  // its place is free again
    std::unique_ptr<Page> again;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    do {
        again = std::make_unique<Page>(running.port());
    } while (again->ask({{"op", "hello"}})["ok"] != true &&
             std::chrono::steady_clock::now() < until);
    CHECK(again->ask({{"op", "hello"}})["ok"] == true);
}

TEST_CASE("serve: behind a trusted proxy the client is the address X-Forwarded-For ends with",
          "[web]") {
    vari::web::ServeOptions options;
    options.max_client_pages = 1;
    const auto forwarded = [](const std::string& addresses) {
        return "X-Forwarded-For: " + addresses + "\r\n";
    };
    SECTION("trusted: each forwarded address is a client, what a client wrote before is not") {
        options.trust_proxy = true;
        Running running(options);
        const auto one = raw_page(running.port(), "127.0.0.1", forwarded("203.0.113.9"));
        CHECK(ask(*one, {{"op", "hello"}})["ok"] == true);
        const auto same =
            raw_page(running.port(), "127.0.0.1", forwarded("198.51.100.7, 203.0.113.9"));
        CHECK(next_message(*same)["event"] == "closed");
        const auto other = raw_page(running.port(), "127.0.0.1", forwarded("2001:db8::10"));
        CHECK(ask(*other, {{"op", "hello"}})["ok"] == true);
    }
    SECTION("not trusted: the header is the client's own word, and counts for nothing") {
        Running running(options);
        const auto one = raw_page(running.port(), "127.0.0.1", forwarded("203.0.113.9"));
        CHECK(ask(*one, {{"op", "hello"}})["ok"] == true);
        const auto other = raw_page(running.port(), "127.0.0.1", forwarded("203.0.113.10"));
        CHECK(next_message(*other)["event"] == "closed");
    }
}

TEST_CASE("serve: a Host header not among the server's names is refused, a proxy's is answered",
          "[web]") {
    vari::web::ServeOptions options;
    options.allowed_hosts = {"vari.example.org", "club.lan:8443"};
    Running running(options);
    const int port = running.port();
    const std::string own = ":" + std::to_string(port);
    CHECK(http(port, "GET", "/", "vari.example.org").status == 200);  // behind https: no port
    CHECK(http(port, "GET", "/", "vari.example.org" + own).status == 200);
    CHECK(http(port, "GET", "/", "club.lan:8443").status == 200);
    CHECK(http(port, "GET", "/", "club.lan" + own).status == 403);
    CHECK(http(port, "GET", "/", "vari.example.org:9999").status == 403);
    CHECK(http(port, "GET", "/", "evil.example").status == 403);
    CHECK(http(port, "GET", "/", "").status == 200);  // the server's own address

    // The page loaded over https from the proxy opens its WebSocket with that origin.
    RawSocket secure(port);
    CHECK(secure.handshake("vari.example.org", "https://vari.example.org")
              .starts_with("HTTP/1.1 101"));
    RawSocket elsewhere(port);
    CHECK_FALSE(elsewhere.handshake("vari.example.org", "https://evil.example")
                    .starts_with("HTTP/1.1 101"));
    RawSocket rebound(port);
    CHECK(rebound.handshake("evil.example", "https://evil.example").starts_with("HTTP/1.1 403"));
}

}  // namespace web_server_hostile_tests
