// Gate rights and first-move rights in position strings: a cell's file letter, upper case for the
// first player and lower case for the second, as Fairy-Stockfish writes them ("ABCDEFGHabcdefgh",
// Cambodian chess's "DEde").
#include <cctype>

#include "runtime/notation/notation.hpp"

namespace vari::notation {

namespace {

char file_letter(const ir::Game& game, int cell) {
    return game.board.cells[static_cast<std::size_t>(cell)].name[0];
}

}  // namespace

std::string gate_letters(const ir::Game& game, const Tables& t, CellSet gates) {
    std::string out;
    for (int player = 0; player < t.player_count && t.cell_rights(); ++player)
        for (int cell : gates& t.set(t.gate_zone + player)) {
            const char letter = file_letter(game, cell);
            out +=
                static_cast<char>(player == 0 ? std::toupper(static_cast<unsigned char>(letter))
                                              : std::tolower(static_cast<unsigned char>(letter)));
        }
    return out;
}

int gate_cell(const ir::Game& game, const Tables& t, char letter) {
    if (!t.cell_rights() || !std::isalpha(static_cast<unsigned char>(letter))) return -1;
    const int player = std::isupper(static_cast<unsigned char>(letter)) ? 0 : 1;
    const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    if (player >= t.player_count) return -1;
    for (int cell : t.set(t.gate_zone + player))
        if (file_letter(game, cell) == file) return cell;
    return -1;
}

}  // namespace vari::notation
