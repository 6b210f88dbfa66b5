// The protocols' names, which games a protocol can express, its names for their cells, and moves
// in its syntax.
#include <algorithm>
#include <cctype>
#include <climits>
#include <iterator>

#include "runtime/notation/notation.hpp"

namespace vari::notation {
namespace {

bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)); }

// Why the protocol cannot write the game's promotions, or nothing when it can: a promotion to a
// `plus` type is written '+', so a piece may have only one; USI writes no other promotion.
std::optional<std::string> promotion_refusal(const ir::Game& game, Protocol protocol) {
    for (const ir::Piece& piece : game.pieces) {
        std::vector<int> plus_choices;
        for (const ir::Promotion& promotion : piece.promotions)
            for (const int choice : promotion.choices) {
                const ir::Piece& to = game.pieces[static_cast<std::size_t>(choice)];
                if (!to.plus && protocol == Protocol::usi)
                    return "the " + piece.name + " promotes to a " + to.name +
                           ", and USI writes only promotions to + pieces";
                if (to.plus && std::find(plus_choices.begin(), plus_choices.end(), choice) ==
                                   plus_choices.end())
                    plus_choices.push_back(choice);
            }
        if (plus_choices.size() > 1)
            return "the " + piece.name +
                   " may promote to several + pieces, which a '+' cannot "
                   "tell apart";
    }
    return std::nullopt;
}

bool has_en_passant(const ir::Game& game) {
    for (const ir::Piece& piece : game.pieces)
        for (const ir::Movement& m : piece.movements)
            if (m.creates_en_passant || m.captures_en_passant) return true;
    return false;
}

using Peer = ProtocolText::Peer;

// Why `protocol` cannot express `game` on a board of `columns` by `rows`, for `peer`, or nothing.
std::optional<std::string> refusal(const ir::Game& game, Protocol protocol, Peer peer, int columns,
                                   int rows) {
    const bool usi = protocol == Protocol::usi;
    if (game.board.geometry != ir::Geometry::square) return std::string("its board is hexagonal");
    if (game.players.size() != 2)
        return "it has " + std::to_string(game.players.size()) + " players";
    if (static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows) !=
        game.board.cells.size())
        return std::string("its board is not a full rectangle");
    const bool xboard = protocol == Protocol::xboard;
    const int max_columns = usi ? 9 : xboard ? 16 : 26, max_rows = usi ? 26 : xboard ? 16 : INT_MAX;
    if (columns > max_columns)
        return "its " + std::to_string(columns) + " files are more than the protocol's " +
               std::to_string(max_columns);
    if (rows > max_rows)
        return "its " + std::to_string(rows) + " ranks are more than the protocol's " +
               std::to_string(max_rows);
    if (const auto why = promotion_refusal(game, protocol)) return why;
    // The XBoard GUI tells pieces apart by their letters alone, and writes '~' only for its own
    // games; an engine reads '~' as Fairy-Stockfish does.
    if (xboard && peer == Peer::gui)
        for (const ir::Piece& piece : game.pieces)
            if (piece.tilde)
                return "its " + piece.name + " is written " + piece.letter +
                       "~, which XBoard cannot tell from " + piece.letter;
    if (game.has_capture_sequences())
        return std::string("its captures are capture sequences, which the protocol cannot write");
    if (usi && !game.castlings.empty())
        return std::string("it has castling, which SFEN cannot hold");
    if (usi && has_en_passant(game))
        return std::string("it has en passant, which SFEN cannot hold");
    if (usi && game.passing != ir::Passing::never)
        return std::string("its players may pass, and USI has no pass");
    return std::nullopt;
}

}  // namespace

namespace {

struct ProtocolNames {
    const char* word;  // on the command line
    const char* name;  // in messages
};
// ORDER Protocol
constexpr ProtocolNames PROTOCOL_NAMES[] = {{"uci", "UCI"}, {"usi", "USI"}, {"xboard", "XBoard"}};
static_assert(std::size(PROTOCOL_NAMES) == std::size(PROTOCOLS));
static_assert([] {
    for (std::size_t i = 0; i < std::size(PROTOCOLS); ++i)
        if (PROTOCOLS[i] != static_cast<Protocol>(i)) return false;
    return true;
}());

const ProtocolNames& names_of(Protocol protocol) {
    return PROTOCOL_NAMES[static_cast<std::size_t>(protocol)];
}

}  // namespace

const char* protocol_word(Protocol protocol) { return names_of(protocol).word; }

std::optional<Protocol> protocol_named(std::string_view word) {
    for (const Protocol protocol : PROTOCOLS)
        if (word == protocol_word(protocol)) return protocol;
    return std::nullopt;
}

const char* protocol_name(Protocol protocol) { return names_of(protocol).name; }

