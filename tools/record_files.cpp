// Game records on disk: saved so that a failure never loses the old file, read with a size limit,
// and opened with the game they were played in.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

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

}  // namespace

bool save_record(const std::string& path, const std::string& text, std::string& error) {
    // A temporary file beside the target, renamed over it once complete: the old record stays
    // whole until the new one is.
    std::string temp = (fs::path(folder_of(path)) / ".vari-save-XXXXXX").string();
    const int fd = mkstemp(temp.data());
    if (fd < 0) {
        error = "cannot write in " + folder_of(path) + ": " + std::strerror(errno);
        return false;
    }
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += static_cast<std::size_t>(n);
    }
    const bool complete = written == text.size() && fsync(fd) == 0;
    const int saved_errno = errno;
    close(fd);
    if (!complete || std::rename(temp.c_str(), path.c_str()) != 0) {
        error = "cannot save " + path + ": " + std::strerror(complete ? errno : saved_errno);
        unlink(temp.c_str());
        return false;
    }
    return true;
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
