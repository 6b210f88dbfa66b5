// Internal to tools/engine/: the XBoard protocol (CECP version 2) loop.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/runtime.hpp"
#include "tools/engine/engine.hpp"
#include "tools/engine/go.hpp"
#include "tools/engine/thinker.hpp"

namespace vari::engine {

class XBoardSession {
public:
    // `game` is loaded from the rule file at `path`.
    XBoardSession(std::unique_ptr<CompiledGame> game, std::string path, std::ostream& out);
    ~XBoardSession();
    // Answers one line from the GUI; false after `quit`.
    bool handle(std::string_view line);

private:
    using Words = std::vector<std::string>;
    // What a command does to a search in progress: nothing (it waits for the move), or the
    // search is abandoned without a move before the command changes what it searched.
    enum class Effect : std::uint8_t { none, abandon };
    struct Command {
        std::string_view name;
        void (XBoardSession::*run)(const Words&);
        Effect effect;
    };
    static const Command COMMANDS[];

    void say(const std::string& line);
    void abandon();

    // The commands, in the protocol's words.
    void protover(const Words&);
    void new_game(const Words&);
    void variant(const Words&);
    void force(const Words&);
    void go(const Words&);
    void playother(const Words&);
    void white(const Words&);
    void black(const Words&);
    void level(const Words&);
    void st(const Words&);
    void sd(const Words&);
    void time(const Words&);
    void otim(const Words&);
    void usermove(const Words&);
    void move_now(const Words&);
    void ping(const Words&);
    void setboard(const Words&);
    void undo(const Words&);
    void remove(const Words&);
    void post(const Words&);
    void nopost(const Words&);
    void analyze(const Words&);
    void exit_analysis(const Words&);
    void memory(const Words&);
    void cores(const Words&);
    void option(const Words&);
    void edit(const Words&);
    void hard(const Words&);
    void easy(const Words&);
    void ignore(const Words&);

    void play(const std::string& text);  // a move from the GUI
    void think();                        // the engine's move, or its result when the game is over
    void start_search(bool infinite);
    GoRequest request(int side, bool with_clock) const;
    void plan_ponder(int side);
    bool pondering() const;
    bool claim_result();  // says the result if the game is over
    void reset(Position start);
    bool switch_game(const std::string& name);
    const std::vector<std::pair<notation::XBoardVariant, std::string>>& games();
    std::unique_ptr<runtime::Game> replay() const;
    void report(const runtime::Game& game, const search::Iteration& it);
    std::optional<Job> answer(const runtime::Game& game, const search::Outcome& outcome);
    std::optional<Job> ponder_job(const search::Outcome& outcome);

    std::unique_ptr<CompiledGame> game_;
    std::string first_path_;
    notation::XBoardVariant variant_;
    std::optional<notation::ProtocolText> text_;
    // The games the engine plays, as XBoard knows them, and the rule file of each.
    std::vector<std::pair<notation::XBoardVariant, std::string>> games_;

    Position start_;
    std::vector<Move> moves_;                 // played from start_
    std::unique_ptr<runtime::Game> current_;  // start_ and moves_
    bool position_ok_ = true;                 // false after a setboard that failed
    int engine_side_ = 1;                     // the player the engine plays; -1 in force mode
    bool analyzing_ = false;

    // Time controls: `level`'s moves per session (0: the whole game), base and increment; `st`'s
    // time per move; `sd`'s depth; the clocks `time` and `otim` last gave, in milliseconds.
    int moves_per_session_ = 0;
    std::optional<std::int64_t> base_ms_, increment_ms_, move_ms_, engine_ms_;
    std::optional<int> depth_;
    int level_ = 10;
    std::size_t hash_megabytes_ = 16;
    int threads_ = 1;

    // Pondering (`hard`): the search after the engine's move has these limits, and expects
    // this reply.
    std::atomic<bool> ponder_{false};
    search::Limits ponder_limits_;
    Move ponder_guess_;

    std::unique_ptr<Thinker> thinker_;
    std::atomic<bool> post_{false};
    std::atomic<bool> abandoned_{false};  // the search ends without a move
    std::atomic<bool> thinking_{false};   // a search runs (the engine's move or analysis)
    std::ostream& out_;
    std::mutex out_mutex_;  // the search thread writes too
};

void run_xboard(std::unique_ptr<CompiledGame> game, const std::string& path, std::istream& in,
                std::ostream& out);

}  // namespace vari::engine
