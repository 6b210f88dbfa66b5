// Internal to tools/engine/: the protocol loop UCI and USI share, and the words they differ by.
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
#include "tools/engine/thinker.hpp"

namespace vari::engine {

// What a protocol says in its own words; the loop is the same (uci.cpp, usi.cpp).
struct Dialect {
    Protocol protocol;
    std::string_view hello, hello_ok;  // "uci" and "uciok"
    std::string_view new_game;         // "ucinewgame"
    std::string_view position_word;    // "fen" in `position fen ...`
    // go's words for each player's time and increment, in turn order (UCI's white moves first,
    // USI's black).
    std::string_view clock[2], increment[2];
    // The hash and ponder options; USI's GUIs send them unasked, so they are not offered there.
    std::string_view hash_option, ponder_option;
    bool offers_hash_and_ponder;
    std::string_view no_move;   // bestmove's word when there is no move: "(none)", "resign"
    bool mate_in_plies;         // score mate N counts plies (USI) or moves (UCI)
    bool offers_variants;       // the UCI_Variant option
    std::string_view game_over; // the GUI's word for a game's end ("gameover"), or empty
};
extern const Dialect UCI;
extern const Dialect USI;

class Session {
public:
    Session(const Dialect& dialect, std::unique_ptr<CompiledGame> game, std::string name,
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
    std::string line_text(const Position& from, const std::vector<Move>& line) const;

    const Dialect& dialect_;
    std::unique_ptr<CompiledGame> game_;
    std::string name_;
    std::optional<ProtocolText> text_;
    Position start_;
    std::vector<Move> moves_;  // played from start_
    std::unique_ptr<Thinker> thinker_;  // made at the first `go` after the game or hash changed
    int level_ = 10;
    std::size_t hash_megabytes_ = 16;
    std::vector<std::string> variants_;  // the shipped games UCI expresses, found at `uci`
    std::ostream& out_;
    std::mutex out_mutex_;  // the search thread writes too
};

}  // namespace vari::engine
