// `cmake --install` puts a vari that runs wherever its prefix is moved: the program finds the
// games installed beside it; the manual pages and the bash completion come with it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "support/run_vari.hpp"
#include "support/temp_dir.hpp"

namespace vari::runtime_install_tests {
namespace {

using test::Run;
using test::run_shell;

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

// The completions bash offers after the words of `line` (the last one being completed).
std::string completions(const std::filesystem::path& script, const std::string& line) {
    const Run run = run_shell("bash -c 'source " + script.string() + "; COMP_WORDS=(" + line +
                              "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _vari; printf \"%s\\n\" "
                              "\"${COMPREPLY[@]}\" | sort'");
    INFO(line << '\n' << run.output);
    CHECK(run.exit_code == 0);
    return run.output;
}

}  // namespace

TEST_CASE("an installed vari finds its games, its manual and its completion", "[install]") {
    const test::TempDir folder;
    const auto prefix = folder.path / "usr";
    const auto build = std::filesystem::path(VARI_BINARY).parent_path();
    const Run install = run_shell(std::string("'") + VARI_CMAKE + "' --install " + quoted(build) +
                                  " --prefix " + quoted(prefix));
    INFO(install.output);
    REQUIRE(install.exit_code == 0);

    // Moved elsewhere, and without $VARI_GAMES, the program reads the games installed with it.
    const auto moved = folder.path / "elsewhere";
    std::filesystem::rename(prefix, moved);
    const std::string vari = "env -u VARI_GAMES " + quoted(moved / "bin/vari");
    const Run list = run_shell(vari + " list");
    CHECK(list.exit_code == 0);
    CHECK(list.output.find("chess: Chess; White, Black; 8x8 square board\n") != std::string::npos);
    const Run perft = run_shell(vari + " perft shafran-chess 2");
    CHECK(perft.output == "1706\n");
    CHECK(run_shell(vari + " check " + quoted(moved / "share/vari/games/chess.vari")).exit_code ==
          0);

    // The manual: vari(1) names every command, each command's page its options.
    const auto man = moved / "share/man/man1";
    const std::string main_page = folder.read("elsewhere/share/man/man1/vari.1");
    CHECK(main_page.rfind(".TH VARI 1", 0) == 0);
    for (const char* command : {"check", "perft", "show", "play", "bench", "list", "replay",
                                "think", "analyze", "match", "serve", "engine"}) {
        INFO(command);
        CHECK(main_page.find(std::string(".B ") + command + "\n") != std::string::npos);
        CHECK(std::filesystem::exists(man / ("vari-" + std::string(command) + ".1")));
    }
    const std::string perft_page = folder.read("elsewhere/share/man/man1/vari-perft.1");
    CHECK(perft_page.find("\\fB\\-\\-divide\\fR\nprint 'MOVE COUNT'") != std::string::npos);
    CHECK(perft_page.find("\\fB\\-\\-threads\\fR \\fIN\\fR\n") != std::string::npos);

    // Bash completes commands, options, choices and shipped games' names.
    const auto script = moved / "share/bash-completion/completions/vari";
    CHECK(completions(script, "vari pe") == "perft\n");
    CHECK(completions(script, "vari perft minis") == "minishogi\n");
    CHECK(completions(script, "vari play --notation short chess --se") == "--seed\n");
    CHECK(completions(script, "vari perft chess 2 --di") == "--divide\n");
    CHECK(completions(script, "vari engine chess --protocol \"\"") == "uci\nusi\nxboard\n");
    CHECK(completions(script, "vari show compact-hex-chess-a") ==
          "compact-hex-chess-anglojewish\n");
}

}  // namespace vari::runtime_install_tests
