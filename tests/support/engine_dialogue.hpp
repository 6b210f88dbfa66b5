// Test support: a conversation with an engine over its protocol, through pipes: run_engine on a
// thread of the test, or the built `vari engine` as a child process.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tools/engine/engine.hpp"

namespace vari::test {

class Dialogue {
public:
    // run_engine on a thread, with `game` (a shipped game's name).
    Dialogue(const std::string& game, notation::Protocol protocol);
    // `PROGRAM ARGS...` (by default the built `vari`) as a child process, standard error going
    // with standard output.
    explicit Dialogue(const std::vector<std::string>& args,
                      const std::string& program = VARI_BINARY);
    ~Dialogue();  // closes the engine's input and waits for it to end
    Dialogue(const Dialogue&) = delete;
    Dialogue& operator=(const Dialogue&) = delete;

    void send(const std::string& line);
    // The next line that starts with `prefix`, reading and keeping every line before it; empty
    // (and the test failed) when none comes within `seconds` or the engine ends first.
    std::string wait_for(const std::string& prefix, int seconds = 20);
    // Every line read so far.
    const std::vector<std::string>& lines() const { return lines_; }
    // The lines read from now until `prefix` starts one, that one included.
    std::vector<std::string> lines_until(const std::string& prefix, int seconds = 20);
    // Closes the engine's input and waits for it to end: its exit code (the thread's: 0).
    int finish();

private:
    bool read_line(std::string& line, int milliseconds);

    int to_engine_ = -1, from_engine_ = -1;
    pid_t child_ = -1;
    std::thread thread_;
    std::string pending_;
    std::vector<std::string> lines_;
    int exit_code_ = -1;
};

// How many of `lines` start with `prefix`.
long count_starting(const std::vector<std::string>& lines, const std::string& prefix);

// Is `move` legal after `moves` from the start of `game` (a shipped game's name), all written in
// `protocol`'s text?
bool legal_after(const std::string& game, notation::Protocol protocol,
                 const std::vector<std::string>& moves, const std::string& move);

}  // namespace vari::test
