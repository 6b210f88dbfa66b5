// `vari analyze GAME [--games N] [--players SPEC,...] [--threads N] [--seed S] [--json]
// [--resume FILE] [--lost-after SECONDS]`: many
// games between random movers and AI seats, and the balance figures a designer reads from them.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

// The seats --players names: one spec for every player, or one per player in turn order.
std::optional<std::vector<runtime::Seat>> parse_players(const ir::Game& game,
                                                        const std::string& list,
                                                        std::string& error) {
    std::vector<runtime::Seat> seats;
    std::istringstream specs(list);
    for (std::string spec; std::getline(specs, spec, ',');) {
        std::string why;
        auto seat = runtime::parse_seat(spec, why, runtime::SeatsAllowed::computers);
        if (!seat) {
            error = "--players: '" + printable(spec) + "': " + why;
            return std::nullopt;
        }
        seats.push_back(*seat);
    }
    const std::size_t players = game.players.size();
    if (seats.size() == 1) seats.resize(players, seats.front());
    if (seats.size() != players) {
        std::string names;
        for (const auto& p : game.players) names += (names.empty() ? "" : ", ") + p.name;
        error = "--players gives " + std::to_string(seats.size()) + " seats; " + game.name +
                " has " + std::to_string(players) + " players (" + names +
                "): give one spec for all or one per player";
        return std::nullopt;
    }
    return seats;
}

double percent(int part, int whole) { return whole ? 100.0 * part / whole : 0; }

void print_report(const ir::Game& game, const runtime::AnalysisOptions& options,
                  const runtime::Analysis& a) {
    std::cout << std::fixed << std::setprecision(1);
    std::cout << game.name << ": " << a.games << " games (seed " << options.seed << ", "
              << options.random_plies << " random opening plies)\n"
              << "finished " << a.finished << ", unfinished " << a.unfinished << " (still going at "
              << options.max_plies << " plies), stopped " << a.stopped << "\n\n";

    std::cout << "seat  player          plays            score    mean  95% interval\n";
    for (std::size_t p = 0; p < options.seats.size(); ++p) {
        std::cout << std::setw(4) << p + 1 << "  " << std::left << std::setw(14)
                  << game.players[p].name << "  " << std::setw(14) << options.seats[p].text
                  << std::right << "  " << std::setw(7) << a.score_sums[p];
        if (a.finished)
            std::cout << std::setprecision(3) << "  " << std::setw(6) << a.score_means[p]
                      << "  +/- " << a.score_margins[p] << std::setprecision(1);
        std::cout << '\n';
    }
    std::vector<std::string> weights;  // each seat's, once
    for (const auto& seat : options.seats)
        if (const std::string w = runtime::seat_weights(game, seat);
            !w.empty() && std::find(weights.begin(), weights.end(), w) == weights.end())
            weights.push_back(w);
    for (const std::string& w : weights)
        std::cout << "AI evaluation weights: "
                  << (w == "derived" ? "derived from the rules" : "learned, " + printable(w))
                  << '\n';
    std::cout << "\ndraws " << a.draws << " (" << percent(a.draws, a.finished) << "%), decisive "
              << a.decisive << " (" << percent(a.decisive, a.finished) << "%) of finished games\n";

    std::cout << "\nended by                          games\n";
    for (const auto& [reason, games] : a.endings)
        std::cout << "  " << std::left << std::setw(30) << printable(reason) << std::right
                  << std::setw(6) << games << std::setw(7) << percent(games, a.games) << "%\n";
    for (const auto& [why, games] : a.stops)
        std::cout << "  stopped " << games << "x: " << printable(why) << '\n';

    if (a.finished) {
        std::cout << "\nlength in plies: mean " << a.mean_plies << ", median " << a.median_plies
                  << ", from " << a.min_plies << " to " << a.max_plies << '\n';
        int most = 1;
        for (const auto& b : a.lengths) most = std::max(most, b.games);
        for (const auto& b : a.lengths)
            std::cout << "  " << std::setw(5) << b.from << "-" << std::left << std::setw(5) << b.to
                      << std::right << std::setw(6) << b.games << (b.games ? "  " : "")
                      << std::string(static_cast<std::size_t>(b.games * 40 / most), '#') << '\n';
    }
    std::cout << "\nbranching: " << a.branching << " moves to choose from per position\n";

    std::size_t width = 8;
    for (const auto& piece : game.pieces) width = std::max(width, piece.name.size());
    std::cout << '\n'
              << std::left << std::setw(static_cast<int>(width) + 2) << "per game" << std::right
              << "   moves    drops captures captured promotions\n";
    const auto per_game = [&](std::uint64_t n) {
        std::ostringstream text;
        text << std::fixed << std::setprecision(2) << static_cast<double>(n) / a.games;
        return text.str();
    };
    for (std::size_t t = 0; t < a.pieces.size(); ++t) {
        const auto& p = a.pieces[t];
        std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << game.pieces[t].name
                  << std::right << std::setw(8) << per_game(p.moves) << std::setw(9)
                  << per_game(p.drops) << std::setw(9) << per_game(p.captures) << std::setw(9)
                  << per_game(p.captured) << std::setw(11) << per_game(p.promotions) << '\n';
    }
}

}  // namespace

