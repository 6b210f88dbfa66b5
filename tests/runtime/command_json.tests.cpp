// What scripts and newcomers read from the command line: the JSON of list, show and perft, the
// help that lists every command, and the hint for a misspelt option.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "support/run_vari.hpp"

namespace vari::runtime_command_json_tests {
namespace {

using test::Run;
using test::run_vari;

nlohmann::json json_of(const std::string& args) {
    const Run run = run_vari(args);
    INFO(args << '\n' << run.output);
    REQUIRE(run.exit_code == 0);
    return nlohmann::json::parse(run.output);
}

}  // namespace

TEST_CASE("vari list --json lists every shipped game with its players and board",
          "[runtime][commands][json]") {
    const auto games = json_of("list --json");
    REQUIRE(games.is_array());
    CHECK(games.size() >= 30);
    bool chess = false, three_player = false;
    for (const auto& game : games) {
        CHECK(game.at("loads") == true);
        if (game.at("name") == "chess") {
            chess = true;
            CHECK(game.at("title") == "Chess");
            CHECK(game.at("players") == nlohmann::json{"White", "Black"});
            CHECK(game.at("board") == "8x8 square board");
            CHECK(game.at("cells") == 64);
            CHECK(game.at("about") == "Chess (FIDE rules), written in the vari rule language.");
        }
        if (game.at("name") == "three-player-hex-shogi-91") {
            three_player = true;
            CHECK(game.at("players") == nlohmann::json{"Black", "White", "Gray"});
            CHECK(game.at("cells") == 91);
        }
    }
    CHECK(chess);
    CHECK(three_player);
}

TEST_CASE("vari show --json gives the position, the side to move, check, moves and result",
          "[runtime][commands][json]") {
    const auto start = json_of("show chess --json");
    CHECK(start.at("game") == "Chess");
    CHECK(start.at("position") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(start.at("to_move") == "White");
    CHECK(start.at("in_check") == false);
    CHECK(start.at("last_move").is_null());
    CHECK(start.at("legal_moves").size() == 20);
    CHECK(start.at("result").is_null());

    const auto check = json_of("show chess --moves 'e4 f5 Qh5' --json");
    CHECK(check.at("to_move") == "Black");
    CHECK(check.at("in_check") == true);
    CHECK(check.at("last_move") == "d1-h5");
    CHECK(check.at("legal_moves") == nlohmann::json{"g7-g6"});

    const auto mate = json_of("show chess --moves 'f3 e5 g4 Qh4' --json");
    CHECK(mate.at("legal_moves").empty());
    CHECK(mate.at("result").at("summary") == "Black wins by checkmate");
    CHECK(mate.at("result").at("scores") == nlohmann::json{0.0, 1.0});

    const auto values = json_of("show shogi --values --json");
    REQUIRE(values.is_array());
    REQUIRE(!values.empty());
    CHECK(values.front().contains("hand"));
    CHECK(values.front().at("board").is_number());
}

TEST_CASE("vari perft --json gives the count, and the first moves' with --divide",
          "[runtime][commands][json]") {
    const auto counted = json_of("perft chess 3 --json");
    CHECK(counted.at("nodes") == 8902);
    CHECK(counted.at("depth") == 3);
    CHECK(counted.at("position") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(!counted.contains("divide"));
    const auto divided = json_of("perft minishogi 2 --divide --json --threads 2");
    CHECK(divided.at("nodes") == 181);
    REQUIRE(divided.at("divide").size() == 14);
    std::uint64_t sum = 0;
    for (const auto& first : divided.at("divide")) sum += first.at("nodes").get<std::uint64_t>();
    CHECK(sum == 181);
    // Progress goes to a terminal only: none in a pipe.
    const Run piped = run_vari("perft chess 3");
    CHECK(piped.output == "8902\n");
}

TEST_CASE("vari help lists every command with what it does", "[runtime][commands][cli]") {
    const Run help = run_vari("help");
    INFO(help.output);
    CHECK(help.exit_code == 0);
    for (const char* line :
         {"  check   validate rule files and report every error\n",
          "  perft   count the leaves of the legal move tree\n",
          "  show    draw a position and print its position string\n",
          "  play    play a game in the terminal: people, the AI or random movers\n",
          "  bench   measure perft, random-playout and AI search speed\n",
          "  list    list the shipped games\n",
          "  replay  check a game record move by move and show a position\n",
          "  think   search a position and print the best move and its line\n",
          "  analyze play many games and report balance figures\n",
          "  match   play games between players and report scores and Elo\n",
          "  serve   play, design and analyse games in the browser\n",
          "  engine  be an engine, vari's AI, for chess and shogi programs (UCI, USI, XBoard)\n"})
        CHECK(help.output.find(line) != std::string::npos);
    CHECK(run_vari("--help").output == help.output);
    // Each command listed has its own help.
    for (const char* command : {"check", "perft", "show", "play", "bench", "list", "replay",
                                "think", "analyze", "match", "serve", "engine"}) {
        const Run own = run_vari(std::string("help ") + command);
        INFO(command);
        CHECK(own.exit_code == 0);
        CHECK(own.output.find(std::string("Usage: vari ") + command) != std::string::npos);
    }
    const Run near = run_vari("help perf");
    CHECK(near.exit_code == 2);
    CHECK(near.output.find("hint: did you mean 'perft'?") != std::string::npos);
}

TEST_CASE("a misspelt option gets the option it is near", "[runtime][commands][cli]") {
    const Run run = run_vari("perft chess 2 --divid");
    CHECK(run.exit_code == 2);
    CHECK(run.output.find("hint: --divid: did you mean '--divide'?\n") != std::string::npos);
    const Run valued = run_vari("play chess --notaton=short");
    CHECK(valued.exit_code == 2);
    CHECK(valued.output.find("hint: --notaton: did you mean '--notation'?\n") != std::string::npos);
    // Nothing near: no hint.
    CHECK(run_vari("perft chess 2 --frobnicate").output.find("hint") == std::string::npos);
}

}  // namespace vari::runtime_command_json_tests
