// Fuzzing harnesses: each takes arbitrary bytes and drives one entry point for untrusted input
// through the library, aborting (after saying why) when a promise the library makes is broken.
// libFuzzer calls them from LLVMFuzzerTestOneInput (libfuzzer_main.cpp); the unit tests replay
// the saved inputs through them (replay.tests.cpp). Each returns 0, as libFuzzer wants.
#pragma once

#include <cstddef>
#include <cstdint>

namespace vari::fuzz {

// A rule file: load (parse, check, lower) with every diagnostic rendered; when it loads, compile
// it, load its hooks, round-trip the start position's string and every root move's notation, and
// count perft(2) of the start.
int fuzz_rule_file(const std::uint8_t* data, std::size_t size);

// A position string for a shipped game (the first byte picks the game): parsed, and when it
// parses, written back and reread, searched to perft(2), drawn, and played on for a few random
// plies as a game.
int fuzz_position_string(const std::uint8_t* data, std::size_t size);

// A typed move for a position of a shipped game (the first byte picks the game, the second how
// many random plies from its start): parsed; a move found must be legal, written back the same,
// and made and unmade exactly.
int fuzz_typed_move(const std::uint8_t* data, std::size_t size);

// Lua hooks for a small game with captures, promotions, drops and passes: loaded under small
// limits, then every hook is called over a few plies and at the end.
int fuzz_hooks(const std::uint8_t* data, std::size_t size);

// A game record for a shipped game (the first byte picks the game; runs expanded, see
// with_runs): read and replayed; when it reads, written back, and that record reads back to the
// same positions.
int fuzz_game_record(const std::uint8_t* data, std::size_t size);

// Messages of a page to `vari serve`'s session handler (runs expanded, see with_runs; messages
// apart at each 0 byte): every message is answered or refused with one JSON object, and the
// session's end stops whatever work they started.
int fuzz_web_message(const std::uint8_t* data, std::size_t size);

struct Harness {
    const char* name;  // the folder of its inputs under tests/fuzz/{corpus,regressions,findings}
    int (*run)(const std::uint8_t*, std::size_t);
};

inline constexpr Harness HARNESSES[] = {
    {"rule_file", fuzz_rule_file},     {"position_string", fuzz_position_string},
    {"typed_move", fuzz_typed_move},   {"hooks", fuzz_hooks},
    {"game_record", fuzz_game_record}, {"web_message", fuzz_web_message},
};

}  // namespace vari::fuzz
