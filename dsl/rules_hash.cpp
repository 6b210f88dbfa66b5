// The fingerprint of a game's rules that records carry: the rule text without its comments and
// layout, so that rewording a comment or re-indenting keeps the records of the game valid.
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

// Adds `text` less its comments, with each run of blanks as one space. Quoted text and inline
// hook code between triple quotes are kept as written.
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
