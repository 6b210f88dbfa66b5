// A program run as a child process with its standard input and output on pipes: lines written,
// lines read against a deadline, and the process ended and reaped whatever state it is in.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vari::match {

// The words of a command as a shell splits them: blanks separate words, '...' keeps everything,
// "..." keeps everything but a backslash before " or \, a backslash outside quotes keeps the next
// character. Nothing is expanded. Nothing, with `error` saying why, for an unclosed quote.
std::optional<std::vector<std::string>> split_command(std::string_view text, std::string& error);

class ChildProcess {
public:
    using Clock = std::chrono::steady_clock;

    // Runs `argv` (its first word looked up in PATH when it holds no '/'; no shell) in a process
    // group of its own, its standard error appended to `log`, or discarded when `log` is empty.
    // Null, with `error` saying why, when it cannot be started.
    static std::unique_ptr<ChildProcess> start(const std::vector<std::string>& argv,
                                               const std::string& log, std::string& error);
    // Closes its input, gives it a moment to end, then kills its process group; always reaps it.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // False when the process no longer reads its input.
    bool write_line(const std::string& line);

    enum class Read { line, timeout, closed };
    // The next line (without its end of line); `closed` once the process has closed its output.
    Read read_line(std::string& line, Clock::time_point deadline);

    // How it ended ("exited with code 1", "killed by signal 11 (Segmentation fault)"), waiting up
    // to `ms` for it to end; "still running" when it has not. It is left for the destructor to
    // reap.
    std::string exit_status(int ms = 200);

private:
    ChildProcess(pid_t pid, int to_child, int from_child)
        : pid_(pid), to_child_(to_child), from_child_(from_child) {}
    pid_t pid_;
    int to_child_, from_child_;
    std::string pending_;  // read but not yet a whole line
};

}  // namespace vari::match
