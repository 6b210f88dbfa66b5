// The files a game reads besides the loaded one (included rule files, hooks): where they may be,
// and reading them, bounded in size (internal to dsl/).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/dsl.hpp"

namespace vari::dsl {

// Rule files and hooks files are small; anything larger is refused before parsing.
inline constexpr std::size_t max_file_bytes = 1 << 20;
// A weights file holds a number per piece type, player and cell: far more than rules.
inline constexpr std::size_t max_weights_bytes = 1 << 24;

// The folder of the shipped games: $VARI_GAMES, else the one installed beside the program, else
// the sources' one vari was built from.
std::filesystem::path shipped_folder();

// Ends each line with '\n' alone where it ended with a lone '\r' (old Mac files), byte for byte,
// so that every offset, and so every column, stays as it was.
void normalize_line_ends(std::string& text);

// Where a game's files may be read from: the folder of the loaded file with its subfolders, and
// the shipped games' folder. A file named inside a rule file (rules from a stranger) is found
// relative to the file that names it and must lie inside one of these, compared by canonical
// path, so that neither '..' nor a symbolic link leads anywhere else; and it must be of the kind
// named (`.vari`, `.lua`), so that no line of another kind of file is ever shown in an error.
class FileScope {
public:
    explicit FileScope(const std::string& loaded_label);

    struct Found {
        std::filesystem::path path;      // as diagnostics name it: the namer's folder joined
        std::filesystem::path identity;  // canonical: two paths to one file are one file
    };
    // `name`, written in the file labelled `from`, as a `what` ("included file") ending in
    // `extension`; or nothing, with `refusal` saying why and `hint` what may be named.
    std::optional<Found> find(const std::string& from, const std::string& name,
                              std::string_view what, std::string_view extension,
                              std::string& refusal, std::string& hint) const;

private:
    std::vector<std::filesystem::path> roots_;  // canonical
    std::string described_;                     // the roots, for hints
};

}  // namespace vari::dsl
