// `vari play` and `vari show` run as the built binary: scripted games through standard input,
// refused moves, undo against a random mover, the exit codes, numeric options and what is echoed.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "support/run_vari.hpp"

namespace vari::runtime_commands_tests {
namespace {

using test::Run;
using test::run_vari;

const std::string CHESS = std::string("'") + VARI_STDLIB_DIR + "/chess.vari'";
const std::string MINISHOGI = std::string("'") + VARI_STDLIB_DIR + "/minishogi.vari'";
const std::string THREE_PLAYER =
    std::string("'") + VARI_STDLIB_DIR + "/three-player-hex-shogi-91.vari'";
const std::string DRAUGHTS = std::string("'") + VARI_STDLIB_DIR + "/compact-hex-draughts.vari'";

}  // namespace

TEST_CASE("vari play reads a fool's mate from standard input and reports the result",
          "[runtime][commands]") {
    const Run run = run_vari("play " + CHESS, "f2-f3\ne5\ng2g4\nQh4\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output ==
          "White plays f3\n"
          "Black plays e5\n"
          "White plays g4\n"
          "Black plays Qh4#\n"
          "Black wins by checkmate\n"
          "scores: White 0, Black 1\n");
    // In long notation, check is announced in words.
    const Run long_form = run_vari("play " + CHESS + " --notation long", "f3\ne5\ng4\nQh4#\n");
    CHECK(long_form.output ==
          "White plays f2-f3\n"
          "Black plays e7-e5\n"
          "White plays g2-g4\n"
          "Black plays d8-h4, checkmate\n"
          "Black wins by checkmate\n"
          "scores: White 0, Black 1\n");
    CHECK(run_vari("play " + CHESS + " --notation medium").exit_code == 2);
}

TEST_CASE("vari play answers an illegal move with the reason and reads on", "[runtime][commands]") {
    const Run run = run_vari("play " + CHESS, "e2-e5\nhello\ne2-e4\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);  // the end of input ends the game cleanly
    CHECK(run.output ==
          "e2-e5 is not a legal move for the Pawn on e2 (legal: e2-e3, e2-e4)\n"
          "unknown cell 'hello'\n"
          "White plays e4\n");
}

TEST_CASE("vari play's undo takes back the human move and the random reply",
          "[runtime][commands]") {
    const Run run = run_vari("play " + CHESS + " --black random --seed 3", "e2-e4\nundo\nundo\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("White plays e4\nBlack plays ") == 0);
    CHECK(run.output.find("took back; White to move\nnothing to undo\n") != std::string::npos);
}

TEST_CASE("vari play between random movers stops at the ply limit asked for",
          "[runtime][commands]") {
    const Run run = run_vari("play " + CHESS +
                             " --player white=random --black random --seed 1 "
                             "--max-plies 6");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("stopped after 6 plies\n") != std::string::npos);
}

TEST_CASE("vari play refuses unknown players and kinds of mover", "[runtime][commands]") {
    CHECK(run_vari("play " + CHESS + " --white robot").exit_code == 2);
    const Run run = run_vari("play " + CHESS + " --player red=human");
    CHECK(run.exit_code == 2);
    CHECK(run.output.find("no player 'red' (players: White Black;") != std::string::npos);
}

TEST_CASE("vari play seats the AI at a level, and says what a bad level is",
          "[runtime][commands]") {
    // The AI answers a human's blunder by taking the undefended Queen (with the derived weights,
    // so that its first reply does not change with the learned ones).
    const Run run = run_vari("play " + CHESS + " --black ai:depth=2:derived --seed 1",
                             "e2-e4\nd1-h5\nh5-h7\nquit\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("White plays Qxh7\nBlack plays Rxh7\n") != std::string::npos);
    const Run games = run_vari("play " + CHESS + " --white ai:1 --black random --seed 2");
    INFO(games.output);
    CHECK(games.output.find("White wins by checkmate") != std::string::npos);
    const Run level = run_vari("play " + CHESS + " --white ai:11");
    CHECK(level.exit_code == 2);
    CHECK(level.output.find("--white ai:11: the level '11' is not one of 1 to 10") !=
          std::string::npos);
    const Run limit = run_vari("play " + CHESS + " --player black=ai:depth=0");
    CHECK(limit.exit_code == 2);
    CHECK(limit.output.find("the depth limit '0' is not a whole number from 1 to 64") !=
          std::string::npos);
    CHECK(run_vari("play " + CHESS + " --white ai:speed=3").exit_code == 2);
}

TEST_CASE("--white and --black name the players called so, whatever their turn",
          "[runtime][commands]") {
    // In shogi Black moves first: --white sets the second player, and a random White answers.
    const Run shogi = run_vari("play shogi --white random --seed 1", "7g7f\n");
    INFO(shogi.output);
    CHECK(shogi.output.rfind("Black plays P7f\nWhite plays ", 0) == 0);
    // Three players: Black, White and Gray.
    const Run gray = run_vari(
        "play three-player-hex-shogi-91 --black random --player gray=random "
        "--seed 1 --max-plies 2");
    CHECK(gray.exit_code == 0);
    CHECK(gray.output.rfind("Black plays ", 0) == 0);
    const Run conflicting = run_vari("play " + CHESS + " --white random --player White=human");
    CHECK(conflicting.exit_code == 2);
    CHECK(conflicting.output ==
          "vari play: --white random and --player White=human set White differently\n");
    // The same setting twice is no conflict.
    CHECK(run_vari("play " + CHESS +
                   " --white random --player white=random --black random "
                   "--max-plies 1 --seed 1")
              .exit_code == 0);
}

TEST_CASE("vari show draws the board and ends with the position string", "[runtime][commands]") {
    const Run run = run_vari("show " + CHESS);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("8 r n b q k b n r\n") == 0);
    CHECK(run.output.find("White to move\n"
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n") !=
          std::string::npos);
}

TEST_CASE("vari show reports a bad position string with its column", "[runtime][commands]") {
    const Run run = run_vari(
        "show " + CHESS + " --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR z KQkq - 0 1'");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("position:1:45: error: unknown side 'z'") != std::string::npos);
}

TEST_CASE("vari play takes drops, lists them, and says why a drop is refused",
          "[runtime][commands]") {
    const Run run =
        run_vari("play " + MINISHOGI + " --notation long --position '4k/2S2/4G/5/K4[GP] b - - 0 1'",
                 "P*1b\nS*2b\nmoves\nG*1b\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find(
              "P*1b is not a legal drop: a Pawn may not be dropped where it gives checkmate\n"
              "no Silver in hand\n"
              "1c-1d 1c-2c 1c-2b 1c-1b 3b-4c 3b-2c 3b-4a+ 3b-4a 3b-3a+ 3b-3a 3b-2a+ 3b-2a\n") == 0);
    CHECK(run.output.find(" G*1b ") != std::string::npos);
    CHECK(run.output.find(" P*2b\n") != std::string::npos);
    CHECK(run.output.find("Black plays G*1b, checkmate\n"
                          "Black wins by checkmate\n"
                          "scores: Black 1, White 0\n") != std::string::npos);
}

TEST_CASE("vari show draws the hands and writes them in the position string",
          "[runtime][commands]") {
    const Run run =
        run_vari("show " + MINISHOGI + " --position 'rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1'");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output ==
          "White in hand: p\n"
          "a  r  b  s  g  k\n"
          "b  .  .  .  .  p\n"
          "c  .  .  .  .  .\n"
          "d  P  .  .  .  .\n"
          "e  K  G  S  B  R\n"
          "   5  4  3  2  1\n"
          "Black in hand: P\n"
          "White to move\n"
          "rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1\n");
    const Run bad =
        run_vari("show " + MINISHOGI + " --position 'rbsgk/4p/5/P4/KGSBR[Pp w - - 0 1'");
    CHECK(bad.exit_code == 1);
    CHECK(bad.output.find("position:1:23: error: the '[' at column 20 is not closed") !=
          std::string::npos);
}

