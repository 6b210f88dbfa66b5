// Test support: a `vari serve` server in the test's process, and clients that talk to it as a
// page does (through CivetWeb's client) or as a hostile client would (bytes on a socket).
#pragma once

#include <civetweb.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "tools/web/web.hpp"

namespace vari::test {

struct Response {
    int status = 0;
    std::string body;
};

// An HTTP request to the server on 127.0.0.1:`port`; Host is 127.0.0.1:PORT unless given.
Response http(int port, const std::string& method, const std::string& path,
              const std::string& host = "");

// A page's session: requests sent, answers waited for.
class Page {
public:
    explicit Page(int port, const char* origin = nullptr);
    ~Page();  // closes by the protocol
    bool connected() const { return conn_ != nullptr; }

    // Sends a request and waits for its answer; events that come first are kept for event().
    nlohmann::json ask(nlohmann::json request);
    // Sends a request without waiting; its answer is kept for answer().
    int send_request(nlohmann::json request);
    // {"timeout": true} when it has not come `within` (30 s unless told).
    nlohmann::json answer(int id, std::chrono::milliseconds within = std::chrono::seconds(30));
    nlohmann::json ask_raw(const std::string& text);
    // The next event of this kind ("state", "thinking", ...) the session pushed.
    nlohmann::json event(const std::string& kind);

private:
    void send(const std::string& text);
    template <class Wanted>
    nlohmann::json wait(Wanted wanted, std::chrono::milliseconds within = std::chrono::seconds(30));
    static int received(mg_connection*, int flags, char* data, std::size_t size, void* self);
    static void closed(const mg_connection*, void* self);

    mg_connection* conn_ = nullptr;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> inbox_;
    bool closed_ = false;
    int last_id_ = 0;
};

// A WebSocket client of bytes on a socket: the handshake and frames as the test writes them.
class RawSocket {
public:
    // `from`: the loopback address the client connects from (127.0.0.2 is another client).
    explicit RawSocket(int port, const char* from = "127.0.0.1");
    ~RawSocket();
    RawSocket(const RawSocket&) = delete;
    RawSocket& operator=(const RawSocket&) = delete;
    void write(const std::string& bytes);
    // The response head to a WebSocket handshake under `host` (and `origin`, when given, and
    // `headers`: lines each ending in CRLF).
    std::string handshake(const std::string& host, const std::string& origin = "",
                          const std::string& headers = "");
    // A masked frame from the client: `first` is its first byte (FIN bit and opcode).
    void frame(unsigned char first, const std::string& payload);
    // The payload of the next text frame from the server, or "" once the socket closed or
    // nothing came within `seconds`.
    std::string next_text(int seconds = 30);
    // True when the server closed the connection within `seconds`.
    bool closed_within(int seconds);

private:
    bool read_exact(unsigned char* out, std::size_t size, int seconds);
    int fd_ = -1;
};

// A server on a free port of 127.0.0.1, stopped at the end of its scope.
struct Running {
    web::Server server;
    explicit Running(web::ServeOptions options = {});
    int port() const { return server.port(); }
};

// The resident memory of this process, in bytes.
std::size_t resident_bytes();

}  // namespace vari::test
