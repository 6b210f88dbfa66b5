// `vari engine` as a GUI runs it: the built binary as a child process, over pipes.
#include <algorithm>
#include <catch2/catch.hpp>

#include "support/engine_dialogue.hpp"
#include "support/run_vari.hpp"

namespace engine_binary_tests {

using vari::test::count_starting;
using vari::test::Dialogue;

TEST_CASE("vari engine chess holds a UCI dialogue", "[engine][binary]") {
    Dialogue uci({"engine", "chess"});
    uci.send("uci");
    uci.wait_for("uciok");
    uci.send("isready");
    uci.wait_for("readyok");
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1");
    uci.send("go depth 3");
    const auto lines = uci.lines_until("bestmove");
    CHECK(count_starting(lines, "info depth 3 score ") == 1);
    const std::string best = lines.back();
    CHECK(best.rfind("bestmove ", 0) == 0);
    // Malformed input in the middle of a game: answered, never a crash.
    uci.send("position startpos moves e2e4 e2e4");
    uci.send("position fen banana");
    uci.send("go infinite");
    uci.send("go depth 2");  // a go while thinking: the first search answers, then the second
    uci.send("ponderhit");
    uci.send("setoption name Hash value 0");
    uci.send("stop");
    uci.send("stop");
    uci.send("isready");
    const auto rest = uci.lines_until("readyok");
    CHECK(count_starting(rest, "info string error: move 2 'e2e4' is illegal") == 1);
    CHECK(count_starting(rest, "info string error: bad FEN: 'a' is not a piece") == 1);
    CHECK(count_starting(rest, "bestmove") == 2);
    uci.send("quit");
    CHECK(uci.finish() == 0);
}

TEST_CASE("vari engine shogi --protocol usi holds a USI dialogue", "[engine][binary]") {
    Dialogue usi({"engine", "shogi", "--protocol", "usi"});
    usi.send("usi");
    usi.wait_for("usiok");
    usi.send("isready");
    usi.wait_for("readyok");
    usi.send("usinewgame");
    usi.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    usi.send("go depth 3");
    const std::string best = usi.wait_for("bestmove");
    CHECK(best.size() > std::string("bestmove ").size());
    usi.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    usi.send("go infinite");
    usi.wait_for("info depth 2");
    usi.send("stop");
    usi.wait_for("bestmove");
    usi.send("quit");
    CHECK(usi.finish() == 0);
}

TEST_CASE("vari engine refuses a game its protocol cannot express, pointing to vari serve",
          "[engine][binary]") {
    const auto hex = vari::test::run_vari("engine hex-shogi-41 --protocol uci", "uci\n");
    CHECK(hex.exit_code == 1);
    CHECK(hex.output ==
          "vari engine: UCI cannot express Hex Shogi 41: its board is hexagonal\n"
          "  hint: play it in the browser with 'vari serve'\n");
    const auto chess = vari::test::run_vari("engine chess --protocol usi", "usi\n");
    CHECK(chess.exit_code == 1);
    CHECK(chess.output.find("hint: --protocol uci can") != std::string::npos);
    const auto usage = vari::test::run_vari("engine chess --protocol cecp");
    CHECK(usage.exit_code == 2);
}

TEST_CASE("vari engine plays a rule file with hooks, and UCI_Variant switches back to it",
          "[engine][binary]") {
    Dialogue uci({"engine", VARI_TEST_DATA "/hooked/king-of-the-hill.vari"});
    uci.send("uci");
    const auto hello = uci.lines_until("uciok");
    CHECK(count_starting(
              hello,
              "option name UCI_Variant type combo default king-of-the-hill var "
              "antichess var cambodian var capablanca var chess var crazyhouse var extinction var "
              "grand-chess var "
              "heian-dai-shogi var horde var janggi var jeson-mor var king-of-the-hill var kinglet "
              "var kyoto-shogi "
              "var "
              "makpong var makruk var minishogi var "
              "placement var racing-kings var seirawan var shatranj var shogi var shouse var "
              "sittuyin var "
              "three-check var three-kings var xiangqi") == 1);
    // The King reaching the centre wins at once: a hook, which the search asks too.
    const std::string to_e3 = "position startpos moves e2e4 a7a6 e1e2 a6a5 e2e3 a5a4";
    uci.send(to_e3);
    uci.send("go depth 2");
    CHECK(uci.wait_for("bestmove") == "bestmove e3d4");
    uci.send("setoption name UCI_Variant value chess");
    uci.send(to_e3);
    uci.send("go depth 2");
    CHECK(uci.wait_for("bestmove") != "bestmove e3d4");
    uci.send("setoption name UCI_Variant value king-of-the-hill");
    uci.send(to_e3);
    uci.send("go depth 2");
    CHECK(uci.wait_for("bestmove") == "bestmove e3d4");
    // Once the hook has ended the game, the engine answers as after a checkmate.
    uci.send(to_e3 + " e3d4");
    uci.send("go depth 2");
    CHECK(uci.wait_for("bestmove") == "bestmove (none)");
}

}  // namespace engine_binary_tests
