// Move notation: FROM-TO / FROMxTO [=L | +], FROMxL1xL2... for a capture sequence, and
// PIECE*CELL for drops, written from a legal move and read back by matching the legal moves, with
// messages that say exactly why a typed move is refused.
#include "runtime/notation/notation.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "runtime/notation/move_text.hpp"
#include "runtime/notation/short_notation.hpp"
#include "runtime/notation/tokens.hpp"

namespace vari::notation {
namespace {

// One way of reading typed text: the cells and what follows them. `landings` are the cells after
// the first (one for FROM-TO, several for a capture sequence); `to` is the last.
struct Reading {
    int from = -1, to = -1;
    Suffix suffix;
    std::vector<int> landings;
    bool sequence = false;  // read as a capture sequence
};

bool is_separator(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':' || c == ' '; }
bool is_capture_mark(char c) { return c == 'x' || c == 'X' || c == ':'; }
bool is_drop_mark(char c) { return c == '*' || c == '@'; }

// Every reading of `text` as FROM [separator] TO [suffix]. Cell names are tried at every split
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
                if (const auto suffix = read_suffix(rest.substr(j)))
                    out.push_back({from, to, *suffix, {to}});
            }
        }
    }
    return out;
}

// Every reading of `text` as a capture sequence: CELL, then a CELL once or more, each after 'x'
// or ':' (or, unless `strict`, after any separator or none), then a suffix; `cells` holds the
// cells read so far. At most MAX_READINGS, against hostile text.
constexpr std::size_t MAX_READINGS = 64;
void sequence_readings(const CompiledGame& game, std::string_view text, bool strict,
                       std::vector<int>& cells, std::vector<Reading>& out) {
    if (cells.size() >= 2)
        if (const auto suffix = read_suffix(text))
            out.push_back(
                {cells.front(), cells.back(), *suffix, {cells.begin() + 1, cells.end()}, true});
    for (std::size_t skip = 0; skip < 2; ++skip) {
        // The first cell opens the text; a later one follows a mark (or, unless strict, nothing).
        if (cells.empty() ? skip == 1 : skip == 0 && strict) continue;
        if (skip && (text.empty() || !(strict ? is_capture_mark(text[0]) : is_separator(text[0]))))
            continue;
        const std::string_view rest = text.substr(skip);
        for (std::size_t j = 1; j <= rest.size() && out.size() < MAX_READINGS; ++j) {
            const int cell = find_cell(game, rest.substr(0, j));
            if (cell < 0) continue;
            cells.push_back(cell);
            sequence_readings(game, rest.substr(j), strict, cells, out);
            cells.pop_back();
        }
    }
}

// Whether `text` writes the capture sequence `m`: its cells in order, each after the first after
// 'x' or ':' (or, unless `strict`, after any separator or none), then a suffix that fits it. Read
// along the move, so that no reading of the text is tried and none is left out however long the
// sequence ("a1xc3x...xc11", where "c1" and "c11" are both cells).
bool writes_sequence(const Position& pos, Move m, std::string_view text, bool strict) {
    JumpPath path;
    if (!jump_path(pos, m, path)) return false;
    const CompiledGame& game = pos.game();
    const auto take = [&](int cell) {
        const std::string name = name_of(pos, cell);
        if (text.size() < name.size() || find_cell(game, text.substr(0, name.size())) != cell)
            return false;
        text.remove_prefix(name.size());
        return true;
    };
    if (!take(m.from())) return false;
    for (int i = 0; i < path.length; ++i) {
        if (!text.empty() && (strict ? is_capture_mark(text[0]) : is_separator(text[0])))
            text.remove_prefix(1);
        else if (strict)
            return false;
        if (!take(path.landings[i])) return false;
    }
    const auto suffix = read_suffix(text);
    return suffix && suffix_fits(pos, m, *suffix);
}

// A move of a piece from `from` (never a drop, whose origin field holds a piece type).
bool moves_from(Move m, int from) { return !m.is_drop() && !m.is_pass() && m.from() == from; }
bool moves_between(Move m, int from, int to) { return moves_from(m, from) && m.to() == to; }

