// A child process on pipes, started with posix_spawnp and ended by killing its process group.
#include "tools/match/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

namespace vari::match {
namespace {

constexpr std::size_t MAX_LINE = 1 << 16;  // longer output without an end of line is cut here
constexpr int GRACE_MS = 300;              // how long a closed input has to end the process

// A write to a process that has ended must fail with EPIPE, not kill vari by SIGPIPE.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
}

struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
};

}  // namespace

std::optional<std::vector<std::string>> split_command(std::string_view text, std::string& error) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
        } else if (c == '\'' || c == '"') {
            const std::size_t close = text.find(c, i + 1);
            if (close == std::string_view::npos) {
                error = std::string("the quote ") + c + " is not closed";
                return std::nullopt;
            }
            for (std::size_t j = i + 1; j < close; ++j) {
                if (c == '"' && text[j] == '\\' && j + 1 < close &&
                    (text[j + 1] == '"' || text[j + 1] == '\\'))
                    ++j;
                word += text[j];
            }
            i = close;
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

std::unique_ptr<ChildProcess> ChildProcess::start(const std::vector<std::string>& argv,
                                                  const std::string& log, std::string& error) {
    ignore_sigpipe();
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        close(in[0]);
        close(in[1]);
        return nullptr;
    }
    SpawnSetup setup;
    posix_spawn_file_actions_adddup2(&setup.actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&setup.actions, out[1], 1);
    posix_spawn_file_actions_addopen(&setup.actions, 2, log.empty() ? "/dev/null" : log.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    // Its own process group, so that killing it also ends what it started (a script's programs);
    // SIGPIPE back to its default, which vari's ignoring it would otherwise pass on.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
    posix_spawnattr_setpgroup(&setup.attributes, 0);
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> args;
    for (const std::string& word : argv) args.push_back(const_cast<char*>(word.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int failed =
        posix_spawnp(&pid, args[0], &setup.actions, &setup.attributes, args.data(), environ);
    close(in[0]);
    close(out[1]);
    if (failed) {
        error = std::string("cannot run it: ") + std::strerror(failed);
        close(in[1]);
        close(out[0]);
        return nullptr;
    }
    return std::unique_ptr<ChildProcess>(new ChildProcess(pid, in[1], out[0]));
}

ChildProcess::~ChildProcess() {
    close(to_child_);
    // Waited for without reaping, the process keeps its group's id ours to kill.
    exit_status(GRACE_MS);
    kill(-pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    close(from_child_);
}

bool ChildProcess::write_line(const std::string& line) {
    const std::string text = line + '\n';
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        const std::size_t end = pending_.find('\n');
        if (end != std::string::npos || pending_.size() >= MAX_LINE) {
            const std::size_t cut = std::min(end, MAX_LINE);
            line = pending_.substr(0, cut);
            pending_.erase(0, cut == end ? cut + 1 : cut);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Read::line;
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return Read::timeout;
        pollfd ready{from_child_, POLLIN, 0};
        if (poll(&ready, 1, static_cast<int>(left)) <= 0) continue;
        char buffer[4096];
        const ssize_t n = read(from_child_, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Read::closed;
        pending_.append(buffer, static_cast<std::size_t>(n));
    }
}

std::string ChildProcess::exit_status(int ms) {
    siginfo_t info{};
    const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
    for (;;) {
        info.si_pid = 0;
        if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            info.si_pid == pid_)
            break;
        if (Clock::now() >= deadline) return "still running";
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (info.si_code == CLD_EXITED) return "exited with code " + std::to_string(info.si_status);
    return std::string("killed by signal ") + std::to_string(info.si_status) + " (" +
           strsignal(info.si_status) + ")";
}

}  // namespace vari::match
