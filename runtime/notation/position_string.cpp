// Position strings: writing a position as FEN-like text and reading it back, with located errors.
#include <algorithm>
#include <cctype>
#include <string>

#include "runtime/notation/notation.hpp"
#include "runtime/notation/position_checks.hpp"
#include "runtime/notation/tokens.hpp"

namespace vari::notation {
namespace {

// The cell of the piece that just passed exactly `passed`: a piece of the player who moved last
// with a rule that leaves en-passant cells, standing where such a move from an empty cell ends.
// Found from the compiled tables alone, so it holds for any board and piece. -1 when none.
int find_ep_victim(const Position& pos, CellSet passed) {
    const Tables& t = pos.tables();
    const int mover = pos.last_mover();
    for (int victim : pos.pieces(mover)) {
        const PieceRules& r = t.rules_of(mover, type_of(pos.piece_on(victim)));
        if (!r.has_ep_create) continue;
        for (int from = 0; from < t.cell_count; ++from)
            if (!pos.piece_on(from) && t.table(r.ep_create)[from].has(victim) &&
                en_passant_passed(t, r, from, victim) == passed)
                return victim;
    }
    return -1;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

class Parser {
public:
    Parser(Position& pos, std::string_view text)
        : pos_(pos), game_(pos.game().ir()), t_(pos.tables()), text_(text) {}

    std::optional<Diagnostic> run() {
        skip_blanks();
        if (at_ == text_.size()) {
            fail(at_, "empty position string",
                 "the start position is " + to_position_string(Position(pos_.game())));
            return error_;
        }
        pos_.clear();
        // Each legality judgement comes as soon as the string has given what it reads.
        const std::size_t board_at = at_;
        if (board() && allowed(judge_royal_counts(pos_, board_at, offsets_)) && hands() && side() &&
            allowed(judge_check(pos_, offsets_)) && rights() && en_passant() && checks() &&
            counters() && end())
            return {};
        return error_;
    }

private:
    bool fail(std::size_t at, std::string message, std::string hint = {}) {
        Diagnostic d;
        d.file = "position";
        d.line = 1;
        d.column = static_cast<std::uint32_t>(at + 1);
        d.message = std::move(message);
        d.hint = std::move(hint);
        error_ = std::move(d);
        return false;
    }

    // Past the game's piece_limit: past MAX_PIECES, or where more pieces could make more moves
    // than a position may have (move_bound).
    bool too_many_pieces(std::size_t at) {
        const int limit = pos_.game().piece_limit();
        if (limit == MAX_PIECES)
            return fail(at, "too many pieces: the board and the hands hold at most " +
                                std::to_string(limit) + " together");
        return fail(at,
                    "too many pieces: the board and the hands hold at most " +
                        std::to_string(limit) + " together in this game",
                    "more pieces could make more moves than a position may have (" +
                        std::to_string(MAX_MOVES) + ")");
    }

    // Fails with the refusal, when there is one.
    bool allowed(std::optional<Refusal> refusal) {
        return !refusal || fail(refusal->at, std::move(refusal->message), std::move(refusal->hint));
    }

    bool more() const { return at_ < text_.size(); }
    char peek() const { return text_[at_]; }
    void skip_blanks() {
        while (more() && is_blank(peek())) ++at_;
    }

    // The next blank-separated field; fails saying `what` is missing when there is none.
    bool field(const char* what, std::string_view& out, std::size_t& start) {
        skip_blanks();
        start = at_;
        while (more() && !is_blank(peek())) ++at_;
        out = text_.substr(start, at_ - start);
        if (out.empty()) return fail(at_, std::string("missing ") + what);
        return true;
    }

    int player_of_token(char c) const {
        for (int p = 0; p < t_.player_count; ++p)
            if (player_token(game_, p) == c) return p;
        return -1;
    }

    std::string tokens_hint() const {
        std::string hint = "expected ";
        for (int p = 0; p < t_.player_count; ++p) {
            if (p) hint += p + 1 == t_.player_count ? " or " : ", ";
            hint += player_token(game_, p);
            hint += " (" + game_.players[p].name + ")";
        }
        return hint;
    }

    std::string letters_hint() const {
        std::string hint = "the pieces are";
        for (std::size_t type = 0; type < game_.pieces.size(); ++type)
            hint += ' ' + type_token(game_, static_cast<int>(type));
        return hint + (tokens_carry_owner(game_) ? ", each followed by its owner"
                                                 : " (lower case for the second player)");
    }

    static bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)); }
    static bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

