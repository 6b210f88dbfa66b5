// The rule language: reading .vari text into the IR, with every problem as a located diagnostic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

// One rule file read for a game: the loaded one, or one it includes (directly or not).
struct SourceFile {
    std::string label;  // its name in diagnostics: an included path joins its includer's folder
    std::string text;
    // Where it was first included: the `include` at line:column of sources[included_by];
    // -1 for the loaded file.
    int included_by = -1;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct LoadResult {
    std::optional<ir::Game> game;  // set only when there is no error
    // The game compiled, set with `game`: loading compiles it to judge what the engine can hold.
    std::unique_ptr<CompiledGame> compiled;
    // Every error found, by file (in the order of `sources`), then by line and column.
    std::vector<Diagnostic> diagnostics;
    // Every file read, in the order first read; sources[0] is the loaded one (its text empty
    // when it could not be read). Diagnostics name them by label.
    std::vector<SourceFile> sources;

    // The file a diagnostic names, or nothing (a label no file read has).
    const SourceFile* source(const std::string& label) const;
};

// Parses, checks and lowers a rule text; `file_label` names it in diagnostics, and the files it
// includes (and its hooks file) are found relative to the label's folder (the current directory
// when the label names none), and read only in that folder, below it, or in the shipped games'
// folder.
LoadResult load_text(std::string_view text, const std::string& file_label);

// Reads and loads a file. A missing, unreadable or too large file is a diagnostic at line 0, which
// render() shows without a place. The weights file beside it (weights_path) gives the game its
// learned evaluation weights when it was made for these rules; one made for others, or not
// readable, is a warning and the game goes without.
LoadResult load_file(const std::string& path);

// ---- Weights files: what `vari tune` learned for a game (weights.cpp) ----
// Beside the rule file, with its name: chess.vari has chess.weights.
std::filesystem::path weights_path(const std::filesystem::path& rule_file);
// The JSON text of a weights file for `game`'s rules.
std::string weights_text(const ir::Game& game, const ir::Weights& weights);
// The weights a weights file's text gives `game` (`label` names the file), or nothing with
// `problem` set: not a weights file, made for other rules (another rules hash), a piece, player or
// weight missing or out of range.
std::optional<ir::Weights> read_weights(std::string_view text, const std::string& label,
                                        const ir::Game& game, Diagnostic& problem);

// The bytes of a regular file of at most `limit` bytes, or nothing and the reason (the system's
// words, the size limit with the file's size, or "it is not a regular file"): every file vari
// reads, rule files and game records alike.
std::optional<std::string> read_bytes(const std::filesystem::path& path, std::size_t limit,
                                      std::string& reason);

// A game argument is a path to a .vari file or the name of a shipped game in any case ("chess"
// and "Chess.vari" find stdlib-games/chess.vari; $VARI_GAMES overrides the folder). Returns the
// path, or nothing. Whatever is at that path but a folder is returned as it is, readable or not, so
// that loading it gives the reason.
std::optional<std::string> resolve_game(const std::string& name_or_path);

// The names of the shipped games, sorted.
std::vector<std::string> shipped_games();
// Whether `name` is one of them, exactly as shipped_games() lists it (no path, no other case):
// what a server lets a stranger open by name.
bool is_shipped_game(const std::string& name);
// The path `file_name` would have in the shipped games' folder: the label to load a rule file
// given as text under, so that it may include the shipped files ("chess/pieces.vari").
std::string in_shipped_folder(const std::string& file_name);
// What a server loads for a stranger: the shipped game `game` by its name, or (with `text`) a rule
// file's text under the label in_shipped_folder(text_name), so that it may include the shipped
// files and nothing else of the server's. Nothing when `game` is not a shipped game.
std::optional<LoadResult> load_offered(const std::string& game, const std::string* text,
                                       const std::string& text_name);

// One diagnostic in the form every vari tool prints (file, message and hint through printable()):
//   FILE:LINE:COL: error: MESSAGE      (FILE: error: MESSAGE when it names no line)
//     the source line
//           ^
//     hint: HINT
std::string render(const Diagnostic& diagnostic, std::string_view source);

// A diagnostic of a load, shown with the line of the file it names and, when that file was
// included, one line per include that led to it:
//     note: included from game.vari:3:1
std::string render(const Diagnostic& diagnostic, const LoadResult& loaded);

// Diagnostics as a JSON array of {file, line, column, severity, message, hint}; `file` as the
// diagnostic gives it, or only its last part where the folders are not the reader's business.
enum class FileNames : std::uint8_t { as_given, last_part };
std::string to_json(const std::vector<Diagnostic>& diagnostics,
                    FileNames names = FileNames::as_given);

}  // namespace vari::dsl
