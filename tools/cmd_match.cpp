// `vari match GAME --player SPEC [--option NAME=VALUE ...] [--player-tc TC ...] --player SPEC ...
// [--tournament round-robin|gauntlet] [--rounds R] [--games N] [--tc TC|--movetime MS|--depth N|
// --nodes N] [--openings FILE|--random-plies N] [--seed S] [--concurrency N] [--sprt ...]
// [--records DIR] [--pgn FILE] [--json] [--resume FILE] [--lost-after SECONDS]`: games between
// players (vari's own or external engines), colours alternating, and the score and Elo; or a
// tournament and its standings.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"
#include "tools/match/match.hpp"

namespace vari::tools {
namespace {

namespace fs = std::filesystem;

// Where each game's record goes: a file per game in a folder, and one file of them all.
class RecordSink {
public:
    // False, saying why on standard error, when the folder cannot be made or the file opened.
    // A match that goes on from its journal (`resuming`) adds its records to those in the folder.
    bool open(const std::string& folder, const std::string& pgn, int games, bool resuming) {
        folder_ = folder;
        digits_ = static_cast<int>(std::to_string(games).size());
        std::error_code ec;
        if (!folder.empty() && !fs::is_directory(folder, ec) &&
            !fs::create_directories(folder, ec)) {
            std::cerr << "vari match: cannot make the folder " << printable(folder) << ": "
                      << ec.message() << '\n';
            return false;
        }
        // The records of an earlier match are kept: a match writes to a folder without any.
        if (!folder.empty() && !resuming)
            for (const auto& entry : fs::directory_iterator(folder, ec))
                if (entry.path().filename().string().starts_with("game-") &&
                    entry.path().extension() == ".pgn") {
                    std::cerr << "vari match: " << printable(folder)
                              << " holds the records of an earlier match (such as "
                              << printable(entry.path().filename().string())
                              << "): give --records another folder\n";
                    return false;
                }
        if (!pgn.empty()) {
            all_.open(pgn, std::ios::app);  // as cutechess, games are added to what is there
            if (!all_) {
                std::cerr << "vari match: cannot write " << printable(pgn) << '\n';
                return false;
            }
        }
        return true;
    }