    // The number whose digits start at at_, read up to `cap` so that none overflows, and at_
    // past them; -1 when it has a leading zero, which would not be written back as typed.
    int digits(int cap) {
        const bool leading_zero =
            peek() == '0' && at_ + 1 < text_.size() && is_digit(text_[at_ + 1]);
        int value = 0;
        for (; more() && is_digit(peek()); ++at_)
            value = std::min(value * 10 + (peek() - '0'), cap);
        return leading_zero ? -1 : value;
    }

    // One piece at at_ ("P", "+p", "q~", "Kr"); advances past it.
    bool piece(Piece& out) {
        const std::size_t start = at_;
        const bool plus = peek() == '+';
        if (plus) {
            ++at_;
            if (!more() || !is_letter(peek()))
                return fail(at_, "expected a piece letter after '+'", letters_hint());
        }
        const char c = peek();
        const bool tilde = at_ + 1 < text_.size() && text_[at_ + 1] == '~';
        const int type = type_of_token(game_, c, plus, tilde);
        if (type < 0) {
            const std::size_t length = at_ + (tilde ? 2 : 1) - start;
            return fail(start,
                        plus || tilde
                            ? "unknown piece '" + std::string(text_.substr(start, length)) + "'"
                            : std::string("unknown piece letter '") + c + "'",
                        letters_hint());
        }
        at_ += tilde ? 2 : 1;
        int owner = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
        if (tokens_carry_owner(game_)) {
            if (owner)
                return fail(start + plus, std::string("piece letters are upper case here: '") + c +
                                              "' should be '" + to_upper(c) + "'");
            owner = more() ? player_of_token(peek()) : -1;
            if (owner < 0)
                return fail(at_, std::string("expected the owner of '") + c + "' after it",
                            tokens_hint());
            ++at_;
        } else if (owner >= t_.player_count) {
            return fail(start + plus, std::string("lower-case '") + c +
                                          "' is a second player's piece; this game has one player");
        }
        out = make_piece(owner, type);
        return true;
    }

    bool board() {
        const auto& lines = game_.board.lines;
        const std::size_t line_count = lines.size();
        std::size_t line = 0, filled = 0;
        auto too_few_cells = [&] {
            return fail(at_, "too few cells in line " + std::to_string(line + 1) + " (expected " +
                                 std::to_string(lines[line].size()) + ", found " +
                                 std::to_string(filled) + ")");
        };
        auto too_many_cells = [&](std::size_t at) {
            return fail(at, "too many cells in line " + std::to_string(line + 1) + " (expected " +
                                std::to_string(lines[line].size()) + ")");
        };
        if (line_count == 0) return true;
        while (more() && !is_blank(peek()) && peek() != '[') {
            const char c = peek();
            const std::size_t start = at_;
            if (c == '/') {
                if (filled < lines[line].size()) return too_few_cells();
                if (line + 1 == line_count)
                    return fail(at_,
                                "too many lines (expected " + std::to_string(line_count) + ")");
                ++line;
                filled = 0;
                ++at_;
            } else if (is_digit(c)) {
                const int run = digits(MAX_CELLS + 1);
                if (run < 0)
                    return fail(start, "a run of empty cells is written without a leading zero");
                if (run == 0) return fail(start, "a run of empty cells must count at least 1");
                if (filled + run > lines[line].size()) return too_many_cells(start);
                filled += run;
            } else if (is_letter(c) || c == '+') {
                Piece p = NO_PIECE;
                if (!piece(p)) return false;
                if (filled == lines[line].size()) return too_many_cells(start);
                const int cell = lines[line][filled++];
                if (!allowed(judge_board_piece(pos_.game(), p, cell, start))) return false;
                if (++board_pieces_ > pos_.game().piece_limit()) return too_many_pieces(start);
                pos_.put(cell, p);
                offsets_[cell] = start;
            } else {
                return fail(at_, std::string("unexpected '") + c + "' in the board",
                            "a line holds pieces and counts of empty cells, and '/' ends it");
            }
        }
        if (filled < lines[line].size()) return too_few_cells();
        if (line + 1 < line_count)
            return fail(at_, "too few lines (expected " + std::to_string(line_count) + ", found " +
                                 std::to_string(line + 1) + ")");
        return true;
    }

