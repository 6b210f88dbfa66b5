// Test support: the built `vari` binary run as a user runs it.
#pragma once

#include <string>

namespace vari::test {

struct Run {
    std::string output;  // standard output and error together
    int exit_code = -1;  // -1: it did not exit (a signal)
};

// Runs `vari ARGS` (ARGS as a shell reads them) with `input` on standard input: a file, not a
// terminal; `shell_before`, when given, is shell text run first in the same shell (a limit:
// "ulimit -f 0"). Fails the current test when it cannot be started.
Run run_vari(const std::string& args, const std::string& input = "",
             const std::string& shell_before = "");

// Runs `command` in the shell, its standard input empty.
Run run_shell(const std::string& command);

}  // namespace vari::test
