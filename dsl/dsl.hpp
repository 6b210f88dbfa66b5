// The rule language: reading .vari text into the IR, with every problem as a located diagnostic.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/ir.hpp"

namespace vari::dsl {

struct LoadResult {
    std::optional<ir::Game> game;              // set only when there is no error
    std::vector<ir::Diagnostic> diagnostics;   // every error found, in source order
    std::string source;                        // the text that was read (for rendering carets)
};

// Parses, checks and lowers a rule text; `file_label` names it in diagnostics.
LoadResult load_text(std::string_view text, const std::string& file_label);

// Reads and loads a file. A missing or unreadable file is a diagnostic at 0:0.
LoadResult load_file(const std::string& path);

// A game argument is a path to a .vari file or the name of a shipped game ("chess" finds
// stdlib-games/chess.vari; $VARI_GAMES overrides the folder). Returns the path, or nothing.
std::optional<std::string> resolve_game(const std::string& name_or_path);

// The names of the shipped games, sorted.
std::vector<std::string> shipped_games();

// One diagnostic in the form every vari tool prints:
//   FILE:LINE:COL: error: MESSAGE
//     the source line
//           ^
//     hint: HINT
std::string render(const ir::Diagnostic& diagnostic, std::string_view source);

// Diagnostics as a JSON array of {file, line, column, severity, message, hint}.
std::string to_json(const std::vector<ir::Diagnostic>& diagnostics);

}  // namespace vari::dsl
