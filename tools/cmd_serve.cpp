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
        "GAME first. The server listens on 127.0.0.1 unless --host says otherwise: "
        "another address lets other machines play on this one, and run their rule "
        "files here (sandboxed, but they use its processor)."};
    app.name("vari serve");
    web::ServeOptions options;
    std::string game = options.game;
    app.add_option("GAME", game, "the shipped game the page opens with (default chess)");
    app.add_option("--port", options.port,
                   "the port to listen on; 0 for any free port (default 8080)")
        ->check(CLI::Range(0, 65535));
    app.add_option("--host", options.host,
                   "the address to listen on (default 127.0.0.1: this machine only)");
    app.add_option("--allow-host", options.allowed_hosts,
                   "a name the page may be reached by besides the address (e.g. this machine's "
                   "name on the network); requests under any other name are refused");
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
    std::string error;
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