    void write(const match::GameOutcome& game) {
        if (game.record.empty()) return;
        if (!folder_.empty()) {
            std::ostringstream name;
            name << "game-" << std::setw(digits_) << std::setfill('0') << game.setup.index + 1
                 << ".pgn";
            std::string error;
            if (!save_record((fs::path(folder_) / name.str()).string(), game.record, Replace::never,
                             error)) {
                std::cerr << "\nvari match: " << printable(error) << '\n';
                failed_ = true;
            }
        }
        if (all_.is_open()) {
            all_ << game.record << '\n' << std::flush;
            failed_ = failed_ || !all_;
        }
    }
    bool failed() const { return failed_; }

private:
    std::string folder_;
    int digits_ = 1;
    std::ofstream all_;
    bool failed_ = false;
};

// What belongs to one --player: the options of --option and --player-* given after it.
struct PlayerSettings {
    match::EngineSetup setup;
    match::Limits limits;
    std::string limits_text;  // "tc=40/10+0.1, depth=3", added to the player's name
};

// The options that set the --player before them, each with the values given, in order.
struct PlayerOptions {
    CLI::Option* option = nullptr;  // --option
    CLI::Option *tc = nullptr, *movetime = nullptr, *depth = nullptr, *nodes = nullptr;
    std::vector<std::string> options, tcs, movetimes, depths, nodes_given;
};

// Gives each value of `given`, the option just met in the command line's order, to `player`;
// false, saying why on standard error, when it cannot be.
bool attach(const CLI::Option* given, const std::string& value, const std::string& spec,
            const PlayerOptions& per_player, PlayerSettings& player) {
    const auto refuse = [&](const std::string& why) {
        std::cerr << "vari match: " << given->get_name() << " '" << printable(value) << "': " << why
                  << '\n';
        return false;
    };
    if (given == per_player.option) {
        const std::size_t equals = value.find('=');
        if (equals == std::string::npos || equals == 0)
            return refuse("expected NAME=VALUE after the --player it sets");
        if (!match::names_engine(spec)) return refuse(printable(spec) + " is not an engine");
        player.setup.options.emplace_back(value.substr(0, equals), value.substr(equals + 1));
        return true;
    }
    match::Limits& limits = player.limits;
    const bool again = given == per_player.tc         ? limits.time_control.has_value()
                       : given == per_player.movetime ? limits.movetime_ms != 0
                       : given == per_player.depth    ? limits.depth != 0
                                                      : limits.nodes != 0;
    if (again) return refuse("given twice for " + printable(spec));
    std::string error;
    if (given == per_player.tc) {
        limits.time_control = match::parse_time_control(value, error);
        if (!limits.time_control) return refuse(error);
    } else {
        // A whole number, as the option's check has found it.
        const std::uint64_t number = std::stoull(value);
        if (given == per_player.movetime) limits.movetime_ms = static_cast<std::int64_t>(number);
        if (given == per_player.depth) limits.depth = static_cast<int>(number);
        if (given == per_player.nodes) limits.nodes = number;
    }
    const std::string name = given->get_name().substr(std::string("--player-").size());
    player.limits_text += (player.limits_text.empty() ? "" : ", ") + name + "=" + value;
    return true;
}

// What the command line of `vari match` holds once read, before it is checked.
struct MatchCommand {
    std::string game_name, tc, openings_file, sprt, records, pgn, format, variant, engine_log;
    std::vector<std::string> players;
    match::MatchOptions options;
    std::int64_t time_margin_ms = 0;
    bool json = false, no_hooks = false;
    CLI::Option* player_option = nullptr;
    PlayerOptions per_player;
    RunOptions run;
};

// What makes a match's games what they are, for its journal: the command's arguments, less those
// that only say where the records go, how the report is shown, and how the games are shared out.
std::string journal_run(const CompiledGame& game, int argc, char** argv) {
    const std::vector<std::string> apart = {"--resume",      "--records",    "--pgn",
                                            "--concurrency", "--lost-after", "--engine-log"};
    nlohmann::json arguments = nlohmann::json::array();
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--json") continue;
        const auto named = [&](const std::string& name) {
            return argument == name || argument.starts_with(name + "=");
        };
        if (const auto it = std::find_if(apart.begin(), apart.end(), named); it != apart.end()) {
            i += argument == *it;  // its value follows
            continue;
        }
        arguments.push_back(argument);
    }
    return nlohmann::json{
        {"vari-match", 1}, {"rules-hash", game.ir().rules_hash}, {"arguments", arguments}}
        .dump();
}

void add_player_options(CLI::App& app, MatchCommand& command) {
    command.player_option =
        app.add_option("--player", command.players,
                       "one per player of the game (more for a tournament), the first reported "
                       "on: random, ai or ai:LEVEL (ai:3, ai:depth=2, ai:nodes=5000), or an "
                       "engine: uci:COMMAND, usi:COMMAND or xboard:COMMAND "
                       "(uci:/usr/games/fairy-stockfish), or another vari's think:COMMAND "
                       "('think:/opt/vari-old/vari think chess')")
            ->required()
            ->take_all()
            ->allow_extra_args(false);  // one a --player, so that what follows it is its own
    PlayerOptions& per_player = command.per_player;
    per_player.option =
        app.add_option(
               "--option", per_player.options,
               "NAME=VALUE: an option of the engine of the --player before it ('Skill Level=3')")
            ->allow_extra_args(false);
    per_player.tc = app.add_option("--player-tc", per_player.tcs,
                                   "TC: the clock of the --player before it, in place of --tc")
                        ->allow_extra_args(false);
    per_player.movetime =
        app.add_option("--player-movetime", per_player.movetimes,
                       "MS: the move time of the --player before it, in place of --movetime")
            ->check(whole_number(1, 3'600'000))
            ->allow_extra_args(false);
    per_player.depth = app.add_option("--player-depth", per_player.depths,
                                      "N: the depth of the --player before it, in place of --depth")
                           ->check(whole_number(1, search::MAX_DEPTH))
                           ->allow_extra_args(false);
    per_player.nodes = app.add_option("--player-nodes", per_player.nodes_given,
                                      "N: the nodes of the --player before it, in place of --nodes")
                           ->check(whole_number(1, 1'000'000'000'000ull))
                           ->allow_extra_args(false);
    app.add_option("--variant", command.variant,
                   "the engines' name for the game (default: the rule file's name, as chess)");
    app.add_option("--engine-log", command.engine_log,
                   "add the engines' standard error to this file (default: discarded)");
}

void add_match_options(CLI::App& app, MatchCommand& command) {
    match::MatchOptions& options = command.options;
    app.add_option("--tournament", command.format,
                   "round-robin: every pairing of players plays --games games; gauntlet: the "
                   "first player against each of the others (default: round-robin when there "
                   "are more players than seats)")
        ->check(CLI::IsMember({"round-robin", "gauntlet"}))
        ->option_text("round-robin|gauntlet");
    app.add_option("--rounds", options.rounds,
                   "play the tournament's (or match's) games this many times, openings going on "
                   "(default 1)")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--games", options.games,
                   "games to play (default 10); in a tournament, by each pairing in each round")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--tc", command.tc,
                   "a clock for each player: [MOVES/]TIME[+INCREMENT] in seconds "
                   "(40/60+0.6, 10+0.1); a player past its clock loses");
    app.add_option("--time-margin", command.time_margin_ms,
                   "milliseconds a move may end past its clock or move time without a loss "
                   "(default: 50 plus a tenth of the move time, or plus a hundredth of the "
                   "clock's base time)")
        ->check(whole_number(0, 3'600'000));
    app.add_option("--movetime", options.limits.movetime_ms,
                   "milliseconds a move, for every player; a move past it (and --time-margin) "
                   "loses")
        ->check(whole_number(1, 3'600'000));
    app.add_option("--move-timeout", options.move_timeout_ms,
                   "milliseconds an engine may think at a fixed --depth or --nodes before it "
                   "loses as silent (default 60000)")
        ->check(whole_number(1, 86'400'000));
    app.add_option("--depth", options.limits.depth, "plies a move, for every AI player")
        ->check(whole_number(1, search::MAX_DEPTH));
    app.add_option("--nodes", options.limits.nodes, "nodes a move, for every AI player")
        ->check(whole_number(1, 1'000'000'000'000ull));
    auto* from_file = app.add_option("--openings", command.openings_file,
                                     "a file of openings, one a line: a position string or moves "
                                     "from the start; each is played from every seat");
    app.add_option("--random-plies", options.random_plies,
                   "else each opening is this many random plies (default 4)")
        ->check(whole_number(0, 1000))
        ->excludes(from_file);
    app.add_option("--seed", options.seed, "the seed openings and players derive from (default 1)")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    app.add_option("--concurrency", options.concurrency, "games played at once (default 1)")
        ->check(whole_number(1, 256));
    app.add_option("--max-plies", options.adjudication.max_plies,
                   "a game still going after this many plies is a draw (default 2000)")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--draw-after-plies", options.adjudication.draw_after_plies,
                   "from this ply on, a game is a draw once every score has stayed within "
                   "--draw-score of 0 for --draw-moves moves each")
        ->check(whole_number(0, 1'000'000));
    app.add_option("--draw-moves", options.adjudication.draw_moves,
                   "moves each with every score near 0 (default 8)")
        ->check(whole_number(1, 1000));
    app.add_option("--draw-score", options.adjudication.draw_score,
                   "how near 0, in centipawns (default 10)")
        ->check(whole_number(0, 100'000));
    app.add_option("--resign-moves", options.adjudication.resign_moves,
                   "a player whose score stays at or below -(--resign-score) for this many of "
                   "its moves loses")
        ->check(whole_number(1, 1000));
    app.add_option("--resign-score", options.adjudication.resign_score,
                   "how low, in centipawns (default 1000)")
        ->check(whole_number(1, 10'000'000));
    app.add_option("--sprt", command.sprt,
                   "elo0=0,elo1=5,alpha=0.05,beta=0.05: test the first player's Elo gain and "
                   "stop once a bound is crossed (a match of two players)");
    app.add_option("--records", command.records, "write each game's record to DIR/game-N.pgn");
    app.add_option("--pgn", command.pgn, "add every game's record to this file");
    app.add_flag("--json", command.json, "print the report as one JSON object");
    app.add_flag("--no-hooks", command.no_hooks, "play without running the game's hooks");
    add_run_options(app, command.run, "game");
}

// Gives each --option and --player-* to the --player given before it; false, saying why on
// standard error, when one cannot be.
bool settle_players(const CLI::App& app, const MatchCommand& command,
                    std::vector<PlayerSettings>& settings) {
    const PlayerOptions& per_player = command.per_player;
    const std::pair<const CLI::Option*, const std::vector<std::string>*> valued[] = {
        {per_player.option, &per_player.options},
        {per_player.tc, &per_player.tcs},
        {per_player.movetime, &per_player.movetimes},
        {per_player.depth, &per_player.depths},
        {per_player.nodes, &per_player.nodes_given}};
    std::size_t player = 0, taken[std::size(valued)] = {};
    for (const CLI::Option* given : app.parse_order()) {
        if (given == command.player_option) ++player;
        for (std::size_t v = 0; v < std::size(valued); ++v) {
            if (given != valued[v].first) continue;
            const std::string& value = (*valued[v].second)[taken[v]++];
            if (player == 0) {
                std::cerr << "vari match: " << given->get_name() << " '" << printable(value)
                          << "': give it after the --player it sets\n";
                return false;
            }
            if (!attach(given, value, command.players[player - 1], per_player,
                        settings[player - 1]))
                return false;
        }
    }
    return true;
}

// The players of the match, one for each --player; nothing, having said why on standard error
// (with `exit` the code to end with), when one cannot play.
std::optional<std::vector<match::Entrant>> make_entrants(const CompiledGame& game,
                                                         const MatchCommand& command,
                                                         std::vector<PlayerSettings>& settings,
                                                         Exit& exit) {
    const std::vector<std::string>& players = command.players;
    for (std::size_t p = 0; p < players.size(); ++p) {
        if (match::names_engine(players[p]) &&
            !match::limits_for(settings[p].limits, command.options.limits).any()) {
            std::cerr << "vari match: --player '" << printable(players[p])
                      << "': an engine plays: give --tc, --movetime, --depth or --nodes, or "
                         "--player-tc, --player-movetime, --player-depth or --player-nodes "
                         "after it\n";
            exit = Exit::usage;
            return std::nullopt;
        }
    }
    std::vector<match::Entrant> entrants;
    for (std::size_t p = 0; p < players.size(); ++p) {
        const std::string& spec = players[p];
        match::EngineSetup& setup = settings[p].setup;
        setup.variant =
            command.variant.empty() ? fs::path(command.game_name).stem().string() : command.variant;
        setup.log = command.engine_log;
        std::string error;
        auto entrant = match::names_engine(spec) ? match::engine_entrant(game, spec, setup, error)
                                                 : match::vari_entrant(spec, error);
        if (!entrant) {
            std::cerr << "vari match: --player '" << printable(spec) << "': " << printable(error)
                      << '\n';
            exit = match::names_engine(spec) ? Exit::invalid : Exit::usage;
            return std::nullopt;
        }
        entrant->limits = settings[p].limits;
        if (!settings[p].limits_text.empty()) entrant->name += " (" + settings[p].limits_text + ")";
        entrants.push_back(std::move(*entrant));
    }
    return entrants;
}

// The openings of --openings FILE; false, having said why on standard error, when it cannot be
// read or holds errors.
bool read_openings_file(const CompiledGame& game, const std::string& path,
                        std::vector<match::Opening>& openings) {
    // Ample for match::MAX_OPENINGS lines of the longest position strings.
    std::string error;
    const auto text = dsl::read_bytes(path, std::size_t{16} << 20, error);
    if (!text) {
        std::cerr << "vari match: cannot read " << printable(path) << ": " << printable(error)
                  << '\n';
        return false;
    }
    std::vector<Diagnostic> errors;
    auto read = match::read_openings(game, *text, path, errors);
    for (const auto& d : errors) std::cerr << dsl::render(d, *text);
    if (!read) return false;
    openings = std::move(*read);
    return true;
}

}  // namespace

