// Text that may hold anything (NUL bytes, invalid UTF-8, terminal controls), made safe to show.
#include <cstdio>

#include "interpreter/messages/messages.hpp"

namespace vari {

namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t at) {
    if (at >= text.size()) return 0;
    const auto c0 = static_cast<unsigned char>(text[at]);
    if (c0 < 0x80) return 1;
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (c0 >= 0xC2 && c0 <= 0xDF) {
        length = 2;
        code = c0 & 0x1F;
    } else if (c0 >= 0xE0 && c0 <= 0xEF) {
        length = 3;
        code = c0 & 0x0F;
    } else if (c0 >= 0xF0 && c0 <= 0xF4) {
        length = 4;
        code = c0 & 0x07;
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        const auto c = static_cast<unsigned char>(text[at + i]);
        if (!is_continuation(c)) return 0;
        code = (code << 6) | (c & 0x3F);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if ((length == 3 && code < 0x800) || (length == 4 && code < 0x10000)) return 0;
    if (code >= 0xD800 && code <= 0xDFFF) return 0;
    if (code > 0x10FFFF) return 0;
    return length;
}

std::size_t shown_length(std::string_view text, std::size_t at) {
    const std::size_t length = utf8_length(text, at);
    const auto c = static_cast<unsigned char>(text[at]);
    if (length == 1 && (c < 0x20 || c == 0x7F)) return 0;
    if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[at + 1]) < 0xA0) return 0;
    return length;
}

std::string printable(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t length = shown_length(text, i); length > 0) {
            out += text.substr(i, length);
            i += length;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[i++]);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\x%02X", static_cast<unsigned>(c));
            out += escape;
        }
    }
    return out;
}

}  // namespace vari
