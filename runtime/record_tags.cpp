// Tag names and values of game records.
#include "runtime/record_tags.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace vari::runtime {

std::string escape_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out;
}

std::string player_tag(const std::string& player) {
    std::string out = player;
    for (char& c : out)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    return out;
}

std::string file_name(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string hash_text(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::string score_text(double score) {
    for (int denominator = 1; denominator <= 12; ++denominator) {
        const double numerator = score * denominator;
        if (std::abs(numerator - std::round(numerator)) > 1e-9) continue;
        const long n = std::lround(numerator);
        return denominator == 1 ? std::to_string(n)
                                : std::to_string(n) + "/" + std::to_string(denominator);
    }
    char text[32];
    std::snprintf(text, sizeof text, "%g", score);
    return text;
}

std::string result_marker(const Game& game) {
    const auto& result = game.result();
    return !result || result->stopped ? "*" : scores_marker(result->scores);
}

std::string scores_marker(const std::vector<double>& scores) {
    if (scores.empty()) return "*";
    std::string out;
    for (double score : scores) out += (out.empty() ? "" : "-") + score_text(score);
    return out;
}

}  // namespace vari::runtime
