// Internal to tools/engine/: the words of a protocol line, as every protocol loop reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vari::engine {

std::vector<std::string> words_of(std::string_view line);  // split at blanks
// words[from, to) joined by single blanks.
std::string joined(const std::vector<std::string>& words, std::size_t from, std::size_t to);
bool same_name(std::string_view a, std::string_view b);             // equal but for case
std::optional<std::int64_t> whole_number(const std::string& text);  // nothing for other text

}  // namespace vari::engine