int run_match(int argc, char** argv) {
    CLI::App app{
        "Play games between players, colours alternating, each opening played from every "
        "seat, and report wins, draws and losses, the score and the Elo difference with its "
        "95% interval (scores per player for more than two); with more players than the game "
        "has seats, a tournament and its standings. Records go to --records or --pgn."};
    app.name("vari match");
    MatchCommand command;
    match::MatchOptions& options = command.options;
    options.games = 10;
    app.add_option("GAME", command.game_name, "a .vari file or a shipped game's name")->required();
    add_player_options(app, command);
    add_match_options(app, command);
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;
    if (app.count("--time-margin")) options.time_margin_ms = command.time_margin_ms;

    const auto usage = [](const std::string& message) {
        std::cerr << "vari match: " << message << '\n';
        return static_cast<int>(Exit::usage);
    };
    const std::vector<std::string>& players = command.players;
    std::vector<PlayerSettings> settings(players.size());
    if (!settle_players(app, command, settings)) return static_cast<int>(Exit::usage);
    std::string error;
    if (!command.tc.empty()) {
        options.limits.time_control = match::parse_time_control(command.tc, error);
        if (!options.limits.time_control)
            return usage("--tc '" + printable(command.tc) + "': " + error);
    }
    if (!command.sprt.empty()) {
        options.sprt = match::parse_sprt(command.sprt, error);
        if (!options.sprt) return usage("--sprt '" + printable(command.sprt) + "': " + error);
    }

    auto game = load_game(command.game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const ir::Game& rules = game->ir();
    const std::size_t seats = rules.players.size();
    if (players.size() < seats) {
        std::string names;
        for (const auto& p : rules.players) names += (names.empty() ? "" : ", ") + p.name;
        return usage(std::to_string(players.size()) + " --player given; " + rules.name + " has " +
                     std::to_string(seats) + " players (" + names +
                     "): give one --player for each, or more for a tournament");
    }
    options.format = command.format == "gauntlet" ? match::Format::gauntlet
                     : command.format == "round-robin" || players.size() > seats
                         ? match::Format::round_robin
                         : match::Format::match;
    if (options.sprt && options.format != match::Format::match)
        return usage(std::string("--sprt tests one player against another in a match: a ") +
                     match::format_name(options.format) + " of " + std::to_string(players.size()) +
                     " players has no single pair to test");
    if (options.sprt && players.size() != 2) return usage("--sprt needs two players");
    const auto tournament =
        match::tournament_of(options.format, static_cast<int>(players.size()),
                             static_cast<int>(seats), options.games, options.rounds, error);
    if (!tournament) return usage(error);
    Exit exit = Exit::ok;
    auto entrants = make_entrants(*game, command, settings, exit);
    if (!entrants) return static_cast<int>(exit);
    options.entrants = std::move(*entrants);
    options.hooks = command.no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    options.date = runtime::record_date_today();
    if (!command.openings_file.empty() &&
        !read_openings_file(*game, command.openings_file, options.openings))
        return static_cast<int>(Exit::invalid);
    options.runner = piece_runner(command.run);
    options.journal = command.run.resume;
    options.journal_run = journal_run(*game, argc, argv);
    RecordSink sink;
    if (options.runner.sums_up &&
        !sink.open(command.records, command.pgn, tournament->size(), !command.run.resume.empty()))
        return static_cast<int>(Exit::invalid);

    const bool live = shows_progress(command.json);
    const auto start = std::chrono::steady_clock::now();
    const match::MatchReport report = match::run_match(
        *game, options, [&](const match::GameOutcome& outcome, const match::MatchReport& so_far) {
            if (!outcome.from_journal) sink.write(outcome);
            if (live)
                show_progress(so_far.played + so_far.stopped, so_far.planned, start,
                              match::live_score(options, so_far));
        });
    if (!options.runner.sums_up) return static_cast<int>(Exit::ok);  // the leader reports
    if (live) clear_progress();
    if (!report.error.empty()) {
        std::cerr << "vari match: " << report.error;
        if (!command.run.resume.empty())
            std::cerr << "; the " << report.played + report.stopped
                      << " games finished are kept in " << printable(command.run.resume)
                      << ": the same command goes on from them";
        std::cerr << '\n';
        return static_cast<int>(Exit::stopped);
    }
    std::cout << (command.json ? match::match_json(rules, options, report) + '\n'
                               : match::match_text(rules, options, report));
    if (sink.failed()) return static_cast<int>(Exit::invalid);
    return static_cast<int>(report.stopped ? Exit::stopped : Exit::ok);
}

}  // namespace vari::tools
