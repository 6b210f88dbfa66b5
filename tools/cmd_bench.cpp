// `vari bench GAME [--position STR] [--moves LIST] [--depth N] [--threads N] [--playouts N]
// [--search-nodes N] [--no-hooks]`: load time, perft leaves per second (of the tree `vari perft`
// counts), random playouts per second, the AI's search speed, from the start or the position given;
// for a game with hooks, the same games replayed with and without them. The last line is the perft
// node count: a signature to quote.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <random>
#include <string>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The best of a few loads: reading, checking, lowering and compiling the rule file.
double load_milliseconds(const std::string& path) {
    double best = 1e9;
    for (int i = 0; i < 5; ++i) {
        const auto start = Clock::now();
        if (!dsl::load_file(path).compiled) return -1;  // the load compiles it
        best = std::min(best, seconds_since(start) * 1000);
    }
    return best;
}

// Random games played to their end (or `max_plies`), and the moves of each.
struct Playouts {
    double seconds = 0;
    std::uint64_t plies = 0;
    int stopped = 0;  // games a failed hook stopped
    std::vector<std::vector<Move>> games;
};

Playouts random_playouts(const CompiledGame& game, const Position& from, int playouts,
                         int max_plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Playouts out;
    out.games.resize(playouts);
    const auto start = Clock::now();
    runtime::Game play(game, from);
    for (auto& moves : out.games) {
        if (&moves != &out.games.front()) play.restart();
        while (!play.result() && play.ply() < max_plies) {
            const Move m = runtime::random_move(play, rng);
            if (m.is_none()) break;
            play.play(m);
            moves.push_back(m);
        }
        out.plies += moves.size();
        out.stopped += play.result() && play.result()->stopped;
    }
    out.seconds = seconds_since(start);
    return out;
}

// Seconds to play `games` again, move by move, with or without the hooks: the same positions,
// so the difference is what the hooks cost.
double replay(const CompiledGame& game, const Position& from,
              const std::vector<std::vector<Move>>& games, runtime::HookUse hooks) {
    const auto start = Clock::now();
    for (const auto& moves : games) {
        runtime::Game play(game, from, hooks);
        for (const Move m : moves) play.play(m);
    }
    return seconds_since(start);
}

}  // namespace

int run_bench(int argc, char** argv) {
    CLI::App app{
        "Measure load time, perft leaves per second, random playouts per second and the AI's "
        "nodes per second."};
    app.name("vari bench");
    std::string game_name;
    StartOptions from;
    int depth = 0, threads = 1, playouts = 200, max_plies = 500;
    std::uint64_t seed = 1;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    add_start_options(app, from);
    app.add_option("--depth", depth, "perft depth (default: the first taking at least a second)")
        ->check(whole_number(1, 32));
    add_threads_option(app, threads, "perft's first moves shared out among them; the same count");
    app.add_option("--playouts", playouts, "random games to play")
        ->check(whole_number(0, 10000000));
    app.add_option("--max-plies", max_plies, "longest playout")->check(whole_number(1, 100000));
    app.add_option("--seed", seed, "random seed for the playouts")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    std::uint64_t search_nodes = 200'000;
    app.add_option("--search-nodes", search_nodes,
                   "nodes the AI searches from the position, to measure its speed (0: none)")
        ->check(whole_number(0, 1'000'000'000'000));
    bool no_hooks = false;
    app.add_flag("--no-hooks", no_hooks, "count perft without running the game's hooks");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const double load_ms = load_milliseconds(*dsl::resolve_game(game_name));
    std::printf("game            %s\n", game->ir().name.c_str());
    std::printf("load            %.2f ms (parse, check, lower, compile)\n", load_ms);

    const auto hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    const auto played = start_game(*game, app, from, hooks);
    if (!played) return static_cast<int>(Exit::invalid);
    const Position& pos = played->position();
    std::uint64_t nodes = 0;
    double elapsed = 0;
    for (int d = depth ? depth : 1;; ++d) {
        const auto start = Clock::now();
        runtime::PerftOptions options{.hooks = hooks, .threads = threads};
        if (shows_progress(false))
            options.progress = [&](std::size_t done, std::size_t total) {
                show_progress(static_cast<int>(done), static_cast<int>(total), start,
                              "perft " + std::to_string(d) + ": counted");
            };
        const auto counted = runtime::perft(*game, pos, d, options);
        if (options.progress) clear_progress();
        elapsed = seconds_since(start);
        if (!counted.error.empty()) {
            std::cerr << "vari bench: " << counted.error << '\n';
            return static_cast<int>(Exit::stopped);
        }
        nodes = counted.nodes;
        if (depth || elapsed >= 1.0 || d >= 12) {
            depth = d;
            break;
        }
    }
    std::printf("perft %-9d %llu leaves in %.3f s: %.2f M leaves/s%s\n", depth,
                static_cast<unsigned long long>(nodes), elapsed, nodes / elapsed / 1e6,
                threads > 1 ? (" on " + std::to_string(threads) + " threads").c_str() : "");

    if (playouts > 0) {
        const Playouts p = random_playouts(*game, pos, playouts, max_plies, seed);
        std::printf("playouts        %d in %.3f s: %.1f playouts/s, %.2f M plies/s\n", playouts,
                    p.seconds, playouts / p.seconds, p.plies / p.seconds / 1e6);
        if (p.stopped) std::printf("                %d stopped by a failed hook\n", p.stopped);
        if (game->ir().hooks && !p.stopped) {
            // The best of three rounds each, alternately, so that a busy moment spoils neither.
            double off = 1e9, on = 1e9;
            for (int round = 0; round < 3; ++round) {
                off = std::min(off, replay(*game, pos, p.games, runtime::HookUse::off));
                on = std::min(on, replay(*game, pos, p.games, runtime::HookUse::on));
            }
            std::printf(
                "replayed        %.1f playouts/s without hooks, %.1f with: the hooks cost "
                "%.1f %%\n",
                playouts / off, playouts / on, 100.0 * (on - off) / on);
        }
    }
    if (search_nodes > 0 && !played->result()) {
        search::Level level;
        level.limits.nodes = search_nodes;
        runtime::AiPlayer ai(*game, level, seed, hooks);
        const search::Outcome out = ai.choose(*played);
        if (!out.error.empty()) {
            std::cerr << "vari bench: " << out.error << '\n';
            return static_cast<int>(Exit::stopped);
        }
        std::printf("search          %llu nodes to depth %d in %.3f s: %.1f k nodes/s\n",
                    static_cast<unsigned long long>(out.last.nodes), out.last.depth,
                    out.last.seconds, out.last.nodes / out.last.seconds / 1e3);
    }
    std::printf("%llu\n", static_cast<unsigned long long>(nodes));
    return 0;
}

}  // namespace vari::tools
