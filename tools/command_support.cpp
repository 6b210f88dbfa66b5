// What every command does first: parse its arguments, load its game, set its position.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <system_error>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

std::optional<int> parse_arguments(CLI::App& app, int argc, char** argv) {
    if (read_help_instead(app)) return 0;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        // An unquoted position string or move list reaches a command as several words: the
        // first, then the rest as arguments nobody expected.
        auto given = [&app](const char* option) {
            return app.get_option_no_throw(option) && app.count(option);
        };
        if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
            // A misspelt option is an argument nobody expected: name the option it is near.
            std::vector<std::string> names;
            for (const CLI::Option* option : app.get_options())
                for (const auto& name : option->get_lnames()) names.push_back("--" + name);
            for (const std::string& extra : app.remaining()) {
                if (!extra.starts_with("--")) continue;
                const std::string option = extra.substr(0, extra.find('='));
                if (const std::string hint = did_you_mean(option, names); !hint.empty())
                    std::cerr << "hint: " << printable(option) << ": " << hint << '\n';
            }
            if (given("--position"))
                std::cerr << "hint: a position string holds blanks: quote it, as in --position "
                             "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n";
            if (given("--moves"))
                std::cerr << "hint: a list of moves holds blanks: quote it, as in --moves "
                             "'e2e4 e7e5'\n";
        }
        return code == 0 ? 0 : static_cast<int>(Exit::usage);
    }
    return std::nullopt;
}

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
    const std::string range = "from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [min, max, range](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [stop, error] = std::from_chars(text.data(), end, value);
            if (error == std::errc() && stop == end && value >= min && value <= max) return "";
            return "'" + printable(text) + "' is not a whole number " + range;
        },
        "a whole number " + range);
}

std::unique_ptr<CompiledGame> load_game(const std::string& name_or_path) {
    const auto path = dsl::resolve_game(name_or_path);
    if (!path) {
        std::cerr << "vari: no game '" << printable(name_or_path)
                  << "': not a file and not a shipped game\n";
        const auto names = dsl::shipped_games();
        if (const std::string hint = did_you_mean(name_or_path, names); !hint.empty())
            std::cerr << "  hint: " << printable(hint) << '\n';
        else if (!names.empty())
            std::cerr << "  hint: 'vari list' lists the shipped games\n";
        return nullptr;
    }
    auto loaded = dsl::load_file(*path);
    for (const auto& d : loaded.diagnostics) std::cerr << dsl::render(d, loaded);
    if (!loaded.game) return nullptr;
    return std::move(loaded.compiled);
}

void add_start_options(CLI::App& app, StartOptions& options) {
    app.add_option("--position", options.position,
                   "start from this position string (default: the game's start)");
    app.add_option("--moves", options.moves,
                   "then play these moves, separated by blanks, in any notation play reads");
}

void add_threads_option(CLI::App& app, int& threads, const std::string& shared) {
    app.add_option("--threads", threads, "work on N threads (default 1): " + shared)
        ->check(whole_number(1, 256))
        ->type_name("N");
}

void add_notation_option(CLI::App& app, notation::Notation& notation) {
    const std::map<std::string, notation::Notation> names{
        {"long", notation::Notation::long_form}, {"short", notation::Notation::short_form}};
    const bool short_default = notation == notation::Notation::short_form;
    app.add_option("--notation", notation,
                   std::string("how moves are written: long (e2-e4, g1-f3) or short (e4, Nf3); "
                               "default ") +
                       (short_default ? "short" : "long"))
        ->transform(CLI::CheckedTransformer(names, CLI::ignore_case))
        ->option_text("long|short");
}

void add_view_options(CLI::App& app, ViewOptions& options, const std::string& from_default) {
    app.add_option("--from", options.from,
                   "draw the board as PLAYER sees it, their side at the bottom (any case; "
                   "default: " +
                       from_default + ")")
        ->type_name("PLAYER");
    app.add_option("--color", options.colour,
                   "colour the board: always, never, or auto (the default): on a terminal unless "
                   "NO_COLOR is set")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->option_text("auto|always|never");
}

std::optional<int> view_player(const ir::Game& game, const ViewOptions& options, int fallback,
                               const std::string& command) {
    if (options.from.empty()) return fallback;
    if (const int player = runtime::player_named(game, options.from); player >= 0) return player;
    std::string names;
    for (const auto& player : game.players) names += ' ' + player.name;
    std::cerr << command << ": --from: no player '" << printable(options.from)
              << "' (players:" << names << ")\n";
    return std::nullopt;
}

bool use_colour(const ViewOptions& options) {
    if (options.colour != "auto") return options.colour == "always";
    const char* no_colour = std::getenv("NO_COLOR");
    return isatty(1) && (no_colour == nullptr || *no_colour == '\0');
}

std::string board_and_status(const std::string& drawing, const std::string& status, int reserved) {
    constexpr int LINES = 24, COLUMNS = 80;
    const int drawn = static_cast<int>(std::count(drawing.begin(), drawing.end(), '\n'));
    if (drawn + 2 + reserved <= LINES || drawing.empty()) return '\n' + drawing + status + '\n';
    // The last line's width on screen: its characters less the escapes that colour them.
    const std::size_t start = drawing.find_last_of('\n', drawing.size() - 2);
    const std::string last = drawing.substr(start == std::string::npos ? 0 : start + 1);
    std::size_t width = 0;
    for (std::size_t i = 0; i + 1 < last.size(); ++i) {
        if (last[i] == '\x1b') {
            while (i < last.size() && last[i] != 'm') ++i;
            continue;
        }
        ++width;
    }
    if (width + 3 + status.size() > COLUMNS) return drawing + status + '\n';
    return drawing.substr(0, drawing.size() - 1) + "   " + status + '\n';
}

std::unique_ptr<runtime::Game> start_game(const CompiledGame& game, const CLI::App& app,
                                          const StartOptions& options, runtime::HookUse hooks) {
    Position start(game);
    if (app.count("--position")) {
        if (const auto error = notation::parse_position(start, options.position)) {
            std::cerr << dsl::render(*error, options.position);
            return nullptr;
        }
    }
    auto played = std::make_unique<runtime::Game>(game, start, hooks);
    std::string error;
    if (!runtime::play_moves(*played, options.moves, error)) {
        std::cerr << "vari: --moves: " << printable(error) << '\n';
        return nullptr;
    }
    return played;
}

void show_progress(int done, int total, std::chrono::steady_clock::time_point start,
                   const std::string& note) {
    constexpr int WIDTH = 30;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto left = static_cast<long>(seconds / done * (total - done) + 0.5);
    const int filled = done * WIDTH / total;
    // "\33[K" clears what a longer line before left at the right.
    std::fprintf(stderr, "\r[%s%s] %d/%d  ETA %ld:%02ld  %s\33[K", std::string(filled, '#').c_str(),
                 std::string(WIDTH - filled, ' ').c_str(), done, total, left / 60, left % 60,
                 note.c_str());
    std::fflush(stderr);
}

void print_json(const nlohmann::json& value) {
    std::cout << value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

bool shows_progress(bool json) { return !json && isatty(2); }

void clear_progress() {
    std::fprintf(stderr, "\r\33[K");
    std::fflush(stderr);
}

}  // namespace vari::tools
