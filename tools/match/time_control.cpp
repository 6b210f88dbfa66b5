// Time controls as cutechess writes them ([MOVES/]TIME[+INCREMENT]), and a player's limits.
#include <charconv>
#include <cmath>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

// Seconds with an optional fraction ("10", "0.1"), as milliseconds; nothing when malformed.
std::optional<std::int64_t> milliseconds(std::string_view text) {
    double seconds = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), seconds, std::chars_format::fixed);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || seconds < 0 ||
        seconds > 1e9)
        return std::nullopt;
    return std::llround(seconds * 1000);
}

}  // namespace

std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error) {
    const std::string form =
        "expected [MOVES/]TIME[+INCREMENT] in seconds, as in 40/60+0.6, "
        "10+0.1 or 1:30+1";
    TimeControl tc;
    if (const std::size_t slash = text.find('/'); slash != std::string_view::npos) {
        const std::string_view moves = text.substr(0, slash);
        const auto [end, failed] =
            std::from_chars(moves.data(), moves.data() + moves.size(), tc.moves);
        if (moves.empty() || failed != std::errc() || end != moves.data() + moves.size() ||
            tc.moves < 1) {
            error = "the moves before '/' are not a whole number above 0: " + form;
            return std::nullopt;
        }
        text.remove_prefix(slash + 1);
    }
    std::string_view base = text.substr(0, text.find('+'));
    if (base.size() < text.size()) {
        const auto increment = milliseconds(text.substr(base.size() + 1));
        if (!increment) {
            error = "the increment is not a number of seconds: " + form;
            return std::nullopt;
        }
        tc.increment_ms = *increment;
    }
    std::int64_t minutes = 0;
    if (const std::size_t colon = base.find(':'); colon != std::string_view::npos) {
        const auto whole = milliseconds(base.substr(0, colon));
        if (!whole || *whole % 1000) {
            error = "the minutes before ':' are not a whole number: " + form;
            return std::nullopt;
        }
        minutes = *whole / 1000;
        base.remove_prefix(colon + 1);
    }
    const auto seconds = milliseconds(base);
    if (!seconds) {
        error = "the time is not a number of seconds: " + form;
        return std::nullopt;
    }
    tc.base_ms = minutes * 60'000 + *seconds;
    if (tc.base_ms <= 0) {
        error = "the time must be above 0: " + form;
        return std::nullopt;
    }
    return tc;
}

Limits limits_for(const Limits& own, const Limits& match) {
    Limits limits;
    limits.time_control = own.time_control ? own.time_control : match.time_control;
    limits.movetime_ms = own.movetime_ms ? own.movetime_ms : match.movetime_ms;
    limits.depth = own.depth ? own.depth : match.depth;
    limits.nodes = own.nodes ? own.nodes : match.nodes;
    return limits;
}

}  // namespace vari::match