TEST_CASE("vari play seats three humans: a refused pass, a forced one, and the three-King win",
          "[runtime][commands][three-player]") {
    // Black holds a King in hand and can take Gray's; White has nothing left.
    const Run run = run_vari(
        "play " + THREE_PLAYER + " --position '6/7/8/9/5Kg4/11/9Pg/3Rb5/8/3Kb3/6[Kb] b - - 0 1'",
        "pass\n4j-4i\npass\n1g-2g\n6h-6e\n");
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("a pass is allowed only without a legal move") != std::string::npos);
    CHECK(run.output.find("White plays pass\n") != std::string::npos);
    CHECK(run.output.find("Black plays Rx6e\nBlack wins by owning all three Kings\n"
                          "scores: Black 1, White 0, Gray 0\n") != std::string::npos);
}

TEST_CASE("vari play lets three random movers play a game to its end and prints the scores",
          "[runtime][commands][three-player]") {
    const Run run = run_vari("play " + THREE_PLAYER +
                             " --player Black=random --player White=random --player Gray=random"
                             " --seed 1");
    CHECK(run.exit_code == 0);
    INFO(run.output.substr(run.output.size() > 400 ? run.output.size() - 400 : 0));
    CHECK(run.output.find("\nscores: Black ") != std::string::npos);
    CHECK(run.output.find(", White ") != std::string::npos);
    CHECK(run.output.find(", Gray ") != std::string::npos);
}

