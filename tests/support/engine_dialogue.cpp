#include "support/engine_dialogue.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <ext/stdio_filebuf.h>
#include <istream>
#include <ostream>

#include "dsl/dsl.hpp"
#include "support/shipped_games.hpp"

namespace vari::test {

Dialogue::Dialogue(const std::string& game, notation::Protocol protocol) {
    int in[2], out[2];
    REQUIRE(pipe2(in, O_CLOEXEC) == 0);
    REQUIRE(pipe2(out, O_CLOEXEC) == 0);
    to_engine_ = in[1];
    from_engine_ = out[0];
    // The engine owns its game.
    auto compiled = load_game_file(shipped_path(game));
    thread_ = std::thread([game, protocol, read = in[0], write = out[1],
                           compiled = std::move(compiled)]() mutable {
        __gnu_cxx::stdio_filebuf<char> in_buf(read, std::ios::in);
        __gnu_cxx::stdio_filebuf<char> out_buf(write, std::ios::out);
        std::istream input(&in_buf);
        std::ostream output(&out_buf);
        engine::run_engine(std::move(compiled), *dsl::resolve_game(game), protocol, input, output);
    });  // the buffers close both ends when the engine returns
}

Dialogue::Dialogue(const std::vector<std::string>& args, const std::string& program) {
    int in[2], out[2];
    REQUIRE(pipe2(in, O_CLOEXEC) == 0);
    REQUIRE(pipe2(out, O_CLOEXEC) == 0);
    child_ = fork();
    REQUIRE(child_ >= 0);
    if (child_ == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        for (const int fd : {in[0], in[1], out[0], out[1]}) close(fd);
        std::vector<char*> argv{const_cast<char*>(program.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(program.c_str(), argv.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_engine_ = in[1];
    from_engine_ = out[0];
}

Dialogue::~Dialogue() { finish(); }

void Dialogue::send(const std::string& line) {
    const std::string text = line + "\n";
    REQUIRE(to_engine_ >= 0);
    REQUIRE(write(to_engine_, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

bool Dialogue::read_line(std::string& line, int milliseconds) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
    for (;;) {
        if (const auto nl = pending_.find('\n'); nl != std::string::npos) {
            line = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            lines_.push_back(line);
            return true;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0 || from_engine_ < 0) return false;
        pollfd p{from_engine_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
        char buffer[4096];
        const ssize_t n = read(from_engine_, buffer, sizeof buffer);
        if (n <= 0) return false;  // the engine has ended
        pending_.append(buffer, static_cast<std::size_t>(n));
    }
}

std::string Dialogue::wait_for(const std::string& prefix, int seconds) {
    std::string line;
    while (read_line(line, seconds * 1000))
        if (line.rfind(prefix, 0) == 0) return line;
    FAIL_CHECK("no line starting '" << prefix << "' came; the engine said:\n"
                                    << [&] {
                                           std::string all;
                                           for (const auto& l : lines_) all += l + "\n";
                                           return all;
                                       }());
    return {};
}

std::vector<std::string> Dialogue::lines_until(const std::string& prefix, int seconds) {
    const std::size_t from = lines_.size();
    wait_for(prefix, seconds);
    return {lines_.begin() + static_cast<std::ptrdiff_t>(from), lines_.end()};
}

int Dialogue::finish() {
    if (to_engine_ >= 0) close(to_engine_);
    to_engine_ = -1;
    if (thread_.joinable()) {
        // Drain what the engine still writes, so that it never blocks on a full pipe.
        std::string line;
        while (read_line(line, 30000)) {
        }
        thread_.join();
        exit_code_ = 0;
    }
    if (child_ > 0) {
        std::string line;
        while (read_line(line, 30000)) {
        }
        int status = 0;
        waitpid(child_, &status, 0);
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        child_ = -1;
    }
    if (from_engine_ >= 0) close(from_engine_);
    from_engine_ = -1;
    return exit_code_;
}

long count_starting(const std::vector<std::string>& lines, const std::string& prefix) {
    return std::count_if(lines.begin(), lines.end(),
                         [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

bool legal_after(const std::string& game, notation::Protocol protocol,
                 const std::vector<std::string>& moves, const std::string& move) {
    const auto compiled = load_shipped(game);
    std::string why;
    const auto text = notation::ProtocolText::make(*compiled, protocol, why);
    Position pos(*compiled);
    for (const auto& m : moves) {
        const auto played = text->read_move(pos, m, why);
        if (!played) return false;
        Undo undo;
        pos.do_move(*played, undo);
    }
    return text->read_move(pos, move, why).has_value();
}

}  // namespace vari::test
