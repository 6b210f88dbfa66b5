// Positions in a protocol's text: FEN for UCI, SFEN for USI, written from a position and read
// into vari's position string, so that parse_position judges them as it judges its own.
#include <algorithm>
#include <cctype>

#include "runtime/notation/notation.hpp"
#include "runtime/notation/tokens.hpp"

namespace vari::notation {
namespace {

// The piece written at `at` of `text` ([+]LETTER[~]): its length, 0 when it is none of the game's.
std::size_t piece_length(const ir::Game& game, std::string_view text, std::size_t at) {
    const bool plus = at < text.size() && text[at] == '+';
    const std::size_t letter = at + (plus ? 1 : 0);
    if (letter >= text.size() || !is_alpha(text[letter])) return 0;
    const bool tilde = letter + 1 < text.size() && text[letter + 1] == '~';
    if (type_of_token(game, text[letter], plus, tilde) < 0) return 0;
    return letter + (tilde ? 2 : 1) - at;
}

std::vector<std::string> blank_separated(std::string_view text) {
    std::vector<std::string> words;
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
        std::size_t end = at;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
        if (end > at) words.emplace_back(text.substr(at, end - at));
        at = end;
    }
    return words;
}

// Pieces in hand written as [COUNT][+]LETTER[~]..., as both FEN's brackets and SFEN hold them;
// true when every piece is one of the game's.
bool valid_hand(const ir::Game& game, std::string_view hand) {
    for (std::size_t at = 0; at < hand.size();) {
        while (at < hand.size() && is_digit(hand[at])) ++at;
        const std::size_t length = piece_length(game, hand, at);
        if (length == 0) return false;
        at += length;
    }
    return true;
}

}  // namespace

std::string ProtocolText::castling_letters(int right) const {
    const Tables& t = game_->tables();
    const auto castling = std::find_if(t.castlings.begin(), t.castlings.end(),
                                       [&](const CastlingRule& c) { return c.right == right; });
    const auto column = [&](int cell) {
        return static_cast<int>(std::find(grid_.begin(), grid_.end(), cell) - grid_.begin()) %
               columns_;
    };
    const auto side = [&](const CastlingRule& c) {
        return column(c.partner_from) > column(c.royal_from) ? 'K' : 'Q';
    };
    // K and Q, unless another right of the player castles to the same side with another partner.
    bool shared = false;
    for (const CastlingRule& c : t.castlings)
        if (c.player == castling->player && c.right != right && side(c) == side(*castling))
            shared = true;
    const char letter =
        shared ? static_cast<char>('A' + column(castling->partner_from)) : side(*castling);
    return std::string(1, castling->player ? to_lower(letter) : letter);
}

