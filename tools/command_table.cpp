// The table of `vari`'s commands, each in its own cmd_<name>.cpp, and the usage that lists them.
#include <string>

#include "tools/commands.hpp"

namespace vari::tools {

namespace {

constexpr Command COMMANDS[] = {
    {"check", run_check, "validate rule files and report every error"},
    {"perft", run_perft, "count the leaves of the legal move tree"},
    {"show", run_show, "draw a position and print its position string"},
    {"play", run_play, "play a game in the terminal: people, the AI or random movers"},
    {"bench", run_bench, "measure perft, random-playout and AI search speed"},
    {"list", run_list, "list the shipped games"},
    {"replay", run_replay, "check a game record move by move and show a position"},
    {"think", run_think, "search a position and print the best move and its line"},
    {"analyze", run_analyze, "play many games and report balance figures"},
    {"tune", run_tune, "learn the evaluation weights of a game by self-play"},
    {"match", run_match, "play games between players and report scores and Elo"},
    {"serve", run_serve, "play, design and analyse games in the browser"},
    {"engine", run_engine,
     "be an engine, vari's AI, for chess and shogi programs (UCI, USI, XBoard)"},
};

}  // namespace

std::span<const Command> all_commands() { return COMMANDS; }

const Command* find_command(std::string_view name) {
    for (const auto& c : COMMANDS)
        if (name == c.name) return &c;
    return nullptr;
}

std::string usage_text() {
    std::string text = "usage: vari COMMAND [ARGS...]\n\ncommands:\n";
    for (const auto& c : COMMANDS) {
        std::string name = c.name;
        name.resize(8, ' ');
        text += "  " + name + c.summary + '\n';
    }
    return text +
           "\nGAME is a .vari file or the name of a shipped game ('vari list' lists them).\n"
           "'vari help COMMAND' describes a command; 'vari --version' prints the version;\n"
           "'vari help --bash-completion' prints a completion script for bash.\n";
}

}  // namespace vari::tools
