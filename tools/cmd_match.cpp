// `vari match GAME --player SPEC [--option NAME=VALUE ...] --player SPEC ... [--games N]
// [--tc TC|--movetime MS|--depth N|--nodes N] [--openings FILE|--random-plies N] [--seed S]
// [--concurrency N] [--sprt ...] [--records DIR] [--pgn FILE] [--json]`: games between players
// (vari's own or external engines), colours alternating, and the score and Elo.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
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
    bool open(const std::string& folder, const std::string& pgn, int games) {
        folder_ = folder;
        digits_ = static_cast<int>(std::to_string(games).size());
        std::error_code ec;
        if (!folder.empty() && !fs::is_directory(folder, ec) &&
            !fs::create_directories(folder, ec)) {
            std::cerr << "vari match: cannot make the folder " << printable(folder) << ": "
                      << ec.message() << '\n';
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
            if (!save_record((fs::path(folder_) / name.str()).string(), game.record, error)) {
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

// The live score after each game: "+3 =1 -2" for two players, each one's points for more.
std::string live_score(const match::MatchOptions& options, const match::MatchReport& report) {
    std::ostringstream out;
    if (options.entrants.size() == 2) {
        const match::Stats& s = report.stats;
        out << '+' << s.wins << " =" << s.draws << " -" << s.losses;
        if (options.sprt) out << std::fixed << std::setprecision(2) << "  LLR " << report.llr;
        return out.str();
    }
    for (std::size_t e = 0; e < options.entrants.size(); ++e)
        out << (e ? "  " : "") << options.entrants[e].name << ' ' << report.scores[e].points;
    return out.str();
}

std::string describe_budget(const match::MatchOptions& options) {
    std::ostringstream out;
    if (const auto& tc = options.time_control) {
        out << "clock ";
        if (tc->moves) out << tc->moves << " moves in ";
        out << tc->base_ms / 1000.0 << " s + " << tc->increment_ms / 1000.0 << " s a move";
    }
    if (options.movetime_ms)
        out << (out.tellp() ? ", " : "") << options.movetime_ms << " ms a move";
    if (options.depth) out << (out.tellp() ? ", " : "") << "depth " << options.depth;
    if (options.nodes) out << (out.tellp() ? ", " : "") << options.nodes << " nodes";
    return out.tellp() ? out.str() : "each player's own level";
}

void print_report(const ir::Game& game, const match::MatchOptions& options,
                  const match::MatchReport& r) {
    std::cout << game.name << ": " << r.played << " games of " << r.planned << " (seed "
              << options.seed << "; openings: "
              << (options.openings.empty()
                      ? std::to_string(options.random_plies) + " random plies"
                      : std::to_string(options.openings.size()) + " from the file")
              << "; " << describe_budget(options) << ")\n";
    std::cout << std::fixed << std::setprecision(1);
    if (options.entrants.size() == 2) {
        const match::Stats& s = r.stats;
        const match::Elo elo = match::elo_of(s);
        std::cout << "Score of " << options.entrants[0].name << " vs " << options.entrants[1].name
                  << ": " << s.wins << " - " << s.losses << " - " << s.draws << "  ["
                  << std::setprecision(3) << s.score() << "] " << s.games() << '\n'
                  << std::setprecision(1) << "Elo difference: " << elo.difference << " +/- "
                  << elo.margin << ", LOS: " << elo.los << " %, draw ratio: " << elo.draw_ratio
                  << " %\n"
                  << "Pairs by points (0, 1/2, 1, 3/2, 2):";
        for (const int n : s.pairs) std::cout << ' ' << n;
        std::cout << '\n';
        if (const auto& sprt = options.sprt) {
            const char* verdict = r.verdict == match::SprtVerdict::h1   ? "H1 accepted"
                                  : r.verdict == match::SprtVerdict::h0 ? "H0 accepted"
                                                                        : "undecided";
            std::cout << std::setprecision(2) << "SPRT (elo0 " << sprt->elo0 << ", elo1 "
                      << sprt->elo1 << ", alpha " << sprt->alpha << ", beta " << sprt->beta
                      << "): LLR " << r.llr << ", bounds " << sprt->lower_bound() << " and "
                      << sprt->upper_bound() << ": " << verdict << '\n';
        }
    } else {
        // Numbered in --player order: two players may be of one kind.
        std::cout << "   player          points  games    mean  95% interval\n";
        for (std::size_t e = 0; e < options.entrants.size(); ++e) {
            const match::EntrantScore& s = r.scores[e];
            std::cout << e + 1 << "  " << std::left << std::setw(14) << options.entrants[e].name
                      << std::right << std::setw(8) << s.points << std::setw(7) << s.games
                      << std::setprecision(3) << std::setw(8) << s.mean << "  +/- " << s.margin
                      << std::setprecision(1) << '\n';
        }
    }
    std::cout << "ended by:\n";
    for (const auto& [reason, games] : r.endings)
        std::cout << "  " << std::left << std::setw(30) << printable(reason) << std::right
                  << std::setw(6) << games << '\n';
}

}  // namespace

int run_match(int argc, char** argv) {
    CLI::App app{
        "Play games between players, colours alternating, each opening played from every "
        "seat, and report wins, draws and losses, the score and the Elo difference with its "
        "95% interval (scores per player for more than two). Records go to --records or --pgn."};
    app.name("vari match");
    std::string game_name, tc, openings_file, sprt, records, pgn;
    std::vector<std::string> players;
    match::MatchOptions options;
    options.games = 10;
    bool json = false, no_hooks = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    std::vector<std::string> engine_options;
    std::string variant, engine_log;
    auto* player_option =
        app.add_option("--player", players,
                       "one per player of the game, the first reported on: random, ai or ai:LEVEL "
                       "(ai:3, ai:depth=2, ai:nodes=5000), or an engine: uci:COMMAND, "
                       "usi:COMMAND or xboard:COMMAND (uci:/usr/games/fairy-stockfish)")
            ->required()
            ->take_all();
    auto* option_option = app.add_option(
        "--option", engine_options,
        "NAME=VALUE: an option of the engine of the --player before it ('Skill Level=3')");
    app.add_option("--variant", variant,
                   "the engines' name for the game (default: the rule file's name, as chess)");
    app.add_option("--engine-log", engine_log,
                   "add the engines' standard error to this file (default: discarded)");
    app.add_option("--games", options.games, "games to play (default 10)")
        ->check(whole_number(1, 1'000'000));
    app.add_option("--tc", tc,
                   "a clock for each player: [MOVES/]TIME[+INCREMENT] in seconds "
                   "(40/60+0.6, 10+0.1); a player past its clock loses");
    app.add_option("--time-margin", options.time_margin_ms,
                   "milliseconds a move may end past its clock without a loss (default 0)")
        ->check(whole_number(0, 3'600'000));
    app.add_option("--movetime", options.movetime_ms,
                   "milliseconds a move, for every player; a move past it (and --time-margin) "
                   "loses")
        ->check(whole_number(1, 3'600'000));
    app.add_option("--move-timeout", options.move_timeout_ms,
                   "milliseconds an engine may think at a fixed --depth or --nodes before it "
                   "loses as silent (default 60000)")
        ->check(whole_number(1, 86'400'000));
    app.add_option("--depth", options.depth, "plies a move, for every AI player")
        ->check(whole_number(1, search::MAX_DEPTH));
    app.add_option("--nodes", options.nodes, "nodes a move, for every AI player")
        ->check(whole_number(1, 1'000'000'000'000ull));
    auto* from_file = app.add_option("--openings", openings_file,
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
    app.add_option("--sprt", sprt,
                   "elo0=0,elo1=5,alpha=0.05,beta=0.05: test the first player's Elo gain and "
                   "stop once a bound is crossed (two players)");
    app.add_option("--records", records, "write each game's record to DIR/game-N.pgn");
    app.add_option("--pgn", pgn, "add every game's record to this file");
    app.add_flag("--json", json, "print the report as one JSON object");
    app.add_flag("--no-hooks", no_hooks, "play without running the game's hooks");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    const auto usage = [](const std::string& message) {
        std::cerr << "vari match: " << message << '\n';
        return static_cast<int>(Exit::usage);
    };
    std::string error;
    // Each --option belongs to the --player given before it.
    std::vector<match::EngineSetup> setups(players.size());
    std::size_t player = 0, option = 0;
    for (const CLI::Option* given : app.parse_order()) {
        if (given == player_option) ++player;
        if (given != option_option) continue;
        const std::string& text = engine_options[option++];
        const std::size_t equals = text.find('=');
        if (player == 0 || equals == std::string::npos || equals == 0)
            return usage("--option '" + printable(text) +
                         "': expected NAME=VALUE after the --player it sets");
        if (!match::names_engine(players[player - 1]))
            return usage("--option '" + printable(text) + "': " + printable(players[player - 1]) +
                         " is not an engine");
        setups[player - 1].options.emplace_back(text.substr(0, equals), text.substr(equals + 1));
    }
    if (!tc.empty()) {
        options.time_control = match::parse_time_control(tc, error);
        if (!options.time_control) return usage("--tc '" + printable(tc) + "': " + error);
    }
    if (!sprt.empty()) {
        options.sprt = match::parse_sprt(sprt, error);
        if (!options.sprt) return usage("--sprt '" + printable(sprt) + "': " + error);
        if (players.size() != 2) return usage("--sprt needs two players");
    }

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const ir::Game& rules = game->ir();
    if (players.size() != rules.players.size()) {
        std::string names;
        for (const auto& p : rules.players) names += (names.empty() ? "" : ", ") + p.name;
        return usage(std::to_string(players.size()) + " --player given; " + rules.name + " has " +
                     std::to_string(rules.players.size()) + " players (" + names +
                     "): give one --player for each");
    }
    const bool engines = std::any_of(players.begin(), players.end(), match::names_engine);
    if (engines && !options.time_control && !options.movetime_ms && !options.depth &&
        !options.nodes)
        return usage("an engine plays: give --tc, --movetime, --depth or --nodes");
    for (std::size_t p = 0; p < players.size(); ++p) {
        const std::string& spec = players[p];
        setups[p].variant = variant.empty() ? fs::path(game_name).stem().string() : variant;
        setups[p].log = engine_log;
        auto entrant = match::names_engine(spec)
                           ? match::engine_entrant(*game, spec, setups[p], error)
                           : match::vari_entrant(spec, error);
        if (!entrant) {
            std::cerr << "vari match: --player '" << printable(spec) << "': " << printable(error)
                      << '\n';
            return static_cast<int>(match::names_engine(spec) ? Exit::invalid : Exit::usage);
        }
        options.entrants.push_back(std::move(*entrant));
    }
    options.hooks = no_hooks ? runtime::HookUse::off : runtime::HookUse::on;
    options.date = today();
    if (!openings_file.empty()) {
        const auto text = dsl::read_bytes(openings_file, std::size_t{64} << 20, error);
        if (!text) {
            std::cerr << "vari match: cannot read " << printable(openings_file) << ": "
                      << printable(error) << '\n';
            return static_cast<int>(Exit::invalid);
        }
        std::vector<ir::Diagnostic> errors;
        auto openings = match::read_openings(*game, *text, openings_file, errors);
        for (const auto& d : errors) std::cerr << dsl::render(d, *text);
        if (!openings) return static_cast<int>(Exit::invalid);
        options.openings = std::move(*openings);
    }
    RecordSink sink;
    if (!sink.open(records, pgn, options.games)) return static_cast<int>(Exit::invalid);

    const bool live = isatty(2);
    const auto start = std::chrono::steady_clock::now();
    const match::MatchReport report = match::run_match(
        *game, options, [&](const match::GameOutcome& outcome, const match::MatchReport& so_far) {
            sink.write(outcome);
            if (live)
                show_progress(so_far.played + so_far.stopped, options.games, start,
                              live_score(options, so_far));
        });
    if (live) clear_progress();
    if (json)
        std::cout << match::match_json(rules, options, report) << '\n';
    else
        print_report(rules, options, report);
    if (sink.failed()) return static_cast<int>(Exit::invalid);
    return static_cast<int>(report.stopped ? Exit::stopped : Exit::ok);
}

}  // namespace vari::tools
