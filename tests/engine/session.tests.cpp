// The protocol loop in process: UCI and USI dialogues through pipes, as a GUI holds them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "runtime/runtime.hpp"
#include "support/engine_dialogue.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace engine_session_tests {

using namespace vari;
using notation::Protocol;
using test::count_starting;
using test::Dialogue;
using test::legal_after;

namespace {

// The move of a "bestmove MOVE [ponder MOVE]" line.
std::string best_of(const std::string& line) {
    const auto words = line.substr(std::string("bestmove ").size());
    return words.substr(0, words.find(' '));
}

}  // namespace

TEST_CASE("uci names the engine, its options and the games UCI can express", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("uci");
    const auto lines = uci.lines_until("uciok");
    CHECK(lines.front().rfind("id name vari ", 0) == 0);
    CHECK(count_starting(lines, "option name Level type spin default 10 min 1 max 10") == 1);
    CHECK(count_starting(lines, "option name Hash type spin default 16") == 1);
    CHECK(count_starting(lines, "option name Ponder type check") == 1);
    CHECK(count_starting(lines, "option name Threads type spin default 1 min 1 max 256") == 1);
    CHECK(count_starting(
              lines,
              "option name UCI_Variant type combo default chess var antichess var cambodian var "
              "capablanca var chess var crazyhouse var extinction var grand-chess var "
              "heian-dai-shogi var "
              "horde var janggi var jeson-mor var king-of-the-hill var kinglet var kyoto-shogi var "
              "makpong var "
              "makruk var "
              "minishogi var "
              "placement var racing-kings var seirawan var shatranj var shogi var shouse var "
              "sittuyin var "
              "three-check var three-kings var xiangqi") == 1);
    uci.send("isready");
    CHECK(uci.wait_for("readyok") == "readyok");
}

TEST_CASE("go depth answers with a legal move, info lines first", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos moves e2e4 e7e5 g1f3");
    uci.send("go depth 3");
    const auto lines = uci.lines_until("bestmove");
    CHECK(count_starting(lines, "info depth 3 score cp ") == 1);
    CHECK(legal_after("chess", Protocol::uci, {"e2e4", "e7e5", "g1f3"}, best_of(lines.back())));
    // The ponder move is the reply the principal variation expects.
    CHECK(lines.back().find(" ponder ") != std::string::npos);
}

TEST_CASE("stop ends go infinite with one bestmove; infinite waits for it", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos");
    uci.send("go infinite");
    uci.wait_for("info depth 2");
    uci.send("isready");
    uci.wait_for("readyok");  // answered while thinking
    uci.send("stop");
    const std::string best = uci.wait_for("bestmove");
    CHECK(legal_after("chess", Protocol::uci, {}, best_of(best)));
    // A search that ends by itself still waits for stop: mate in one is found at once.
    uci.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    uci.send("go infinite");
    uci.wait_for("info depth 1 score mate 1");
    uci.send("isready");
    const auto before_stop = uci.lines_until("readyok");
    CHECK(count_starting(before_stop, "bestmove") == 0);
    uci.send("stop");
    CHECK(uci.wait_for("bestmove") == "bestmove a1a8");
    uci.send("isready");
    CHECK(count_starting(uci.lines_until("readyok"), "bestmove") == 0);
}

TEST_CASE("stop at once after go still answers once", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    for (int i = 0; i < 20; ++i) {
        uci.send("go infinite");
        uci.send("stop");
    }
    uci.send("isready");
    CHECK(count_starting(uci.lines_until("readyok"), "bestmove") == 20);
}

TEST_CASE("a position without moves answers (none) in UCI and resign in USI",
          "[engine][uci][usi]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    uci.send("go depth 3");
    CHECK(uci.wait_for("bestmove") == "bestmove (none)");
    Dialogue usi("shogi", Protocol::usi);
    usi.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2");
    usi.send("go byoyomi 1000");
    CHECK(usi.wait_for("bestmove") == "bestmove resign");
}

