// The boards `vari show` and `vari play` draw, run as the built binary: --from, --color and
// NO_COLOR, the last move marked, and play's compact board in a terminal of 80 by 24.
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <optional>
#include <string>

#include "support/run_vari.hpp"

namespace vari::runtime_board_commands_tests {
namespace {

using test::Run;
using test::run_vari;

// `vari ARGS` with standard output on a terminal, run through script(1) under `env` (as
// "NO_COLOR=1"); nothing when script(1) is missing or the system has no pseudo-terminals.
std::optional<std::string> in_terminal(const std::string& env, const std::string& args) {
    if (access("/usr/bin/script", X_OK) != 0) return std::nullopt;
    const std::string command = "/usr/bin/script -qec \"env " + env + " '" + VARI_BINARY + "' " +
                                args + "\" /dev/null < /dev/null 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return std::nullopt;
    std::string out;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        out.append(buffer.data(), n);
    // A system without pseudo-terminals (a chroot without /dev/pts) cannot run the test.
    // script(1) says so on its error stream, which the command joins to the output.
    pclose(pipe);
    if (out.find("failed to create pseudo-terminal") != std::string::npos) return std::nullopt;
    return out;
}

}  // namespace

TEST_CASE("vari show draws the board from the side --from names, its last move marked",
          "[runtime][commands][draw]") {
    const Run run = run_vari("show chess --moves e2e4 --from BLACK");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output ==
          "1 R N B K Q B N R\n"
          "2 P P P>. P P P P\n"
          "3 . . . . . . . .\n"
          "4 . . .>P . . . .\n"
          "5 . . . . . . . .\n"
          "6 . . . . . . . .\n"
          "7 p p p p p p p p\n"
          "8 r n b k q b n r\n"
          "  h g f e d c b a\n"
          "Black to move\n"
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n");
    const Run gray = run_vari("show three-player-hex-shogi-91 --from gray");
    CHECK(gray.exit_code == 0);
    CHECK(gray.output.find("        g   Lg  Ng  Bg  Rg  Ng  Lg  7\n") != std::string::npos);
}

TEST_CASE("--from refuses a player the game does not have, naming those it has",
          "[runtime][commands][draw]") {
    for (const char* command : {"show", "play"}) {
        const Run run = run_vari(std::string(command) + " chess --from red");
        INFO(run.output);
        CHECK(run.exit_code == 2);
        CHECK(run.output == "vari " + std::string(command) +
                                ": --from: no player 'red' (players: White Black)\n");
    }
    CHECK(run_vari("show chess --color sometimes").exit_code == 2);
}

TEST_CASE("boards are in colour on a terminal unless NO_COLOR is set, or as --color says",
          "[runtime][commands][draw]") {
    const std::string escape = "\x1b[";
    // Standard output is not a terminal here: no colour unless asked for.
    CHECK(run_vari("show chess").output.find(escape) == std::string::npos);
    CHECK(run_vari("show chess --color always").output.find(escape + "1;36mr") !=
          std::string::npos);
    CHECK(run_vari("show chess --color never").output.find(escape) == std::string::npos);
    CHECK(run_vari("play chess --color always", "board\n").output.find(escape + "1;33mK") !=
          std::string::npos);

    const auto coloured = in_terminal("", "show chess");
    if (!coloured) {
        WARN("no script(1) or no pseudo-terminal: colour on a terminal is not tested");
        return;
    }
    CHECK(coloured->find(escape + "1;36mr") != std::string::npos);
    CHECK(in_terminal("NO_COLOR=", "show chess")->find(escape) != std::string::npos);
    CHECK(in_terminal("NO_COLOR=1", "show chess")->find(escape) == std::string::npos);
    CHECK(in_terminal("NO_COLOR=1", "show chess --color always")->find(escape) !=
          std::string::npos);
}

TEST_CASE("vari play draws the board from the lone human's side, the last move marked",
          "[runtime][commands][draw]") {
    // Black is the human: the board turns to Black, White's random move marked.
    const Run black = run_vari("play chess --white random --seed 2", "board\nquit\n");
    INFO(black.output);
    CHECK(black.output ==
          "White plays Nf3\n"
          "\n"
          "1 R>. B K Q B N R\n"
          "2 P P P P P P P P\n"
          "3 . .>N . . . . .\n"
          "4 . . . . . . . .\n"
          "5 . . . . . . . .\n"
          "6 . . . . . . . .\n"
          "7 p p p p p p p p\n"
          "8 r n b k q b n r\n"
          "  h g f e d c b a\n"
          "Black to move\n");
    // --from overrides; two humans see the first player's side.
    CHECK(run_vari("play chess --white random --seed 2 --from white", "board\n")
              .output.find("\n8 r n b q k b n r\n") != std::string::npos);
    CHECK(run_vari("play chess", "board\n").output.find("\n8 r n b q k b n r\n") == 0);
}

TEST_CASE("vari play's board and its status fit 24 lines after a move on a tall board",
          "[runtime][commands][draw]") {
    // Shafran's board is 20 lines even compact: the status goes at the right of its last line.
    const Run run = run_vari("play shafran-chess --black random --seed 1", "e2e4\nboard\n");
    INFO(run.output);
    CHECK(run.output.find("White plays e4\nBlack plays ") == 0);
    CHECK(run.output.find("\n   a  b  c  d  e  f  g  h  i   White to move\n") != std::string::npos);
    CHECK(run.output.find("\n   a  b  c  d  e  f  g  h  i\n") == std::string::npos);  // no top row
    std::size_t lines = 0;
    for (const char c : run.output) lines += c == '\n';
    CHECK(lines == 2 + 20);
    // A short board keeps its blank line and its status line.
    const Run chess = run_vari("play chess", "e2e4\nboard\n");
    CHECK(chess.output.find("White plays e4\n\n8 r n b q k b n r\n") == 0);
    CHECK(chess.output.find("  a b c d e f g h\nBlack to move\n") != std::string::npos);
}

}  // namespace vari::runtime_board_commands_tests
