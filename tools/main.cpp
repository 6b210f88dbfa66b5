// The `vari` command line: a table of subcommands, each in its own cmd_<name>.cpp.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "tools/commands.hpp"

namespace {

struct Command {
    const char* name;
    int (*run)(int argc, char** argv);
    const char* help;
};

constexpr Command COMMANDS[] = {
    {"check", vari::tools::run_check, "validate rule files and report every error"},
    {"perft", vari::tools::run_perft, "count the leaves of the legal move tree"},
    {"show", vari::tools::run_show, "draw a position and print its position string"},
    {"play", vari::tools::run_play, "play a game in the terminal (humans or random movers)"},
    {"bench", vari::tools::run_bench, "measure perft and random-playout speed"},
    {"list", vari::tools::run_list, "list the shipped games"},
    {"replay", vari::tools::run_replay, "check a game record move by move and show a position"},
    {"think", vari::tools::run_think, "search a position and print the best move and its line"},
    {"analyze", vari::tools::run_analyze, "play many games and report balance figures"},
    {"match", vari::tools::run_match, "play games between players and report scores and Elo"},
    {"serve", vari::tools::run_serve, "play, design and analyse games in the browser"},
    {"engine", vari::tools::run_engine, "be an engine for chess and shogi programs (UCI, USI)"},
};

const Command* command_named(const char* name) {
    for (const auto& c : COMMANDS)
        if (!std::strcmp(name, c.name)) return &c;
    return nullptr;
}

void print_usage(std::FILE* out) {
    std::fprintf(out, "usage: vari COMMAND [ARGS...]\n\ncommands:\n");
    for (const auto& c : COMMANDS) std::fprintf(out, "  %-7s %s\n", c.name, c.help);
    std::fprintf(out, "\nGAME is a .vari file or the name of a shipped game (e.g. chess).\n"
                      "'vari help COMMAND' describes a command; 'vari --version' prints the "
                      "version.\n");
}

}  // namespace

int main(int argc, char** argv) {
    // Past a file-size limit (ulimit -f) a write fails with an error the command reports, rather
    // than the signal killing it with the game in play.
    std::signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        print_usage(stderr);
        return static_cast<int>(vari::tools::Exit::usage);
    }
    const std::string first = argv[1];
    if (first == "--version" || first == "version") {
        std::printf("vari %s\n", VARI_VERSION);
        return 0;
    }
    if (first == "--help" || first == "-h" || (first == "help" && argc == 2)) {
        print_usage(stdout);
        return 0;
    }
    // `vari help COMMAND` is `vari COMMAND --help`.
    const bool help = first == "help";
    const char* name = help ? argv[2] : argv[1];
    if (const Command* c = command_named(name)) {
        if (!help) return c->run(argc - 1, argv + 1);
        char help_flag[] = "--help";
        char* args[] = {argv[2], help_flag, nullptr};
        return c->run(2, args);
    }
    std::vector<std::string> names;
    for (const auto& c : COMMANDS) names.emplace_back(c.name);
    std::fprintf(stderr, "vari: unknown command '%s'\n",
                 vari::printable(name).c_str());
    if (const std::string hint = vari::did_you_mean(name, names); !hint.empty())
        std::fprintf(stderr, "  hint: %s\n", hint.c_str());
    std::fputc('\n', stderr);
    print_usage(stderr);
    return static_cast<int>(vari::tools::Exit::usage);
}
