// Reading a game record: its tag pairs, then its moves replayed one by one, every problem located
// at its line and column.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "runtime/record_tags.hpp"
#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// A place in the text, counted as diagnostics count: 1-based lines and columns (bytes).
struct Place {
    std::uint32_t line = 1, column = 1;
};

class Cursor {
public:
    explicit Cursor(std::string_view text) : text_(text) {}
    bool done() const { return at_ >= text_.size(); }
    char peek() const { return done() ? '\0' : text_[at_]; }
    Place place() const { return place_; }
    char get() {
        const char c = text_[at_++];
        if (c == '\n') {
            ++place_.line;
            place_.column = 1;
        } else {
            ++place_.column;
        }
        return c;
    }
    void skip_line() {
        while (!done() && peek() != '\n') get();
    }
    void skip_blanks() {
        while (!done() && is_space(peek())) get();
    }

private:
    std::string_view text_;
    std::size_t at_ = 0;
    Place place_;
};

// A byte order mark, which some editors write before UTF-8 text, is no part of a record.
std::string_view without_byte_order_mark(std::string_view text) {
    return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

// Thrown inside the reader, and returned as a diagnostic.
struct Failure {
    Place place;
    std::string message;
};

// [Name "value"], the cursor on the '['; the value's place in `value_place`.
RecordTag read_tag(Cursor& c, Place& value_place) {
    const Place open = c.place();
    c.get();
    c.skip_blanks();
    RecordTag tag;
    while (!c.done() && (std::isalnum(static_cast<unsigned char>(c.peek())) || c.peek() == '_'))
        tag.name += c.get();
    if (tag.name.empty()) throw Failure{c.place(), "expected a tag's name after '['"};
    c.skip_blanks();
    if (c.peek() != '"')
        throw Failure{c.place(), "expected the value of tag " + tag.name + " in double quotes"};
    c.get();
    value_place = c.place();
    for (;;) {
        if (c.done() || c.peek() == '\n')
            throw Failure{open, "the value of tag " + tag.name + " is not closed with '\"'"};
        char ch = c.get();
        if (ch == '"') break;
        if (ch == '\\' && (c.peek() == '"' || c.peek() == '\\')) ch = c.get();
        tag.value += ch;
    }
    c.skip_blanks();
    if (c.peek() != ']') throw Failure{c.place(), "expected ']' to close tag " + tag.name};
    c.get();
    return tag;
}

// Variations may hold variations; deeper than this a record is refused (no game needs it, and a
// hostile one could nest a million).
constexpr int MAX_VARIATION_DEPTH = 256;

// Skips a comment { ... }, a rest-of-line comment ; ..., or a numeric annotation $N; false when the
// cursor is on none of these.
bool skip_remark(Cursor& c) {
    const Place open = c.place();
    switch (c.peek()) {
        case '{':
            while (!c.done() && c.peek() != '}') c.get();
            if (c.done()) throw Failure{open, "this comment is not closed with '}'"};
            c.get();
            return true;
        case ';':
            c.skip_line();
            return true;
        case '$':
            c.get();
            while (!c.done() && std::isdigit(static_cast<unsigned char>(c.peek()))) c.get();
            return true;
        default:
            return false;
    }
}

// Skips a variation ( ... ) with the variations and remarks it holds, the cursor on its '('. Kept
// iterative: the openings of the variations still open are its only memory.
void skip_variation(Cursor& c) {
    std::vector<Place> open{c.place()};
    c.get();
    while (!open.empty()) {
        c.skip_blanks();
        if (c.done()) throw Failure{open.back(), "this variation is not closed with ')'"};
        if (c.peek() == '(') {
            if (open.size() == MAX_VARIATION_DEPTH)
                throw Failure{c.place(), "variations nested more than " +
                                             std::to_string(MAX_VARIATION_DEPTH) + " deep"};
            open.push_back(c.place());
            c.get();
        } else if (c.peek() == ')') {
            open.pop_back();
            c.get();
        } else if (!skip_remark(c)) {
            c.get();
        }
    }
}

// Skips a remark or a variation; false when the cursor is on neither.
bool skip_aside(Cursor& c) {
    if (c.peek() != '(') return skip_remark(c);
    skip_variation(c);
    return true;
}

std::string read_word(Cursor& c) {
    std::string word;
    while (!c.done() && !is_space(c.peek()) &&
           std::string_view("{}();").find(c.peek()) == std::string_view::npos)
        word += c.get();
    return word;
}

// A result marker: "*", or scores joined by '-' ("1-0", "1/2-1/2", "1-0-0").
bool is_result_marker(std::string_view word) {
    if (word == "*") return true;
    return word.find('-') != std::string_view::npos &&
           word.find_first_not_of("0123456789/.-") == std::string_view::npos &&
           std::isdigit(static_cast<unsigned char>(word.front())) &&
           std::isdigit(static_cast<unsigned char>(word.back()));
}

// A score in a result: "0", "1", "1/2", "0.5", from 0 to 1.
bool is_score(std::string_view text) {
    const std::size_t split = text.find_first_of("/.");
    const std::string_view whole = text.substr(0, split);
    if (whole.empty() || whole.size() > 3 ||
        whole.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    const int numerator = std::stoi(std::string(whole));
    if (split == std::string_view::npos) return numerator <= 1;
    const std::string_view rest = text.substr(split + 1);
    if (rest.empty() || rest.size() > 3 ||
        rest.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    if (text[split] == '.')  // 0.5, or 1.0 at most
        return numerator == 0 || (numerator == 1 && std::stoi(std::string(rest)) == 0);
    const int denominator = std::stoi(std::string(rest));
    return denominator > 0 && numerator <= denominator;
}

// Whether `marker` is a result a game of `players` players can end with: "*", or one score from
// 0 to 1 per player.
bool is_possible_result(std::string_view marker, std::size_t players) {
    if (marker == "*") return true;
    std::size_t scores = 0;
    for (std::size_t from = 0;; ++scores) {
        const std::size_t dash = marker.find('-', from);
        if (!is_score(marker.substr(from, dash - from))) return false;
        if (dash == std::string_view::npos) return scores + 1 == players;
        from = dash + 1;
    }
}

// The move text without a move number before it: "12.e4" -> "e4"; "12." and "12..." -> "".
std::string_view without_number(std::string_view word) {
    const std::size_t digits = word.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string_view::npos || word[digits] != '.') return word;
    const std::size_t rest = word.find_first_not_of('.', digits);
    return rest == std::string_view::npos ? std::string_view() : word.substr(rest);
}

Position start_of(const CompiledGame& game, const std::string* fen, Place value_place) {
    Position start(game);
    if (!fen) return start;
    if (const auto error = notation::parse_position(start, *fen))
        throw Failure{{value_place.line, value_place.column + error->column - 1},
                      "bad FEN: " + error->message};
    return start;
}

// The moves and the end marker; the game plays them.
void read_moves(Cursor& c, Game& game, const std::string* result_tag) {
    int number = 0;
    for (;;) {
        c.skip_blanks();
        if (c.done()) break;
        if (skip_aside(c)) continue;
        const Place place = c.place();
        const std::string word = read_word(c);
        if (word.empty()) throw Failure{place, std::string("unexpected '") + c.peek() + "'"};
        if (is_result_marker(word)) {
            const std::size_t players = game.game().ir().players.size();
            if (!is_possible_result(word, players))
                throw Failure{place, "the end marker " + word + " is not a result of a game of " +
                                         std::to_string(players) +
                                         " players: one score from 0 to 1 for each (such as " +
                                         (players == 2 ? "1-0 or 1/2-1/2" : "1-0-0") + "), or *"};
            if (result_tag && *result_tag != word)
                throw Failure{place, "the end marker " + word + " differs from the Result tag " +
                                         *result_tag};
            const std::string ended = result_marker(game);
            if (ended != "*" && ended != word)
                throw Failure{place, "the record says " + word + ", but its moves end the game " +
                                         ended + ": " + game.result()->summary};
            c.skip_blanks();
            while (!c.done() && skip_aside(c)) c.skip_blanks();
            if (!c.done())
                throw Failure{c.place(),
                              "more text after the game's end marker: a record holds "
                              "one game"};
            return;
        }
        const std::string_view text = without_number(word);
        if (text.empty()) continue;
        ++number;
        std::string why;
        const auto move = parse_game_move(game, text, why);
        if (!move)
            throw Failure{
                place, "move " + std::to_string(number) + " '" + std::string(text) + "': " + why};
        game.play(*move);
    }
    throw Failure{c.place(), "the record ends without its end marker (" +
                                 (result_tag ? *result_tag : std::string("such as 1-0 or *")) +
                                 "): it may have been cut short"};
}

}  // namespace

const std::string* Record::tag(std::string_view name) const {
    const auto it =
        std::find_if(tags.begin(), tags.end(), [&](const RecordTag& t) { return t.name == name; });
    return it == tags.end() ? nullptr : &it->value;
}

std::optional<Diagnostic> read_record(const CompiledGame& game, std::string_view text,
                                      const std::string& label, Record& record, HookUse hooks) {
    record = Record{};
    Cursor c(without_byte_order_mark(text));
    try {
        Place fen_place, hash_place, value_place;
        for (;;) {
            c.skip_blanks();
            if (c.peek() == '%' && c.place().column == 1) {  // PGN's escape lines
                c.skip_line();
                continue;
            }
            if (c.peek() != '[') break;
            record.tags.push_back(read_tag(c, value_place));
            if (record.tags.back().name == "FEN") fen_place = value_place;
            if (record.tags.back().name == "RuleHash") hash_place = value_place;
        }
        if (const std::string* hash = record.tag("RuleHash")) {
            const std::string own = hash_text(game.ir().rules_hash);
            if (*hash != own)
                throw Failure{hash_place,
                              "this record was played under other rules: its RuleHash is " + *hash +
                                  ", the rules of " +
                                  (game.ir().files.empty() ? std::string("the game")
                                                           : file_name(game.ir().files.front())) +
                                  " give " + own + " (the rule file has changed since)"};
        }
        const Position start = start_of(game, record.tag("FEN"), fen_place);
        record.game = std::make_unique<Game>(game, start, hooks);
        read_moves(c, *record.game, record.tag("Result"));
    } catch (const Failure& failure) {
        Diagnostic d;
        d.file = label;
        d.line = failure.place.line;
        d.column = failure.place.column;
        d.message = failure.message;
        return d;
    }
    return std::nullopt;
}

std::string record_rule_file(std::string_view text) {
    Cursor c(without_byte_order_mark(text));
    try {
        Place place;
        for (;;) {
            c.skip_blanks();
            if (c.peek() != '[') return "";
            const RecordTag tag = read_tag(c, place);
            if (tag.name == "RuleFile") return tag.value;
        }
    } catch (const Failure&) {
        return "";
    }
}

}  // namespace vari::runtime
