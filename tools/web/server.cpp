// The server: CivetWeb serves the built-in page over HTTP and gives each page's WebSocket its own
// Session. No file of the machine is served: only the page's built-in files.
#include <civetweb.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "tools/web/assets.hpp"
#include "tools/web/session.hpp"
#include "tools/web/web.hpp"

namespace vari::web {
namespace {

using nlohmann::json;

constexpr const char* SESSION_PATH = "/session";
// Threads besides those the sessions hold: a WebSocket keeps its thread while it is open.
constexpr std::size_t SPARE_THREADS = 8;
// A page silent this long is pinged; one that answers no pings is closed (browsers answer them).
constexpr const char* PING_AFTER_MS = "30000";
// What one page may have waiting to be answered; more is refused, not queued.
constexpr std::size_t MAX_WAITING_REQUESTS = 64;
constexpr std::size_t MAX_WAITING_BYTES = 8 << 20;
// Arrays and objects in a request nest no deeper than this (a page's requests nest three deep);
// a deeper one is refused as it is read, never built.
constexpr int MAX_REQUEST_DEPTH = 32;

json with_id_of(json answer, const json& request) {
    if (request.is_object())
        if (const auto id = request.find("id"); id != request.end()) answer["id"] = *id;
    return answer;
}

// One page's connection. Its requests are answered in order on a thread of its own: CivetWeb's
// threads have small stacks, and a request may take long (a perft, an analysis) while the page
// goes on talking. A `stop` is answered at once, and stops the work of the requests sent before
// it; a page that closes stops its work too.
class Connection {
public:
    Connection(mg_connection* conn, const ServeOptions& options)
        : conn_(conn), max_message_(options.max_message),
          idle_(std::chrono::seconds(options.idle_seconds)),
          session_(options.game, [this](const json& event) { send(event); },
                   options.work_seconds),
          worker_([this] { work(); }) {}
    ~Connection() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        ready_.notify_all();
        worker_.join();
    }

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
            send(error_json("a message may hold at most " + std::to_string(max_message_) +
                            " bytes"));
        else
            receive(std::exchange(message_, {}));
    }

    void send(const json& message) {
        const std::string text = message.dump(-1, ' ', false, json::error_handler_t::replace);
        std::lock_guard lock(writing_);
        mg_websocket_write(conn_, MG_WEBSOCKET_OPCODE_TEXT, text.data(), text.size());
    }

private:
    struct Waiting {
        json request;
        std::size_t bytes;
        std::uint64_t stops_before;  // the page's stops sent before it
    };

    void receive(const std::string& text) {
        bool too_deep = false;
        const json request = json::parse(
            text,
            [&](int depth, json::parse_event_t, json&) {
                too_deep = too_deep || depth > MAX_REQUEST_DEPTH;
                return !too_deep;
            },
            false);
        if (too_deep)
            return send(error_json("a request may nest arrays and objects at most " +
                                   std::to_string(MAX_REQUEST_DEPTH) + " deep"));
        if (request.is_discarded()) return send(error_json("a request must be JSON"));
        if (request.is_object() && request.value("op", json()) == "stop") {
            ++stops_;
            return send(session_.handle(request));
        }
        std::unique_lock lock(mutex_);
        if (waiting_.size() >= MAX_WAITING_REQUESTS ||
            waiting_bytes_ + text.size() > MAX_WAITING_BYTES) {
            lock.unlock();
            return send(with_id_of(error_json("too many requests are waiting (at most " +
                                              std::to_string(MAX_WAITING_REQUESTS) +
                                              "): send the next once one is answered"),
                                   request));
        }
        waiting_.push_back({request, text.size(), stops_.load()});
        waiting_bytes_ += text.size();
        last_request_ = std::chrono::steady_clock::now();
        lock.unlock();
        ready_.notify_all();
    }

    void work() {
        std::unique_lock lock(mutex_);
        for (;;) {
            const bool woken = ready_.wait_until(lock, last_request_ + idle_, [&] {
                return closing_ || !waiting_.empty();
            });
            if (closing_) return;
            if (!woken) {
                close_idle();
                last_request_ = std::chrono::steady_clock::now();  // the page's close will follow
                continue;
            }
            Waiting next = std::move(waiting_.front());
            waiting_.pop_front();
            waiting_bytes_ -= next.bytes;
            lock.unlock();
            const runtime::StopWhen stop = [this, before = next.stops_before] {
                return closing_ || stops_ > before;
            };
            send(session_.handle(next.request, stop));
            session_.answered();
            lock.lock();
        }
    }

    // Closes a page that asked nothing for a long time, telling it why: its slot is for others.
    void close_idle() {
        send({{"event", "closed"},
              {"reason", "the server closed this page's session after " +
                             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(idle_)
                                                .count()) +
                             " s without a request; reload the page to play again"}});
        std::lock_guard lock(writing_);
        mg_websocket_write(conn_, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
    }

