// Internal to tools/web/: one page's session and the JSON it exchanges with the page.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"
#include "tools/web/web.hpp"

namespace vari::web {

// A page's game: the rule file it was loaded from, the game in play, the moves undone (redo), and
// who plays each seat: a human at the page, the AI at a level, or the random mover.
// Requests are objects {"op": NAME, ...}; every answer is an object with "ok" true and what the
// request asked, or "ok" false and "error" (and, for a rule file, its "diagnostics"). A bad
// request never changes the session.
// When a computer seat is to move, it thinks on a thread of its own, so the page can go on asking
// (for the state, to stop it, to undo); its move then reaches the page through `push` as
// {"event": "state", ...}, and its progress as {"event": "thinking", ...}.
class Session {
public:
    using Push = std::function<void(const nlohmann::json&)>;
    // A perft or an analysis stops after `work_seconds`; the AI searches with `search_threads`
    // threads, and a seat may ask for no more.
    Session(std::string default_game, Push push, double work_seconds, int search_threads = 1);
    ~Session();
    // One request at a time (the connection's thread), but for {"op": "stop"}, which may come
    // from another thread while a request runs. Long work (perft, analysis) asks `stop_work` as
    // it goes and ends, refused, when it says true.
    nlohmann::json handle(const nlohmann::json& request, const runtime::StopWhen& stop_work = {});
    // To be called once the answer to handle() has been sent: a computer seat the request put to
    // move starts thinking only now, so that its move reaches the page after that answer.
    void answered();

private:
    nlohmann::json hello() const;
    nlohmann::json open(const nlohmann::json& request);
    nlohmann::json move(const nlohmann::json& request);
    nlohmann::json undo();
    nlohmann::json redo();
    nlohmann::json seats(const nlohmann::json& request);
    nlohmann::json view(const nlohmann::json& request);
    nlohmann::json analyse(const nlohmann::json& request);
    nlohmann::json thinking_json(const search::Iteration& iteration) const;
    nlohmann::json check(const nlohmann::json& request) const;
    nlohmann::json source(const nlohmann::json& request) const;
    nlohmann::json perft(const nlohmann::json& request, const runtime::StopWhen& stop);
    nlohmann::json analyze(const nlohmann::json& request, const runtime::StopWhen& stop);
    // `stop`, or the session's time for one request gone; `why` says which once it has said true.
    runtime::StopWhen stop_or_timeout(const runtime::StopWhen& stop, std::string& why) const;
    nlohmann::json save_record();
    nlohmann::json load_record(const nlohmann::json& request);
    // Loads a shipped game by name, or a pasted rule file: a diagnostics answer when it fails.
    std::unique_ptr<CompiledGame> load(const nlohmann::json& request, nlohmann::json& answer) const;
    // Makes `game` (of `compiled`) the session's game, with a person in every seat.
    void replace_game(std::unique_ptr<CompiledGame> compiled, std::unique_ptr<runtime::Game> game);
    nlohmann::json stop();
    nlohmann::json state() const;  // under `mutex_`

    // The seat to move thinks, if a computer plays it and the game goes on; under `mutex_`.
    void think_if_computer();
    // Stops and forgets any thinking; its move is not played.
    void cancel_thinking();

