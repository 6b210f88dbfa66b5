// Reading the files a game names (included rule files, hooks), bounded in size (internal to dsl/).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace vari::dsl {

// Rule files and hooks files are small; anything larger is refused before parsing.
inline constexpr std::size_t max_file_bytes = 1 << 20;

// The bytes of a regular file, or nothing and the reason (the system's words, the size limit, or
// "it is not a regular file").
std::optional<std::string> read_bytes(const std::filesystem::path& path, std::size_t limit,
                                      std::string& reason);

}  // namespace vari::dsl
