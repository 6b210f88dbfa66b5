// Byte-level helpers over source text that may hold anything (NUL bytes, invalid UTF-8).
#include "dsl/text.hpp"

#include <cstdio>

namespace vari::dsl {

namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

constexpr std::size_t max_found_length = 32;

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

std::string describe_found(std::string_view text, std::size_t at) {
    if (at >= text.size()) return "the end of the file";
    const char c = text[at];
    if (c == '\n' || (c == '\r' && at + 1 < text.size() && text[at + 1] == '\n'))
        return "the end of the line";
    if (is_word_char(c)) {
        std::size_t end = at;
        while (end < text.size() && is_word_char(text[end])) ++end;
        std::string word(text.substr(at, end - at));
        if (word.size() > max_found_length) word = word.substr(0, max_found_length) + "...";
        return "'" + word + "'";
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte > 0x20 && byte < 0x7F) return std::string("'") + c + "'";
    if (const std::size_t length = utf8_length(text, at); length > 1)
        return "'" + std::string(text.substr(at, length)) + "'";
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "byte 0x%02X", static_cast<unsigned>(byte));
    return buffer;
}

std::string_view source_line(std::string_view text, std::uint32_t line) {
    if (line == 0) return {};
    std::size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // see parse()
    for (std::uint32_t l = 1; l < line; ++l) {
        const std::size_t newline = text.find('\n', start);
        if (newline == std::string_view::npos) return {};
        start = newline + 1;
    }
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start && text[end - 1] == '\r') --end;
    return text.substr(start, end - start);
}

std::string at_text(std::uint32_t line, std::uint32_t column) {
    return std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace vari::dsl