    // The pieces in hand, "[2Pp]", "[PPp]", "[-]" or "[]", right after the board: always in a game
    // that holds pieces in hand (ir::Game::holds_hands), never in one without.
    bool hands() {
        std::size_t open = at_;
        while (open < text_.size() && is_blank(text_[open])) ++open;
        const bool bracket = open < text_.size() && text_[open] == '[';
        if (!game_.holds_hands()) {
            if (bracket)
                return fail(open, "this game has no hands",
                            "leave out the '[...]' after the board");
            return true;
        }
        if (!bracket)
            return fail(at_, "missing the pieces in hand",
                        "write them in brackets after the board, as in '[Pp]', or '[-]' for none");
        at_ = open + 1;
        if (text_.substr(at_, 2) == "-]") {
            at_ += 2;
            return true;
        }
        int counts[MAX_PLAYERS * MAX_TYPES] = {};
        // Hand counts fit a byte because a position holds at most MAX_PIECES pieces.
        int pieces = board_pieces_;
        while (!more() || peek() != ']') {
            if (!more() || is_blank(peek()))
                return fail(at_, "the '[' at column " + std::to_string(open + 1) + " is not closed",
                            "end the pieces in hand with ']'");
            const std::size_t start = at_;
            int count = 1;
            if (is_digit(peek())) {
                count = digits(MAX_PIECES + 1);
                if (count < 0)
                    return fail(start,
                                "a count of pieces in hand is written without a leading zero");
                if (count == 0) return fail(start, "a count of pieces in hand must be at least 1");
                if (!more() || !(is_letter(peek()) || peek() == '+'))
                    return fail(at_,
                                "expected a piece after the count " +
                                    std::string(text_.substr(start, at_ - start)),
                                letters_hint());
            } else if (!is_letter(peek()) && peek() != '+') {
                return fail(at_, std::string("unexpected '") + peek() + "' in the pieces in hand",
                            "write each piece, or a count and a piece, as in '[2Pp]'; '[-]' "
                            "for none");
            }
            const std::size_t piece_at = at_;
            Piece p = NO_PIECE;
            if (!piece(p) || !allowed(judge_hand_piece(pos_.game(), p, piece_at))) return false;
            pieces = std::min(pieces + count, MAX_PIECES + 1);
            if (pieces > pos_.game().piece_limit()) return too_many_pieces(start);
            counts[owner_of(p) * MAX_TYPES + type_of(p)] += count;
        }
        ++at_;
        for (int player = 0; player < t_.player_count; ++player)
            for (int type = 0; type < t_.type_count; ++type)
                if (counts[player * MAX_TYPES + type])
                    pos_.set_in_hand(player, type, counts[player * MAX_TYPES + type]);
        return true;
    }

    bool side() {
        std::string_view word;
        std::size_t start = 0;
        if (!field("side to move", word, start)) return fail(at_, error_->message, tokens_hint());
        const int player = word.size() == 1 ? player_of_token(word[0]) : -1;
        if (player < 0)
            return fail(start, "unknown side '" + std::string(word) + "'", tokens_hint());
        pos_.set_side_to_move(player);
        return true;
    }

