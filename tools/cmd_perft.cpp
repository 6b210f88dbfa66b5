// `vari perft GAME DEPTH [--divide] [--position STR] [--moves LIST] [--no-hooks] [--threads N]
// [--json] [--resume FILE] [--lost-after SECONDS]`: leaf count of the tree of moves that `vari
// play` allows.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_perft(int argc, char** argv) {
    CLI::App app{
        "Count the leaves of the tree of moves that play allows (hooks and end conditions "
        "included); the last line is the count alone."};
    app.name("vari perft");
    std::string game_name;
    StartOptions start;
    int depth = 1, threads = 1;
    bool divide = false, no_hooks = false, json = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("DEPTH", depth, "plies to search")->required()->check(whole_number(0, 64));
    app.add_flag("--divide", divide, "print 'MOVE COUNT' for every first move first");
    add_start_options(app, start);
    auto notation = notation::Notation::long_form;
    add_notation_option(app, notation);
    app.add_flag("--no-hooks", no_hooks, "count the legal moves without running the game's hooks");
    add_threads_option(app, threads, "the subtrees shared out among them; the same count");
    RunOptions run;
    add_run_options(app, run, "subtree's count");
    app.add_flag("--json", json,
                 "print one JSON object: the position, depth, count, the first moves' counts "
                 "(with --divide) and the seconds taken");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    const auto played = start_game(*game, app, start, hooks);
    if (!played) return static_cast<int>(Exit::invalid);
    runtime::PerftOptions options{.hooks = hooks,
                                  .divide = divide,
                                  .notation = notation,
                                  .threads = threads,
                                  .stop = stop_on_interrupt(),
                                  .runner = piece_runner(run),
                                  .journal = run.resume};
    const auto began = std::chrono::steady_clock::now();
    if (shows_progress(json))
        options.progress = [&](std::size_t done, std::size_t total) {
            show_progress(static_cast<int>(done), static_cast<int>(total), began, "counted");
        };
    const auto result = runtime::perft(*played, depth, options);
    if (!options.runner.sums_up) return static_cast<int>(Exit::ok);  // the leader prints
    if (options.progress) clear_progress();
    if (!result.error.empty()) {
        std::cerr << "vari perft: " << result.error << '\n';
        return static_cast<int>(Exit::stopped);
    }
    if (json) {
        nlohmann::json moves = nlohmann::json::array();
        for (const auto& [move, nodes] : result.divide)
            moves.push_back({{"move", move}, {"nodes", nodes}});
        nlohmann::json out{
            {"position", notation::to_position_string(played->position())},
            {"depth", depth},
            {"nodes", result.nodes},
            {"seconds",
             std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()}};
        if (divide) out["divide"] = moves;
        print_json(out);
        return 0;
    }
    for (const auto& [move, nodes] : result.divide) std::cout << move << ' ' << nodes << '\n';
    std::cout << result.nodes << '\n';
    return 0;
}

}  // namespace vari::tools
