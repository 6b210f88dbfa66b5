// The `vari` command line: a table of subcommands, each in its own cmd_<name>.cpp.
#include <cstdio>
#include <cstring>
#include <iostream>

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
};

void print_usage(std::FILE* out) {
    std::fprintf(out, "usage: vari COMMAND [ARGS...]\n\ncommands:\n");
    for (const auto& c : COMMANDS) std::fprintf(out, "  %-7s %s\n", c.name, c.help);
    std::fprintf(out, "\nGAME is a .vari file or the name of a shipped game (e.g. chess).\n"
                      "'vari COMMAND --help' describes a command.\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        print_usage(stderr);
        return static_cast<int>(vari::tools::Exit::usage);
    }
    if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
        !std::strcmp(argv[1], "help")) {
        print_usage(stdout);
        return 0;
    }
    for (const auto& c : COMMANDS)
        if (!std::strcmp(argv[1], c.name)) return c.run(argc - 1, argv + 1);
    std::fprintf(stderr, "vari: unknown command '%s'\n\n", argv[1]);
    print_usage(stderr);
    return static_cast<int>(vari::tools::Exit::usage);
}
