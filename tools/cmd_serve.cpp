// `vari serve`: play, design and analyse games in the browser, on a local web server.
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"
#include "tools/web/web.hpp"

namespace vari::tools {
namespace {

volatile std::sig_atomic_t interrupted = 0;

// $XDG_DATA_HOME/vari/rooms.sqlite, or under ~/.local/share when that is not set.
std::string default_database() {
    const char* data = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    const std::filesystem::path folder =
        data && *data ? std::filesystem::path(data)
                      : std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
    return (folder / "vari" / "rooms.sqlite").string();
}

}  // namespace

int run_serve(int argc, char** argv) {
    CLI::App app{
        "Serve a page for playing, designing and analysing games in the browser; it opens "
        "GAME first. The server listens on 127.0.0.1:8080 unless --listen says otherwise: "
        "another address lets other machines play on this one, and run their rule "
        "files here (sandboxed, but they use its processor, within limits per client)."};
    app.name("vari serve");
    web::ServeOptions options;
    std::string game = options.game;
    app.add_option("GAME", game, "the shipped game the page opens with (default chess)");
    std::string listen;
    const auto listen_option =
        app.add_option("--listen", listen,
                       "where to listen: ADDR:PORT, ADDR a name, an IPv4 address or an IPv6 one "
                       "in brackets ([::1]:8080), 0.0.0.0 for every address, PORT 0 for any free "
                       "one (default 127.0.0.1:8080: this machine only)")
            ->type_name("ADDR:PORT");
    app.add_option("--host", options.host, "the ADDR of --listen alone")
        ->type_name("ADDR")
        ->excludes(listen_option);
    app.add_option("--port", options.port, "the PORT of --listen alone")
        ->check(CLI::Range(0, 65535))
        ->type_name("PORT")
        ->excludes(listen_option);
    app.add_option("--allow-host", options.allowed_hosts,
                   "a name the page may be reached by besides the address (this machine's name "
                   "on the network, a proxy's name), NAME:PORT for another port than the "
                   "server's; requests under any other name are refused")
        ->type_name("NAME");
    app.add_option("--max-pages", options.max_sessions,
                   "pages connected at once (default 32); each holds a thread while open")
        ->check(whole_number(1, 10000))
        ->type_name("N");
    app.add_option("--client-pages", options.max_client_pages,
                   "pages one client (an address) may have open at once (default 16)")
        ->check(whole_number(1, 10000))
        ->type_name("N");
    app.add_option("--client-requests", options.client_requests_per_second,
                   "requests a second one client may send, twice as many at once (default 20; "
                   "0: no limit); more are answered with an error")
        ->check(whole_number(0, 1000000))
        ->type_name("N");
    app.add_flag("--trust-proxy", options.trust_proxy,
                 "behind a reverse proxy on this machine: a connection from loopback is the "
                 "client the last address of its X-Forwarded-For header names");
    app.add_option("--threads", options.search_threads,
                   "threads the AI searches with (default 1); a page may ask for fewer")
        ->check(whole_number(1, search::MAX_THREADS));
    options.database = default_database();
    app.add_option("--database", options.database,
                   "the SQLite file that keeps the games people play here (default "
                   "$XDG_DATA_HOME/vari/rooms.sqlite, or ~/.local/share/vari/rooms.sqlite); "
                   "made when missing")
        ->type_name("FILE");
    if (const auto stop = parse_arguments(app, argc, argv)) return *stop;
    std::string error;
    if (!listen.empty() && !web::parse_listen(listen, options.host, options.port, error)) {
        std::cerr << "vari serve: --listen: " << printable(error) << '\n';
        return static_cast<int>(Exit::usage);
    }
    // --host ::1, as an address alone is written, is the bracketed [::1] of --listen.
    if (options.host.find(':') != std::string::npos && options.host.front() != '[')
        options.host = "[" + options.host + "]";

    if (!dsl::is_shipped_game(game)) {
        std::cerr << "vari serve: no shipped game is called '" << printable(game)
                  << "' (vari list shows them)\n";
        return static_cast<int>(Exit::invalid);
    }
    options.game = game;
    std::error_code made;
    std::filesystem::create_directories(std::filesystem::path(options.database).parent_path(),
                                        made);
    web::Server server(options);
    if (!server.start(error)) {
        std::cerr << "vari serve: " << error << '\n';
        return static_cast<int>(Exit::invalid);
    }
    std::cout << "vari serves " << game << " at " << server.url()
              << "  (open it in a browser; Ctrl-C stops)" << std::endl;
    std::signal(SIGINT, [](int) { interrupted = 1; });
    std::signal(SIGTERM, [](int) { interrupted = 1; });
    while (!interrupted) pause();
    server.stop();
    std::cout << "vari serve: stopped" << std::endl;
    return static_cast<int>(Exit::ok);
}

}  // namespace vari::tools
