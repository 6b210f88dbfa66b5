// Short algebraic notation, generated from the rules: which pieces go without a letter, how much of
// the origin tells a move apart, whether check is marked; and its reader.
#include "runtime/notation/short_notation.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "runtime/notation/move_text.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/notation/tokens.hpp"

namespace vari::notation {
namespace {

// A board move of a piece (a castling included): one whose origin is a cell.
bool is_board_move(Move m) { return !m.is_drop() && !m.is_pass() && !m.is_jumps(); }

// Does the piece capture otherwise than it moves? A movement that only moves or only captures
// counts unless the same movement exists for the other.
bool captures_differ(const ir::Piece& piece) {
    for (const ir::Movement& m : piece.movements) {
        if (m.mode == ir::MoveMode::move_or_capture) continue;
        ir::Movement twin = m;
        twin.mode = m.mode == ir::MoveMode::move_only ? ir::MoveMode::capture_only
                                                      : ir::MoveMode::move_only;
        twin.source = {};
        const bool paired = std::any_of(piece.movements.begin(), piece.movements.end(),
                                        [&](const ir::Movement& other) {
                                            if (other.mode != twin.mode) return false;
                                            ir::Movement bare = other;
                                            bare.source = {};
                                            return bare == twin;
                                        });
        if (!paired) return true;
    }
    return false;
}

bool promotes(const ir::Piece& piece, int player) {
    return std::any_of(piece.promotions.begin(), piece.promotions.end(),
                       [&](const ir::Promotion& p) { return p.players >> player & 1; });
}

// The type written without a letter for `player`, as chess writes pawns: the one type in the
// player's setup that captures otherwise than it moves and promotes; -1 when there is none, or
// more than one (they could not be told apart).
int letterless_type(const ir::Game& game, int player) {
    int found = -1;
    std::vector<bool> seen(game.pieces.size());
    for (const ir::Placement& p : game.setup) {
        if (p.player != player || seen[p.type]) continue;
        seen[p.type] = true;
        const ir::Piece& piece = game.pieces[p.type];
        if (!captures_differ(piece) || !promotes(piece, player)) continue;
        if (found >= 0) return -1;
        found = p.type;
    }
    return found;
}

bool is_capture(const Position& pos, Move m) {
    if (m.kind() == Move::en_passant) return true;
    const Piece target = pos.piece_on(m.to());
    return m.kind() == Move::normal && target &&
           owner_of(target) != owner_of(pos.piece_on(m.from()));
}

const ir::Castling* castling_of(const Position& pos, Move m) {
    return m.kind() == Move::castling ? &pos.game().ir().castlings[m.castling_index()] : nullptr;
}

// The letter a board move of `piece` of the player whose type written without one is
// `letterless` opens with: nothing for that type, else the type's move_token (a `tilde` type's
// letter alone).
std::string piece_text(const ir::Game& game, Piece piece, int letterless) {
    return type_of(piece) == letterless ? "" : move_token(game, type_of(piece));
}

// The ways of writing the origin that tell `m` from the moves of pieces written alike to the same
// cell, least first: nothing, its file, its rank, and always last the whole cell. A piece without
// a letter (of type `letterless`) names its file when it captures, as chess's pawns do ("exd5").
std::vector<std::string> origin_choices(const Position& pos, const MoveList& legal, Move m,
                                        int letterless) {
    const ir::Game& game = pos.game().ir();
    const std::string written = piece_text(game, pos.piece_on(m.from()), letterless);
    const std::string& from = name_of(pos, m.from());
    const std::string_view file = name_part(from, false), rank = name_part(from, true);
    bool file_shared = false, rank_shared = false, rivals = false;
    for (Move other : legal) {
        if (!is_board_move(other) || other.to() != m.to() || other.from() == m.from() ||
            piece_text(game, pos.piece_on(other.from()), letterless) != written)
            continue;
        rivals = true;
        const std::string& name = name_of(pos, other.from());
        file_shared |= name_part(name, false) == file;
        rank_shared |= name_part(name, true) == rank;
    }
    const bool named = type_of(pos.piece_on(m.from())) == letterless && is_capture(pos, m);
    std::vector<std::string> choices;
    if (!rivals && !named) choices.push_back("");
    if (!file.empty() && !file_shared) choices.emplace_back(file);
    if (!named && !rank.empty() && !rank_shared) choices.emplace_back(rank);
    choices.push_back(from);
    return choices;
}

// '+' when the move gives check, '#' when it mates; "" where the game marks no check.
std::string check_mark(const Position& pos, Move m) {
    if (!marks_check(pos.game().ir())) return "";
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    if (!after.in_check()) return "";
    MoveList replies;
    generate_legal(after, replies);
    return replies.size ? "+" : "#";
}

// '=' after a move that could have promoted on the same cells but does not (shogi's "P2c=").
std::string declined_promotion(const MoveList& legal, Move m) {
    if (m.is_promotion()) return "";
    for (Move other : legal)
        if (other.is_promotion() && is_board_move(other) && other.from() == m.from() &&
            other.to() == m.to())
            return "=";
    return "";
}

std::string strip_annotations(std::string_view text) {
    while (!text.empty() && (text.back() == '!' || text.back() == '?')) text.remove_suffix(1);
    if (!text.empty() && text.back() == '#') text.remove_suffix(1);
    return std::string(text);
}

bool is_mark(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

// A castling's notation as typed: O and 0 alike ("0-0" for "O-O").
bool same_label(std::string_view typed, const std::string& label) {
    if (typed.size() != label.size()) return false;
    for (std::size_t i = 0; i < typed.size(); ++i) {
        auto fold = [](char c) { return c == '0' ? 'O' : c; };
        if (fold(typed[i]) != fold(label[i])) return false;
    }
    return true;
}

// One way of reading short text: a piece (or none), an origin, a destination, a suffix.
struct ShortReading {
    int type = -1;       // a piece type written as its letter (type_moved_as); -1: no letter
    std::string origin;  // "", a file, a rank or a cell
    int to = -1;
    Suffix suffix;
};

// Can `origin` name where a move starts: nothing, or a cell, a file or a rank of the board? (A
// file begins a cell's name and a rank ends it: the cheap test comes first.)
bool is_origin(const CompiledGame& game, std::string_view origin) {
    if (origin.empty() || game.cell_index(origin) >= 0) return true;
    const auto& cells = game.ir().board.cells;
    return std::any_of(cells.begin(), cells.end(), [&](const ir::Cell& c) {
        const std::string_view name = c.name;
        return (name.starts_with(origin) && name_part(name, false) == origin) ||
               (name.ends_with(origin) && name_part(name, true) == origin);
    });
}

// Every reading of `text` as [PIECE][ORIGIN][mark]CELL[SUFFIX]; without a piece letter only where
// the player to move has a type written without one.
std::vector<ShortReading> short_readings(const Position& pos, std::string_view text,
                                         int letterless) {
    const ir::Game& game = pos.game().ir();
    std::vector<ShortReading> out;
    for (int with_letter = letterless < 0 ? 1 : 0; with_letter < 2; ++with_letter) {
        ShortReading r;
        std::string_view rest = text;
        if (with_letter) {
            const bool plus = rest.size() > 1 && rest[0] == '+';
            const char letter = rest.size() > (plus ? 1u : 0u) ? rest[plus ? 1 : 0] : '\0';
            if (!std::isupper(static_cast<unsigned char>(letter))) continue;
            r.type = type_moved_as(game, letter, plus);
            if (r.type < 0) continue;
            rest.remove_prefix(plus ? 2 : 1);
        }
        for (std::size_t start = 0; start < rest.size(); ++start)
            for (std::size_t end = start + 1; end <= rest.size(); ++end) {
                const int to = pos.game().cell_index(rest.substr(start, end - start));
                if (to < 0) continue;
                const auto suffix = read_suffix(rest.substr(end));
                if (!suffix) continue;
                // A mark may end the origin; an 'x' within it is a letter of a cell or a file.
                std::string_view origin = rest.substr(0, start);
                if (!origin.empty() && is_mark(origin.back())) origin.remove_suffix(1);
                if (!is_origin(pos.game(), origin)) continue;
                out.push_back({r.type, std::string(origin), to, *suffix});
            }
    }
    return out;
}

bool reads_as(const Position& pos, Move m, const ShortReading& r, int letterless) {
    if (!is_board_move(m) || m.to() != r.to) return false;
    const int type = type_of(pos.piece_on(m.from()));
    const ir::Game& game = pos.game().ir();
    if (r.type >= 0 ? move_token(game, r.type) != move_token(game, type) : type != letterless)
        return false;
    const std::string& from = name_of(pos, m.from());
    // A castling with a notation of its own is its royal's move only in long form ("Ke1-g1").
    const ir::Castling* castling = castling_of(pos, m);
    if (castling && !castling->label.empty() && r.origin != from) return false;
    if (!r.origin.empty() && r.origin != from && r.origin != name_part(from, false) &&
        r.origin != name_part(from, true))
        return false;
    return suffix_fits(pos, m, r.suffix);
}

std::string listed(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? i + 1 == items.size() ? " or " : ", " : "") + items[i];
    return out;
}

// Why a reading names no legal move: no piece of its type can go there.
std::string no_move(const Position& pos, const MoveList& legal, const ShortReading& r,
                    int letterless) {
    const ir::Game& game = pos.game().ir();
    const int type = r.type >= 0 ? r.type : letterless;
    const std::string& to = name_of(pos, r.to);
    const std::string& name = game.pieces[type].name;
    const int side = pos.side_to_move();
    if (!pos.pieces(side, type))
        return "no " + name + " can go to " + to + ": " + game.players[side].name + " has no " +
               name;
    std::vector<std::string> moves;
    for (Move m : legal)
        if (is_board_move(m) && type_of(pos.piece_on(m.from())) == type)
            moves.push_back(format_short(pos, m));
    std::string msg = "no " + name + " can go to " + to;
    if (!r.origin.empty()) msg += " from " + r.origin;
    return msg + (moves.empty() ? " (it has no legal move)" : " (legal: " + listed(moves) + ")");
}

// Every reading of `typed`, best first: a destination as long as can be (the least origin), and a
// '+' at the end as a promotion before it is a check mark.
std::vector<ShortReading> all_readings(const Position& pos, std::string_view typed,
                                       int letterless) {
    std::vector<ShortReading> readings = short_readings(pos, typed, letterless);
    if (!typed.empty() && typed.back() == '+') {
        const auto plain = short_readings(pos, typed.substr(0, typed.size() - 1), letterless);
        readings.insert(readings.end(), plain.begin(), plain.end());
    }
    return readings;
}

// The legal moves the first reading that names any names: one, or several when it is ambiguous.
std::vector<Move> named_moves(const Position& pos, const MoveList& legal,
                              const std::vector<ShortReading>& readings, int letterless) {
    std::vector<Move> found;
    for (const ShortReading& r : readings) {
        for (Move m : legal)
            if (reads_as(pos, m, r, letterless) &&
                std::find(found.begin(), found.end(), m) == found.end())
                found.push_back(m);
        if (!found.empty()) break;  // the first reading that names a move is meant
    }
    return found;
}

// Does `text` read back as `move`'s cells alone? A file or a rank written before the destination
// may join it into another cell's name ("Raa1": the a-file rook to a1, or a rook to aa1) or lose
// an 'x' file to the capture mark, and the reader takes the longest destination that names a move.
// Moves that differ only in what they gate count as one: the gating is written after.
// `letterless` is the type of the player to move written without a letter.
bool reads_back(const Position& pos, const MoveList& legal, const std::string& text, Move move,
                int letterless) {
    const std::vector<Move> found =
        named_moves(pos, legal, all_readings(pos, text, letterless), letterless);
    return !found.empty() && std::all_of(found.begin(), found.end(), [&](Move m) {
        return m.from() == move.from() && m.to() == move.to();
    });
}

}  // namespace

namespace {

// `move` in short notation, told apart from the other moves of `legal` (the legal moves of `pos`).
std::string format_short(const Position& pos, const MoveList& legal, Move move) {
    const ir::Game& game = pos.game().ir();
    // Games whose captures are capture sequences write every move in long form, as draughts
    // players do: their pieces are told apart by their cells, not their letters.
    if (!is_board_move(move) || game.has_capture_sequences())
        return move.is_pass() || move.is_jumps() ? format_move(pos, move)
                                                 : format_move(pos, move) + check_mark(pos, move);
    if (const ir::Castling* castling = castling_of(pos, move); castling && !castling->label.empty())
        return castling->label + gating_text(pos, move) + check_mark(pos, move);
    const Piece mover = pos.piece_on(move.from());
    const int letterless = letterless_type(game, owner_of(mover));
    const std::string rest = (is_capture(pos, move) ? "x" : "") + name_of(pos, move.to()) +
                             promotion_text(pos, move) + declined_promotion(legal, move);
    // The least origin whose text reads back as the move; the whole cell always does.
    const std::vector<std::string> origins = origin_choices(pos, legal, move, letterless);
    std::string out;
    for (const std::string& origin : origins) {
        out = piece_text(game, mover, letterless) + origin + rest;
        if (&origin == &origins.back() || reads_back(pos, legal, out, move, letterless)) break;
    }
    return out + gating_text(pos, move) + check_mark(pos, move);
}

MoveList legal_moves_of(const Position& pos) {
    Position scratch = pos;
    MoveList legal;
    generate_legal(scratch, legal);
    return legal;
}

}  // namespace

std::string format_short(const Position& pos, Move move) {
    return format_short(pos, legal_moves_of(pos), move);
}

std::vector<std::string> format_moves(const Position& pos, std::span<const Move> moves,
                                      Notation notation) {
    std::vector<std::string> texts;
    texts.reserve(moves.size());
    if (notation == Notation::long_form) {
        for (const Move m : moves) texts.push_back(format_move(pos, m));
        return texts;
    }
    const MoveList legal = legal_moves_of(pos);
    for (const Move m : moves) texts.push_back(format_short(pos, legal, m));
    return texts;
}

// Check is marked ('+', '#') where royal pieces may not be left attacked, unless '+' already
// writes promotions (shogi's notation marks no check).
bool marks_check(const ir::Game& game) {
    const bool royal = std::any_of(game.pieces.begin(), game.pieces.end(),
                                   [](const ir::Piece& p) { return p.royal; });
    return royal && !game.royals_capturable && !has_plus_types(game);
}

std::string format_move(const Position& pos, Move move, Notation notation) {
    return notation == Notation::short_form ? format_short(pos, move) : format_move(pos, move);
}

std::vector<std::string> format_line(const Position& start, const std::vector<Move>& line,
                                     Notation notation) {
    Position pos = start;
    std::vector<std::string> words;
    for (const Move m : line) {
        MoveList legal;
        generate_legal(pos, legal);
        if (std::find(legal.begin(), legal.end(), m) == legal.end()) break;
        words.push_back(format_move(pos, m, notation));
        Undo undo;
        pos.do_move(m, undo);
    }
    return words;
}

std::optional<Move> parse_short(const Position& pos, const MoveList& legal, std::string_view text,
                                bool& read, std::string& error) {
    read = false;
    const std::string typed = strip_annotations(text);
    for (Move m : legal)
        if (const ir::Castling* castling = castling_of(pos, m);
            castling && !castling->label.empty() &&
            (same_label(typed, castling->label) || same_label(typed, castling->label + "+"))) {
            read = true;
            return m;
        }
    const int letterless = letterless_type(pos.game().ir(), pos.side_to_move());
    const std::vector<ShortReading> readings = all_readings(pos, typed, letterless);
    if (readings.empty()) return std::nullopt;
    read = true;
    const std::vector<Move> found = named_moves(pos, legal, readings, letterless);
    if (found.size() == 1) return found.front();
    if (found.empty()) {
        // A reading with a piece letter says more about what was meant.
        const auto lettered = std::find_if(readings.begin(), readings.end(),
                                           [](const ShortReading& r) { return r.type >= 0; });
        error = no_move(pos, legal, lettered != readings.end() ? *lettered : readings.front(),
                        letterless);
        return std::nullopt;
    }
    std::vector<std::string> moves;
    for (Move m : found) moves.push_back(format_short(pos, m));
    error = std::string(text) + " is ambiguous: " + listed(moves);
    return std::nullopt;
}

}  // namespace vari::notation