    bool rights() {
        std::string_view word;
        std::size_t start = 0;
        if (!field("castling rights (or '-')", word, start)) return false;
        if (word == "-") return true;
        const auto& names = t_.right_names;
        std::uint32_t rights = 0;
        CellSet gates;
        for (std::size_t i = 0; i < word.size(); ++i) {
            std::size_t bit = 0;
            while (bit < names.size() && names[bit] != word[i]) ++bit;
            if (bit == names.size()) {
                if (const int cell = gate_cell(game_, t_, word[i]); cell >= 0) {
                    if (gates.has(cell))
                        return fail(start + i, std::string(t_.gating ? "gate" : "first-move") +
                                                   " right '" + word[i] + "' given twice");
                    if (!allowed(judge_first_move_right(pos_, cell, start + i))) return false;
                    gates.add(cell);
                    continue;
                }
                std::string hint = names.empty() ? "this game has no castling rights: write '-'"
                                                 : "the rights are " +
                                                       std::string(names.begin(), names.end()) +
                                                       ", or '-' for none";
                if (t_.gating) hint += "; a gate right is its cell's file letter";
                if (t_.first_moves) hint += "; a first-move right is its piece's file letter";
                return fail(start + i, std::string("unknown castling right '") + word[i] + "'",
                            std::move(hint));
            }
            if (rights >> bit & 1)
                return fail(start + i, std::string("castling right '") + word[i] + "' given twice");
            if (!allowed(judge_right(pos_, static_cast<int>(bit), start + i))) return false;
            rights |= 1u << bit;
        }
        pos_.set_rights(rights);
        pos_.set_gates(gates);
        return true;
    }

    bool en_passant() {
        std::string_view word;
        std::size_t start = 0;
        if (!field("en-passant cells (or '-')", word, start)) return false;
        if (word == "-") return true;
        CellSet passed;
        for (std::size_t i = 0; i <= word.size();) {
            std::size_t comma = word.find(',', i);
            if (comma == std::string_view::npos) comma = word.size();
            const std::string_view name = word.substr(i, comma - i);
            const int cell = pos_.game().cell_index(name);
            if (cell < 0)
                return fail(start + i, name.empty() ? std::string("expected a cell name")
                                                    : "unknown cell '" + std::string(name) + "'");
            if (passed.has(cell))
                return fail(start + i, "en-passant cell '" + std::string(name) + "' given twice");
            passed.add(cell);
            i = comma + 1;
        }
        const int victim = find_ep_victim(pos_, passed);
        if (victim < 0)
            return fail(start,
                        "no piece of " + game_.players[pos_.last_mover()].name +
                            " can just have passed " + std::string(word),
                        "en-passant cells are the cells the last move passed over, or '-'");
        pos_.set_en_passant(passed, victim);
        return true;
    }

    // In a game that counts checks: the checks each player has still to give, the first
    // player's first, joined by '+' ("3+3"), as Fairy-Stockfish writes them.
    bool checks() {
        const int goal = t_.checks_to_win;
        if (!goal) return true;
        std::string_view word;
        std::size_t start = 0;
        if (!field("checks still to give (as in 3+3)", word, start)) return false;
        const std::string hint = "one number from 0 to " + std::to_string(goal) +
                                 " for each player, the first player's first, joined by '+'";
        std::size_t at = 0;
        for (int p = 0; p < t_.player_count; ++p) {
            if (p && (at >= word.size() || word[at++] != '+'))
                return fail(start + at - (at > 0 ? 1 : 0),
                            "expected '+' between the players' checks", hint);
            const std::size_t digit_at = at;
            int left = 0;
            while (at < word.size() && is_digit(word[at]) && left <= goal)
                left = left * 10 + (word[at++] - '0');
            if (at == digit_at || left > goal || (at - digit_at > 1 && word[digit_at] == '0'))
                return fail(start + digit_at, "bad number of checks '" + std::string(word) + "'",
                            hint);
            pos_.set_checks_given(p, goal - left);
        }
        if (at != word.size())
            return fail(start + at, "bad number of checks '" + std::string(word) + "'", hint);
        return true;
    }

