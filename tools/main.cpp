// The `vari` command line: the command named first runs with the rest (command_table.cpp).
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/distributed/distributed.hpp"
#include "tools/commands.hpp"

namespace {

using vari::tools::Exit;

int unknown_command(const std::string& name) {
    std::vector<std::string> names;
    for (const auto& c : vari::tools::all_commands()) names.emplace_back(c.name);
    std::fprintf(stderr, "vari: unknown command '%s'\n", vari::printable(name).c_str());
    if (const std::string hint = vari::did_you_mean(name, names); !hint.empty())
        std::fprintf(stderr, "  hint: %s\n", hint.c_str());
    std::fputc('\n', stderr);
    std::fputs(vari::tools::usage_text().c_str(), stderr);
    return static_cast<int>(Exit::usage);
}

// `vari help [COMMAND | --man FOLDER | --bash-completion]`.
int run_help(int argc, char** argv) {
    const std::string what = argc > 2 ? argv[2] : "";
    if (what.empty()) {
        std::fputs(vari::tools::usage_text().c_str(), stdout);
        return 0;
    }
    if (what == "--bash-completion" && argc == 3) {
        std::fputs(vari::tools::bash_completion().c_str(), stdout);
        return 0;
    }
    if (what == "--man" && argc == 4) {
        std::string error;
        if (vari::tools::write_manual_pages(argv[3], error)) return 0;
        std::cerr << "vari help --man: " << error << '\n';
        return static_cast<int>(Exit::invalid);
    }
    // `vari help COMMAND` is `vari COMMAND --help`.
    if (const auto* command = vari::tools::find_command(what); command && argc == 3) {
        char help_flag[] = "--help";
        char* args[] = {argv[2], help_flag, nullptr};
        return command->run(2, args);
    }
    if (argc == 3 && !what.starts_with('-')) return unknown_command(what);
    std::cerr << "usage: vari help [COMMAND | --man FOLDER | --bash-completion]\n";
    return static_cast<int>(Exit::usage);
}

}  // namespace

int main(int argc, char** argv) {
    // Past a file-size limit (ulimit -f) a write fails with an error the command reports, rather
    // than the signal killing it with the game in play.
    std::signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        std::fputs(vari::tools::usage_text().c_str(), stderr);
        return static_cast<int>(Exit::usage);
    }
    const std::string first = argv[1];
    if (first == "--version" || first == "version") {
        std::printf("vari %s\n", VARI_VERSION);
        return 0;
    }
    if (first == "--help" || first == "-h") return run_help(1, argv);
    if (first == "help") return run_help(argc, argv);
    if (const auto* command = vari::tools::find_command(first))
        return vari::distributed::leave(command->run(argc - 1, argv + 1));
    return unknown_command(first);
}
