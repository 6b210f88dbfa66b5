// `vari perft GAME DEPTH [--divide] [--position STR] [--moves LIST] [--no-hooks] [--threads N]`:
// leaf count of the tree of moves that `vari play` allows.
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_perft(int argc, char** argv) {
    CLI::App app{"Count the leaves of the tree of moves that play allows (hooks and end conditions "
                 "included); the last line is the count alone."};
    app.name("vari perft");
    std::string game_name;
    StartOptions start;
    int depth = 1, threads = 1;
    bool divide = false, no_hooks = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("DEPTH", depth, "plies to search")->required()->check(whole_number(0, 64));
    app.add_flag("--divide", divide, "print 'MOVE COUNT' for every first move first");
    add_start_options(app, start);
    auto notation = runtime::Notation::long_form;
    add_notation_option(app, notation);
    app.add_flag("--no-hooks", no_hooks, "count the legal moves without running the game's hooks");
    add_threads_option(app, threads);
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    const auto played = start_game(*game, app, start, hooks);
    if (!played) return static_cast<int>(Exit::invalid);
    const auto result = runtime::perft(*played, depth, hooks, divide, notation, threads);
    if (!result.error.empty()) {
        std::cerr << "vari perft: " << result.error << '\n';
        return static_cast<int>(Exit::stopped);
    }
    for (const auto& [move, nodes] : result.divide) std::cout << move << ' ' << nodes << '\n';
    std::cout << result.nodes << '\n';
    return 0;
}

}  // namespace vari::tools
