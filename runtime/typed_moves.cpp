// Moves typed for a game in play, one or a list: parsed in its position, then judged by the game
// (over or not, and its filter hooks).
#include <algorithm>
#include <cctype>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// "1.", "12...": the numbers a score puts before moves.
bool is_move_number(std::string_view word) {
    const std::size_t digits = word.find_first_not_of("0123456789");
    return digits > 0 && digits != std::string_view::npos &&
           word.find_first_not_of('.', digits) == std::string_view::npos;
}

}  // namespace

std::optional<Move> parse_game_move(const Game& game, std::string_view text, std::string& error) {
    if (const auto& result = game.result()) {
        error = "the game is over: " + result->summary;
        return std::nullopt;
    }
    Position pos = game.position();
    const auto move = notation::parse_move(pos, text, error);
    if (!move) return std::nullopt;
    const MoveList& legal = game.legal_moves();
    if (std::find(legal.begin(), legal.end(), *move) == legal.end()) {
        error = notation::format_move(pos, *move) + " is refused by the game's hooks";
        return std::nullopt;
    }
    return move;
}

bool play_moves(Game& game, std::string_view list, std::string& error) {
    int number = 0;
    for (std::size_t at = 0; at < list.size();) {
        if (is_space(list[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        while (end < list.size() && !is_space(list[end])) ++end;
        const std::string_view word = list.substr(at, end - at);
        at = end;
        if (is_move_number(word)) continue;
        ++number;
        std::string why;
        const auto move = parse_game_move(game, word, why);
        if (!move) {
            error = "move " + std::to_string(number) + " '" + std::string(word) + "': " + why;
            return false;
        }
        game.play(*move);
    }
    return true;
}

}  // namespace vari::runtime