namespace {

// The board's bounding box: its lowest coordinates, its files and its ranks.
struct Bounds {
    int min_x = INT_MAX, min_y = INT_MAX, columns = 0, rows = 0;
};

Bounds bounds(const ir::Game& game) {
    int max_x = INT_MIN, max_y = INT_MIN;
    Bounds b;
    for (const ir::Cell& c : game.board.cells) {
        b.min_x = std::min(b.min_x, c.coord.x);
        max_x = std::max(max_x, c.coord.x);
        b.min_y = std::min(b.min_y, c.coord.y);
        max_y = std::max(max_y, c.coord.y);
    }
    b.columns = max_x - b.min_x + 1;
    b.rows = max_y - b.min_y + 1;
    return b;
}

}  // namespace

std::optional<std::string> ProtocolText::refusal(const ir::Game& game, Protocol protocol,
                                                 Peer peer) {
    const Bounds b = bounds(game);
    return vari::notation::refusal(game, protocol, peer, b.columns, b.rows);
}

std::optional<ProtocolText> ProtocolText::make(const CompiledGame& game, Protocol protocol,
                                               std::string& why, Peer peer) {
    const auto& cells = game.ir().board.cells;
    const Bounds b = bounds(game.ir());
    const int min_x = b.min_x, max_y = b.min_y + b.rows - 1;
    ProtocolText text(game, protocol);
    text.columns_ = b.columns;
    text.rows_ = b.rows;
    const auto refused = vari::notation::refusal(game.ir(), protocol, peer, b.columns, b.rows);
    if (refused) {
        why = *refused;
        return std::nullopt;
    }
    // XBoard counts the ranks of a board of exactly 10 from 0.
    text.first_rank_ = protocol == Protocol::xboard && text.rows_ == 10 ? 0 : 1;
    text.grid_.assign(static_cast<std::size_t>(text.columns_ * text.rows_), -1);
    text.squares_.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int column = cells[i].coord.x - min_x, row = max_y - cells[i].coord.y;
        text.grid_[static_cast<std::size_t>(row * text.columns_ + column)] = static_cast<int>(i);
        text.squares_[i] =
            protocol == Protocol::usi
                ? std::to_string(text.columns_ - column) + static_cast<char>('a' + row)
                : static_cast<char>('a' + column) +
                      std::to_string(text.rows_ - row - 1 + text.first_rank_);
    }
    return text;
}

int ProtocolText::cell_at(int column, int row) const {
    if (column < 0 || column >= columns_ || row < 0 || row >= rows_) return -1;
    return grid_[static_cast<std::size_t>(row * columns_ + column)];
}

std::string ProtocolText::write_move(const Position& pos, Move move) const {
    const ir::Game& game = game_->ir();
    if (move.is_pass()) return protocol_ == Protocol::xboard ? "@@@@" : "0000";
    if (move.is_drop()) {
        // What goes down: a piece dropped promoted (`drop promoted`) is written as its form.
        const int placed = move.is_promotion() ? move.promotion() : move.dropped_type();
        const ir::Piece& piece = game.pieces[static_cast<std::size_t>(placed)];
        return (piece.plus ? "+" : "") + std::string(1, piece.letter) +
               (protocol_ == Protocol::usi ? '*' : '@') + square(move.to());
    }
    int to = move.to();
    if (move.kind() == Move::castling) {
        // Where the royal piece's own move reads the same, the castling goes onto its partner.
        Position scratch = pos;
        MoveList legal;
        generate_legal(scratch, legal);
        for (const Move m : legal)
            if (m.kind() != Move::castling && !m.is_drop() && !m.is_pass() &&
                m.from() == move.from() && m.to() == move.to())
                to = pos.tables()
                         .castlings[static_cast<std::size_t>(move.castling_index())]
                         .partner_from;
    }
    std::string text = square(move.from()) + square(to);
    if (move.is_promotion()) {
        const ir::Piece& promoted = game.pieces[static_cast<std::size_t>(move.promotion())];
        const ir::Piece& mover =
            game.pieces[static_cast<std::size_t>(type_of(pos.piece_on(move.from())))];
        // A + piece turning back into what it is captured as (a piece that `promote always` flips)
        // is written '-', as Fairy-Stockfish writes a demotion.
        if (mover.plus && mover.captured_as == move.promotion())
            text += '-';
        else
            text += promoted.plus ? '+' : to_lower(promoted.letter);
    }
    // Gating: the gated piece's letter, as Fairy-Stockfish writes it; a castling that gates onto
    // the partner's cell is written from that cell to the royal piece's ("h1e1h").
    if (const int gated = move.gated_type(); gated >= 0) {
        if (move.kind() == Move::castling && move.gates_on_partner()) {
            const CastlingRule& c =
                pos.tables().castlings[static_cast<std::size_t>(move.castling_index())];
            text = square(c.partner_from) + square(c.royal_from);
        }
        text += to_lower(game.pieces[static_cast<std::size_t>(gated)].letter);
    }
    return text;
}

