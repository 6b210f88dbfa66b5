// What the commands that run many pieces (games, subtrees) share: where finished pieces are kept,
// the processes mpirun started, and Ctrl-C.
#include <csignal>

#include "runtime/distributed/distributed.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

namespace {
volatile std::sig_atomic_t interrupted = 0;
}  // namespace

void add_run_options(CLI::App& app, RunOptions& options, const std::string& pieces) {
    app.add_option("--resume", options.resume,
                   "keep each finished " + pieces +
                       " in FILE as it ends, and play only those FILE lacks: a stopped run "
                       "given the same FILE and options goes on where it was")
        ->type_name("FILE");
    app.add_option("--lost-after", options.lost_after,
                   "under mpirun: a process that gives no sign for this many seconds is taken "
                   "for lost, and what it held is given to the others (default 60)")
        ->check(CLI::Range(1.0, 86400.0))
        ->type_name("SECONDS");
}

runtime::PieceRunner piece_runner(const RunOptions& options) {
    return distributed::runner(options.lost_after);
}

runtime::StopWhen stop_on_interrupt() {
    std::signal(SIGINT, [](int) { interrupted = 1; });
    return [] { return interrupted != 0; };
}

}  // namespace vari::tools
