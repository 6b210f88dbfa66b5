// Byte-level helpers over source text that may hold anything (NUL bytes, invalid UTF-8).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace vari::dsl {

// What a parse error found at `at`, for "..., found X": "'forwrd'", "the end of the file",
// "byte 0xFF". Never longer than a few dozen characters, always valid UTF-8.
std::string describe_found(std::string_view text, std::size_t at);

// Line `line` (1-based) without its end-of-line characters (nor, on line 1, a byte-order mark);
// empty past the end.
std::string_view source_line(std::string_view text, std::uint32_t line);

// "L:C", as messages cite other places.
std::string at_text(std::uint32_t line, std::uint32_t column);

// The most a piece's `value` may state, in pawns.
constexpr int MAX_VALUE_PAWNS = 1000;
// A piece's `value` as written ("3", "3.25": pawns, digits only) in centipawns; -1 when it has
// more than two decimals or is more than MAX_VALUE_PAWNS.
int centipawns(std::string_view number);

}  // namespace vari::dsl
