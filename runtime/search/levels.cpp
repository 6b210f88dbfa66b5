// Levels: what "ai:5" or "ai:depth=4" asks of the search.
#include <algorithm>
#include <charconv>

#include "runtime/search/search.hpp"

namespace vari::search {
namespace {

// Level 1 searches a few hundred nodes a move, each level about three times the one below, so
// level 10 searches some millions (a few seconds a move on chess). Whatever its budget, level k
// finishes k + 1 plies (4 from level 3 up): level 1 sees the reply to its move, and where a
// game's moves are many the lowest levels still differ by a ply.
Limits level_limits(int level) {
    Limits limits;
    limits.nodes = 300;
    for (int l = 1; l < level; ++l) limits.nodes *= 3;
    limits.min_depth = std::min(level + 1, 4);
    return limits;
}

std::optional<std::uint64_t> whole_number(std::string_view text, std::uint64_t max) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value == 0 || value > max)
        return std::nullopt;
    return value;
}

}  // namespace

std::optional<Level> parse_level(std::string_view text, std::string& error) {
    Level level;
    if (text.empty()) {
        level.limits = level_limits(5);
        return level;
    }
    if (text.front() != ':') {
        error = "expected ':' after 'ai', as in ai:5 or ai:depth=4";
        return std::nullopt;
    }
    text.remove_prefix(1);
    const auto equals = text.find('=');
    if (equals == std::string_view::npos) {
        const auto n = whole_number(text, 10);
        if (!n) {
            error = "the level '" + std::string(text) + "' is not one of 1 to 10";
            return std::nullopt;
        }
        level.limits = level_limits(static_cast<int>(*n));
        return level;
    }
    const std::string_view key = text.substr(0, equals), value = text.substr(equals + 1);
    const auto n = whole_number(value, key == "depth" ? MAX_DEPTH : 1'000'000'000'000ull);
    if (key != "depth" && key != "time" && key != "nodes") {
        error = "unknown limit '" + std::string(key) + "': use depth=N, time=MS or nodes=N";
        return std::nullopt;
    }
    if (!n) {
        error = "the " + std::string(key) + " limit '" + std::string(value) +
                "' is not a whole number" +
                (key == "depth" ? " from 1 to " + std::to_string(MAX_DEPTH) : " above 0");
        return std::nullopt;
    }
    if (key == "depth") level.limits.depth = static_cast<int>(*n);
    if (key == "time") level.limits.milliseconds = static_cast<std::int64_t>(*n);
    if (key == "nodes") level.limits.nodes = *n;
    return level;
}

}  // namespace vari::search
