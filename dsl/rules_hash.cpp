// The fingerprint of a game's rules that records carry: the rule text without its comments,
// layout and pieces' pictures, so that rewording a comment, re-indenting or drawing a piece
// anew keeps the records of the game valid.
#include "dsl/rules_hash.hpp"

#include <cctype>

namespace vari::dsl {
namespace {

// 64-bit FNV-1a.
class Fnv {
public:
    void add(char c) {
        hash_ ^= static_cast<unsigned char>(c);
        hash_ *= 0x100000001b3ULL;
    }
    std::uint64_t value() const { return hash_; }

private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

bool is_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
}

// Past blanks and comments from `i`.
std::size_t skip_layout(std::string_view text, std::size_t i) {
    while (i < text.size()) {
        if (text[i] == '#')
            while (i < text.size() && text[i] != '\n') ++i;
        else if (is_space(text[i]))
            ++i;
        else
            break;
    }
    return i;
}

// Where a quoted name starting at `i` ends (past its closing quote), or `i` when none starts.
std::size_t skip_quoted(std::string_view text, std::size_t i) {
    if (i >= text.size() || text[i] != '"' || text.substr(i, 3) == "\"\"\"") return i;
    std::size_t end = i + 1;
    while (end < text.size() && text[end] != '"' && text[end] != '\n') ++end;
    return end < text.size() && text[end] == '"' ? end + 1 : end;
}

// A piece's pictures (`image "FILE"`, `image PLAYER "FILE" ...`, starting at `i`) are not rules:
// where the clause ends, or `i` when the word there is not the keyword.
std::size_t skip_image(std::string_view text, std::size_t i) {
    constexpr std::string_view word = "image";
    if (text.substr(i, word.size()) != word || (i > 0 && is_name_char(text[i - 1])) ||
        (i + word.size() < text.size() && is_name_char(text[i + word.size()])))
        return i;
    std::size_t end = i + word.size();
    for (;;) {
        std::size_t at = skip_layout(text, end), name = at;
        while (name < text.size() && is_name_char(text[name])) ++name;
        if (name > at) name = skip_layout(text, name);
        const std::size_t past = skip_quoted(text, name);
        if (past == name) return end;
        end = past;
    }
}

// Adds `text` less its comments and pictures, with each run of blanks as one space. Quoted text
// and inline hook code between triple quotes are kept as written.
void add_rules(Fnv& fnv, std::string_view text) {
    bool blank = false, started = false;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (is_space(c)) {
            blank = true;
            ++i;
            continue;
        }
        if (c == '#') {  // a comment separates words as a blank does
            while (i < text.size() && text[i] != '\n') ++i;
            blank = true;
            continue;
        }
        if (const std::size_t past = skip_image(text, i); past != i) {
            blank = true;
            i = past;
            continue;
        }
        if (blank && started) fnv.add(' ');
        blank = false;
        started = true;
        std::size_t end = i + 1;
        if (text.substr(i, 3) == "\"\"\"") {
            end = text.find("\"\"\"", i + 3);
            end = end == std::string_view::npos ? text.size() : end + 3;
        } else if (c == '"') {
            while (end < text.size() && text[end] != '"' && text[end] != '\n') ++end;
            if (end < text.size() && text[end] == '"') ++end;
        }
        for (; i < end; ++i) fnv.add(text[i]);
    }
}

}  // namespace

std::uint64_t rules_hash(const std::vector<SourceFile>& sources, const ir::Game& game) {
    Fnv fnv;
    for (const SourceFile& source : sources) {
        add_rules(fnv, source.text);
        fnv.add('\0');
    }
    if (game.hooks)
        for (char c : game.hooks->code) fnv.add(c);
    return fnv.value();
}

}  // namespace vari::dsl
