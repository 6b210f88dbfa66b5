// `vari think GAME [--position STR] [--moves LIST] [--depth N | --time MS | --nodes N] [--json]`:
// the AI's best move for a position, with its score, principal variation and effort.
#include <unistd.h>

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    return text;
}

}  // namespace

int run_think(int argc, char** argv) {
    CLI::App app{
        "Search a position and print the best move, its score, the principal variation, "
        "the depth reached and the nodes searched."};
    app.name("vari think");
    std::string game_name;
    StartOptions start;
    search::Limits limits;
    std::string level_text;
    bool json = false, no_hooks = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    add_start_options(app, start);
    app.add_option("--depth", limits.depth, "search this many plies")
        ->check(whole_number(1, search::MAX_DEPTH));
    app.add_option("--time", limits.milliseconds, "think this many milliseconds")
        ->check(whole_number(1, 86'400'000));
    app.add_option("--nodes", limits.nodes, "search this many nodes")
        ->check(whole_number(1, 1'000'000'000'000));
    app.add_option("--level", level_text, "think as the AI at this level (1-10; default 5)")
        ->check(whole_number(1, 10));
    int threads = 1;
    app.add_option("--threads", threads, "threads searching together (default 1)")
        ->check(whole_number(1, search::MAX_THREADS));
    auto notation = notation::Notation::short_form;
    add_notation_option(app, notation);
    app.add_flag("--json", json, "print the result as one JSON object");
    app.add_flag("--no-hooks", no_hooks, "search without running the game's hooks");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    search::Level level;
    if (!limits.depth && !limits.milliseconds && !limits.nodes) {
        std::string error;
        level = *search::parse_level(level_text.empty() ? ":5" : ":" + level_text, error);
    } else {
        level.limits = limits;
    }
    level.threads = threads;
    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    const auto played = start_game(*game, app, start, hooks);
    if (!played) return static_cast<int>(Exit::invalid);
    if (const auto& result = played->result()) {
        std::cerr << "vari think: the game is over: " << result->summary << '\n';
        return static_cast<int>(result->stopped ? Exit::stopped : Exit::invalid);
    }
    const int players = game->tables().player_count;
    const Position& root = played->position();
    runtime::AiPlayer ai(*game, level, 0, hooks);
    if (!json) std::cout << "depth  score      nodes     nodes/s  time  pv\n";
    const auto show = [&](const search::Iteration& it) {
        if (json) return;
        const double nps = it.seconds > 0 ? it.nodes / it.seconds : 0;
        std::cout << std::setw(5) << it.depth << "  " << std::setw(5)
                  << runtime::score_text(it.score, players) << "  " << std::setw(9) << it.nodes
                  << "  " << std::setw(10) << static_cast<std::uint64_t>(nps) << "  "
                  << std::setw(4) << std::fixed << std::setprecision(1) << it.seconds << "  "
                  << joined(notation::format_line(root, it.pv, notation)) << std::endl;
    };
    const search::Outcome out = ai.choose(*played, show);
    if (!out.error.empty()) {
        std::cerr << "vari think: " << out.error << '\n';
        return static_cast<int>(Exit::stopped);
    }
    const auto& it = out.last;
    const double nps = it.seconds > 0 ? it.nodes / it.seconds : 0;
    const std::string best = notation::format_move(root, out.best, notation);
    if (json) {
        nlohmann::json j{{"best", best},
                         {"score", it.score},
                         {"score_text", runtime::score_text(it.score, players)},
                         {"depth", it.depth},
                         {"nodes", it.nodes},
                         {"nodes_per_second", static_cast<std::uint64_t>(nps)},
                         {"seconds", it.seconds},
                         {"pv", notation::format_line(root, it.pv, notation)}};
        std::cout << j.dump() << '\n';
    } else {
        std::cout << "best move " << best << "  score " << runtime::score_text(it.score, players)
                  << "  depth " << it.depth << "  nodes " << it.nodes << "  nodes/s "
                  << static_cast<std::uint64_t>(nps) << '\n';
    }
    return 0;
}

}  // namespace vari::tools