    std::string default_game_;
    Push push_;
    std::chrono::duration<double> work_time_;
    int search_threads_;
    // Gives a level that names no threads the server's, and refuses one that asks for more.
    bool bound_threads(search::Level& level, std::string& error) const;
    std::unique_ptr<CompiledGame> compiled_;
    std::string source_;                     // the pasted rule file, or empty for a shipped game
    std::string name_;                       // the shipped game's name
    std::unique_ptr<runtime::Table> table_;  // the game in play and its seats
    std::mt19937_64 rng_{1};                 // seeds the seats' AIs and random movers
    // The thinking thread reads the game unlocked: only it changes the game while it runs, and
    // only under `mutex_`, after checking that it was not cancelled. Everything else changes the
    // game only after cancel_thinking().
    std::mutex mutex_;
    std::thread thinker_;
    bool think_when_answered_ = false;  // under `mutex_`: a request changed the game
    std::atomic<bool> cancelled_{false};
    bool thinking_ = false;  // under `mutex_`: a computer seat is choosing its move
    // Under `mutex_`: a stop came before the thinking it was meant for began (the page asked for
    // the move at once right after the request that started it): that thinking stops at its
    // first iteration. A request sent after the stop forgets it.
    bool stop_asked_ = false;
    // The AI analysing the position on the board for the page (thinker_ runs it), or null.
    std::unique_ptr<runtime::AiPlayer> analyst_;
};

// ---- What the page is shown (state_json.cpp) ----
// The board's picture from each player's side (with the axes that turn a piece's marks), the
// players, the piece types with the marks of their moves, and the cells of the piece panel.
nlohmann::json board_json(const ir::Game& game);
// The game in play: pieces, hands, side to move, legal moves (each with its cells, so the page can
// offer them by click), last move, check, the moves so far, the result.
nlohmann::json state_json(const runtime::Game& game);

// A request's error answer.
nlohmann::json error_json(const std::string& message);
// A request's text field, empty when it is missing; std::invalid_argument when it is not text.
std::string string_field(const nlohmann::json& request, const char* key);

// ---- What one client may use (client_limits.cpp) ----
// The client a connection counts as: its address `remote`, or, with `trust_proxy` and `remote` on
// loopback (a proxy on this machine), the last address of its X-Forwarded-For headers (`forwarded`,
// in order), which the proxy wrote. Anything the client wrote itself comes before it.
std::string client_address(std::string_view remote, const std::vector<std::string_view>& forwarded,
                           bool trust_proxy);

// Per client, from any of the server's threads: its pages open, its requests (a bucket of tokens
// refilled at the rate allowed, holding two seconds' worth) and its long work running.
class ClientLimits {
public:
    explicit ClientLimits(const ServeOptions& options);
    // False, with nothing counted, when the client has as many as it may.
    bool open_page(const std::string& client);
    void close_page(const std::string& client);
    bool take_request(const std::string& client);
    bool start_work(const std::string& client);
    void end_work(const std::string& client);

    std::size_t max_pages() const { return max_pages_; }
    std::size_t requests_per_second() const { return rate_; }
    std::size_t max_work() const { return max_work_; }

private:
    struct Client {
        std::size_t pages = 0, work = 0;
        double tokens = 0;
        std::chrono::steady_clock::time_point refilled;
    };
    Client& client(const std::string& address);       // under mutex_
    void forget_if_idle(const std::string& address);  // under mutex_
    // One more of a client's pages or works, unless it holds `most`; one fewer.
    bool take_place(const std::string& address, std::size_t Client::*held, std::size_t most);
    void give_back(const std::string& address, std::size_t Client::*held);

    const std::size_t max_pages_;
    const std::size_t rate_;
    const double burst_;
    const std::size_t max_work_;
    std::mutex mutex_;
    std::map<std::string, Client> clients_;
};

// ---- Who may ask (host_names.cpp) ----
// The Host headers a server listening on `listen_host`:`port` answers: its own address; with it
// `localhost`, `127.0.0.1` and `[::1]` when it listens on loopback or on every address; any address
// by number when it listens on every address; and the names the user allowed; with its port or
// without one, or with the port the user gave (NAME:PORT, for a proxy's own port). Any other name
// may be a page of another site that had its name resolve here.
class HostNames {
public:
    HostNames(const std::string& listen_host, int port,
              const std::vector<std::string>& extra_names);
    bool allows(std::string_view header) const;

private:
    int port_;
    bool everywhere_;
    std::vector<std::string> names_;            // lower case, IPv6 addresses in brackets
    std::vector<std::string> names_with_port_;  // NAME:PORT as allowed, under another port
};

}  // namespace vari::web
