// The server: CivetWeb serves the built-in page over HTTP and gives each page's WebSocket its own
// Session. No file of the machine is served: only the page's built-in files.
#include <civetweb.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tools/web/assets.hpp"
#include "tools/web/rooms/rooms.hpp"
#include "tools/web/session.hpp"
#include "tools/web/web.hpp"

namespace vari::web {
namespace {

constexpr const char* SESSION_PATH = "/session";
// Threads besides those the sessions hold: a WebSocket keeps its thread while it is open.
constexpr std::size_t SPARE_THREADS = 8;
// A page silent this long is pinged; one that answers no pings is closed (browsers answer them).
constexpr const char* PING_AFTER_MS = "30000";

// Opens and closes a connection to the server's own port, which wakes CivetWeb's listening thread
// from its wait for connections (up to two seconds) to see that it is to stop.
void knock(const std::string& host, int port) {
    std::string name = host;
    if (name.size() > 2 && name.front() == '[' &&
        name.back() == ']')  // [::1], as CivetWeb takes it
        name = name.substr(1, name.size() - 2);
    if (name == "0.0.0.0") name = "127.0.0.1";
    if (name == "::") name = "::1";
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(name.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return;
    const int fd = socket(found->ai_family, found->ai_socktype | SOCK_CLOEXEC, found->ai_protocol);
    if (fd >= 0) {
        connect(fd, found->ai_addr, found->ai_addrlen);
        close(fd);
    }
    freeaddrinfo(found);
}

// One page's WebSocket: its frames put together into messages for its PageSession, whose answers
// it writes back.
class Connection {
public:
    Connection(mg_connection* conn, const ServeOptions& options, rooms::Rooms* rooms,
               std::string client, ClientLimits& limits)
        : conn_(conn),
          max_message_(options.max_message),
          page_(
              options, [this](const std::string& text) { write(MG_WEBSOCKET_OPCODE_TEXT, text); },
              [this] { write(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, ""); }, rooms, std::move(client),
              &limits) {}

    // A frame of a message from the page, on CivetWeb's thread: a message sent in several frames
    // is put together first. Binary messages and pings are not for the session.
    void receive_frame(int flags, std::string_view bytes) {
        const int opcode = flags & 0xf;
        if (opcode == MG_WEBSOCKET_OPCODE_TEXT) {
            message_.clear();
            in_text_ = true;
            too_long_ = false;
        } else if (opcode != MG_WEBSOCKET_OPCODE_CONTINUATION || !in_text_) {
            return;
        }
        if (message_.size() + bytes.size() > max_message_) {
            too_long_ = true;
            message_.clear();
        } else if (!too_long_) {
            message_.append(bytes);
        }
        if (!(flags & 0x80)) return;  // not the message's last frame
        in_text_ = false;
        if (too_long_)
            write(MG_WEBSOCKET_OPCODE_TEXT, error_json("a message may hold at most " +
                                                       std::to_string(max_message_) + " bytes")
                                                .dump());
        else
            page_.receive(std::exchange(message_, {}));
    }

private:
    void write(int opcode, const std::string& text) {
        std::lock_guard lock(writing_);
        mg_websocket_write(conn_, opcode, text.data(), text.size());
    }

    mg_connection* conn_;
    const std::size_t max_message_;
    std::mutex writing_;
    // The message being put together from its frames (CivetWeb's thread only).
    std::string message_;
    bool in_text_ = false, too_long_ = false;
    PageSession page_;  // last: it goes first, and its thread writes through the rest
};

}  // namespace

// "gzip, deflate, br" takes gzip; "gzip;q=0" and "identity" do not.
bool accepts_gzip(const char* accept_encoding) {
    if (!accept_encoding) return false;
    std::string_view rest = accept_encoding;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view coding = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        std::string_view quality;
        if (const std::size_t semicolon = coding.find(';'); semicolon != std::string_view::npos) {
            quality = coding.substr(semicolon + 1);
            coding = coding.substr(0, semicolon);
        }
        const auto trim = [](std::string_view text) {
            while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
                text.remove_prefix(1);
            while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
                text.remove_suffix(1);
            return text;
        };
        coding = trim(coding);
        quality = trim(quality);
        if (coding != "gzip" && coding != "*") continue;
        // q=0, q=0.0, q=0.00 ... refuse it; any other weight takes it.
        if (quality.size() >= 3 && (quality[0] == 'q' || quality[0] == 'Q') && quality[1] == '=' &&
            quality.substr(2).find_first_not_of("0.") == std::string_view::npos)
            return false;
        return true;
    }
    return false;
}

struct Server::Impl {
    ServeOptions options;
    std::unique_ptr<ClientLimits> limits;
    std::unique_ptr<rooms::Rooms> rooms;  // games between people, when there is a database
    mg_context* context = nullptr;
    int port = 0;
    std::unique_ptr<HostNames> own_names;
    std::atomic<const HostNames*> host_names{nullptr};  // own_names, once the port is known
    std::atomic<std::size_t> sessions{0};