std::string ProtocolText::write_position(const Position& pos) const {
    const ir::Game& game = game_->ir();
    const bool uci = protocol_ != Protocol::usi;  // XBoard reads and writes FEN as UCI
    std::string text;
    for (int row = 0; row < rows_; ++row) {
        if (row) text += '/';
        int empty = 0;
        for (int column = 0; column < columns_; ++column) {
            const Piece piece = pos.piece_on(cell_at(column, row));
            if (piece == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += piece_token(game, piece);
        }
        if (empty) text += std::to_string(empty);
    }
    std::string hand;
    for (int player = 0; player < 2; ++player) {
        if (uci) {
            for (int type = 0; type < pos.tables().type_count; ++type)
                for (int n = pos.in_hand(player, type); n > 0; --n)
                    hand += piece_token(game, make_piece(player, type));
        } else {
            for (int type = 0; type < pos.tables().type_count; ++type) {
                const int n = pos.in_hand(player, type);
                if (n > 1) hand += std::to_string(n);
                if (n) hand += piece_token(game, make_piece(player, type));
            }
        }
    }
    const int side = pos.side_to_move();
    if (!uci) {
        const int ply = (pos.move_number() - 1) * 2 + side + 1;
        return text + (side ? " w " : " b ") + (hand.empty() ? "-" : hand) + " " +
               std::to_string(ply);
    }
    if (game.holds_hands()) text += "[" + hand + "]";
    text += side ? " b " : " w ";
    std::string rights[2];
    for (std::size_t bit = 0; bit < pos.tables().right_names.size(); ++bit)
        if (pos.rights() >> bit & 1)
            rights[pos.tables().right_owner[bit]] += castling_letters(static_cast<int>(bit));
    for (auto& r : rights) std::sort(r.begin(), r.end());
    // Gate (or first-move) rights after each player's castling rights, as Fairy-Stockfish writes
    // them.
    for (int player = 0; player < 2 && pos.tables().cell_rights(); ++player)
        rights[player] += gate_letters(
            game, pos.tables(), pos.gates() & pos.tables().set(pos.tables().gate_zone + player));
    text += rights[0].empty() && rights[1].empty() ? "-" : rights[0] + rights[1];
    // The en-passant cell only where a capture there is legal, as Stockfish writes it.
    std::string ep = "-";
    Position scratch = pos;
    MoveList legal;
    generate_legal(scratch, legal);
    for (const Move m : legal)
        if (m.kind() == Move::en_passant) ep = square(m.to());
    return text + " " + ep + checks_field(pos) + " " + std::to_string(pos.ply_clock()) + " " +
           std::to_string(pos.move_number());
}

std::optional<std::string> ProtocolText::vari_position(std::string_view text,
                                                       std::string& error) const {
    const ir::Game& game = game_->ir();
    const bool uci = protocol_ != Protocol::usi;  // XBoard reads and writes FEN as UCI
    const char* fen = uci ? "FEN" : "SFEN";
    auto fields = blank_separated(text);
    if (fields.empty()) {
        error = std::string("empty ") + fen;
        return std::nullopt;
    }
    // A game that counts checks has them after the en-passant cell, as "3+3"; taken out here and
    // put back where vari's position string has them.
    std::string checks;
    if (uci && game_->tables().checks_to_win) {
        const auto counted =
            std::find_if(fields.begin() + 1, fields.end(),
                         [](const std::string& f) { return f.find('+') != std::string::npos; });
        const int start = game_->tables().checks_to_win;
        checks =
            " " + (counted == fields.end() ? std::to_string(start) + "+" + std::to_string(start)
                                           : *counted);
        if (counted != fields.end()) fields.erase(counted);
    }
    if (fields.size() > (uci ? 6u : 4u)) {
        error = std::string(fen) + " has " + std::to_string(fields.size()) + " fields, at most " +
                (uci ? "6" : "4");
        return std::nullopt;
    }
    // Fields left out take the start's defaults.
    const std::vector<std::string> defaults =
        uci ? std::vector<std::string>{"", "w", "-", "-", "0", "1"}
            : std::vector<std::string>{"", "b", "-", "1"};
    while (fields.size() < defaults.size()) fields.push_back(defaults[fields.size()]);

    // The board, and in FEN the hands in brackets after it.
    std::string board = fields[0], hand;
    if (const auto open = board.find('['); uci && open != std::string::npos) {
        if (board.back() != ']') {
            error = "the hands in brackets do not end with ']'";
            return std::nullopt;
        }
        hand = board.substr(open + 1, board.size() - open - 2);
        board.resize(open);
    } else if (!uci && fields[2] != "-") {
        hand = fields[2];
    }
    std::vector<std::string> on_cell(game.board.cells.size());
    int row = 0, column = 0;
    const auto bad_row = [&]() {
        error = "rank " + std::to_string(row + 1) + " from the top has " +
                (column > columns_ ? "more" : "fewer") + " than the board's " +
                std::to_string(columns_) + " files";
        return std::nullopt;
    };
    for (std::size_t at = 0; at <= board.size(); ++at) {
        if (at == board.size() || board[at] == '/') {
            if (column != columns_) return bad_row();
            ++row;
            column = 0;
            if (row > rows_) break;
            continue;
        }
        if (is_digit(board[at])) {
            std::size_t end = at;
            while (end < board.size() && is_digit(board[end])) ++end;
            column += std::stoi(board.substr(at, std::min<std::size_t>(end - at, 4)));
            at = end - 1;
            if (column > columns_) return bad_row();
            continue;
        }
        const std::size_t length = piece_length(game, board, at);
        if (length == 0) {
            const std::size_t after = at + (board[at] == '+' ? 2 : 1);
            const bool tilde = after < board.size() && board[after] == '~';
            error = "'" + printable(board.substr(at, after - at + (tilde ? 1 : 0))) +
                    "' is not a piece of this game";
            return std::nullopt;
        }
        if (column == columns_) {
            ++column;
            return bad_row();
        }
        on_cell[static_cast<std::size_t>(cell_at(column++, row))] = board.substr(at, length);
        at += length - 1;
    }
    if (row != rows_) {
        error = std::string(fen) + " has " + std::to_string(row) + " ranks; the board has " +
                std::to_string(rows_);
        return std::nullopt;
    }
    if (!hand.empty() && hand != "-" && !game.holds_hands()) {
        error = "this game has no hands";
        return std::nullopt;
    }
    if (hand == "-") hand.clear();
    if (!valid_hand(game, hand)) {
        error = "'" + printable(hand) + "' is not a hand of this game's pieces";
        return std::nullopt;
    }

    // The board in vari's own order of lines and cells.
    std::string out;
    for (const ir::Line& line : game.board.lines) {
        if (!out.empty()) out += '/';
        int empty = 0;
        for (const int cell : line) {
            const std::string& piece = on_cell[static_cast<std::size_t>(cell)];
            if (piece.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += piece;
        }
        if (empty) out += std::to_string(empty);
    }
    if (game.holds_hands()) out += "[" + (hand.empty() ? std::string("-") : hand) + "]";

    const std::string& side = fields[1];
    if (side != "w" && side != "b") {
        error = "the side to move '" + printable(side) + "' is neither w nor b";
        return std::nullopt;
    }
    const int mover = (side == "b") == uci ? 1 : 0;
    out += std::string(" ") + player_token(game, mover);
    if (!uci) {
        const std::string& ply = fields[3];
        if (ply.empty() || ply.size() > 9 || !std::all_of(ply.begin(), ply.end(), is_digit) ||
            ply == "0") {
            error = "the move count '" + printable(ply) + "' is not a number from 1";
            return std::nullopt;
        }
        return out + " - - 0 " + std::to_string((std::stoi(ply) - 1) / 2 + 1);
    }

    std::string rights;
    CellSet gates;
    if (fields[2] != "-") {
        const Tables& t = game_->tables();
        for (const char c : fields[2]) {
            std::size_t bit = 0;
            while (bit < t.right_names.size() &&
                   castling_letters(static_cast<int>(bit)) != std::string(1, c))
                ++bit;
            if (bit == t.right_names.size() && gate_cell(game, t, c) >= 0) {
                gates.add(gate_cell(game, t, c));
                continue;
            }
            // Fairy-Stockfish reads a castling right as gate rights on its two cells too.
            for (const CastlingRule& rule : t.castlings)
                if (t.gating && bit < t.right_names.size() && rule.right == static_cast<int>(bit))
                    for (const int cell : {rule.royal_from, rule.partner_from})
                        if (t.set(t.gate_zone + rule.player).has(cell)) gates.add(cell);
            if (bit == t.right_names.size()) {
                error = "'" + printable(std::string(1, c)) + "' is not a castling right here";
                return std::nullopt;
            }
            rights += t.right_names[bit];
        }
    }
    rights += gate_letters(game, game_->tables(), gates);
    out += " " + (rights.empty() ? std::string("-") : rights);
    std::string ep = "-";
    if (fields[3] != "-") {
        const auto at = std::find(squares_.begin(), squares_.end(), fields[3]);
        if (at == squares_.end()) {
            error = "the en-passant cell '" + printable(fields[3]) + "' is not on the board";
            return std::nullopt;
        }
        ep = game.board.cells[static_cast<std::size_t>(at - squares_.begin())].name;
    }
    return out + " " + ep + checks + " " + fields[4] + " " + fields[5];
}

std::optional<std::string> ProtocolText::read_position(Position& pos, std::string_view text) const {
    std::string error;
    const auto position = vari_position(text, error);
    if (!position) return error;
    auto problem = parse_position(pos, *position);
    if (!problem) return std::nullopt;
    // An en-passant cell no pawn could have passed is ignored, as Stockfish ignores it.
    const auto fields = blank_separated(*position);
    const std::size_t count = game_->tables().checks_to_win ? 7 : 6;
    if (fields.size() == count && fields[3] != "-") {
        std::string without = fields[0] + " " + fields[1] + " " + fields[2] + " -";
        for (std::size_t i = 4; i < count; ++i) without += " " + fields[i];
        if (!parse_position(pos, without)) return std::nullopt;
    }
    return problem->message;
}

}  // namespace vari::notation