TEST_CASE("a misbehaving GUI gets info string errors and the engine stays usable",
          "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    const auto [input, answer] = GENERATE(table<std::string, std::string>({
        {"xyzzy", "info string error: unknown command 'xyzzy'"},
        {"position", "info string error: expected position startpos or position fen, then moves"},
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7",
         "info string error: bad FEN: FEN has 7 fields, at most 6; the position is unchanged"},
        {"position fen 8/8/8/8/8/8/8/8 w - - 0 1",
         "info string error: bad FEN: White has no royal pieces on the board; it always keeps 1; "
         "the position is unchanged"},
        {"position startpos moves e2e4 e7e5 e1e3",
         "info string error: move 3 'e1e3' is illegal: e1-e3 is not a legal move for the King on "
         "e1 (legal: e1-e2); the position is set up to the move before it"},
        {"position startpos moves e2e4 \x1b[2J",
         "info string error: move 2 '\\x1B[2J' is illegal: '\\x1B[2J' is not a move in UCI's form "
         "(e2e4, e7e8q, P@e4); the position is set up to the move before it"},
        {"go depth x", "info string error: go depth needs a whole number"},
        {"go sideways", "info string error: unknown go parameter 'sideways'"},
        {"setoption name Level value 11",
         "info string error: option Level takes a whole number from 1 to 10, not '11'"},
        {"setoption name Contempt value 11", "info string error: unknown option 'Contempt'"},
        {"setoption name UCI_Variant value hex-shogi-41",
         "info string error: UCI_Variant 'hex-shogi-41' is not one of antichess, cambodian, "
         "capablanca, "
         "chess, crazyhouse, extinction, grand-chess, heian-dai-shogi, horde, janggi, jeson-mor, "
         "king-of-the-hill, "
         "kinglet, kyoto-shogi, makpong, makruk, minishogi, placement, racing-kings, seirawan, "
         "shatranj, "
         "shogi, shouse, "
         "sittuyin, three-check, three-kings, xiangqi"},
        {"setoption", "info string error: expected setoption name NAME [value VALUE]"},
    }));
    INFO(input);
    uci.send(input);
    uci.send("isready");
    const auto lines = uci.lines_until("readyok");
    CHECK(std::find(lines.begin(), lines.end(), answer) != lines.end());
    // Still usable: a search from what the position holds.
    uci.send("go depth 1");
    CHECK_FALSE(uci.wait_for("bestmove").empty());
}

