// `go` read in UCI's and USI's words, and the limits of the search it asks for.
#include "tools/engine/go.hpp"

#include <catch2/catch.hpp>

namespace engine_go_tests {

using namespace vari::engine;

namespace {

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        if (end > at) out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

GoRequest read(const Dialect& dialect, const std::string& text) {
    std::vector<std::string> errors;
    const GoRequest go = read_go(dialect, words(text), errors);
    CHECK(errors.empty());
    return go;
}

}  // namespace

TEST_CASE("UCI's clocks are white's and black's, USI's black's and white's", "[engine][go]") {
    const GoRequest uci = read(UCI, "wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20");
    CHECK(uci.time[0] == 60000);
    CHECK(uci.time[1] == 30000);
    CHECK(uci.increment[0] == 1000);
    CHECK(uci.moves_to_go == 20);
    const GoRequest usi = read(USI, "btime 60000 wtime 30000 byoyomi 10000");
    CHECK(usi.time[0] == 60000);
    CHECK(usi.time[1] == 30000);
    CHECK(usi.byoyomi == 10000);
    // The second player's clock, 30 s in sudden death: a thirtieth.
    CHECK(plan_search(read(UCI, "wtime 60000 btime 30000"), 1, 10).limits.milliseconds == 1000);
    CHECK(plan_search(usi, 1, 10).limits.milliseconds == 11000);
}

TEST_CASE("the level holds unless go names limits; the clock bounds them all", "[engine][go]") {
    const SearchPlan level = plan_search(read(UCI, ""), 0, 3);
    CHECK(level.limits.depth == 3);
    CHECK(level.limits.nodes > 0);
    CHECK(level.limits.milliseconds == 0);
    const SearchPlan depth = plan_search(read(UCI, "depth 7"), 0, 3);
    CHECK(depth.limits.depth == 7);
    CHECK(depth.limits.nodes == 0);
    CHECK(plan_search(read(UCI, "mate 2"), 0, 3).limits.depth == 3);
    CHECK(plan_search(read(UCI, "nodes 5000"), 0, 3).limits.nodes == 5000);
    const SearchPlan clocked = plan_search(read(UCI, "movetime 5000 wtime 3000 btime 3000"), 0, 3);
    CHECK(clocked.limits.milliseconds == 100);
    const SearchPlan infinite = plan_search(read(UCI, "infinite wtime 3000"), 0, 3);
    CHECK(infinite.limits.depth == 0);
    CHECK(infinite.limits.nodes == 0);
    CHECK(infinite.limits.milliseconds == 0);
    const SearchPlan ponder = plan_search(read(UCI, "ponder wtime 3000 btime 3000"), 0, 3);
    CHECK(ponder.limits.milliseconds == 0);
    CHECK(ponder.ponder_milliseconds == 100);
    CHECK(ponder.limits.depth == 3);
}

TEST_CASE("searchmoves takes the words up to the next of go's", "[engine][go]") {
    const GoRequest go = read(UCI, "searchmoves e2e4 d2d4 depth 3");
    CHECK(go.search_moves == std::vector<std::string>{"e2e4", "d2d4"});
    CHECK(go.depth == 3);
    std::vector<std::string> errors;
    read_go(UCI, words("depth deep wtime -5 sideways byoyomi"), errors);
    CHECK(errors == std::vector<std::string>{
                        "go depth needs a whole number", "unknown go parameter 'deep'",
                        "unknown go parameter 'sideways'", "go byoyomi needs a whole number"});
}

}  // namespace engine_go_tests
