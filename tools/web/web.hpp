// `vari serve`: a local web server for playing, designing and analysing games in the browser.
// The page (HTML, CSS, JavaScript) is built into the binary. Each page talks to the server over
// one WebSocket, its session: a game in play (or in the editor) that no other page sees.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace vari::rooms {
class Rooms;
}

namespace vari::web {

class ClientLimits;

struct ServeOptions {
    std::string game = "chess";  // the game a new page opens with: a shipped game's name
    // The address to listen on (a name, an IPv4 address or an IPv6 one in brackets: "[::1]");
    // another than loopback is the user's choice.
    std::string host = "127.0.0.1";
    int port = 8080;                    // 0: any free port
    std::size_t max_sessions = 32;      // pages connected at once; more are refused
    std::size_t max_message = 1 << 20;  // bytes in one message from a page (a rule file fits)
    // What one client (an address) may use, so that one cannot take what the others need: pages
    // open at once, requests a second (0: no limit; twice as many may come at once), and perfts
    // or analyses running at once.
    std::size_t max_client_pages = 16;
    std::size_t client_requests_per_second = 20;
    std::size_t max_client_work = 2;
    // Behind a reverse proxy every connection comes from the proxy: with this set, a connection
    // from loopback counts as the client the last address of its X-Forwarded-For header names.
    bool trust_proxy = false;
    // Names a page may reach the server by besides its address (and, on loopback, localhost): a
    // request under any other name in its Host header is refused, as it may come from another
    // site's page that had its own name resolve to this machine.
    std::vector<std::string> allowed_hosts;
    double work_seconds = 60;        // a perft or an analysis that runs longer is stopped
    int idle_seconds = 7200;         // a page that asks nothing for this long is closed, told why
    int request_timeout_ms = 10000;  // a request's headers must arrive within this
    int search_threads = 1;          // threads the AI searches with, at most, for each page
    // The SQLite file that keeps the games between people (rooms); empty: the server hosts none.
    std::string database;
};

// One page's session as the server runs it, without its connection: each message the page sends
// (whole, at most ServeOptions::max_message bytes) is read with bounds, then answered in order on
// a thread of the session's own, or refused at once; answers and pushed events are JSON text given
// to `send` (from that thread or the caller's). A `stop` message is answered at once and stops the
// long work (perft, analysis) of the requests sent before it; the session's end stops its work.
// `close` is called once the page has asked nothing for ServeOptions::idle_seconds.
class PageSession {
public:
    using Send = std::function<void(const std::string& text)>;
    using Close = std::function<void()>;
    // `rooms`, when the server hosts games between people, takes the page's requests about them;
    // `client` (its address) counts the rooms it makes, and `limits`, when given, its requests
    // and its long work.
    PageSession(const ServeOptions& options, Send send, Close close, rooms::Rooms* rooms = nullptr,
                std::string client = {}, ClientLimits* limits = nullptr);
    ~PageSession();  // stops the work in progress and waits for it
    PageSession(const PageSession&) = delete;
    PageSession& operator=(const PageSession&) = delete;
    void receive(const std::string& message);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Reads `--listen`'s "ADDR:PORT": a name or an IPv4 address, or an IPv6 address in brackets
// ("[::1]:8080"), kept so in `host`. False with `error` saying what is wrong.
bool parse_listen(std::string_view text, std::string& host, int& port, std::string& error);

class Server {
public:
    explicit Server(ServeOptions options);
    ~Server();  // stops
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Starts listening; false with `error` set when it cannot (the port is taken, a bad address).
    bool start(std::string& error);
    void stop();
    int port() const;         // the port listened on, once started
    std::string url() const;  // http://HOST:PORT/

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace vari::web
