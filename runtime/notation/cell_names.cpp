// The parts of a cell's name: a run of letters and a run of digits, in either order.
#include <algorithm>
#include <cctype>

#include "runtime/notation/notation.hpp"

namespace vari::notation {

std::string_view name_part(std::string_view name, bool rank) {
    auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    if (name.empty()) return {};
    const bool digits_first = digit(name[0]);
    std::size_t split = 0;
    while (split < name.size() && (digits_first ? digit(name[split]) : letter(name[split])))
        ++split;
    const std::string_view file = name.substr(0, split), rank_part = name.substr(split);
    const bool ok =
        !file.empty() && !rank_part.empty() &&
        std::all_of(rank_part.begin(), rank_part.end(), digits_first ? +letter : +digit);
    return ok ? (rank ? rank_part : file) : std::string_view();
}

}  // namespace vari::notation
