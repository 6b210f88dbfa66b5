// Byte-level helpers over source text that may hold anything (NUL bytes, invalid UTF-8).
#include "dsl/text.hpp"

#include <cstdio>

#include "interpreter/interpreter.hpp"

namespace vari::dsl {

namespace {

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

constexpr std::size_t max_found_length = 32;

}  // namespace

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

int centipawns(std::string_view number) {
    const std::size_t point = number.find('.');
    const std::string_view whole = number.substr(0, point);
    const std::string_view fraction =
        point == std::string_view::npos ? std::string_view{} : number.substr(point + 1);
    if (fraction.size() > 2 || whole.empty() || whole.size() > 4) return -1;
    int value = 0;
    for (char c : whole) {
        if (c < '0' || c > '9') return -1;
        value = value * 10 + (c - '0');
    }
    value *= 100;
    int scale = 10;
    for (char c : fraction) {
        if (c < '0' || c > '9') return -1;
        value += (c - '0') * scale;
        scale /= 10;
    }
    return value <= MAX_VALUE_PAWNS * 100 ? value : -1;
}

}  // namespace vari::dsl
