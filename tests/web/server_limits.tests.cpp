// `vari serve` faced with what a stranger may send: other sites' names, split and hostile
// messages, long work left behind, floods and slow clients. Each is refused or ended, and the
// server goes on answering.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "support/web_client.hpp"

extern char** environ;

namespace web_server_limits_tests {

using nlohmann::json;
using vari::test::http;
using vari::test::Page;
using vari::test::RawSocket;
using vari::test::Running;

namespace {

std::string error_of(const json& answer) { return answer.value("error", std::string()); }

// A page of the server, waited for: sessions closed just before may still hold their places.
std::unique_ptr<Page> page_within_a_second(int port) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    for (;;) {
        auto page = std::make_unique<Page>(port);
        if (page->connected() || std::chrono::steady_clock::now() > deadline) return page;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace

TEST_CASE("serve: a request under another site's name is refused, files and sessions alike",
          "[web]") {
    vari::web::ServeOptions options;
    options.allowed_hosts = {"Vari.Lan"};
    Running running(options);
    const std::string port = std::to_string(running.port());
    for (const std::string own : {"127.0.0.1:", "localhost:", "[::1]:", "LOCALHOST:", "vari.lan:"})
        CHECK(http(running.port(), "GET", "/", own + port).status == 200);
    CHECK(http(running.port(), "GET", "/", "localhost").status == 200);  // no port: allowed
    // A page of evil.example whose name was made to resolve to 127.0.0.1 (DNS rebinding).
    for (const std::string& other :
         std::vector<std::string>{"evil.example:" + port, "evil.example", "127.0.0.1:1",
                                  "localhost.evil:" + port, "127.0.0.2:" + port})
        CHECK(http(running.port(), "GET", "/", other).status == 403);

    RawSocket rebound(running.port());
    CHECK(rebound.handshake("evil.example:" + port, "http://evil.example:" + port)
              .starts_with("HTTP/1.1 403"));
    RawSocket other_origin(running.port());
    CHECK_FALSE(other_origin.handshake("127.0.0.1:" + port, "http://evil.example")
                    .starts_with("HTTP/1.1 101"));
    RawSocket own(running.port());
    CHECK(
        own.handshake("localhost:" + port, "http://localhost:" + port).starts_with("HTTP/1.1 101"));
}

TEST_CASE("serve: a message split in frames is put together; deep and long ones are refused",
          "[web]") {
    vari::web::ServeOptions options;
    options.max_message = 300'000;
    Running running(options);
    RawSocket page(running.port());
    REQUIRE(
        page.handshake("127.0.0.1:" + std::to_string(running.port())).starts_with("HTTP/1.1 101"));
    page.frame(0x01, R"({"op": "hel)");  // text, more to come
    page.frame(0x00, R"(lo", )");        // continuation
    page.frame(0x80, R"("id": 7})");     // continuation, the last
    const json hello = json::parse(page.next_text());
    CHECK(hello["id"] == 7);
    CHECK(hello["ok"] == true);

    // Nested without end: refused as it is read (a parser that recursed would overflow).
    const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
    CHECK(error_of(json::parse((page.frame(0x81, deep), page.next_text()))) ==
          "a request may nest arrays and objects at most 32 deep");
    // Too long once its frames are put together, though each frame is short.
    page.frame(0x01, std::string(200'000, ' '));
    page.frame(0x80, std::string(200'000, ' '));
    CHECK(error_of(json::parse(page.next_text())) == "a message may hold at most 300000 bytes");
    page.frame(0x82, "binary is not for the session");
    page.frame(0x81, R"({"op": "hello", "id": 8})");
    CHECK(json::parse(page.next_text())["id"] == 8);
}

TEST_CASE("serve: a stop, a closed page or the time limit ends a perft or an analysis", "[web]") {
    vari::web::ServeOptions options;
    options.work_seconds = 2;
    Running running(options);
    Page page(running.port());
    page.ask({{"op", "open"}, {"game", "grand-chess"}});
    // perft 6 of grand chess would take the server half an hour.
    int perft = page.send_request({{"op", "perft"}, {"depth", 6}});
    const int waiting = page.send_request({{"op", "state"}});
    CHECK(page.ask({{"op", "stop"}})["ok"] == true);
    CHECK(error_of(page.answer(perft)) ==
          "perft stopped (vari perft on the command line has no limit)");
    CHECK(page.answer(waiting)["ok"] == true);  // a stop ends work, not the requests after it

    perft = page.send_request({{"op", "perft"}, {"depth", 6}});
    CHECK(error_of(page.answer(perft)) ==
          "perft stopped after 2 s, the most one request may take here (vari perft on the "
          "command line has no limit)");

    const int analysis =
        page.send_request({{"op", "analyze"}, {"games", 200}, {"players", {"ai:4", "ai:4"}}});
    page.ask({{"op", "stop"}});
    CHECK(error_of(page.answer(analysis)).starts_with("the analysis stopped"));
}

TEST_CASE("serve: 50 pages that start long work and leave; a flood is refused, not queued",
          "[web][load]") {
    vari::web::ServeOptions options;
    options.max_sessions = 4;
    // All these pages are one client's: its limits (server_hostile.tests.cpp) are not tested here.
    options.max_client_work = options.max_sessions;
    options.client_requests_per_second = 0;
    Running running(options);
    // perft 6 of Kiwipete: 8 billion leaves, minutes of work.
    const json kiwipete = {
        {"op", "open"},
        {"game", "chess"},
        {"position", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}};
    const std::string host = "127.0.0.1:" + std::to_string(running.port());
    for (int i = 0; i < 50; ++i) {
        INFO("page " << i);
        if (i % 2) {  // a tab closed: the connection ends without the protocol's goodbye
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
            auto tab = std::make_unique<RawSocket>(running.port());
            while (!tab->handshake(host).starts_with("HTTP/1.1 101") &&
                   std::chrono::steady_clock::now() < deadline) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                tab = std::make_unique<RawSocket>(running.port());
            }
            tab->frame(0x81, kiwipete.dump());
            REQUIRE(json::parse(tab->next_text())["ok"] == true);
            tab->frame(0x81, R"({"op": "perft", "depth": 6})");
            continue;
        }
        auto page = page_within_a_second(running.port());  // a page closed by the protocol
        REQUIRE(page->connected());
        REQUIRE(page->ask(kiwipete)["ok"] == true);
        page->send_request({{"op", "perft"}, {"depth", 6}});
    }
    auto last = page_within_a_second(running.port());
    REQUIRE(last->connected());
    CHECK(last->ask({{"op", "hello"}})["ok"] == true);

    // Behind a long perft, one page sends 20 MB of requests without waiting for the answers: what
    // waits is at most 8 MB, the rest is refused at once.
    const std::size_t before = vari::test::resident_bytes();
    last->ask(kiwipete);
    const int first = last->send_request({{"op", "perft"}, {"depth", 6}});
    const std::string filler(400'000, ' ');
    int refused = 0, sent = 0;
    for (; sent < 50; ++sent) last->send_request({{"op", "hello"}, {"padding", filler}});
    last->ask({{"op", "stop"}});
    CHECK(error_of(last->answer(first)).starts_with("perft stopped"));
    for (int id = first + 1; id <= first + sent; ++id)
        refused += error_of(last->answer(id)).starts_with("too many requests are waiting");
    CHECK(refused >= sent - 20);  // 20 such requests are 8 MB
    CHECK(vari::test::resident_bytes() < before + (100u << 20));
}

TEST_CASE("serve: a client that sends its headers slowly, or a page left idle, is let go",
          "[web]") {
    vari::web::ServeOptions options;
    options.request_timeout_ms = 500;
    options.idle_seconds = 1;
    Running running(options);
    RawSocket slow(running.port());
    slow.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(running.port()) + "\r\n");
    CHECK(slow.closed_within(10));

    Page idle(running.port());
    CHECK(idle.ask({{"op", "hello"}})["ok"] == true);
    const json closed = idle.event("closed");
    CHECK(
        closed.value("reason", "").starts_with("the server closed this page's session after 1 s"));
    CHECK(idle.ask({{"op", "hello"}}).contains("closed"));
}

TEST_CASE("serve: SIGTERM stops vari serve while a page's work runs", "[web]") {
    int out[2];
    REQUIRE(pipe(out) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const char* argv[] = {VARI_BINARY, "serve", "--port", "0", nullptr};
    pid_t pid = 0;
    REQUIRE(posix_spawn(&pid, VARI_BINARY, &actions, nullptr, const_cast<char**>(argv), environ) ==
            0);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    // "vari serves chess at http://127.0.0.1:PORT/ ..."
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    const std::size_t colon = line.find(':', line.find("127.0.0.1"));
    REQUIRE(colon != std::string::npos);
    const int port = std::stoi(line.substr(colon + 1));
    {
        Page page(port);
        page.ask({{"op", "open"}, {"game", "grand-chess"}});
        page.send_request({{"op", "perft"}, {"depth", 6}});
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        kill(pid, SIGTERM);
        int status = -1;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (waitpid(pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const bool exited = WIFEXITED(status);
        if (!exited) kill(pid, SIGKILL), waitpid(pid, &status, 0);
        CHECK(exited);
        CHECK(WEXITSTATUS(status) == 0);
    }
    close(out[0]);
}

}  // namespace web_server_limits_tests
