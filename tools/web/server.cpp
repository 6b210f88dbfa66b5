// The server: CivetWeb serves the built-in page over HTTP and gives each page's WebSocket its own
// Session. No file of the machine is served: only the page's built-in files.
#include <civetweb.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

#include "tools/web/assets.hpp"
#include "tools/web/session.hpp"
#include "tools/web/web.hpp"

namespace vari::web {
namespace {

constexpr const char* SESSION_PATH = "/session";
// Threads besides those the sessions hold: a WebSocket keeps its thread while it is open.
constexpr std::size_t SPARE_THREADS = 8;

// One page's connection. Its requests are answered in order on a thread of its own: CivetWeb's
// threads have small stacks, and a request may take long (a search) while the page goes on
// talking.
class Connection {
public:
    Connection(mg_connection* conn, const std::string& game)
        : conn_(conn), session_(game, [this](const nlohmann::json& event) { send(event); }),
          worker_([this] { work(); }) {}
    ~Connection() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        ready_.notify_all();
        worker_.join();
    }
    void receive(std::string text) {
        {
            std::lock_guard lock(mutex_);
            requests_.push_back(std::move(text));
        }
        ready_.notify_all();
    }

private:
    void work() {
        for (;;) {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [&] { return closing_ || !requests_.empty(); });
            if (closing_) return;
            const std::string text = std::move(requests_.front());
            requests_.pop_front();
            lock.unlock();
            const auto request = nlohmann::json::parse(text, nullptr, false);
            const nlohmann::json answer = request.is_discarded()
                                              ? error_json("a request must be JSON")
                                              : session_.handle(request);
            send(answer);
            session_.answered();
        }
    }

public:
    void send(const nlohmann::json& message) {
        const std::string text =
            message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::lock_guard lock(writing_);
        mg_websocket_write(conn_, MG_WEBSOCKET_OPCODE_TEXT, text.data(), text.size());
    }

private:
    mg_connection* conn_;
    std::mutex mutex_, writing_;
    std::condition_variable ready_;
    std::deque<std::string> requests_;
    bool closing_ = false;
    Session session_;     // after what its thinking thread's events use, so it goes first
    std::thread worker_;  // last: it starts once the rest is built
};

}  // namespace

struct Server::Impl {
    ServeOptions options;
    mg_context* context = nullptr;
    int port = 0;
    std::atomic<std::size_t> sessions{0};

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
        mg_set_user_connection_data(conn, new Connection(conn, self.options.game));
    }

    static int receive(mg_connection* conn, int flags, char* bytes, std::size_t size, void* data) {
        auto& self = *static_cast<Impl*>(data);
        auto* connection = static_cast<Connection*>(mg_get_user_connection_data(conn));
        const int opcode = flags & 0xf;
        if (opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
        if (!connection || opcode != MG_WEBSOCKET_OPCODE_TEXT) return 1;  // pings, binary
        if (size > self.options.max_message)
            connection->send(error_json("a message may hold at most " +
                                        std::to_string(self.options.max_message) + " bytes"));
        else
            connection->receive(std::string(bytes, size));
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
    const char* settings[] = {"listening_ports", ports.c_str(),
                              "num_threads", threads.c_str(),
                              "request_timeout_ms", "30000",
                              "enable_websocket_ping_pong", "yes",
                              "websocket_timeout_ms", "3600000",
                              nullptr};
    mg_callbacks callbacks{};
    callbacks.log_message = [](const mg_connection*, const char*) { return 1; };  // quiet
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