    bool number(const char* what, int min, int& out) {
        std::string_view word;
        std::size_t start = 0;
        if (!field(what, word, start)) return false;
        // At most nine digits, so none overflows; no leading zero, so it is written back as typed.
        const bool well_formed = word.size() <= 9 &&
                                 word.find_first_not_of("0123456789") == std::string_view::npos &&
                                 (word.size() == 1 || word[0] != '0');
        out = well_formed ? std::stoi(std::string(word)) : -1;
        if (out < min)
            return fail(start, "bad number '" + std::string(word) + "' for the " + what,
                        "expected a whole number of at least " + std::to_string(min) +
                            ", without leading zeros");
        return true;
    }

    bool counters() {
        int clock = 0, move = 0;
        if (!number("ply clock", 0, clock) || !number("move number", 1, move)) return false;
        pos_.set_counters(clock, move);
        return true;
    }

    bool end() {
        skip_blanks();
        if (more())
            return fail(at_, "trailing text '" + std::string(text_.substr(at_)) + "'",
                        "the move number is the last field");
        return true;
    }

    Position& pos_;
    const ir::Game& game_;
    const Tables& t_;
    std::string_view text_;
    std::size_t at_ = 0;
    CellOffsets offsets_{};  // where each piece on the board was read
    std::optional<Diagnostic> error_;
    int board_pieces_ = 0;
};

}  // namespace

std::string checks_field(const Position& pos) {
    const Tables& t = pos.tables();
    if (!t.checks_to_win) return {};
    std::string out = " ";
    for (int p = 0; p < t.player_count; ++p)
        out += (p ? "+" : "") + std::to_string(t.checks_to_win - pos.checks_given(p));
    return out;
}

std::string to_position_string(const Position& pos) {
    const ir::Game& game = pos.game().ir();
    const Tables& t = pos.tables();
    std::string out;
    for (std::size_t i = 0; i < game.board.lines.size(); ++i) {
        if (i) out += '/';
        int run = 0;
        for (int cell : game.board.lines[i]) {
            const Piece p = pos.piece_on(cell);
            if (!p) {
                ++run;
                continue;
            }
            if (run) out += std::to_string(run);
            run = 0;
            out += piece_token(game, p);
        }
        if (run) out += std::to_string(run);
    }
    if (game.holds_hands()) {
        out += '[';
        const std::size_t hand_at = out.size();
        for (int player = 0; player < t.player_count; ++player)
            for (int type = 0; type < t.type_count; ++type)
                for (int n = pos.in_hand(player, type); n > 0; --n)
                    out += piece_token(game, make_piece(player, type));
        if (out.size() == hand_at) out += '-';
        out += ']';
    }
    out += ' ';
    out += player_token(game, pos.side_to_move());
    out += ' ';
    const std::size_t rights_at = out.size();
    for (std::size_t bit = 0; bit < t.right_names.size(); ++bit)
        if (pos.rights() >> bit & 1) out += t.right_names[bit];
    out += gate_letters(game, t, pos.gates());
    if (out.size() == rights_at) out += '-';
    out += ' ';
    const std::size_t ep_at = out.size();
    for (int cell : pos.ep_cells()) {
        if (out.size() != ep_at) out += ',';
        out += game.board.cells[cell].name;
    }
    if (out.size() == ep_at) out += '-';
    out += checks_field(pos);
    out += ' ' + std::to_string(pos.ply_clock()) + ' ' + std::to_string(pos.move_number());
    return out;
}

std::optional<Diagnostic> parse_position(Position& pos, std::string_view text) {
    return Parser(pos, text).run();
}

}  // namespace vari::notation
