// Cells by name and promotion suffixes, for long and short notation alike.
#include "runtime/notation/move_text.hpp"

#include <cctype>

#include "runtime/notation/tokens.hpp"

namespace vari::notation {

const std::string& name_of(const Position& pos, int cell) {
    return pos.game().ir().board.cells[cell].name;
}

int find_cell(const CompiledGame& game, std::string_view name) {
    const int cell = game.cell_index(name);
    if (cell >= 0) return cell;
    std::string lower(name);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return game.cell_index(lower);
}

std::optional<Suffix> read_suffix(std::string_view tail) {
    Suffix s;
    if (tail.empty()) return s;
    if (tail == "=") return Suffix{Suffix::decline};
    if (tail == "+") return Suffix{Suffix::plus};
    if (tail.front() == '=') tail.remove_prefix(1);
    s.plus_piece = !tail.empty() && tail.front() == '+';
    if (s.plus_piece) tail.remove_prefix(1);
    if (tail.size() != 1 || !std::isalpha(static_cast<unsigned char>(tail[0]))) return std::nullopt;
    s.kind = Suffix::piece;
    s.letter = static_cast<char>(std::toupper(static_cast<unsigned char>(tail[0])));
    return s;
}

std::string suffix_text(const Suffix& s) {
    switch (s.kind) {
        case Suffix::none:
            return "";
        case Suffix::decline:
            return "=";
        case Suffix::plus:
            return "+";
        case Suffix::piece:
            return std::string("=") + (s.plus_piece ? "+" : "") + s.letter;
    }
    return "";
}

bool suffix_fits(const Position& pos, Move move, const Suffix& s) {
    const ir::Game& game = pos.game().ir();
    switch (s.kind) {
        case Suffix::none:
        case Suffix::decline:
            return !move.is_promotion();
        case Suffix::plus:
            return move.is_promotion() &&
                   plus_promotion(game, owner_of(pos.piece_on(move.from())),
                                  type_of(pos.piece_on(move.from()))) == move.promotion();
        case Suffix::piece:
            // By its move_token: a `tilde` choice is told apart by the piece's other choices.
            return move.is_promotion() && game.pieces[move.promotion()].letter == s.letter &&
                   game.pieces[move.promotion()].plus == s.plus_piece;
    }
    return false;
}

int plus_promotion(const ir::Game& game, int player, int type) {
    int found = -1;
    for (const ir::Promotion& promotion : game.pieces[type].promotions) {
        if (!(promotion.players >> player & 1)) continue;
        for (int choice : promotion.choices) {
            if (!game.pieces[choice].plus || choice == found) continue;
            if (found >= 0) return -1;
            found = choice;
        }
    }
    return found;
}

std::string promotion_text(const Position& pos, Move move) {
    if (!move.is_promotion()) return "";
    const ir::Game& game = pos.game().ir();
    const Piece mover = pos.piece_on(move.from());
    if (plus_promotion(game, owner_of(mover), type_of(mover)) == move.promotion()) return "+";
    return "=" + move_token(game, move.promotion());
}

std::string gating_text(const Position& pos, Move move) {
    const int gated = move.gated_type();
    if (gated < 0) return "";
    std::string out = "/" + move_token(pos.game().ir(), gated);
    if (move.kind() == Move::castling && move.gates_on_partner())
        out += name_of(pos, pos.tables().castlings[move.castling_index()].partner_from);
    return out;
}

}  // namespace vari::notation
