// The `vari` subcommands: each parses its own arguments and returns an exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"

namespace vari::tools {

// The exit codes of every command (tools/COMMANDS.md lists them).
enum class Exit {
    ok = 0,
    invalid = 1,  // a rule file, a game name or a position string is wrong
    usage = 2,    // the command line is wrong
    stopped =
        3,  // a game was stopped: a hook failed, the hooks could not load, or moves did not fit
};

int run_check(int argc, char** argv);
int run_perft(int argc, char** argv);
int run_show(int argc, char** argv);
int run_play(int argc, char** argv);
int run_bench(int argc, char** argv);
int run_list(int argc, char** argv);
int run_replay(int argc, char** argv);
int run_think(int argc, char** argv);
int run_analyze(int argc, char** argv);
int run_tune(int argc, char** argv);
int run_serve(int argc, char** argv);
int run_engine(int argc, char** argv);
int run_match(int argc, char** argv);

// ---- The commands (command_table.cpp) ----
struct Command {
    const char* name;
    int (*run)(int argc, char** argv);
    const char* summary;  // what it does, in a line
};
std::span<const Command> all_commands();
const Command* find_command(std::string_view name);
// `vari help`: every command with its summary, and how to learn more.
std::string usage_text();

// ---- What a command's --help says, read back from its parser (command_help.cpp) ----
struct OptionHelp {
    std::vector<std::string> names;  // "--divide", or the positional's name ("GAME")
    std::string value;               // what follows it ("N", "long|short"); empty for a flag
    std::string description;
    bool positional = false;
    bool required = false;
};
struct CommandHelp {
    std::string description;          // the paragraph --help opens with
    std::vector<OptionHelp> options;  // positionals, then options, as --help lists them
};
// The command's parser is built (the command is run up to its parsing, which stops there).
CommandHelp command_help(const Command& command);
// The manual pages vari(1) and vari-COMMAND(1) for every command, written into `folder`; false
// with `error` set when a file cannot be written (manual_pages.cpp).
bool write_manual_pages(const std::string& folder, std::string& error);
// A bash completion script for commands, options, their choices and shipped game names
// (bash_completion.cpp).
std::string bash_completion();

// Parses a command's arguments. Returns the exit code to stop with (0 after --help, usage on an
// error, with the message printed), or nothing to go on.
std::optional<int> parse_arguments(CLI::App& app, int argc, char** argv);
// Whether the command runs only for its help to be read (command_help): then `app` has been read
// and the command stops (parse_arguments asks).
bool read_help_instead(const CLI::App& app);

// For an option taking a whole number from `min` to `max`: decimal digits only (no sign, blank or
// other base), so that "-1" or a number past the range is refused, never wrapped or cut.
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max);

// Loads and compiles a game given by path or shipped name; prints diagnostics to stderr and
// returns null when it cannot.
std::unique_ptr<CompiledGame> load_game(const std::string& name_or_path);

// Where a command starts: the position string of --position (default: the game's start), then the
// moves of --moves played from it.
struct StartOptions {
    std::string position;
    std::string moves;
};
void add_start_options(CLI::App& app, StartOptions& options);

// ---- Game records on disk (record_files.cpp) ----
// Writes `text` to `path` through a temporary file put in its place once complete, so that a
// failed save leaves the old file whole (and a killed one no temporary file for long). An
// existing file is replaced only when `replace` allows it (the user said so, or this run wrote
// it), keeping its mode; a new one gets a new file's mode. False with `error` set when it cannot.
enum class Replace : bool { never, allowed };
bool save_record(const std::string& path, const std::string& text, Replace replace,
                 std::string& error);
// The text of a record file; nothing with `error` set when it cannot be read or is far too large.
std::optional<std::string> read_record_file(const std::string& path, std::string& error);
// The game a record was played in: `game_name` when given, else the record's RuleFile, looked
// for beside the record and then among the shipped games. Prints why to stderr and returns null
// when it cannot be loaded.
std::unique_ptr<CompiledGame> load_record_game(const std::string& record_path,
                                               std::string_view text, const std::string& game_name);

// On standard error (a terminal), over the previous one: a progress bar with the time left and a
// note such as a live score, "[#########           ] 45/100  ETA 0:12  +20 =5 -20";
// clear_progress() erases it.
void show_progress(int done, int total, std::chrono::steady_clock::time_point start,
                   const std::string& note = "");
void clear_progress();
// Prints `value` indented on standard output, what cannot be UTF-8 replaced (--json).
void print_json(const nlohmann::json& value);

// Whether a command shows progress: on a terminal, never in a pipe or beside --json.
bool shows_progress(bool json);

// --threads N (1 to 256; default 1), `shared` saying what the threads share out and that the
// figures do not depend on N.
void add_threads_option(CLI::App& app, int& threads, const std::string& shared);

// ---- Long runs of many pieces: analyze, match, perft, tune (long_runs.cpp) ----
// --resume FILE (where a run keeps its finished pieces, and goes on from) and --lost-after
// SECONDS (under mpirun, how long a process may give no sign before its pieces go to others).
struct RunOptions {
    std::string resume;
    double lost_after = 60;
};
void add_run_options(CLI::App& app, RunOptions& options, const std::string& pieces);
// The runner of a command's pieces: shared among mpirun's processes when mpirun started it.
runtime::PieceRunner piece_runner(const RunOptions& options);
// From the first call on, Ctrl-C (SIGINT) asks the command's work to stop rather than killing it.
runtime::StopWhen stop_on_interrupt();

// --notation long|short: how the command writes moves, `notation` holding the default.
void add_notation_option(CLI::App& app, notation::Notation& notation);

// How a command draws boards: from which player's side (--from PLAYER) and in colour or not
// (--color auto|always|never).
struct ViewOptions {
    std::string from;             // a player's name in any case; empty: the command's choice
    std::string colour = "auto";  // auto: colour when standard output is a terminal and
                                  // NO_COLOR is unset or empty (no-color.org)
};
// `from_default` says in the help whose side is drawn without --from.
void add_view_options(CLI::App& app, ViewOptions& options, const std::string& from_default);

// The player `options.from` names, or `fallback` when it names none. An unknown name prints an
// error listing the players to stderr, after `command` ("vari show"), and gives nothing.
std::optional<int> view_player(const ir::Game& game, const ViewOptions& options, int fallback,
                               const std::string& command);

// Whether boards are drawn in colour, as `options.colour` asks.
bool use_colour(const ViewOptions& options);

// A drawn board and the line under it ("White to move"), as `play` prints them: a blank line, the
// drawing, the line. When that is taller than a 24-line terminal less `reserved` lines, the blank
// is left out and the line goes at the right of the drawing's last line where it fits 80 columns.
std::string board_and_status(const std::string& drawing, const std::string& status, int reserved);

// The game at that start, its moves played (so it has their history); prints what is wrong to
// stderr and returns null when the position string or a move is.
std::unique_ptr<runtime::Game> start_game(const CompiledGame& game, const CLI::App& app,
                                          const StartOptions& options,
                                          runtime::HookUse hooks = runtime::HookUse::on);

}  // namespace vari::tools
