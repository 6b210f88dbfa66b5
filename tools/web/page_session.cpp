// One page's session as the server runs it: its messages read and bounded, its requests queued
// and answered in order on a thread of its own, its long work stopped when asked.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "tools/web/room_desk.hpp"
#include "tools/web/session.hpp"
#include "tools/web/web.hpp"

namespace vari::web {
namespace {

using nlohmann::json;

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

}  // namespace

// Requests are answered in order on a thread of its own: a request may take long (a perft, an
// analysis) while the page goes on talking. A `stop` is answered at once, and stops the work of
// the requests sent before it; the page's end stops its work too.
struct PageSession::Impl {
    struct Waiting {
        json request;
        std::size_t bytes;
        std::uint64_t stops_before;  // the page's stops sent before it
    };

    Impl(const ServeOptions& options, Send send_text, Close close_page, rooms::Rooms* rooms,
         std::string client, ClientLimits* limits)
        : send_text(std::move(send_text)),
          close_page(std::move(close_page)),
          idle(std::chrono::seconds(options.idle_seconds)),
          client(client),
          limits(limits),
          session(
              options.game, [this](const json& event) { send(event); }, options.work_seconds,
              options.search_threads),
          desk(rooms, std::move(client), [this](const json& event) { send(event); }),
          worker([this] { work(); }) {}
    ~Impl() {
        {
            std::lock_guard lock(mutex);
            closing = true;
        }
        ready.notify_all();
        worker.join();
    }

    void send(const json& message) {
        send_text(message.dump(-1, ' ', false, json::error_handler_t::replace));
    }

    void receive(const std::string& text) {
        const bool allowed = !limits || limits->take_request(client);
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
        if (!allowed) return send(with_id_of(too_many_a_second(), request));
        if (request.is_object() && request.value("op", json()) == "stop") {
            ++stops;
            return send(session.handle(request));
        }
        std::unique_lock lock(mutex);
        if (waiting.size() >= MAX_WAITING_REQUESTS ||
            waiting_bytes + text.size() > MAX_WAITING_BYTES) {
            lock.unlock();
            return send(with_id_of(error_json("too many requests are waiting (at most " +
                                              std::to_string(MAX_WAITING_REQUESTS) +
                                              "): send the next once one is answered"),
                                   request));
        }
        waiting.push_back({request, text.size(), stops.load()});
        waiting_bytes += text.size();
        last_request = std::chrono::steady_clock::now();
        lock.unlock();
        ready.notify_all();
    }

    void work() {
        std::unique_lock lock(mutex);
        for (;;) {
            const bool woken = ready.wait_until(lock, last_request + idle,
                                                [&] { return closing || !waiting.empty(); });
            if (closing) return;
            if (!woken) {
                close_idle();
                last_request = std::chrono::steady_clock::now();  // the page's end will follow
                continue;
            }
            Waiting next = std::move(waiting.front());
            waiting.pop_front();
            waiting_bytes -= next.bytes;
            lock.unlock();
            const runtime::StopWhen stop = [this, before = next.stops_before] {
                return closing || stops > before;
            };
            if (for_rooms(next.request)) {
                send(with_id_of(desk_answer(next.request), next.request));
            } else if (is_long_work(next.request) && limits && !limits->start_work(client)) {
                send(with_id_of(too_much_work(), next.request));
            } else {
                const json answer = session.handle(next.request, stop);
                // Ended before the page hears so: its next perft finds the place free.
                if (is_long_work(next.request) && limits) limits->end_work(client);
                send(answer);
                session.answered();
            }
            lock.lock();
        }
    }

    static bool for_rooms(const json& request) {
        if (!request.is_object()) return false;
        const auto op = request.find("op");
        return op != request.end() && op->is_string() && RoomDesk::handles(*op);
    }

    // What runs for long on the processor, bounded per client.
    static bool is_long_work(const json& request) {
        if (!request.is_object()) return false;
        const auto op = request.find("op");
        return op != request.end() && (*op == "perft" || *op == "analyze");
    }

    json too_many_a_second() const {
        return error_json("too many requests: this server answers at most " +
                          std::to_string(limits->requests_per_second()) +
                          " a second from one address; send it again in a moment");
    }

    json too_much_work() const {
        return error_json("this address has " + std::to_string(limits->max_work()) +
                          " perfts or analyses running here, the most it may; stop one or wait "
                          "for it to end");
    }

    json desk_answer(const json& request) {
        try {
            return desk.handle(request);
        } catch (const std::exception& e) {
            return error_json(std::string("a malformed request: ") + e.what());
        }
    }

    // Closes a page that asked nothing for a long time, telling it why: its place is for others.
    void close_idle() {
        send({{"event", "closed"},
              {"reason",
               "the server closed this page's session after " +
                   std::to_string(std::chrono::duration_cast<std::chrono::seconds>(idle).count()) +
                   " s without a request; reload the page to play again"}});
        close_page();
    }

    const Send send_text;
    const Close close_page;
    const std::chrono::steady_clock::duration idle;
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Waiting> waiting;  // under mutex
    std::size_t waiting_bytes = 0;
    std::chrono::steady_clock::time_point last_request = std::chrono::steady_clock::now();
    std::atomic<bool> closing{false};
    std::atomic<std::uint64_t> stops{0};
    const std::string client;
    ClientLimits* const limits;
    Session session;     // after what its thinking thread's events use, so it goes first
    RoomDesk desk;       // the same for the rooms' news
    std::thread worker;  // last: it starts once the rest is built
};

PageSession::PageSession(const ServeOptions& options, Send send, Close close, rooms::Rooms* rooms,
                         std::string client, ClientLimits* limits)
    : impl_(std::make_unique<Impl>(options, std::move(send), std::move(close), rooms,
                                   std::move(client), limits)) {}

PageSession::~PageSession() = default;

void PageSession::receive(const std::string& message) { impl_->receive(message); }

}  // namespace vari::web