int run_analyze(int argc, char** argv) {
    CLI::App app{
        "Play many games and report balance figures: each seat's score with a 95% "
        "interval, draws, how games end, their length, branching, and what each piece "
        "type does. Each game opens with --random-plies random plies; the figures "
        "depend only on the seed, not on --threads."};
    app.name("vari analyze");
    std::string game_name, players = "ai:1";
    runtime::AnalysisOptions options;
    bool json = false, no_hooks = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("--games", options.games, "games to play (default 100)")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--players", players,
                   "SPEC for every player or SPEC,SPEC,... one per player in turn order; SPEC is "
                   "random, ai or ai:LEVEL (ai:3, ai:depth=2, ai:nodes=5000); default ai:1");
    app.add_option("--threads", options.threads, "games played at once (default 1)")
        ->check(whole_number(1, 256));
    app.add_option("--seed", options.seed, "the seed the games derive from (default 1)")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    app.add_option("--random-plies", options.random_plies,
                   "plies played at random at the start of each game (default 2)")
        ->check(whole_number(0, 1000));
    app.add_option("--max-plies", options.max_plies,
                   "a game longer than this is counted unfinished (default 2000)")
        ->check(whole_number(1, 1'000'000));
    app.add_flag("--json", json, "print every figure as one JSON object");
    app.add_flag("--no-hooks", no_hooks, "play without running the game's hooks");
    RunOptions run;
    add_run_options(app, run, "game");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    std::string error;
    const auto seats = parse_players(game->ir(), players, error);
    if (!seats) {
        std::cerr << "vari analyze: " << error << '\n';
        return static_cast<int>(Exit::usage);
    }
    options.seats = *seats;
    options.hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;

    // Under mpirun the games are shared among the processes; the leader sums them up and prints.
    options.runner = piece_runner(run);
    options.journal = run.resume;
    std::function<void(int)> progress;
    const auto start = std::chrono::steady_clock::now();
    if (shows_progress(json))
        progress = [&](int done) {
            show_progress(done, options.games, start);
            if (done == options.games) clear_progress();
        };
    const runtime::Analysis analysis =
        runtime::analyze(*game, options, progress, stop_on_interrupt());
    if (!options.runner.sums_up) return static_cast<int>(Exit::ok);
    if (progress) clear_progress();
    if (!analysis.error.empty() || analysis.cut_short) {
        std::cerr << "vari analyze: " << (analysis.error.empty() ? "stopped" : analysis.error);
        if (analysis.games > 0 && !run.resume.empty())
            std::cerr << "; the " << analysis.games << " games finished are kept in "
                      << printable(run.resume) << ": the same command goes on from them";
        else if (analysis.games > 0)
            std::cerr << " (--resume FILE keeps the games finished, for a run to go on from)";
        std::cerr << '\n';
        return static_cast<int>(Exit::stopped);
    }
    if (json)
        std::cout << runtime::analysis_json(game->ir(), options, analysis) << '\n';
    else
        print_report(game->ir(), options, analysis);
    return static_cast<int>(analysis.stopped ? Exit::stopped : Exit::ok);
}

}  // namespace vari::tools
