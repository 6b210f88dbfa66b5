// Levels: what "ai:5", "ai:depth=4" or "ai:5:maxn" asks of the search.
#include <algorithm>
#include <charconv>

#include "runtime/search/search.hpp"

namespace vari::search {
namespace {

// Level k searches k plies and their quiescence, so each level sees one ply further than the one
// below and beats it; k + 1 for more than two players, whose searches have no quiescence, so that
// level 1 sees the replies to its moves. A node ceiling, doubling a level up to 20 million at level
// 10, bounds the time a move takes where a game's plies are dear; the search stops inside an
// iteration there and plays the best move that iteration has found.
Limits level_limits(int level) {
    Limits limits;
    limits.depth = level;
    limits.many_players_depth = level + 1;
    limits.nodes = 20'000'000ull >> (10 - level);
    return limits;
}

std::optional<std::uint64_t> whole_number(std::string_view text, std::uint64_t max) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value == 0 || value > max)
        return std::nullopt;
    return value;
}

// The searches for more than two players a level may name, as the errors list them.
constexpr const char* SEARCH_NAMES = "paranoid, maxn or brs";

std::optional<ManyPlayerSearch> search_named(std::string_view name) {
    if (name == "paranoid") return ManyPlayerSearch::paranoid;
    if (name == "maxn") return ManyPlayerSearch::max_n;
    if (name == "brs") return ManyPlayerSearch::best_reply;
    return std::nullopt;
}

// A level ("5") or one limit ("depth=4", "time=500", "nodes=20000") into `limits`; false with
// `error` set when `text` (not empty) names neither.
bool read_limit(std::string_view text, Limits& limits, std::string& error) {
    const auto equals = text.find('=');
    if (equals == std::string_view::npos) {
        const bool digits = text.find_first_not_of("0123456789") == text.npos;
        const auto n = whole_number(text, 10);
        if (!n) {
            error = digits ? "the level '" + std::string(text) + "' is not one of 1 to 10"
                           : "'" + std::string(text) + "' is neither a level (1 to 10), a limit " +
                                 "(depth=N, time=MS, nodes=N) nor a search (" + SEARCH_NAMES + ")";
            return false;
        }
        const Limits level = level_limits(static_cast<int>(*n));
        limits.depth = level.depth;
        limits.many_players_depth = level.many_players_depth;
        limits.nodes = level.nodes;
        return true;
    }
    const std::string_view key = text.substr(0, equals), value = text.substr(equals + 1);
    const auto n = whole_number(value, key == "depth" ? MAX_DEPTH : 1'000'000'000'000ull);
    if (key != "depth" && key != "time" && key != "nodes") {
        error = "unknown limit '" + std::string(key) +
                "': use depth=N, time=MS or nodes=N (or threads=N beside one)";
        return false;
    }
    if (!n) {
        error = "the " + std::string(key) + " limit '" + std::string(value) +
                "' is not a whole number" +
                (key == "depth" ? " from 1 to " + std::to_string(MAX_DEPTH) : " above 0");
        return false;
    }
    limits.depth = limits.many_players_depth = 0;  // one limit, as asked
    limits.nodes = 0;
    if (key == "depth") limits.depth = static_cast<int>(*n);
    if (key == "time") limits.milliseconds = static_cast<std::int64_t>(*n);
    if (key == "nodes") limits.nodes = *n;
    return true;
}

}  // namespace

std::optional<Level> parse_level(std::string_view text, std::string& error) {
    Level level;
    level.limits = level_limits(5);
    if (text.empty()) return level;
    if (text.front() != ':') {
        error = "expected ':' after 'ai', as in ai:5, ai:depth=4 or ai:5:maxn";
        return std::nullopt;
    }
    text.remove_prefix(1);
    bool limited = false, searched = false;
    for (;;) {
        const auto colon = text.find(':');
        const std::string_view part = text.substr(0, colon);
        if (part.empty()) {
            error =
                "expected a level, a limit or a search after ':', as in ai:5, ai:depth=4 or "
                "ai:5:maxn";
            return std::nullopt;
        }
        if (part.starts_with("threads=")) {
            const auto n = whole_number(part.substr(8), MAX_THREADS);
            if (!n || level.threads) {
                error = level.threads ? "threads are given twice"
                                      : "the threads '" + std::string(part.substr(8)) +
                                            "' are not a whole number from 1 to " +
                                            std::to_string(MAX_THREADS);
                return std::nullopt;
            }
            level.threads = static_cast<int>(*n);
        } else if (part == "derived") {
            if (level.derived) {
                error = "'derived' is given twice";
                return std::nullopt;
            }
            level.derived = true;
        } else if (const auto search = search_named(part)) {
            if (searched) {
                error = "two searches named: give one of " + std::string(SEARCH_NAMES);
                return std::nullopt;
            }
            level.limits.many_players = *search;
            searched = true;
        } else {
            if (limited) {
                error = "'" + std::string(part) + "' is not a search (" + SEARCH_NAMES +
                        "), and a level or limit is given already";
                return std::nullopt;
            }
            if (!read_limit(part, level.limits, error)) return std::nullopt;
            limited = true;
        }
        if (colon == std::string_view::npos) break;
        text.remove_prefix(colon + 1);
    }
    return level;
}

}  // namespace vari::search
