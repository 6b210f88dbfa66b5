// "Did you mean" hints: the nearest known name by edit distance.
#include <algorithm>
#include <cctype>

#include "interpreter/messages/messages.hpp"

namespace vari {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Short names allow one edit, longer ones more; a difference in case alone always counts as near.
std::size_t allowed_distance(std::size_t length) { return length <= 3 ? 1 : length <= 6 ? 2 : 3; }

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
    // Hostile input may hold very long names; they are near nothing.
    if (name.size() > 64) return {};
    const std::string folded = lower(name);
    const std::string* best = nullptr;
    std::size_t best_distance = allowed_distance(name.size()) + 1;
    for (const auto& candidate : candidates) {
        if (candidate == name || candidate.size() > 64) continue;
        const std::size_t distance =
            lower(candidate) == folded ? 0 : edit_distance(name, candidate);
        if (distance < best_distance) {
            best = &candidate;
            best_distance = distance;
        }
    }
    return best == nullptr ? std::string{} : "did you mean '" + *best + "'?";
}

}  // namespace vari
