// Game records on disk: saved so that a failure never loses the old file nor replaces another, read
// with a size limit, and opened with the game they were played in.
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

namespace fs = std::filesystem;

// Records are text of a few kilobytes; anything far larger is not one.
constexpr std::size_t MAX_RECORD_BYTES = 4 << 20;

std::string folder_of(const std::string& path) {
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

constexpr const char* TEMP_PREFIX = ".vari-save-";
// A save takes milliseconds: a temporary file older than this was left by one that was killed.
constexpr auto STALE_TEMP_AGE = std::chrono::minutes(10);

// Removes the temporary files that killed saves left in `folder`.
void remove_stale_temps(const std::string& folder) {
    std::error_code ec;
    const auto now = fs::file_time_type::clock::now();
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().filename().string().rfind(TEMP_PREFIX, 0) != 0) continue;
        const auto written = entry.last_write_time(ec);
        if (!ec && now - written > STALE_TEMP_AGE) fs::remove(entry.path(), ec);
    }
}

// A new temporary file in `folder`, open for writing; its mode is a new file's (0666 less the
// umask). -1 with errno set when none can be made.
int open_temp(const std::string& folder, std::string& temp) {
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "%08x", entropy());
        temp = (fs::path(folder) / (std::string(TEMP_PREFIX) + suffix)).string();
        const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

bool write_all(int fd, const std::string& text) {
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        written += static_cast<std::size_t>(n);
    }
    return true;
}

// Holds back Ctrl-C, SIGTERM and SIGHUP while it lives, so that a save they would interrupt ends
// first (and leaves no temporary file).
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t held;
        sigemptyset(&held);
        for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, signal);
        pthread_sigmask(SIG_BLOCK, &held, &before_);
    }
    ~SignalsHeld() { pthread_sigmask(SIG_SETMASK, &before_, nullptr); }

private:
    sigset_t before_;
};

}  // namespace

bool save_record(const std::string& path, const std::string& text, Replace replace,
                 std::string& error) {
    const std::string folder = folder_of(path);
    struct stat existing {};
    const bool exists = stat(path.c_str(), &existing) == 0;
    if (exists && replace == Replace::never) {
        error = path + " exists: save " + path + " --force replaces it";
        return false;
    }
    const SignalsHeld held;
    remove_stale_temps(folder);
    // A temporary file beside the target, put in its place once complete: the old record stays
    // whole until the new one is.
    std::string temp;
    const int fd = open_temp(folder, temp);
    if (fd < 0) {
        error = "cannot write in " + folder + ": " + std::strerror(errno);
        return false;
    }
    bool complete = write_all(fd, text) && (!exists || fchmod(fd, existing.st_mode & 07777) == 0) &&
                    fsync(fd) == 0;
    int failure = errno;
    close(fd);
    if (complete) {
        // Without replacing, link() refuses a file made meanwhile, where rename() would replace it.
        complete = replace == Replace::allowed ? std::rename(temp.c_str(), path.c_str()) == 0
                                               : link(temp.c_str(), path.c_str()) == 0;
        failure = errno;
    }
    if (!complete || replace == Replace::never) unlink(temp.c_str());
    if (!complete)
        error = failure == EEXIST ? path + " exists: save " + path + " --force replaces it"
                                  : "cannot save " + path + ": " + std::strerror(failure);
    return complete;
}

std::optional<std::string> read_record_file(const std::string& path, std::string& error) {
    std::string reason;
    auto text = dsl::read_bytes(path, MAX_RECORD_BYTES, reason);
    if (!text) error = "cannot read " + path + ": " + reason;
    return text;
}

std::unique_ptr<CompiledGame> load_record_game(const std::string& record_path,
                                               std::string_view text,
                                               const std::string& game_name) {
    if (!game_name.empty()) return load_game(game_name);
    const std::string rule_file = runtime::record_rule_file(text);
    if (rule_file.empty()) {
        std::cerr << "vari: " << printable(record_path)
                  << " names no rule file (no RuleFile tag): give the game as well\n";
        return nullptr;
    }
    // The rule file beside the record first, then a shipped game of that name.
    std::error_code ec;
    const fs::path beside = fs::path(folder_of(record_path)) / rule_file;
    if (rule_file.find('/') == std::string::npos && fs::is_regular_file(beside, ec))
        return load_game(beside.string());
    return load_game(rule_file);
}

}  // namespace vari::tools
