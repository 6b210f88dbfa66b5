// `vari perft GAME DEPTH [--divide] [--position STR] [--moves LIST] [--no-hooks] [--threads N]
// [--json]`: leaf count of the tree of moves that `vari play` allows.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "runtime/distributed/distributed.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

namespace {

// The whole count from every process's share (under mpirun; one process's is already whole), on
// the leader: the counts summed, first move by first move, and the first error met.
runtime::PerftResult whole_count(const runtime::PerftResult& mine) {
    nlohmann::json share{{"nodes", mine.nodes}, {"error", mine.error}};
    for (const auto& [move, nodes] : mine.divide) share["divide"].push_back({move, nodes});
    const std::vector<std::string> shares = distributed::gather(share.dump());
    if (shares.size() < 2) return mine;
    runtime::PerftResult whole = mine;
    whole.nodes = 0;
    whole.error.clear();
    for (const std::string& text : shares) {
        const nlohmann::json other = nlohmann::json::parse(text);
        whole.nodes += other.at("nodes").get<std::uint64_t>();
        if (whole.error.empty()) whole.error = other.at("error").get<std::string>();
        if (&text == &shares.front()) continue;  // the leader's own, counted in `mine`
        for (std::size_t i = 0; i < whole.divide.size(); ++i)
            whole.divide[i].second += other.at("divide").at(i).at(1).get<std::uint64_t>();
    }
    return whole;
}

}  // namespace

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
    add_threads_option(app, threads, "the first moves shared out among them; the same count");
    app.add_flag("--json", json,
                 "print one JSON object: the position, depth, count, the first moves' counts "
                 "(with --divide) and the seconds taken");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    const auto played = start_game(*game, app, start, hooks);
    if (!played) return static_cast<int>(Exit::invalid);
    const distributed::Team& team = distributed::team();
    runtime::PerftOptions options{.hooks = hooks,
                                  .divide = divide,
                                  .notation = notation,
                                  .threads = threads,
                                  .share = team.rank,
                                  .shares = team.size};
    const auto began = std::chrono::steady_clock::now();
    if (team.leader() && shows_progress(json))
        options.progress = [&](std::size_t done, std::size_t total) {
            show_progress(static_cast<int>(done), static_cast<int>(total), began,
                          "first moves counted");
        };
    const auto result = whole_count(runtime::perft(*played, depth, options));
    if (options.progress) clear_progress();
    if (!team.leader()) return result.error.empty() ? 0 : static_cast<int>(Exit::stopped);
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