    // A refusal written whole: CivetWeb's error page crashes in its own formatting under the
    // address sanitizer of this system's compiler, and leaves the status line out for a
    // WebSocket's request.
    static int refuse(mg_connection* conn, int status, std::string_view status_text,
                      std::string_view why) {
        mg_printf(conn,
                  "HTTP/1.1 %d %.*s\r\nContent-Type: text/plain\r\nContent-Length: %zu\r\n"
                  "Connection: close\r\n\r\n%.*s",
                  status, static_cast<int>(status_text.size()), status_text.data(), why.size(),
                  static_cast<int>(why.size()), why.data());
        return status;
    }

    // Every request, before anything else: one that names another host is refused.
    static int check_host(mg_connection* conn) {
        const auto& self = *static_cast<const Impl*>(mg_get_user_data(mg_get_context(conn)));
        const char* host = mg_get_header(conn, "Host");
        const HostNames* names = self.host_names;
        if (host && names && names->allows(host)) return 0;
        return refuse(conn, 403, "Forbidden",
                      "this server answers only under its own address (see vari serve "
                      "--allow-host)\n");
    }

    // GET of a built-in file; everything else is refused.
    static int serve_asset(mg_connection* conn, void*) {
        const mg_request_info* request = mg_get_request_info(conn);
        if (std::strcmp(request->request_method, "GET") != 0 &&
            std::strcmp(request->request_method, "HEAD") != 0)
            return refuse(conn, 405, "Method Not Allowed", "only GET is served here\n");
        const Asset* asset = find_asset(request->local_uri ? request->local_uri : "");
        if (!asset) return refuse(conn, 404, "Not Found", "no such page\n");
        const bool gzipped =
            !asset->gzipped.empty() && accepts_gzip(mg_get_header(conn, "Accept-Encoding"));
        const std::string_view bytes = gzipped ? asset->gzipped : asset->bytes;
        mg_response_header_start(conn, 200);
        mg_response_header_add(conn, "Content-Type", asset->type.data(),
                               static_cast<int>(asset->type.size()));
        mg_response_header_add(conn, "Cache-Control", "no-cache", -1);
        mg_response_header_add(conn, "X-Content-Type-Options", "nosniff", -1);
        if (!asset->gzipped.empty()) mg_response_header_add(conn, "Vary", "Accept-Encoding", -1);
        if (gzipped) mg_response_header_add(conn, "Content-Encoding", "gzip", -1);
        const std::string length = std::to_string(bytes.size());
        mg_response_header_add(conn, "Content-Length", length.c_str(), -1);
        mg_response_header_send(conn);
        if (std::strcmp(request->request_method, "GET") == 0)
            mg_write(conn, bytes.data(), bytes.size());
        return 200;
    }

    // The address a connection counts as, for the limits of one client.
    std::string client_of(const mg_connection* conn) const {
        const mg_request_info* request = mg_get_request_info(conn);
        std::vector<std::string_view> forwarded;
        for (int i = 0; i < request->num_headers; ++i)
            if (mg_strcasecmp(request->http_headers[i].name, "X-Forwarded-For") == 0)
                forwarded.emplace_back(request->http_headers[i].value);
        return client_address(request->remote_addr, forwarded, options.trust_proxy);
    }

    // A WebSocket is accepted from the page itself (or a client that sends no Origin), never
    // from another site's page in the user's browser, and only while there is room. The page may
    // have been loaded over https from a proxy in front of the server.
    static int accept_session(const mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        const char* origin = mg_get_header(conn, "Origin");
        const char* host = mg_get_header(conn, "Host");
        if (origin && (!host || (std::string(origin) != "http://" + std::string(host) &&
                                 std::string(origin) != "https://" + std::string(host))))
            return 1;
        if (self.sessions.fetch_add(1) >= self.options.max_sessions) {
            --self.sessions;
            return 1;
        }
        return 0;
    }

    // A client past its pages is told why before its page is closed: the page shows the reason.
    static void open_session(mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        std::string client = self.client_of(conn);
        if (!self.limits->open_page(client)) {
            const std::string closed =
                nlohmann::json{
                    {"event", "closed"},
                    {"reason", "this address has " + std::to_string(self.limits->max_pages()) +
                                   " pages open here, the most it may; close one and reload"}}
                    .dump();
            mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_TEXT, closed.data(), closed.size());
            mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
            return;
        }
        mg_set_user_connection_data(conn, new Connection(conn, self.options, self.rooms.get(),
                                                         std::move(client), *self.limits));
    }

