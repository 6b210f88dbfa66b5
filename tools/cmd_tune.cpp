// `vari tune GAME [--games N] [--level ai:LEVEL] [--score-level ai:LEVEL [--score-share S]]
// [--judge-games N] [--judge-level ai:LEVEL] [--threads N] [--seed S] [--output FILE] [--resume
// FILE]
// [--lost-after SECONDS]`: the game's evaluation weights learned by self-play, written to a
// weights file beside the rule file.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>

#include "dsl/dsl.hpp"
#include "runtime/tune/tune.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

// A share as the command line gives it: "0.5", not "0.500000".
std::string share_text(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", share);
    return text;
}

// The command line that makes the same weights again, for the file to say.
std::string made_by(const std::string& game, const tune::Options& o) {
    return "vari tune " + game + " --games " + std::to_string(o.games) + " --level " +
           o.level_text + " --random-plies " + std::to_string(o.random_plies) + " --max-plies " +
           std::to_string(o.max_plies) + " --seed " + std::to_string(o.seed) + " --judge-games " +
           std::to_string(o.judge_games) +
           (o.judge_level ? " --judge-level " + o.judge_level_text : "") +
           (o.score_level ? " --score-level " + o.score_level_text + " --score-share " +
                                share_text(o.score_share)
                          : "");
}

// A self-play or scoring level: ai:LEVEL counting plies or nodes, so that a seed plays the same
// games; nothing (with the reason printed) otherwise.
std::optional<search::Level> counted_level(const char* option, const std::string& text) {
    std::string error;
    const auto level = text.starts_with("ai")
                           ? search::parse_level(std::string_view(text).substr(2), error)
                           : std::nullopt;
    if (level && !level->limits.milliseconds) return level;
    std::cerr << "vari tune: " << option << " '" << printable(text) << "': "
              << (error.empty() ? "give ai:LEVEL counting plies or nodes (ai:2, "
                                  "ai:nodes=2000), so that a seed plays the same games"
                                : error)
              << '\n';
    return std::nullopt;
}

}  // namespace

int run_tune(int argc, char** argv) {
    CLI::App app{
        "Learn the game's evaluation weights by self-play: play --games games at --level, keep "
        "their quiet positions with each game's result, and fit the weights so that the "
        "evaluation predicts the results (one game in ten held out to judge the fit). Writes a "
        "weights file, by default beside the rule file (GAME.weights), which the AI then uses "
        "for these rules. Finished games are kept in OUTPUT.games as they end: a stopped run "
        "(Ctrl-C) started again resumes there. The weights depend only on the options, not on "
        "--threads."};
    app.name("vari tune");
    std::string game_name, output;
    tune::Options options;
    options.level_text = "ai:nodes=2000";
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("--games", options.games, "self-play games (default 2000)")
        ->check(whole_number(10, 10'000'000));
    app.add_option("--level", options.level_text,
                   "the self-play AI: ai:LEVEL counting plies or nodes (default ai:nodes=2000)");
    add_threads_option(app, options.threads, "the games shared out among them; the same weights");
    app.add_option("--seed", options.seed, "the seed the games derive from (default 1)")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    app.add_option("--random-plies", options.random_plies,
                   "plies played at random at the start of each game (default 8)")
        ->check(whole_number(0, 1000));
    app.add_option("--max-plies", options.max_plies,
                   "a game longer than this is left out (default 400)")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--score-level", options.score_level_text,
                   "search each kept position again at this level (ai:nodes=20000), and learn "
                   "from its score beside the game's result");
    double share = 0.5;
    auto* share_option =
        app.add_option(
               "--score-share", share,
               "with --score-level, the share of the score in what is learned, the result's "
               "being the rest (default 0.5)")
            ->check(CLI::Range(0.0, 1.0));
    options.judge_games = 400;
    app.add_option("--judge-games", options.judge_games,
                   "after each stage of the fit, games at --judge-level between its weights and "
                   "those before it: the stage is kept only if it scores at least even (default "
                   "400; 0: kept when it predicts the held-out results better)")
        ->check(whole_number(0, 1'000'000));
    app.add_option("--judge-level", options.judge_level_text,
                   "the level the stages are judged at: the one the weights are to play at "
                   "(ai:nodes=20000), counting plies or nodes (default: --level)");
    app.add_option("--output", output, "the weights file to write (default: beside the rules)");
    RunOptions run;
    add_run_options(app, run, "game (default OUTPUT.games)");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    const auto level = counted_level("--level", options.level_text);
    if (!level) return static_cast<int>(Exit::usage);
    options.level = *level;
    if (!options.judge_level_text.empty()) {
        options.judge_level = counted_level("--judge-level", options.judge_level_text);
        if (!options.judge_level) return static_cast<int>(Exit::usage);
    }
    if (!options.score_level_text.empty()) {
        options.score_level = counted_level("--score-level", options.score_level_text);
        if (!options.score_level) return static_cast<int>(Exit::usage);
        options.score_share = share;
    } else if (share_option->count()) {
        std::cerr << "vari tune: --score-share needs --score-level\n";
        return static_cast<int>(Exit::usage);
    }
    const auto path = dsl::resolve_game(game_name);
    std::string error;
    auto game = load_game(game_name);
    if (!game || !path) return static_cast<int>(Exit::invalid);
    if (output.empty()) output = dsl::weights_path(*path).string();

    options.journal = run.resume.empty() ? output + ".games" : run.resume;
    options.runner = piece_runner(run);
    const runtime::StopWhen stop = stop_on_interrupt();
    const auto start = std::chrono::steady_clock::now();
    const auto progress = [&](const tune::Progress& p) {
        if (!shows_progress(false)) return;
        show_progress(p.done, p.total, start,
                      p.phase == tune::Progress::Phase::playing     ? "games"
                      : p.phase == tune::Progress::Phase::searching ? "games searched again"
                      : p.phase == tune::Progress::Phase::judging   ? "stages judged by play"
                                                                    : "fits");
    };
    const tune::Outcome outcome = tune::tune(*game, options, progress, stop);
    if (!options.runner.sums_up) return static_cast<int>(Exit::ok);  // the leader sums up
    if (shows_progress(false)) clear_progress();
    if (!outcome.error.empty()) {
        std::cerr << "vari tune: " << outcome.error << '\n';
        return static_cast<int>(Exit::stopped);
    }
    if (outcome.cut_short) {
        std::cerr << "vari tune: " << (outcome.problem.empty() ? "stopped" : outcome.problem)
                  << "; the games played are kept in " << options.journal
                  << ": the same command resumes\n";
        return static_cast<int>(Exit::stopped);
    }
    if (outcome.positions == 0) {
        std::cerr << "vari tune: no game finished with a result: nothing to learn from\n";
        return static_cast<int>(Exit::stopped);
    }
    ir::Weights weights = search::Evaluation::to_ir(*game, outcome.weights);
    weights.made_by = made_by(game_name, options);
    weights.summary = tune::summary(outcome);
    if (!save_record(output, dsl::weights_text(game->ir(), weights), Replace::allowed, error)) {
        std::cerr << "vari tune: " << error << '\n';
        return static_cast<int>(Exit::stopped);
    }
    std::error_code ec;
    std::filesystem::remove(options.journal, ec);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "wrote " << output << ": " << weights.summary << "; " << static_cast<int>(seconds)
              << " s\n";
    return static_cast<int>(Exit::ok);
}

}  // namespace vari::tools
