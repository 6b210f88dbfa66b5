// What vari says to people about their input: a diagnostic's place and words, and the helpers
// every message uses (text made safe to show, "did you mean"). Nothing here is on the hot path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vari {

// A problem in user input (rule file, position string, typed move): where and what.
struct Diagnostic {
    enum class Severity : std::uint8_t { error, warning };
    Severity severity = Severity::error;
    std::string file;          // file name or a label such as "position"
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based
    std::string message;
    std::string hint;  // empty when there is nothing to add
};

// ---- Text that may hold anything (from files, the command line, hooks) -------------------------

// The length of the valid UTF-8 character at `at` (1 for ASCII), or 0 when the bytes there are not
// valid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a cut-off sequence).
std::size_t utf8_length(std::string_view text, std::size_t at);

// The length of the character at `at` when a terminal may be sent it as it is: valid UTF-8 and
// no control character (C0, DEL or C1, which can move the cursor or restyle the screen); else 0.
std::size_t shown_length(std::string_view text, std::size_t at);

// `text` as a terminal may be sent it: a control character or a byte that is not UTF-8 is written
// as an escape ("\n", "\x1B"), so that text echoed from input cannot break lines, move the cursor
// or restyle the screen.
std::string printable(std::string_view text);

// ---- "Did you mean" ----------------------------------------------------------------------------

// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps).
std::size_t edit_distance(std::string_view a, std::string_view b);

// "did you mean 'forward'?" for the candidate nearest to `name` (a difference in case alone is
// near), or "" when none is near enough.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace vari