    mg_connection* conn_;
    const std::size_t max_message_;
    const std::chrono::steady_clock::duration idle_;
    // The message being put together from its frames (CivetWeb's thread only).
    std::string message_;
    bool in_text_ = false, too_long_ = false;
    std::mutex mutex_, writing_;
    std::condition_variable ready_;
    std::deque<Waiting> waiting_;  // under mutex_
    std::size_t waiting_bytes_ = 0;
    std::chrono::steady_clock::time_point last_request_ = std::chrono::steady_clock::now();
    std::atomic<bool> closing_{false};
    std::atomic<std::uint64_t> stops_{0};
    Session session_;     // after what its thinking thread's events use, so it goes first
    std::thread worker_;  // last: it starts once the rest is built
};

}  // namespace

struct Server::Impl {
    ServeOptions options;
    mg_context* context = nullptr;
    int port = 0;
    std::unique_ptr<HostNames> own_names;
    std::atomic<const HostNames*> host_names{nullptr};  // own_names, once the port is known
    std::atomic<std::size_t> sessions{0};

    // Every request, before anything else: one that names another host is refused.
    static int check_host(mg_connection* conn) {
        const auto& self = *static_cast<const Impl*>(mg_get_user_data(mg_get_context(conn)));
        const char* host = mg_get_header(conn, "Host");
        const HostNames* names = self.host_names;
        if (host && names && names->allows(host)) return 0;
        // Written whole: CivetWeb's error page leaves the status line out for a WebSocket's
        // request.
        constexpr std::string_view WHY =
            "this server answers only under its own address (see vari serve --allow-host)\n";
        mg_printf(conn,
                  "HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: %zu\r\n"
                  "Connection: close\r\n\r\n%s",
                  WHY.size(), WHY.data());
        return 403;
    }

    // GET of a built-in file; everything else is refused.
    static int serve_asset(mg_connection* conn, void*) {
        const mg_request_info* request = mg_get_request_info(conn);
        if (std::strcmp(request->request_method, "GET") != 0 &&
            std::strcmp(request->request_method, "HEAD") != 0) {
            mg_send_http_error(conn, 405, "%s", "only GET is served here\n");
            return 405;
        }
        const Asset* asset = find_asset(request->local_uri ? request->local_uri : "");
        if (!asset) {
            mg_send_http_error(conn, 404, "%s", "no such page\n");
            return 404;
        }
        mg_response_header_start(conn, 200);
        mg_response_header_add(conn, "Content-Type", asset->type.data(),
                               static_cast<int>(asset->type.size()));
        mg_response_header_add(conn, "Cache-Control", "no-cache", -1);
        mg_response_header_add(conn, "X-Content-Type-Options", "nosniff", -1);
        const std::string length = std::to_string(asset->bytes.size());
        mg_response_header_add(conn, "Content-Length", length.c_str(), -1);
        mg_response_header_send(conn);
        if (std::strcmp(request->request_method, "GET") == 0)
            mg_write(conn, asset->bytes.data(), asset->bytes.size());
        return 200;
    }

    // A WebSocket is accepted from the page itself (or a client that sends no Origin), never
    // from another site's page in the user's browser, and only while there is room.
    static int accept_session(const mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        const char* origin = mg_get_header(conn, "Origin");
        const char* host = mg_get_header(conn, "Host");
        if (origin && (!host || std::string(origin) != "http://" + std::string(host))) return 1;
        if (self.sessions.fetch_add(1) >= self.options.max_sessions) {
            --self.sessions;
            return 1;
        }
        return 0;
    }

    static void open_session(mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        mg_set_user_connection_data(conn, new Connection(conn, self.options));
    }

    static int receive(mg_connection* conn, int flags, char* bytes, std::size_t size, void*) {
        if ((flags & 0xf) == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
        if (auto* connection = static_cast<Connection*>(mg_get_user_connection_data(conn)))
            connection->receive_frame(flags, std::string_view(bytes, size));
        return 1;
    }

    static void close_session(const mg_connection* conn, void* data) {
        auto& self = *static_cast<Impl*>(data);
        delete static_cast<Connection*>(mg_get_user_connection_data(conn));
        mg_set_user_connection_data(conn, nullptr);
        --self.sessions;
    }
};

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
}

Server::~Server() { stop(); }

bool Server::start(std::string& error) {
    if (impl_->context) return true;
    mg_init_library(0);
    const std::string ports = impl_->options.host + ":" + std::to_string(impl_->options.port);
    const std::string threads = std::to_string(impl_->options.max_sessions + SPARE_THREADS);
    const std::string request_timeout = std::to_string(impl_->options.request_timeout_ms);
    const char* settings[] = {"listening_ports", ports.c_str(),
                              "num_threads", threads.c_str(),
                              "request_timeout_ms", request_timeout.c_str(),
                              "enable_websocket_ping_pong", "yes",
                              "websocket_timeout_ms", PING_AFTER_MS,
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
    impl_->own_names = std::make_unique<HostNames>(impl_->options.host, impl_->port,
                                                   impl_->options.allowed_hosts);
    impl_->host_names = impl_->own_names.get();
    return true;
}

void Server::stop() {
    if (!impl_->context) return;
    mg_stop(impl_->context);
    impl_->context = nullptr;
}

int Server::port() const { return impl_->port; }

std::string Server::url() const {
    return "http://" + impl_->options.host + ":" + std::to_string(impl_->port) + "/";
}

}  // namespace vari::web
