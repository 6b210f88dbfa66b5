// Test support: perft of a shipped game, and of the same game asked of Fairy-Stockfish.
#include "support/peer_perft.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>
#include <memory>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::test {

std::uint64_t perft_from(const std::string& game_name, const std::string& position, int depth) {
    auto game = load_shipped(game_name);
    Position pos(*game);
    if (!position.empty()) set_position(pos, position);
    return perft(pos, depth);
}

namespace {

const char* const PEER = "/usr/games/fairy-stockfish";

// One Fairy-Stockfish for a variant, started once and asked every perft of it in turn (its
// start costs more than most of the perfts asked). Its standard input and output are one end of
// a socket pair, so that writing to one that has died fails instead of raising SIGPIPE.
class Peer {
public:
    explicit Peer(const std::string& variant) {
        int ends[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return;
        child_ = fork();
        if (child_ == 0) {
            dup2(ends[1], 0);
            dup2(ends[1], 1);
            const int null = open("/dev/null", O_WRONLY);
            if (null >= 0) dup2(null, 2);
            execl(PEER, PEER, static_cast<char*>(nullptr));
            _exit(127);
        }
        close(ends[1]);
        if (child_ < 0) {
            close(ends[0]);
            return;
        }
        socket_ = ends[0];
        send_text("uci\nsetoption name UCI_Variant value " + variant + "\n");
    }
    ~Peer() {
        if (socket_ >= 0) close(socket_);  // end of input: the engine quits
        if (child_ > 0) waitpid(child_, nullptr, 0);
    }
    Peer(const Peer&) = delete;
    Peer& operator=(const Peer&) = delete;

    // Its perft from `position` (a UCI position: "startpos" or "fen ..."), or nothing when it
    // does not answer.
    std::optional<std::uint64_t> perft(const std::string& position, int depth) {
        if (!send_text("position " + position + "\ngo perft " + std::to_string(depth) + "\n"))
            return std::nullopt;
        const std::string prefix = "Nodes searched: ";
        for (std::string line; read_line(line);)
            if (line.rfind(prefix, 0) == 0) return std::stoull(line.substr(prefix.size()));
        return std::nullopt;
    }

private:
    bool send_text(const std::string& text) {
        if (socket_ < 0) return false;
        for (std::size_t sent = 0; sent < text.size();) {
            const ssize_t n = send(socket_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }
    bool read_line(std::string& line) {
        for (;;) {
            if (const auto nl = pending_.find('\n'); nl != std::string::npos) {
                line = pending_.substr(0, nl);
                pending_.erase(0, nl + 1);
                return true;
            }
            char buffer[4096];
            const ssize_t n = read(socket_, buffer, sizeof buffer);
            if (n <= 0) return false;
            pending_.append(buffer, static_cast<std::size_t>(n));
        }
    }

    pid_t child_ = -1;
    int socket_ = -1;
    std::string pending_;
};

}  // namespace

std::optional<std::uint64_t> peer_perft(const std::string& variant, int depth,
                                        const std::string& fen) {
    if (access(PEER, X_OK) != 0) return std::nullopt;
    // Every variant's engine lives until the tests end.
    static std::map<std::string, std::unique_ptr<Peer>> peers;
    auto& peer = peers[variant];
    if (!peer) peer = std::make_unique<Peer>(variant);
    const auto nodes = peer->perft(fen.empty() ? "startpos" : "fen " + fen, depth);
    if (!nodes) peer.reset();  // one that stopped answering is started again next time
    return nodes;
}

}  // namespace vari::test
