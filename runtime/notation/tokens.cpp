// How pieces are named in text: type tokens ("P", "+P", "Q~") and pieces with their owner ("+p",
// "Kr").
#include "runtime/notation/tokens.hpp"

#include <algorithm>
#include <cctype>

#include "runtime/notation/notation.hpp"

namespace vari::notation {

std::string type_token(const ir::Game& game, int type) {
    const ir::Piece& piece = game.pieces[type];
    return move_token(game, type) + (piece.tilde ? "~" : "");
}

std::string move_token(const ir::Game& game, int type) {
    const ir::Piece& piece = game.pieces[type];
    return piece.plus ? std::string{'+', piece.letter} : std::string(1, piece.letter);
}

std::string piece_token(const ir::Game& game, Piece piece) {
    std::string out = type_token(game, type_of(piece));
    if (tokens_carry_owner(game)) {
        out += player_token(game, owner_of(piece));
    } else if (owner_of(piece) != 0) {
        char& letter = out[game.pieces[type_of(piece)].plus ? 1 : 0];
        letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
    return out;
}

int type_of_token(const ir::Game& game, char letter, bool plus, bool tilde) {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    for (std::size_t type = 0; type < game.pieces.size(); ++type) {
        const ir::Piece& piece = game.pieces[type];
        if (piece.letter == upper && piece.plus == plus && piece.tilde == tilde)
            return static_cast<int>(type);
    }
    return -1;
}

int type_moved_as(const ir::Game& game, char letter, bool plus) {
    const int plain = type_of_token(game, letter, plus, false);
    return plain >= 0 ? plain : type_of_token(game, letter, plus, true);
}

bool has_plus_types(const ir::Game& game) {
    return std::any_of(game.pieces.begin(), game.pieces.end(),
                       [](const ir::Piece& p) { return p.plus; });
}

bool has_tilde_types(const ir::Game& game) {
    return std::any_of(game.pieces.begin(), game.pieces.end(),
                       [](const ir::Piece& p) { return p.tilde; });
}

}  // namespace vari::notation