std::optional<std::string> ProtocolText::to_notation(std::string_view text,
                                                     std::string& error) const {
    const bool uci = protocol_ != Protocol::usi;  // XBoard writes moves as UCI does
    if (uci && text == (protocol_ == Protocol::xboard ? "@@@@" : "0000"))
        return std::string("pass");
    const auto fail = [&]() -> std::optional<std::string> {
        error = "'" + printable(text) + "' is not a move in " + protocol_name(protocol_) +
                "'s form (" + (uci ? "e2e4, e7e8q, P@e4" : "7g7f, 8h2b+, P*5e") + ")";
        return std::nullopt;
    };
    // A square at `at`: UCI's file letter and rank number, or USI's file number and rank letter.
    std::size_t at = 0;
    const auto read_square = [&]() -> int {
        std::size_t digits = at;
        if (uci) {
            if (at == text.size() || !is_lower(text[at])) return -1;
            digits = at + 1;
        }
        std::size_t end = digits;
        while (end < text.size() && is_digit(text[end])) ++end;
        if (end == digits || (text[digits] == '0' && (first_rank_ == 1 || end - digits > 1)))
            return -1;
        const int number =
            std::stoi(std::string(text.substr(digits, std::min<std::size_t>(end - digits, 6))));
        int column, row;
        if (uci) {
            column = text[at] - 'a';
            row = rows_ - 1 - (number - first_rank_);
            at = end;
        } else {
            if (end == text.size() || !is_lower(text[end])) return -1;
            column = columns_ - number;
            row = text[end] - 'a';
            at = end + 1;
        }
        return cell_at(column, row);
    };
    const auto name = [&](int cell) {
        return game_->ir().board.cells[static_cast<std::size_t>(cell)].name;
    };
    // A drop: [+]LETTER, '@' or '*', the square.
    const std::size_t mark = text.find_first_of("@*");
    if (mark != std::string_view::npos) {
        const std::string_view piece = text.substr(0, mark);
        const bool plus = !piece.empty() && piece[0] == '+';
        if (piece.size() != (plus ? 2u : 1u) ||
            !std::isalpha(static_cast<unsigned char>(piece.back())))
            return fail();
        at = mark + 1;
        const int cell = read_square();
        if (cell < 0 || at != text.size()) return fail();
        return std::string(plus ? "+" : "") + to_upper(piece.back()) + "*" + name(cell);
    }
    const int from = read_square();
    const int to = from < 0 ? -1 : read_square();
    if (to < 0) return fail();
    const std::string_view suffix = text.substr(at);
    // No move goes from a cell to itself: Fairy-Stockfish writes a pass so (its royal piece's).
    if (uci && from == to && suffix.empty()) return std::string("pass");
    std::string notation = name(from) + "-" + name(to);
    if (suffix.empty()) return notation;
    if (suffix == "+" || suffix == "=") return notation + std::string(suffix);
    if (uci && suffix.size() == 1 && std::isalpha(static_cast<unsigned char>(suffix[0])))
        return notation + "=" + to_upper(suffix[0]);
    return fail();
}

std::optional<Move> ProtocolText::read_move(Position& pos, std::string_view text,
                                            std::string& error) const {
    // A move is accepted only as the text of a legal one (in any case), so that no other
    // protocol's form slips through; vari's own notation then says why another text is refused.
    MoveList legal;
    generate_legal(pos, legal);
    const auto same = [&](const std::string& written) {
        return written.size() == text.size() &&
               std::equal(written.begin(), written.end(), text.begin(),
                          [](char a, char b) { return to_lower(a) == to_lower(b); });
    };
    for (const Move m : legal)
        if (same(write_move(pos, m))) return m;
    const auto notation = to_notation(text, error);
    if (!notation) return std::nullopt;
    const auto move = parse_move(pos, *notation, error);
    // Fairy-Stockfish's pass, a move from a cell to itself, is the pass it means.
    if (move && move->is_pass()) return move;
    if (move) error = "'" + printable(text) + "' is written " + write_move(pos, *move);
    return std::nullopt;
}

std::string ProtocolText::write_line(const Position& from, const std::vector<Move>& line) const {
    Position pos = from;
    std::string text;
    for (const Move m : line) {
        MoveList legal;
        generate_legal(pos, legal);
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) break;
        text += (text.empty() ? "" : " ") + write_move(pos, m);
        Undo undo;
        pos.do_move(m, undo);
    }
    return text;
}

}  // namespace vari::notation