    static int receive(mg_connection* conn, int flags, char* bytes, std::size_t size, void*) {
        if ((flags & 0xf) == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
        if (auto* connection = static_cast<Connection*>(mg_get_user_connection_data(conn)))
            connection->receive_frame(flags, std::string_view(bytes, size));
        return 1;
    }

    static void close_session(const mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        if (auto* connection = static_cast<Connection*>(mg_get_user_connection_data(conn))) {
            delete connection;
            mg_set_user_connection_data(conn, nullptr);
            self.limits->close_page(self.client_of(conn));
        }
        --self.sessions;
    }
};

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->limits = std::make_unique<ClientLimits>(impl_->options);
}

Server::~Server() { stop(); }

bool Server::start(std::string& error) {
    if (impl_->context) return true;
    if (!impl_->options.database.empty() && !impl_->rooms) {
        rooms::RoomsOptions rooms;
        rooms.database = impl_->options.database;
        rooms.search_threads = impl_->options.search_threads;
        rooms.describe = [](const runtime::Game& game) { return state_json(game); };
        rooms.board = [](const ir::Game& game) { return board_json(game); };
        try {
            impl_->rooms = std::make_unique<rooms::Rooms>(std::move(rooms));
        } catch (const std::exception& e) {
            error = e.what();
            return false;
        }
    }
    mg_init_library(0);
    constexpr unsigned IPV6 = 8;  // mg_check_feature's bit for it
    if (impl_->options.host.starts_with('[') && !mg_check_feature(IPV6)) {
        error = "cannot listen on " + impl_->options.host +
                ": this system's CivetWeb was built without IPv6; listen on an IPv4 address (a "
                "proxy in front may take IPv6)";
        return false;
    }
    const std::string ports = impl_->options.host + ":" + std::to_string(impl_->options.port);
    const std::string threads = std::to_string(impl_->options.max_sessions + SPARE_THREADS);
    const std::string request_timeout = std::to_string(impl_->options.request_timeout_ms);
    // tcp_nodelay: answers go out at once. A frame's header and body are two writes, and Nagle's
    // algorithm held the second until the page's delayed acknowledgement, ~40 ms an answer.
    const char* settings[] = {"listening_ports",
                              ports.c_str(),
                              "num_threads",
                              threads.c_str(),
                              "request_timeout_ms",
                              request_timeout.c_str(),
                              "enable_websocket_ping_pong",
                              "yes",
                              "websocket_timeout_ms",
                              PING_AFTER_MS,
                              "tcp_nodelay",
                              "1",
                              nullptr};
    mg_callbacks callbacks{};
    callbacks.log_message = [](const mg_connection*, const char*) { return 1; };  // quiet
    callbacks.begin_request = &Impl::check_host;
    mg_init_data init{};
    init.callbacks = &callbacks;
    init.user_data = impl_.get();
    init.configuration_options = settings;
    char message[256] = "";
    unsigned code = 0;
    mg_error_data errors{};
    errors.code = &code;
    errors.text = message;
    errors.text_buffer_size = sizeof message;
    impl_->context = mg_start2(&init, &errors);
    if (!impl_->context) {
        error = "cannot listen on " + ports + (message[0] ? ": " + std::string(message) : "");
        return false;
    }
    mg_set_request_handler(impl_->context, "/", &Impl::serve_asset, impl_.get());
    mg_set_websocket_handler(impl_->context, SESSION_PATH, &Impl::accept_session,
                             &Impl::open_session, &Impl::receive, &Impl::close_session,
                             impl_.get());
    mg_server_port listening[4] = {};
    if (mg_get_server_ports(impl_->context, 4, listening) > 0) impl_->port = listening[0].port;
    impl_->own_names =
        std::make_unique<HostNames>(impl_->options.host, impl_->port, impl_->options.allowed_hosts);
    impl_->host_names = impl_->own_names.get();
    return true;
}

void Server::stop() {
    if (!impl_->context) return;
    std::atomic<bool> stopped{false};
    std::jthread stopping([&] {
        mg_stop(impl_->context);
        stopped = true;
    });
    // Knocks until the listening thread has seen the stop (a knock before it is served as any
    // connection is), so that stopping takes milliseconds.
    while (!stopped) {
        knock(impl_->options.host, impl_->port);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    impl_->context = nullptr;
}

int Server::port() const { return impl_->port; }

std::string Server::url() const {
    return "http://" + impl_->options.host + ":" + std::to_string(impl_->port) + "/";
}

}  // namespace vari::web
