// `go` read in a dialect's words, and the search's limits it asks for.
#include "tools/engine/go.hpp"

#include <algorithm>
#include <charconv>

#include "tools/engine/clock.hpp"

namespace vari::engine {
namespace {

// A whole number, possibly negative (a GUI may send a clock past zero); nothing for other text.
std::optional<std::int64_t> number(const std::string& text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// The words of `go` after which a number comes.
bool takes_number(const Dialect& d, std::string_view word) {
    for (const std::string_view w : {"movestogo", "depth", "nodes", "mate", "movetime", "byoyomi"})
        if (word == w) return true;
    return word == d.words.clock[0] || word == d.words.clock[1] || word == d.words.increment[0] ||
           word == d.words.increment[1];
}

bool is_go_word(const Dialect& d, std::string_view word) {
    return takes_number(d, word) || word == "searchmoves" || word == "ponder" || word == "infinite";
}

}  // namespace

GoRequest read_go(const Dialect& dialect, const std::vector<std::string>& words,
                  std::vector<std::string>& errors) {
    GoRequest go;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            go.infinite = true;
        } else if (w == "ponder") {
            go.ponder = true;
        } else if (w == "searchmoves") {
            while (i + 1 < words.size() && !is_go_word(dialect, words[i + 1]))
                go.search_moves.push_back(words[++i]);
        } else if (takes_number(dialect, w)) {
            const auto n = i + 1 < words.size() ? number(words[i + 1]) : std::nullopt;
            if (!n) {
                errors.push_back("go " + w + " needs a whole number");
                continue;
            }
            ++i;
            const auto at_least = [&](std::int64_t low) { return std::max(*n, low); };
            for (int player = 0; player < 2; ++player) {
                if (w == dialect.words.clock[player]) go.time[player] = *n;
                if (w == dialect.words.increment[player]) go.increment[player] = at_least(0);
            }
            if (w == "byoyomi") go.byoyomi = at_least(0);
            if (w == "movestogo")
                go.moves_to_go = static_cast<int>(std::clamp<std::int64_t>(*n, 0, 1000));
            if (w == "depth")
                go.depth = static_cast<int>(std::clamp<std::int64_t>(*n, 1, search::MAX_DEPTH));
            if (w == "mate")
                go.mate = static_cast<int>(std::clamp<std::int64_t>(*n, 1, search::MAX_DEPTH / 2));
            if (w == "nodes") go.nodes = static_cast<std::uint64_t>(at_least(1));
            if (w == "movetime") go.movetime = at_least(1);
        } else {
            errors.push_back("unknown go parameter '" + printable(w) + "'");
        }
    }
    return go;
}

SearchPlan plan_search(const GoRequest& go, int side, int level) {
    SearchPlan plan;
    search::Limits& limits = plan.limits;
    if (go.infinite) return plan;
    if (go.depth || go.nodes || go.movetime || go.mate) {
        if (go.depth) limits.depth = *go.depth;
        if (go.mate) limits.depth = *go.mate * 2 - 1;  // the mover's moves and the replies between
        if (go.nodes) limits.nodes = *go.nodes;
        if (go.movetime) limits.milliseconds = *go.movetime;
    } else {
        std::string unused;
        limits = search::parse_level(":" + std::to_string(level), unused)->limits;
    }
    if (go.time[side] || go.byoyomi) {
        Clock clock;
        clock.remaining = go.time[side].value_or(0);
        clock.increment = go.increment[side];
        clock.byoyomi = go.byoyomi.value_or(0);
        clock.moves_to_go = go.moves_to_go;
        const std::int64_t budget = think_time(clock);
        limits.milliseconds = limits.milliseconds ? std::min(limits.milliseconds, budget) : budget;
    }
    if (go.ponder) {  // no clock runs while the opponent thinks
        plan.ponder_milliseconds = limits.milliseconds;
        limits.milliseconds = 0;
    }
    return plan;
}

}  // namespace vari::engine