TEST_CASE("an illegal move keeps the moves before it, as Stockfish does", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos moves e2e4 e7e5 e1e3");
    uci.send("d");
    CHECK(uci.wait_for("Fen:") ==
          "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST_CASE("UCI_Variant switches the game", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("setoption name UCI_Variant value shogi");
    uci.send("position startpos moves c3c4");
    uci.send("go depth 2");
    const std::string best = best_of(uci.wait_for("bestmove"));
    CHECK(legal_after("shogi", Protocol::uci, {"c3c4"}, best));
    uci.send("d");
    CHECK(uci.wait_for("Fen:") ==
          "Fen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 1 1");
}

TEST_CASE("go with a clock answers in time, and searchmoves limits the choice", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos");
    uci.send("go wtime 300 btime 300 winc 0 binc 0");
    const std::string best = uci.wait_for("bestmove", 2);
    CHECK(legal_after("chess", Protocol::uci, {}, best_of(best)));
    uci.send("go depth 3 searchmoves a2a3 h2h3");
    const std::string only = best_of(uci.wait_for("bestmove"));
    CHECK((only == "a2a3" || only == "h2h3"));
}

TEST_CASE("go ponder answers after ponderhit, within the clock", "[engine][uci]") {
    Dialogue uci("chess", Protocol::uci);
    uci.send("position startpos moves e2e4");
    uci.send("go ponder wtime 1000 btime 1000");
    uci.wait_for("info depth 3");
    uci.send("isready");
    CHECK(count_starting(uci.lines_until("readyok"), "bestmove") == 0);
    uci.send("ponderhit");
    CHECK(legal_after("chess", Protocol::uci, {"e2e4"}, best_of(uci.wait_for("bestmove", 2))));
}

TEST_CASE("usi plays shogi: position sfen, moves, drops and byoyomi", "[engine][usi]") {
    Dialogue usi("shogi", Protocol::usi);
    usi.send("usi");
    const auto hello = usi.lines_until("usiok");
    CHECK(count_starting(hello, "option name UCI_Variant") == 0);
    CHECK(count_starting(hello, "option name USI_Hash") == 0);  // the GUI's own option
    usi.send("setoption name USI_Hash value 32");
    usi.send("setoption name USI_Ponder value true");
    usi.send("isready");
    CHECK(count_starting(usi.lines_until("readyok"), "info string error") == 0);
    usi.send("usinewgame");
    const std::vector<std::string> moves{"7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"};
    usi.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e");
    usi.send("go btime 0 wtime 0 byoyomi 500");
    const auto lines = usi.lines_until("bestmove", 3);
    CHECK(legal_after("shogi", Protocol::usi, moves, best_of(lines.back())));
    usi.send("d");
    CHECK(usi.wait_for("Sfen:") ==
          "Sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");
    usi.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    usi.send("go depth 3");
    const auto mate = usi.lines_until("bestmove");
    CHECK(count_starting(mate, "info depth 1 score mate 1 ") == 1);
    CHECK(mate.back() == "bestmove G*5b");
    usi.send("go mate 1000");
    CHECK(usi.wait_for("checkmate") == "checkmate notimplemented");
    usi.send("gameover lose");
    usi.send("quit");
    CHECK(usi.finish() == 0);
}

TEST_CASE("random commands in any order never stop the engine, and each go is answered once",
          "[engine][uci]") {
    const std::vector<std::string> lines{
        "uci",
        "isready",
        "ucinewgame",
        "stop",
        "ponderhit",
        "quitx",
        "",
        "   ",
        "go",
        "go depth 2",
        "go infinite",
        "go ponder depth 2",
        "go movetime 30",
        "go nodes 2000",
        "go wtime 200 btime 200 winc 10 binc 10 movestogo 3",
        "go depth 2 searchmoves e2e4 zz",
        "go depth",
        "go wtime -50 btime -50",
        "go mate 1",
        "go depth 99999999999999999999",
        "position startpos",
        "position startpos moves e2e4 e7e5",
        "position startpos moves",
        "position startpos moves e2e4 e2e4",
        "position startpos junk",
        "position fen",
        "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1",
        "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        "position startpos moves c3c4 g7g6 b2h8+ g9h8 B@e5",
        "position sfen 9/9 b - 1",
        "setoption name Level value 1",
        "setoption name Level value 2",
        "setoption name Level",
        "setoption name Hash value 1",
        "setoption name Hash value 99999999999",
        "setoption name Threads value 2",
        "setoption name Threads value 0",
        "setoption name UCI_Variant value shogi",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Variant value minishogi",
        "setoption name UCI_Variant value ",
        "setoption name Ponder value true",
        "d",
        "debug on",
        "\x01\x02\xff",
        "go searchmoves",
    };
    Dialogue uci("chess", Protocol::uci);
    uci.send("setoption name Level value 1");
    std::mt19937 rng(7);
    int gos = 0, readies = 1;
    for (int i = 0; i < test::scaled_lighter(2000); ++i) {
        const std::string& line = lines[rng() % lines.size()];
        if (line.rfind("go", 0) == 0) ++gos;
        if (line == "isready") ++readies;
        uci.send(line);
        if (line.rfind("setoption name Level", 0) == 0) uci.send("setoption name Level value 1");
    }
    uci.send("stop");
    uci.send("isready");
    for (int i = 0; i < readies; ++i) uci.wait_for("readyok", 60);
    CHECK(count_starting(uci.lines(), "bestmove") == gos);
    uci.send("quit");
    CHECK(uci.finish() == 0);
}

}  // namespace engine_session_tests
