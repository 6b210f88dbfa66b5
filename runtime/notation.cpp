// Move notation: FROM-TO / FROMxTO [=L], written from a legal move and read back by matching the
// legal moves, with messages that say exactly why a typed move is refused.
#include <cctype>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// One way of reading typed text: two cells and an optional promotion letter (upper case, or 0).
struct Reading {
    int from = -1, to = -1;
    char promotion = 0;
};

bool is_separator(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':' || c == ' '; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)); }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }
char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

const std::string& name_of(const Position& pos, int cell) {
    return pos.game().ir().board.cells[cell].name;
}

// Cell names as written, or in lower case when typed in upper case ("E2").
int find_cell(const CompiledGame& game, std::string_view name) {
    const int cell = game.cell_index(name);
    if (cell >= 0) return cell;
    std::string lower(name);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return game.cell_index(lower);
}

int type_of_letter(const ir::Game& game, char upper) {
    for (std::size_t type = 0; type < game.pieces.size(); ++type)
        if (game.pieces[type].letter == upper) return static_cast<int>(type);
    return -1;
}

// Every reading of `text` as FROM [separator] TO [[=]LETTER]. Cell names are tried at every split
// point because they are letters and digits of any length ("a10").
std::vector<Reading> readings(const CompiledGame& game, std::string_view text) {
    std::vector<Reading> out;
    for (std::size_t i = 1; i < text.size(); ++i) {
        const int from = find_cell(game, text.substr(0, i));
        if (from < 0) continue;
        for (std::size_t skip = 0; skip < 2; ++skip) {
            if (skip && !is_separator(text[i])) continue;
            const std::string_view rest = text.substr(i + skip);
            for (std::size_t j = 1; j <= rest.size(); ++j) {
                const int to = find_cell(game, rest.substr(0, j));
                if (to < 0) continue;
                std::string_view tail = rest.substr(j);
                if (tail.size() == 2 && tail[0] == '=') tail.remove_prefix(1);
                if (tail.size() > 1 || (tail.size() == 1 && !is_alpha(tail[0]))) continue;
                const char promotion = tail.empty() ? 0 : upper(tail[0]);
                out.push_back({from, to, promotion});
            }
        }
    }
    return out;
}

char promotion_letter(const Position& pos, Move move) {
    return pos.game().ir().pieces[move.promotion()].letter;
}

bool matches(const Position& pos, Move move, const Reading& r) {
    if (move.from() != r.from || move.to() != r.to) return false;
    if (!r.promotion) return !move.is_promotion();
    return move.is_promotion() && promotion_letter(pos, move) == r.promotion;
}

// "e2-e4" or "e4xd5", for messages about a move that may not exist.
std::string cells_text(const Position& pos, int from, int to) {
    const Piece a = pos.piece_on(from), b = pos.piece_on(to);
    const bool capture = a && b && owner_of(a) != owner_of(b);
    return name_of(pos, from) + (capture ? "x" : "-") + name_of(pos, to);
}

std::string player_name(const Position& pos, int player) {
    return pos.game().ir().players[player].name;
}

// "=Q, =R, =B or =N"
std::string choice_list(const std::string& letters) {
    std::string out;
    for (std::size_t i = 0; i < letters.size(); ++i) {
        if (i) out += i + 1 == letters.size() ? " or " : ", ";
        out += '=';
        out += letters[i];
    }
    return out;
}

// An example of a move to type: one of the piece on `from` if it has any, else any legal move.
std::string example(const Position& pos, const MoveList& legal, int from) {
    for (Move m : legal)
        if (m.from() == from) return format_move(pos, m);
    return legal.size ? format_move(pos, legal.moves[0]) : std::string("e2-e4");
}

// Why a move whose piece is the mover's own but which is not legal was refused.
std::string not_legal(const Position& pos, const MoveList& legal, const Reading& r) {
    const ir::Game& game = pos.game().ir();
    const Piece piece = pos.piece_on(r.from);
    const std::string& piece_name = game.pieces[type_of(piece)].name;
    const std::string from = name_of(pos, r.from);
    std::string msg = cells_text(pos, r.from, r.to) + " is not a legal move for the " + piece_name +
                      " on " + from;
    if (piece_targets(pos, r.from).has(r.to)) {
        // Only the royal rule can forbid a move the piece's movement allows.
        std::string royal = "a royal piece";
        for (int type = 0; type < pos.tables().type_count; ++type)
            if (game.pieces[type].royal && pos.pieces(pos.side_to_move(), type))
                royal = "the " + game.pieces[type].name;
        msg += game.pieces[type_of(piece)].royal ? ": it would be attacked there"
                                                 : ": it would leave " + royal + " attacked";
    }
    std::string moves;
    for (Move m : legal)
        if (m.from() == r.from) moves += (moves.empty() ? "" : ", ") + format_move(pos, m);
    msg += moves.empty() ? " (it has no legal move)" : " (legal: " + moves + ")";
    return msg;
}