TEST_CASE("vari play takes capture sequences by their landing cells; perft divides by them",
          "[runtime][commands][draughts]") {
    // White's man on c3 takes both of Black's men in one turn: d4, landing on e5, then e6.
    const std::string position = " --position '5/6/7/4t3/9/3t4/2T4/6/5 w - - 0 1'";
    const Run run = run_vari("play " + DRAUGHTS + position, "c3xe5xe9\nc3e5e7\n");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output ==
          "c3xe5xe9 is not a legal move for the Twice-Pawn on c3 (legal: c3-c4, c3xe5, "
          "c3xe5xe7)\n"
          "White plays c3xe5xe7\n"
          "White wins by capturing every piece\n"
          "scores: White 1, Black 0\n");
    const Run perft = run_vari("perft " + DRAUGHTS + " 1 --divide" + position);
    CHECK(perft.output == "c3-c4 1\nc3xe5 1\nc3xe5xe7 1\n3\n");
}

namespace {

// A two-player game on 3x3 with the given inline hook code, written to a temporary file.
std::string game_with_hooks(const std::string& code) {
    char path[] = "/tmp/vari-hooks-XXXXXX.vari";
    const int fd = mkstemps(path, 5);
    REQUIRE(fd >= 0);
    const std::string text =
        "game \"Hooked\"\nplayers White Black\n"
        "board square { files a..c ranks 1..3 }\n"
        "piece King K royal { step orthogonal diagonal }\n"
        "setup White { King a1 }\nsetup Black { King c3 }\n"
        "hooks \"\"\"\n" +
        code + "\"\"\"\n";
    REQUIRE(write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    close(fd);
    return path;
}

}  // namespace

TEST_CASE("vari check reports a hook that fails as it loads, at its line in the .vari file",
          "[runtime][commands][hooks]") {
    // The code starts on line 7 of the file, right after the quotes, so line 9 calls os.execute.
    const std::string path =
        game_with_hooks("local hooks = {}\nos.execute('true')\nreturn hooks\n");
    const Run run = run_vari("check " + path);
    unlink(path.c_str());
    CHECK(run.exit_code == 1);
    CHECK(run.output.find(path + ":9:1: error: attempt to index a nil value (global 'os')") !=
          std::string::npos);
}

TEST_CASE("vari play stops a game whose hook fails, naming the hook and its line",
          "[runtime][commands][hooks]") {
    const std::string path = game_with_hooks(
        "return {\n  after_move = function(game)\n    while true do end\n  end,\n}\n");
    const Run run = run_vari("play " + path, "a1-b1\n");
    unlink(path.c_str());
    CHECK(run.exit_code == 3);
    CHECK(run.output.find("game stopped: hook after_move failed at " + path +
                          ":10: "
                          "instruction budget of 1000000 exceeded") != std::string::npos);
}

TEST_CASE("vari play and vari show exit with 3 when the game's hooks cannot load",
          "[runtime][commands][hooks]") {
    const std::string path = game_with_hooks("error('no rules today')\n");
    const Run play = run_vari("play " + path, "a1-b1\n");
    const Run show = run_vari("show " + path);
    unlink(path.c_str());
    INFO(play.output << show.output);
    CHECK(play.exit_code == 3);
    CHECK(play.output.find("game stopped: ") != std::string::npos);
    CHECK(play.output.find("no rules today") != std::string::npos);
    CHECK(show.exit_code == 3);
    CHECK(show.output.find("game stopped: ") != std::string::npos);
}

TEST_CASE("commands echo their input with its control characters escaped", "[runtime][commands]") {
    // A field of a position string with a newline in it, as a script might pass one.
    const Run position = run_vari("show " + CHESS +
                                  " --position \"$(printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                                  "RNBQKBNR w KQkq - 0 1\\nX')\"");
    INFO(position.output);
    CHECK(position.exit_code == 1);
    CHECK(position.output.find("'1\\nX'") != std::string::npos);

    // A typed move and a hook's error: ESC would start a terminal command.
    const Run typed = run_vari("play " + CHESS, "e2e4x\x1B\n");
    CHECK(typed.output.find('\x1B') == std::string::npos);
    CHECK(typed.output.find("cannot read 'e2e4x\\x1B' as a move") != std::string::npos);
    const std::string path =
        game_with_hooks("return { after_move = function(game) error('\\27[2J', 0) end }\n");
    const Run hook = run_vari("play " + path, "a1-b1\n");
    unlink(path.c_str());
    INFO(hook.output);
    CHECK(hook.exit_code == 3);
    CHECK(hook.output.find('\x1B') == std::string::npos);
    CHECK(hook.output.find("\\x1B[2J") != std::string::npos);
    // What a hook prints: it might restyle the screen or forge a line of vari's own.
    const std::string printing = game_with_hooks(
        "return { after_move = function(game) print('\\27[2J', 'x\\ngame over') end }\n");
    const Run printed = run_vari("play " + printing, "a1-b1\n");
    unlink(printing.c_str());
    INFO(printed.output);
    CHECK(printed.output.find('\x1B') == std::string::npos);
    CHECK(printed.output.find(printing + ": \\x1B[2J\tx\\ngame over\n") != std::string::npos);

    // A file's name, in an error and in "ok".
    const Run missing = run_vari("check \"$(printf 'no\\033[2Jgame.vari')\"");
    CHECK(missing.exit_code == 1);
    CHECK(missing.output.find("no\\x1B[2Jgame.vari: error: cannot read the file") == 0);
}

TEST_CASE("every numeric option takes only a whole number in its range", "[runtime][commands]") {
    const std::string seed_range = "is not a whole number from 0 to 18446744073709551615";
    for (const std::string value :
         {"-1", "18446744073709551616", "0x10", "1.5", "' 5'", "''", "+5", "1e3"}) {
        INFO("--seed " << value);
        const Run play = run_vari("play " + CHESS + " --seed " + value);
        CHECK(play.exit_code == 2);
        CHECK(play.output.find(seed_range) != std::string::npos);
        const Run bench = run_vari("bench " + CHESS +
                                   " --depth 1 --playouts 1 --search-nodes 100 --seed " + value);
        CHECK(bench.exit_code == 2);
        CHECK(bench.output.find(seed_range) != std::string::npos);
    }
    CHECK(run_vari("play " + CHESS + " --seed 18446744073709551615").exit_code == 0);
    for (const std::string value : {"-1", "2147483648", "1.5", "0x10"}) {
        INFO("--max-plies " << value);
        const Run play = run_vari("play " + CHESS + " --max-plies " + value);
        CHECK(play.exit_code == 2);
        CHECK(play.output.find("is not a whole number from 0 to 2147483647") != std::string::npos);
    }
    // Each option of perft and bench, just outside its range and as a fraction.
    const std::pair<std::string, std::string> refused[] = {
        {"perft " + CHESS + " 65", "DEPTH: '65' is not a whole number from 0 to 64"},
        {"perft " + CHESS + " 1.5", "DEPTH: '1.5' is not a whole number from 0 to 64"},
        {"perft " + CHESS + " 2 --threads 0", "--threads: '0' is not a whole number from 1 to 256"},
        {"bench " + CHESS + " --threads 257",
         "--threads: '257' is not a whole number from 1 to 256"},
        {"bench " + CHESS + " --depth 0", "--depth: '0' is not a whole number from 1 to 32"},
        {"bench " + CHESS + " --depth 2.5", "--depth: '2.5' is not a whole number from 1 to 32"},
        {"bench " + CHESS + " --playouts -3",
         "--playouts: '-3' is not a whole number from 0 to 10000000"},
        {"bench " + CHESS + " --max-plies 1e3",
         "--max-plies: '1e3' is not a whole number from 1 to 100000"}};
    for (const auto& [args, message] : refused) {
        INFO(args);
        const Run run = run_vari(args);
        CHECK(run.exit_code == 2);
        CHECK(run.output.find(message) != std::string::npos);
    }
}

TEST_CASE("vari check reads the files a game includes and names the one an error is in",
          "[runtime][commands][include]") {
    const std::string folder = std::string(VARI_TEST_DATA) + "/include/";
    const Run ok = run_vari("check '" + folder + "split/game.vari'");
    INFO(ok.output);
    CHECK(ok.exit_code == 0);
    CHECK(ok.output ==
          folder + "split/game.vari: ok: \"Split\", 2 players, 25 cells, 3 piece types\n");

    const Run broken = run_vari("check '" + folder + "broken/game.vari'");
    INFO(broken.output);
    CHECK(broken.exit_code == 1);
    CHECK(broken.output.find(folder +
                             "broken/pieces.vari:2:22: error: unknown direction 'orthogonl'\n"
                             "  piece Rook R { slide orthogonl }\n") != std::string::npos);
    CHECK(broken.output.find("  note: included from " + folder + "broken/game.vari:3:1\n") !=
          std::string::npos);

    const Run json = run_vari("check --json '" + folder + "broken/game.vari'");
    CHECK(json.exit_code == 1);
    CHECK(json.output.find("\"file\":\"" + folder + "broken/pieces.vari\"") != std::string::npos);
    CHECK(json.output.find("\"file\":\"" + folder + "broken/game.vari\"") != std::string::npos);
}

TEST_CASE("--moves plays a list of moves after the start or the position, on every command",
          "[runtime][commands][moves]") {
    // Fool's mate, with the move numbers of a score and the separators play reads.
    const std::string mate = " --moves '1. f2f3 e7-e5 2. g2-g4 d8xh4'";
    const Run show = run_vari("show " + CHESS + mate);
    INFO(show.output);
    CHECK(show.exit_code == 0);
    CHECK(show.output.find("Black wins by checkmate\n"
                           "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n") !=
          std::string::npos);
    // Fairy-Stockfish: position startpos moves e2e4 e7e5, go perft 3.
    CHECK(run_vari("perft " + CHESS + " 3 --moves 'e2e4 e7e5'").output == "24825\n");
    CHECK(run_vari("perft " + CHESS + " 3 --moves 'e2e4 e7e5' --threads 2").output == "24825\n");
    const Run bench =
        run_vari("bench " + CHESS + " --depth 2 --playouts 1 --search-nodes 100 --moves e2e4");
    CHECK(bench.output.substr(bench.output.rfind('\n', bench.output.size() - 2) + 1) == "600\n");
    const Run shared =
        run_vari("bench " + CHESS + " --depth 3 --threads 2 --playouts 0 --search-nodes 0");
    CHECK(shared.output.find("perft 3         8902 leaves in ") != std::string::npos);
    CHECK(shared.output.find(" on 2 threads\n8902\n") != std::string::npos);
    const Run play = run_vari("play " + CHESS + mate);
    CHECK(play.exit_code == 0);
    CHECK(play.output == "Black wins by checkmate\nscores: White 0, Black 1\n");

    // After a position string: a drop in minishogi.
    const Run drop = run_vari("show " + MINISHOGI +
                              " --position 'rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1' --moves 'P*3c'");
    CHECK(drop.output.find("rbsgk/4p/2p2/P4/KGSBR[P] b - - 1 2\n") != std::string::npos);
}

TEST_CASE("--moves stops at the first move that cannot be played, naming its number and why",
          "[runtime][commands][moves]") {
    const std::pair<std::string, std::string> refused[] = {
        {"perft " + CHESS + " 1 --moves '1. e2e4 e7e5 2. e4e5'",
         "vari: --moves: move 3 'e4e5': e4xe5 is not a legal move for the Pawn on e4"},
        {"show " + CHESS + " --moves 'e2e4 z9z8'", "vari: --moves: move 2 'z9z8': unknown cell"},
        {"bench " + CHESS + " --moves 'f2f3 e7e5 g2g4 d8h4 a2a3'",
         "vari: --moves: move 5 'a2a3': the game is over: Black wins by checkmate"},
        {"play " + CHESS + " --moves 'e7e5'",
         "vari: --moves: move 1 'e7e5': that is Black's piece; White to move"}};
    for (const auto& [args, message] : refused) {
        INFO(args);
        const Run run = run_vari(args);
        INFO(run.output);
        CHECK(run.exit_code == 1);
        CHECK(run.output.find(message) != std::string::npos);
    }
    // A move a filter hook refuses: antichess makes captures compulsory.
    const std::string antichess = std::string("'") + VARI_TEST_DATA + "/hooked/antichess.vari'";
    const Run hooked = run_vari("show " + antichess + " --moves 'e2e4 d7d5 a2a3'");
    INFO(hooked.output);
    CHECK(hooked.exit_code == 1);
    CHECK(hooked.output == "vari: --moves: move 3 'a2a3': a2-a3 is refused by the game's hooks\n");
}

TEST_CASE("the command line helps a newcomer: version, help, list and near misses",
          "[runtime][commands][cli]") {
    const Run version = run_vari("--version");
    CHECK(version.exit_code == 0);
    CHECK(version.output.rfind("vari ", 0) == 0);

    const Run help = run_vari("help perft");
    CHECK(help.exit_code == 0);
    CHECK(help.output.find("Usage: vari perft [OPTIONS] GAME DEPTH") != std::string::npos);

    const Run list = run_vari("list");
    CHECK(list.exit_code == 0);
    CHECK(list.output.find("chess: Chess; White, Black; 8x8 square board\n"
                           "    Chess (FIDE rules), written in the vari rule language.\n") !=
          std::string::npos);
    CHECK(list.output.find("three-player-hex-shogi-91: Three Player Hex Shogi 91; Black, White, "
                           "Gray; 91-cell pointy-top hex board\n") != std::string::npos);
    CHECK(list.output.find("shafran-chess: Shafran's Hexagonal Chess; White, Black; 70-cell "
                           "flat-top hex board\n    Shafran's Hexagonal Chess (I. G. Shafran, "
                           "1939).\n") != std::string::npos);

    const Run command = run_vari("plya chess");
    CHECK(command.exit_code == 2);
    CHECK(command.output.rfind("vari: unknown command 'plya'\n  hint: did you mean 'play'?\n", 0) ==
          0);
    const Run game = run_vari("show shgi");
    CHECK(game.exit_code == 1);
    CHECK(game.output ==
          "vari: no game 'shgi': not a file and not a shipped game\n"
          "  hint: did you mean 'shogi'?\n");
    // Shipped games by name in any case, with or without .vari.
    CHECK(run_vari("perft Chess 1").output == "20\n");
    CHECK(run_vari("perft MINISHOGI.vari 1").output == "14\n");

    // Position strings and move lists the shell split into words.
    const Run split = run_vari("show chess --position 8/8/8/8/8/8/8/K6k w - - 0 1");
    CHECK(split.exit_code == 2);
    CHECK(split.output.find("hint: a position string holds blanks: quote it") != std::string::npos);
    const Run moves = run_vari("perft chess 1 --moves e2e4 e7e5");
    CHECK(moves.exit_code == 2);
    CHECK(moves.output.find("hint: a list of moves holds blanks: quote it") != std::string::npos);

    // play's `names` draws the board with the names of empty cells, then again without.
    const Run names = run_vari("play minishogi", "names\nnames\n");
    CHECK(names.output.find("b  5b  4b  3b  2b  p\n") != std::string::npos);
    CHECK(names.output.find("b  .  .  .  .  p\n") != std::string::npos);

    // play announces a check.
    CHECK(run_vari("play chess", "e2e4\nf7f6\nd1h5\n").output ==
          "White plays e4\nBlack plays f6\nWhite plays Qh5+\n");
    CHECK(run_vari("play chess --notation long", "e2e4\nf7f6\nd1h5\n").output ==
          "White plays e2-e4\nBlack plays f7-f6\nWhite plays d1-h5, check\n");

    const Run missing = run_vari("check nosuchfile");
    CHECK(missing.exit_code == 1);
    CHECK(missing.output.rfind("nosuchfile: error: cannot read the file", 0) == 0);
}

}  // namespace vari::runtime_commands_tests
