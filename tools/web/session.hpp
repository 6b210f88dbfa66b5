// Internal to tools/web/: one page's session and the JSON it exchanges with the page.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"

namespace vari::web {

// A page's game: the rule file it was loaded from, the game in play, the moves undone (redo).
// Requests are objects {"op": NAME, ...}; every answer is an object with "ok" true and what the
// request asked, or "ok" false and "error" (and, for a rule file, its "diagnostics"). A bad
// request never changes the session.
class Session {
public:
    explicit Session(std::string default_game);
    ~Session();
    nlohmann::json handle(const nlohmann::json& request);

private:
    nlohmann::json hello() const;
    nlohmann::json open(const nlohmann::json& request);
    nlohmann::json move(const nlohmann::json& request);
    nlohmann::json undo();
    nlohmann::json redo();
    nlohmann::json state() const;

    std::string default_game_;
    std::unique_ptr<CompiledGame> compiled_;
    std::unique_ptr<runtime::Game> game_;
    std::vector<Move> undone_;  // the latest undone last
};

// ---- What the page is shown (state_json.cpp) ----
// The board's picture from each player's side, the players and the piece types.
nlohmann::json board_json(const ir::Game& game);
// The game in play: pieces, hands, side to move, legal moves (each with its cells, so the page can
// offer them by click), last move, check, the moves so far, the result.
nlohmann::json state_json(const runtime::Game& game);

// A request's error answer.
nlohmann::json error_json(const std::string& message);

}  // namespace vari::web