// Does `m` go through the reading's cells: a capture sequence by its landing cells in order, any
// other move by its two cells?
bool same_cells(const Position& pos, Move m, const Reading& r) {
    if (!moves_between(m, r.from, r.to)) return false;
    if (!m.is_jumps()) return r.landings.size() == 1;
    JumpPath path;
    return jump_path(pos, m, path) && std::equal(r.landings.begin(), r.landings.end(),
                                                 path.landings, path.landings + path.length);
}

bool matches(const Position& pos, Move move, const Reading& r) {
    return same_cells(pos, move, r) && suffix_fits(pos, move, r.suffix);
}

// "e2-e4", "e4xd5", or "c3xc5xe5" for a capture sequence, for messages about a move that may not
// exist.
std::string cells_text(const Position& pos, const Reading& r) {
    if (r.sequence) {
        std::string text = name_of(pos, r.from);
        for (int cell : r.landings) text += "x" + name_of(pos, cell);
        return text;
    }
    const Piece a = pos.piece_on(r.from), b = pos.piece_on(r.to);
    const bool capture = a && b && owner_of(a) != owner_of(b);
    return name_of(pos, r.from) + (capture ? "x" : "-") + name_of(pos, r.to);
}

std::string player_name(const Position& pos, int player) {
    return pos.game().ir().players[player].name;
}

// "=Q, =R, =B or =N"
std::string choice_list(const std::vector<std::string>& choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i) out += i + 1 == choices.size() ? " or " : ", ";
        out += choices[i];
    }
    return out;
}

// An example of a move to type: one of the piece on `from` if it has any, else any legal move.
std::string example(const Position& pos, const MoveList& legal, int from) {
    for (Move m : legal)
        if (moves_from(m, from)) return format_move(pos, m);
    return legal.size ? format_move(pos, legal.moves[0]) : std::string("e2-e4");
}

