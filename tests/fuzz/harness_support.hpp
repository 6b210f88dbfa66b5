// What the fuzzing harnesses share: failing loudly, the shipped games, and small hook limits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"

namespace vari::fuzz {

// At most this many root moves get perft(2); above it, perft(1). A game's size bounds the work,
// never which of its rules are exercised.
inline constexpr int MAX_ROOT_MOVES_FOR_DEPTH_2 = 256;

// Says on stderr which promise broke ("fuzz HARNESS: PROMISE", a line that names the bug
// whatever the input) and in what case, then aborts: a crash to libFuzzer and to the test that
// replays the input.
[[noreturn]] void broken(std::string_view harness, std::string_view promise,
                         const std::string& detail);

inline void expect(bool holds, std::string_view harness, std::string_view promise,
                   const std::string& detail = {}) {
    if (!holds) broken(harness, promise, detail);
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The input as text, with runs expanded: byte 0xFF, then a count byte N and a byte B, stands for
// B repeated N * 1000 times (up to 255,000). So a few bytes write what a fuzzer would hardly grow
// by mutation: variations or JSON arrays nested a hundred thousand deep, a long run of one move.
std::string with_runs(const std::uint8_t* data, std::size_t size);

// The shipped games, loaded once, in name order.
struct ShippedGame {
    std::string name;
    std::unique_ptr<CompiledGame> game;
};
const std::vector<ShippedGame>& shipped();

// The shipped game a selector byte picks.
const ShippedGame& pick_shipped(std::uint8_t selector);

// Every legal move's notation names it again: format_move then parse_move gives the same move.
void check_notation(std::string_view harness, Position& pos, const MoveList& legal);

// The position's string reads back to the same string and hash.
void check_round_trip(std::string_view harness, const Position& pos);

}  // namespace vari::fuzz
