// Levels: what "ai:5" or "ai:depth=4" asks of the search.
#include <charconv>

#include "runtime/search/search.hpp"

namespace vari::search {
namespace {

// Level 1 searches a few hundred nodes a move, each level about three times the one below, so
// level 10 searches some millions (a few seconds a move on chess).
std::uint64_t level_nodes(int level) {
    std::uint64_t nodes = 300;
    for (int l = 1; l < level; ++l) nodes *= 3;
    return nodes;
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
    level.limits.min_depth = 2;
    if (text.empty()) {
        level.limits.nodes = level_nodes(5);
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
        level.limits.nodes = level_nodes(static_cast<int>(*n));
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
    level.limits.min_depth = 0;  // one limit, as asked
    if (key == "depth") level.limits.depth = static_cast<int>(*n);
    if (key == "time") level.limits.milliseconds = static_cast<std::int64_t>(*n);
    if (key == "nodes") level.limits.nodes = *n;
    return level;
}

}  // namespace vari::search
