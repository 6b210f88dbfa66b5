// `vari serve`: a local web server for playing, designing and analysing games in the browser.
// The page (HTML, CSS, JavaScript) is built into the binary. Each page talks to the server over
// one WebSocket, its session: a game in play (or in the editor) that no other page sees.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vari::rooms {
class Rooms;
}

namespace vari::web {

struct ServeOptions {
    std::string game = "chess";         // the game a new page opens with: a shipped game's name
    std::string host = "127.0.0.1";     // the address to listen on; another is the user's choice
    int port = 8080;                    // 0: any free port
    std::size_t max_sessions = 32;      // pages connected at once; more are refused
    std::size_t max_message = 1 << 20;  // bytes in one message from a page (a rule file fits)
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
    // `client` (its address) counts the rooms it makes.
    PageSession(const ServeOptions& options, Send send, Close close, rooms::Rooms* rooms = nullptr,
                std::string client = {});
    ~PageSession();  // stops the work in progress and waits for it
    PageSession(const PageSession&) = delete;
    PageSession& operator=(const PageSession&) = delete;
    void receive(const std::string& message);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

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
