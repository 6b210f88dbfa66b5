// Engines that fail, played by tests/match/fake_engine.sh: one that crashes, hangs, answers an
// illegal move or garbage loses the game with the reason, promptly, and leaves no process behind;
// one that cannot start is refused before the match; in a tournament, it is started anew for each
// game.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/shipped_games.hpp"
#include "tools/match/match.hpp"

namespace vari::match_engines_faults_tests {
namespace {

const std::string FAKE = std::string(VARI_TEST_DATA) + "/match/fake_engine.sh";
// How long the hanging engine's sleeper would sleep: ours alone, whatever else runs these tests.
const std::string HANG_SECONDS = std::to_string(100000 + getpid());

std::optional<match::Entrant> fake(const CompiledGame& game, const std::string& protocol,
                                   const std::string& mode, std::string& error) {
    match::EngineSetup setup;
    setup.variant = "chess";
    return match::engine_entrant(game, protocol + ":'" + FAKE + "' " + mode + " " + HANG_SECONDS,
                                 setup, error);
}

// Is a process running whose command line holds `text`?
bool running(const std::string& text) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "cmdline");
        std::string line;
        std::getline(in, line, '\0');
        for (std::string word; std::getline(in, word, '\0');) line += ' ' + word;
        if (line.find(text) != std::string::npos) return true;
    }
    return false;
}

// Is such a process still running 5 seconds from now? A killed process lingers a moment before
// it leaves /proc, longer on a loaded machine.
bool still_running(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (running(text)) {
        if (std::chrono::steady_clock::now() > deadline) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// Has this process a child named `name`, running or a zombie?
bool has_child(const std::string& name) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "stat");
        std::string pid, comm, state;
        int parent = 0;
        if (in >> pid >> comm >> state >> parent && parent == getpid() && comm == "(" + name + ")")
            return true;
    }
    return false;
}

TEST_CASE("an engine that crashes, hangs or answers no legal move loses with the reason",
          "[match]") {
    using T = match::Termination;
    const auto [protocol, mode, termination, reason] =
        GENERATE(table<std::string, std::string, T, std::string>({
            {"uci", "crash", T::player_failure, "it ended (exited with code 3) before bestmove"},
            {"uci", "hang", T::player_failure, "no bestmove within 0.8 s"},
            {"uci", "illegal", T::illegal_move, "'e2e5': "},
            {"uci", "garbage", T::illegal_move, "'!?x@': "},
            {"xboard", "crash", T::player_failure, "it ended (exited with code 3) before move"},
            {"xboard", "illegal", T::illegal_move, "'e2e5': "},
        }));
    INFO(protocol << ' ' << mode);
    const auto game = test::load_shipped("chess");
    std::string error;
    const auto engine = fake(*game, protocol, mode, error);
    INFO(error);
    REQUIRE(engine);
    CHECK(engine->name == "Fake (" + mode + ")");

    match::MatchOptions options;
    options.entrants = {*match::vari_entrant("random", error), *engine};
    options.games = 2;
    options.limits.depth = 1;
    // Short for the engine that hangs, so that the test is quick; long for the others, so that a
    // loaded machine cannot turn their faults into timeouts.
    options.move_timeout_ms = mode == "hang" ? 300 : 10'000;
    std::vector<match::GameOutcome> games;
    const auto start = std::chrono::steady_clock::now();
    const match::MatchReport report = match::run_match(
        *game, options,
        [&](const match::GameOutcome& outcome, const auto&) { games.push_back(outcome); });
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    CHECK(report.stats.wins == 2);
    REQUIRE(games.size() == 2);
    for (const auto& outcome : games) {
        INFO(outcome.summary);
        CHECK(outcome.termination == termination);
        CHECK(outcome.summary.find(reason) != std::string::npos);
        REQUIRE(outcome.forfeit_seat >= 0);
        CHECK(outcome.setup.entrant_at_seat[static_cast<std::size_t>(outcome.forfeit_seat)] == 1);
    }
    CHECK_FALSE(has_child("fake_engine.sh"));  // every engine was reaped
    // What the hanging engine started was ended with it.
    CHECK_FALSE(still_running("sleep " + HANG_SECONDS));
}

TEST_CASE("in a round robin an engine that crashes loses each of its games and starts anew",
          "[match][tournament]") {
    const auto game = test::load_shipped("chess");
    std::string error;
    const auto engine = fake(*game, "uci", "crash", error);
    INFO(error);
    REQUIRE(engine);
    match::MatchOptions options;
    options.entrants = {*match::vari_entrant("random", error), *engine,
                        *match::vari_entrant("random", error)};
    options.format = match::Format::round_robin;
    options.games = 2;
    options.concurrency = 2;
    options.limits.depth = 1;
    options.adjudication.max_plies = 20;
    std::vector<match::GameOutcome> games;
    const match::MatchReport report = match::run_match(
        *game, options,
        [&](const match::GameOutcome& outcome, const auto&) { games.push_back(outcome); });
    REQUIRE(games.size() == 6);
    for (const auto& outcome : games) {
        INFO(outcome.summary);
        const auto& seats = outcome.setup.entrant_at_seat;
        const bool engine_plays = seats[0] == 1 || seats[1] == 1;
        CHECK((outcome.termination == match::Termination::player_failure) == engine_plays);
    }
    CHECK(report.scores[1].losses == 4);
    CHECK(report.scores[1].points == 0);
    CHECK_FALSE(has_child("fake_engine.sh"));
}

TEST_CASE("an engine that cannot start or greet is refused before the match", "[match]") {
    const auto game = test::load_shipped("chess");
    std::string error;
    CHECK_FALSE(fake(*game, "uci", "refuse", error));
    CHECK(error == "it ended (exited with code 4) before uciok");
    CHECK_FALSE(match::engine_entrant(*game, "uci:/no/such/engine", {}, error));
    CHECK(error == "cannot run it: No such file or directory");
    CHECK_FALSE(match::engine_entrant(*game, "uci:'unclosed", {}, error));
    CHECK(error == "the quote ' is not closed");
    CHECK_FALSE(match::engine_entrant(*game, "uci:", {}, error));
    CHECK(error == "no command after 'uci:'");
    CHECK_FALSE(match::engine_entrant(*game, "ucci:x", {}, error));
    CHECK(error == "expected uci:COMMAND, usi:COMMAND, xboard:COMMAND or think:COMMAND");
}

}  // namespace
}  // namespace vari::match_engines_faults_tests