// Why a move whose piece is the mover's own but which is not legal was refused.
std::string not_legal(const Position& pos, const MoveList& legal, const Reading& r) {
    const ir::Game& game = pos.game().ir();
    const Piece piece = pos.piece_on(r.from);
    const std::string& piece_name = game.pieces[type_of(piece)].name;
    const std::string from = name_of(pos, r.from);
    std::string msg =
        cells_text(pos, r) + " is not a legal move for the " + piece_name + " on " + from;
    const bool can_jump =
        std::any_of(legal.begin(), legal.end(), [](Move m) { return m.is_jumps(); });
    if (can_jump && game.jump_rule == ir::JumpRule::maximum) {
        msg += ": only the capture sequences that take the most pieces may be played";
    } else if (can_jump && game.jump_rule == ir::JumpRule::compulsory) {
        msg += ": capturing is compulsory, and a sequence goes on while it can capture";
    } else if (game.captures_compulsory && legal.size > 0 && captures(pos, legal.moves[0]) &&
               !pos.piece_on(r.to) && piece_targets(pos, r.from).has(r.to)) {
        // Only captures are left once there is one.
        msg += ": capturing is compulsory";
    } else if (r.landings.size() == 1 && piece_targets(pos, r.from).has(r.to)) {
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
        if (moves_from(m, r.from)) moves += (moves.empty() ? "" : ", ") + format_move(pos, m);
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
    std::vector<std::string> choices;
    bool plain = false;
    for (Move m : legal) {
        if (!same_cells(pos, m, r)) continue;
        if (m.is_promotion())
            choices.push_back(promotion_text(pos, m));
        else
            plain = true;
    }
    if (choices.empty() && !plain) return not_legal(pos, legal, r);
    const Suffix& s = r.suffix;
    if (s.kind == Suffix::none || s.kind == Suffix::decline)
        return "promotion needed: add " + choice_list(choices);
    const std::string move = cells_text(pos, r);
    if (choices.empty()) return move + " is not a promotion: leave out " + suffix_text(s);
    const std::string add = ": add " + choice_list(choices) + (plain ? ", or nothing" : "");
    if (s.kind == Suffix::plus) return "cannot promote with + on " + name_of(pos, r.to) + add;
    const int type = type_moved_as(game, s.letter, s.plus_piece);
    if (type < 0)
        return s.plus_piece ? std::string("unknown piece '+") + s.letter + "'"
                            : std::string("unknown piece letter '") + s.letter + "'";
    return "cannot promote to a " + game.pieces[type].name + " on " + name_of(pos, r.to) + add;
}

// The reading most likely meant: one naming a legal from-to pair, else one starting on the mover's
// own piece, else one starting on any piece.
const Reading& best(const Position& pos, const MoveList& legal, const std::vector<Reading>& rs) {
    auto score = [&](const Reading& r) {
        for (Move m : legal)
            if (moves_between(m, r.from, r.to)) return 3;
        const Piece p = pos.piece_on(r.from);
        return !p ? 0 : owner_of(p) == pos.side_to_move() ? 2 : 1;
    };
    const Reading* chosen = &rs.front();
    for (const Reading& r : rs)
        if (score(r) > score(*chosen)) chosen = &r;
    return *chosen;
}

// How moves are written, for messages about text that is none.
std::string how_to_write(const Position& pos) {
    return pos.tables().drops ? "write FROM-TO or PIECE*CELL, e.g. " : "write FROM-TO, e.g. ";
}

// Text that has no reading at all: name the first cell-like word that is no cell, if any.
std::string unreadable(const Position& pos, const MoveList& legal, std::string_view text) {
    const std::string how = how_to_write(pos);
    if (text.empty()) return "no move given: " + how + example(pos, legal, -1);
    int first_cell = -1;
    for (std::size_t i = 0; i < text.size();) {
        if (!is_alpha(text[i]) && !is_digit(text[i])) {
            ++i;
            continue;
        }
        // A cell name is letters then digits ("e4") or digits then letters ("6f").
        std::size_t j = i;
        const bool digits_first = is_digit(text[i]);
        while (j < text.size() && (digits_first ? is_digit(text[j]) : is_alpha(text[j]))) ++j;
        while (j < text.size() && (digits_first ? is_alpha(text[j]) : is_digit(text[j]))) ++j;
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

// The piece `player` may drop as `type` by `drop promoted` (a face the piece in hand may go down
// as), or -1.
int face_of(const ir::Game& game, int player, int type) {
    for (std::size_t t = 0; t < game.pieces.size(); ++t) {
        if (!game.pieces[t].drop.allowed || !game.pieces[t].drop.promoted) continue;
        for (const ir::Promotion& promotion : game.pieces[t].promotions)
            if (promotion.players >> player & 1 &&
                std::find(promotion.choices.begin(), promotion.choices.end(), type) !=
                    promotion.choices.end())
                return static_cast<int>(t);
    }
    return -1;
}

// A drop typed as PIECE*CELL (or PIECE@CELL), `mark` the index of the '*'.
std::optional<Move> parse_drop(Position& pos, const MoveList& legal, std::string_view text,
                               std::size_t mark, std::string& error) {
    const ir::Game& game = pos.game().ir();
    const std::string_view token = trim(text.substr(0, mark));
    const std::string_view cell_name = trim(text.substr(mark + 1));
    const bool plus = !token.empty() && token.front() == '+';
    const std::string_view letter = token.substr(plus ? 1 : 0);
    if (letter.size() != 1 || !is_alpha(letter[0]) || cell_name.empty()) {
        std::string example;
        for (Move m : legal)
            if (m.is_drop()) {
                example = ", e.g. " + format_move(pos, m);
                break;
            }
        error = "cannot read '" + std::string(text) + "' as a drop: write PIECE*CELL" + example;
        return std::nullopt;
    }
    // Drops write a piece by its move_token: of the types written alike, the one that may be
    // dropped (the rule checks allow one).
    int type = type_moved_as(game, letter[0], plus);
    for (std::size_t t = 0; t < game.pieces.size(); ++t)
        if (game.pieces[t].drop.allowed && type >= 0 &&
            move_token(game, static_cast<int>(t)) == move_token(game, type))
            type = static_cast<int>(t);
    if (type < 0) {
        error = plus ? "unknown piece '+" + std::string(1, letter[0]) + "'"
                     : "unknown piece letter '" + std::string(1, letter[0]) + "'";
        return std::nullopt;
    }
    const int cell = find_cell(pos.game(), cell_name);
    if (cell < 0) {
        error = "unknown cell '" + std::string(cell_name) + "'";
        return std::nullopt;
    }
    const Move drop = Move::make_drop(type, cell);
    if (std::find(legal.begin(), legal.end(), drop) != legal.end()) return drop;
    // A piece dropped as what it promotes to (`drop promoted`) is written as what goes down.
    for (Move m : legal)
        if (m.is_drop() && m.is_promotion() && m.to() == cell &&
            move_token(game, m.promotion()) == move_token(game, type))
            return m;
    const std::string& name = game.pieces[type].name;
    const int base = face_of(game, pos.side_to_move(), type);
    if (!pos.tables().drops) {
        error = "this game has no drops";
    } else if (game.pieces[type].drop.allowed && pos.in_hand(pos.side_to_move(), type) == 0) {
        error = "no " + name + " in hand";
    } else if (base >= 0 && pos.in_hand(pos.side_to_move(), base) == 0) {
        error = "no " + game.pieces[base].name + " in hand to drop as a " + name;
    } else if (base >= 0) {
        error = move_token(game, type) + '*' + name_of(pos, cell) + " is not a legal drop";
    } else {
        error = move_token(game, type) + '*' + name_of(pos, cell) + " is not a legal drop";
        if (const auto why = drop_refusal(pos, type, cell)) error += ": " + *why;
    }
    return std::nullopt;
}

bool is_pass_text(std::string_view text) {
    if (text.size() != 4) return false;
    for (std::size_t i = 0; i < 4; ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != "pass"[i]) return false;
    return true;
}

std::optional<Move> parse_pass(const Position& pos, const MoveList& legal, std::string& error) {
    if (std::find(legal.begin(), legal.end(), Move::make_pass()) != legal.end())
        return Move::make_pass();
    const ir::Game& game = pos.game().ir();
    if (game.passing == ir::Passing::never)
        error = "this game has no passing";
    else if (game.passing == ir::Passing::unless_in_check && pos.in_check())
        error = "a pass is not allowed in check";
    else if (game.passing != ir::Passing::forced)  // only a compulsory capture forbids it
        error = "capturing is compulsory (" + std::to_string(legal.size) + " legal moves, e.g. " +
                format_move(pos, legal.moves[0]) + ")";
    else
        error = "a pass is allowed only without a legal move (" + std::to_string(legal.size) +
                " legal moves, e.g. " + format_move(pos, legal.moves[0]) + ")";
    return std::nullopt;
}

}  // namespace

std::string format_move(const Position& pos, Move move) {
    if (move.is_pass()) return "pass";
    if (move.is_jumps()) {
        JumpPath path;
        std::string out = name_of(pos, move.from());
        if (jump_path(pos, move, path))
            for (int i = 0; i < path.length; ++i) out += "x" + name_of(pos, path.landings[i]);
        return out + promotion_text(pos, move);
    }
    if (move.is_drop())  // written as what goes down, its promoted form with `drop promoted`
        return move_token(pos.game().ir(),
                          move.is_promotion() ? move.promotion() : move.dropped_type()) +
               '*' + name_of(pos, move.to());
    const Piece target = pos.piece_on(move.to());
    const bool capture = move.kind() == Move::en_passant ||
                         (move.kind() == Move::normal && target &&
                          owner_of(target) != owner_of(pos.piece_on(move.from())));
    std::string out = name_of(pos, move.from());
    out += capture ? 'x' : '-';
    out += name_of(pos, move.to());
    out += promotion_text(pos, move);
    out += gating_text(pos, move);
    return out;
}

namespace {

std::optional<Move> parse_text(Position& pos, const MoveList& legal, std::string_view text,
                               std::string& error) {
    if (text.size() > MAX_MOVE_TEXT) {
        error = unreadable(pos, legal, text);
        return std::nullopt;
    }
    if (is_pass_text(text)) return parse_pass(pos, legal, error);
    const auto mark = std::find_if(text.begin(), text.end(), is_drop_mark);
    if (mark != text.end())
        return parse_drop(pos, legal, text, static_cast<std::size_t>(mark - text.begin()), error);
    // Text that opens with a piece letter is short notation first: "F7f6" is the F from rank 7
    // to f6 before it is f7-f6 typed in upper case.
    bool read = false;
    std::string short_error;
    const std::size_t letter = text.size() > 1 && text[0] == '+' ? 1 : 0;
    const bool short_first =
        !text.empty() && std::isupper(static_cast<unsigned char>(text[letter]));
    if (short_first)
        if (const auto m = parse_short(pos, legal, text, read, short_error)) return m;
    // Capture sequences written with 'x' first ("c3xc5" is the jump when a quiet move c3-c5 exists
    // too), then two cells, then sequences written without capture marks ("c3c5e5").
    // A legal capture sequence is found along its cells first (the readings below stop at
    // MAX_READINGS, against hostile text).
    for (Move m : legal)
        if (m.is_jumps() && writes_sequence(pos, m, text, true)) return m;
    std::vector<int> cells;
    std::vector<Reading> rs;
    sequence_readings(pos.game(), text, true, cells, rs);
    const std::vector<Reading> pairs = readings(pos.game(), text);
    rs.insert(rs.end(), pairs.begin(), pairs.end());
    sequence_readings(pos.game(), text, false, cells, rs);
    for (const Reading& r : rs)
        for (const bool jumps : {true, false})
            for (Move m : legal)
                if (m.is_jumps() == jumps && matches(pos, m, r)) return m;
    for (Move m : legal)
        if (m.is_jumps() && writes_sequence(pos, m, text, false)) return m;
    if (!short_first)
        if (const auto m = parse_short(pos, legal, text, read, short_error)) return m;
    error = !rs.empty() ? explain(pos, legal, best(pos, legal, rs))
            : read      ? short_error
                        : unreadable(pos, legal, text);
    return std::nullopt;
}

// A move with gating: the move's own text, '/', the gated piece's letter and, for a castling that
// gates onto its partner's start cell, that cell ("Nb1-c3/H", "O-O/Hh1").
std::optional<Move> parse_gating(Position& pos, const MoveList& legal, std::string_view text,
                                 std::size_t slash, std::string& error) {
    MoveList plain;
    for (const Move m : legal)
        if (m.gated_type() < 0) plain.moves[plain.size++] = m;
    std::string_view gate = text.substr(slash + 1);
    while (!gate.empty() && std::string_view("+#!?").find(gate.back()) != std::string_view::npos)
        gate.remove_suffix(1);
    const auto move = parse_text(pos, plain, text.substr(0, slash), error);
    if (!move) return std::nullopt;
    for (const Move m : legal) {
        if (m.gated_type() < 0 ||
            Move::with_gating(*move, m.gated_type(), m.gates_on_partner()) != m)
            continue;
        const std::string written = gating_text(pos, m).substr(1);
        if (written.size() == gate.size() &&
            std::equal(written.begin(), written.end(), gate.begin(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) ==
                       std::tolower(static_cast<unsigned char>(b));
            }))
            return m;
    }
    std::string choices;
    for (const Move m : legal)
        if (m.gated_type() >= 0 &&
            Move::with_gating(*move, m.gated_type(), m.gates_on_partner()) == m)
            choices += (choices.empty() ? "" : ", ") + format_move(pos, m);
    error = format_move(pos, *move) + (choices.empty() ? " may not gate" : " gates as " + choices);
    return std::nullopt;
}

}  // namespace

std::optional<Move> parse_move(Position& pos, std::string_view text, std::string& error) {
    MoveList legal;
    generate_legal(pos, legal);
    text = trim(text);
    if (pos.tables().gating) {
        if (const std::size_t slash = text.find('/'); slash != std::string_view::npos)
            return parse_gating(pos, legal, text, slash, error);
        // Without '/', a move does not gate.
        int kept = 0;
        for (int i = 0; i < legal.size; ++i)
            if (legal.moves[i].gated_type() < 0) legal.moves[kept++] = legal.moves[i];
        legal.size = kept;
    }
    if (const auto move = parse_text(pos, legal, text, error)) return move;
    // A check mark or an annotation after any move ("P*e5+", "e1-g1#", "Nf3!?"); '+' is no
    // check mark where it writes promotions.
    const std::string_view marks = has_plus_types(pos.game().ir()) ? "#!?" : "+#!?";
    std::string_view bare = text;
    while (!bare.empty() && marks.find(bare.back()) != std::string_view::npos)
        bare.remove_suffix(1);
    std::string ignored;
    if (bare.size() < text.size() && !bare.empty())
        if (const auto move = parse_text(pos, legal, bare, ignored)) return move;
    return std::nullopt;
}

}  // namespace vari::notation
