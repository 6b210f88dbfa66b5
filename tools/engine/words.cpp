// Splitting a protocol line into words, and reading names and numbers from them.
#include "tools/engine/words.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace vari::engine {

std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> words;
    std::size_t at = 0;
    const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (at < line.size()) {
        while (at < line.size() && blank(line[at])) ++at;
        std::size_t end = at;
        while (end < line.size() && !blank(line[end])) ++end;
        if (end > at) words.emplace_back(line.substr(at, end - at));
        at = end;
    }
    return words;
}

std::string joined(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
    std::string text;
    for (std::size_t i = from; i < to && i < words.size(); ++i)
        text += (text.empty() ? "" : " ") + words[i];
    return text;
}

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<std::int64_t> whole_number(const std::string& text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace vari::engine
