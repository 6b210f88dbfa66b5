// Test support: clients of `vari serve` (support/web_client.hpp).
#include "support/web_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>

namespace vari::test {

using nlohmann::json;

Response http(int port, const std::string& method, const std::string& path,
              const std::string& host) {
    char error[256] = "";
    mg_connection* conn = mg_connect_client("127.0.0.1", port, 0, error, sizeof error);
    REQUIRE(conn);
    const std::string named = host.empty() ? "127.0.0.1:" + std::to_string(port) : host;
    mg_printf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", method.c_str(),
              path.c_str(), named.c_str());
    Response out;
    if (mg_get_response(conn, error, sizeof error, 10000) >= 0) {
        out.status = mg_get_response_info(conn)->status_code;
        char buffer[4096];
        for (int n; (n = mg_read(conn, buffer, sizeof buffer)) > 0;) out.body.append(buffer, n);
    }
    mg_close_connection(conn);
    return out;
}

// ---- Page ----

Page::Page(int port, const char* origin) {
    char error[256] = "";
    conn_ = mg_connect_websocket_client("127.0.0.1", port, 0, error, sizeof error, "/session",
                                        origin, &Page::received, &Page::closed, this);
}

Page::~Page() {
    if (!conn_) return;
    // Closing by the protocol lets the client's thread end at once.
    mg_websocket_client_write(conn_, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
    {
        std::unique_lock lock(mutex_);
        ready_.wait_for(lock, std::chrono::seconds(5), [&] { return closed_; });
    }
    mg_close_connection(conn_);
}

json Page::ask(json request) { return answer(send_request(std::move(request))); }

int Page::send_request(json request) {
    request["id"] = ++last_id_;
    send(request.dump());
    return last_id_;
}

json Page::answer(int id, std::chrono::milliseconds within) {
    return wait([&](const json& m) { return m.value("id", 0) == id; }, within);
}

json Page::ask_raw(const std::string& text) {
    send(text);
    return wait([](const json& m) { return !m.contains("event"); });
}

json Page::event(const std::string& kind) {
    return wait([&](const json& m) { return m.value("event", "") == kind; });
}

void Page::send(const std::string& text) {
    mg_websocket_client_write(conn_, MG_WEBSOCKET_OPCODE_TEXT, text.data(), text.size());
}

template <class Wanted>
json Page::wait(Wanted wanted, std::chrono::milliseconds within) {
    const auto deadline = std::chrono::steady_clock::now() + within;
    std::unique_lock lock(mutex_);
    for (;;) {
        for (auto it = inbox_.begin(); it != inbox_.end(); ++it) {
            json message = json::parse(*it);
            if (!wanted(message)) continue;
            inbox_.erase(it);
            return message;
        }
        if (closed_) return json{{"closed", true}};
        if (ready_.wait_until(lock, deadline) == std::cv_status::timeout)
            return json{{"timeout", true}};
    }
}

int Page::received(mg_connection*, int flags, char* data, std::size_t size, void* self) {
    auto& page = *static_cast<Page*>(self);
    if ((flags & 0xf) != MG_WEBSOCKET_OPCODE_TEXT) return 1;
    std::lock_guard lock(page.mutex_);
    page.inbox_.emplace_back(data, size);
    page.ready_.notify_all();
    return 1;
}

void Page::closed(const mg_connection*, void* self) {
    auto& page = *static_cast<Page*>(self);
    std::lock_guard lock(page.mutex_);
    page.closed_ = true;
    page.ready_.notify_all();
}

// ---- RawSocket ----

RawSocket::RawSocket(int port, const char* from) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd_ >= 0);
    sockaddr_in source{};
    source.sin_family = AF_INET;
    REQUIRE(inet_pton(AF_INET, from, &source.sin_addr) == 1);
    REQUIRE(bind(fd_, reinterpret_cast<sockaddr*>(&source), sizeof source) == 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
}

RawSocket::~RawSocket() {
    if (fd_ >= 0) close(fd_);
}

void RawSocket::write(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;  // the server closed: what follows reads nothing
        sent += static_cast<std::size_t>(n);
    }
}

std::string RawSocket::handshake(const std::string& host, const std::string& origin,
                                 const std::string& headers) {
    write("GET /session HTTP/1.1\r\nHost: " + host +
          "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
          (origin.empty() ? "" : "Origin: " + origin + "\r\n") + headers + "\r\n");
    std::string head;
    unsigned char c;
    while (head.find("\r\n\r\n") == std::string::npos && read_exact(&c, 1, 10))
        head += static_cast<char>(c);
    return head;
}

void RawSocket::frame(unsigned char first, const std::string& payload) {
    std::string bytes(1, static_cast<char>(first));
    const std::size_t size = payload.size();
    if (size < 126) {
        bytes += static_cast<char>(0x80 | size);
    } else {
        bytes += static_cast<char>(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8) bytes += static_cast<char>(size >> shift);
    }
    const char mask[4] = {0x12, 0x34, 0x56, 0x78};
    bytes.append(mask, 4);
    for (std::size_t i = 0; i < size; ++i) bytes += static_cast<char>(payload[i] ^ mask[i % 4]);
    write(bytes);
}

std::string RawSocket::next_text(int seconds) {
    for (;;) {
        unsigned char head[2];
        if (!read_exact(head, 2, seconds)) return "";
        std::uint64_t size = head[1] & 0x7f;
        if (size >= 126) {
            unsigned char extended[8];
            const std::size_t width = size == 126 ? 2 : 8;
            if (!read_exact(extended, width, seconds)) return "";
            size = 0;
            for (std::size_t i = 0; i < width; ++i) size = size << 8 | extended[i];
        }
        std::string payload(size, '\0');
        if (size && !read_exact(reinterpret_cast<unsigned char*>(payload.data()), size, seconds))
            return "";
        if ((head[0] & 0xf) == MG_WEBSOCKET_OPCODE_TEXT) return payload;
        if ((head[0] & 0xf) == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return "";
    }
}

bool RawSocket::closed_within(int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    for (;;) {  // what the server still sends is read past
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd wanted{fd_, POLLIN, 0};
        if (left.count() <= 0 || poll(&wanted, 1, static_cast<int>(left.count())) <= 0)
            return false;
        char buffer[4096];
        if (recv(fd_, buffer, sizeof buffer, 0) <= 0) return true;
    }
}

bool RawSocket::read_exact(unsigned char* out, std::size_t size, int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (size > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd wanted{fd_, POLLIN, 0};
        if (left.count() <= 0 || poll(&wanted, 1, static_cast<int>(left.count())) <= 0)
            return false;
        const ssize_t n = recv(fd_, out, size, 0);
        if (n <= 0) return false;
        out += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// ---- Running ----

namespace {

web::ServeOptions with_any_port(web::ServeOptions options) {
    options.port = 0;
    return options;
}

}  // namespace

Running::Running(web::ServeOptions options) : server(with_any_port(std::move(options))) {
    std::string error;
    REQUIRE(server.start(error));
}

std::size_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace vari::test