// Why the reading `r` names no legal move.
std::string explain(const Position& pos, const MoveList& legal, const Reading& r) {
    const ir::Game& game = pos.game().ir();
    const Piece piece = pos.piece_on(r.from);
    if (!piece) return "no piece on " + name_of(pos, r.from);
    if (owner_of(piece) != pos.side_to_move())
        return "that is " + player_name(pos, owner_of(piece)) + "'s piece; " +
               player_name(pos, pos.side_to_move()) + " to move";
    std::string choices;
    bool plain = false;
    for (Move m : legal) {
        if (m.from() != r.from || m.to() != r.to) continue;
        if (m.is_promotion())
            choices += promotion_letter(pos, m);
        else
            plain = true;
    }
    if (choices.empty() && !plain) return not_legal(pos, legal, r);
    if (!r.promotion) return "promotion needed: add " + choice_list(choices);
    const std::string move = cells_text(pos, r.from, r.to);
    const int type = type_of_letter(game, r.promotion);
    if (type < 0) return std::string("unknown piece letter '") + r.promotion + "'";
    if (choices.empty()) return move + " is not a promotion: leave out =" + r.promotion;
    return "cannot promote to a " + game.pieces[type].name + " on " + name_of(pos, r.to) +
           ": add " + choice_list(choices) + (plain ? ", or nothing" : "");
}

// The reading most likely meant: one naming a legal from-to pair, else one starting on the mover's
// own piece, else one starting on any piece.
const Reading& best(const Position& pos, const MoveList& legal, const std::vector<Reading>& rs) {
    auto score = [&](const Reading& r) {
        for (Move m : legal)
            if (m.from() == r.from && m.to() == r.to) return 3;
        const Piece p = pos.piece_on(r.from);
        return !p ? 0 : owner_of(p) == pos.side_to_move() ? 2 : 1;
    };
    const Reading* chosen = &rs.front();
    for (const Reading& r : rs)
        if (score(r) > score(*chosen)) chosen = &r;
    return *chosen;
}

// Text that has no reading at all: name the first cell-like word that is no cell, if any.
std::string unreadable(const Position& pos, const MoveList& legal, std::string_view text) {
    const std::string how = "write FROM-TO, e.g. ";
    if (text.empty()) return "no move given: " + how + example(pos, legal, -1);
    int first_cell = -1;
    for (std::size_t i = 0; i < text.size();) {
        if (!is_alpha(text[i]) && !is_digit(text[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && is_alpha(text[j])) ++j;
        while (j < text.size() && is_digit(text[j])) ++j;
        const std::string_view word = text.substr(i, j - i);
        const int cell = find_cell(pos.game(), word);
        if (cell < 0 && word.size() > 1) return "unknown cell '" + std::string(word) + "'";
        if (first_cell < 0) first_cell = cell;
        i = j;
    }
    return "cannot read '" + std::string(text) + "' as a move: " + how +
           example(pos, legal, first_cell);
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

}  // namespace

std::string format_move(const Position& pos, Move move) {
    const Piece target = pos.piece_on(move.to());
    const bool capture = move.kind() == Move::en_passant ||
                         (move.kind() == Move::normal && target &&
                          owner_of(target) != owner_of(pos.piece_on(move.from())));
    std::string out = name_of(pos, move.from());
    out += capture ? 'x' : '-';
    out += name_of(pos, move.to());
    if (move.is_promotion()) {
        out += '=';
        out += promotion_letter(pos, move);
    }
    return out;
}

std::optional<Move> parse_move(Position& pos, std::string_view text, std::string& error) {
    MoveList legal;
    generate_legal(pos, legal);
    text = trim(text);
    // Longer text names no move, and its readings would cost time quadratic in its length.
    constexpr std::size_t MAX_MOVE_TEXT = 64;
    const std::vector<Reading> rs =
        text.size() <= MAX_MOVE_TEXT ? readings(pos.game(), text) : std::vector<Reading>();
    for (const Reading& r : rs)
        for (Move m : legal)
            if (matches(pos, m, r)) return m;
    error = rs.empty() ? unreadable(pos, legal, text) : explain(pos, legal, best(pos, legal, rs));
    return std::nullopt;
}

}  // namespace vari::runtime
