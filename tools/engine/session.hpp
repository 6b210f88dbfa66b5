// Internal to tools/engine/: the protocol loop UCI and USI share.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/runtime.hpp"
#include "tools/engine/engine.hpp"
#include "tools/engine/go.hpp"
#include "tools/engine/thinker.hpp"

namespace vari::engine {

class Session {
public:
    // `game` is loaded from the rule file at `path`; its name in UCI_Variant is the file's stem.
    Session(const Dialect& dialect, std::unique_ptr<CompiledGame> game, std::string path,
            std::ostream& out);
    ~Session();
    // Answers one line from the GUI; false after `quit`.
    bool handle(std::string_view line);

private:
    void say(const std::string& line);
    void error(const std::string& message);
    void hello();
    void set_option(const std::vector<std::string>& words);
    void new_game();
    void position(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    void show();
    std::unique_ptr<runtime::Game> replay() const;
    bool switch_game(const std::string& name);
    const std::vector<std::string>& variants();
    void report(const runtime::Game& game, const search::Iteration& it);
    void answer(const runtime::Game& game, const search::Outcome& outcome);

    const Dialect& dialect_;
    std::unique_ptr<CompiledGame> game_;
    std::string first_path_;  // the game the engine started with, which may be no shipped one
    std::string name_, first_name_;  // the game's name in UCI_Variant, and the first game's
    std::optional<notation::ProtocolText> text_;
    Position start_;
    std::vector<Move> moves_;           // played from start_
    std::unique_ptr<Thinker> thinker_;  // made at the first `go` after the game or hash changed
    int level_ = 10;
    std::size_t hash_megabytes_ = 16;
    int threads_ = 1;
    std::vector<std::string> variants_;  // the shipped games UCI expresses, found at `uci`
    std::ostream& out_;
    std::mutex out_mutex_;  // the search thread writes too
};

}  // namespace vari::engine
