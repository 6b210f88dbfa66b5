// Game-wide rules: royals that may be captured, passing, and the Lua hooks a game carries.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "dsl/dsl.hpp"
#include "dsl/game_facts.hpp"
#include "support/temp_dir.hpp"

namespace dsl_game_rules_tests {

namespace {

using namespace vari::dsl_test;
using vari::test::TempDir;
namespace fs = std::filesystem;

const std::string head =
    "game \"T\"\nplayers A B\norient B rotate 180\nboard square { files a..e ranks 1..5 }\n";

}  // namespace

TEST_CASE("a game's rules default to check, no passing and no hooks", "[dsl][rules]") {
    const auto game = game_of(head + "piece King K royal { step orthogonal }\n");
    CHECK_FALSE(game.royals_capturable);
    CHECK(game.passing == ir::Passing::never);
    CHECK_FALSE(game.hooks);
}

TEST_CASE("royals capturable: a royal piece is captured into a hand and dropped like any other",
          "[dsl][rules]") {
    const auto game = game_of(head +
                              "royals capturable\nhands\n"
                              "piece King K royal { step orthogonal diagonal  drop }\n"
                              "piece Pawn P { step n  drop where-movable no-check }\n"
                              "setup A { King c1  Pawn c2 }\nsetup B { King c5  Pawn c4 }\n"
                              "end stalemate draw\n");
    CHECK(game.royals_capturable);
    const auto& king = piece(game, "King");
    CHECK(king.royal);
    CHECK(king.captured_as == piece_index(game, "King"));
    CHECK(king.drop.allowed);
    // `royal` still marks what `no-check` protects.
    CHECK(piece(game, "Pawn").drop.may_not_check);
}

TEST_CASE("royals capturable rules out checkmate and drops that may not mate", "[dsl][rules]") {
    CHECK(errors_of(head + "royals capturable\nhands\n"
                           "piece King K royal { step orthogonal  drop no-mate }\n"
                           "setup A { King c1 }\nsetup B { King c5 }\nend checkmate win\n"
                           "royals capturable\n") ==
          "7:44: 'no-mate' forbids a drop that gives checkmate, but there is no check when royal "
          "pieces may be captured ('royals capturable' at 5:1), so there is no mate\n"
          "10:1: there is no check when royal pieces may be captured ('royals capturable' at 5:1), "
          "so 'end checkmate' never applies\n"
          "11:1: 'royals capturable' is already defined at 5:1\n");
}

TEST_CASE("pass forced and pass allowed", "[dsl][rules]") {
    auto [word, passing] = GENERATE(table<std::string, ir::Passing>({
        {"forced", ir::Passing::forced},
        {"allowed", ir::Passing::allowed},
    }));
    const auto game = game_of(head + "pass " + word +
                              "\npiece Rook R { slide orthogonal }\nend repetition 3 draw\n");
    CHECK(game.passing == passing);
    CHECK(errors_of(head + "pass " + word +
                    "\npiece King K royal { step orthogonal }\nsetup A { King a1 }\n"
                    "setup B { King e5 }\nend checkmate win\nend stalemate draw\npass " +
                    word + "\n") ==
          std::string(
              word == "forced"
                  ? "9:1: a player without a legal move passes ('pass forced' at 5:1), so 'end "
                    "checkmate' never applies\n"
                    "10:1: a player without a legal move passes ('pass forced' at 5:1), so 'end "
                    "stalemate' never applies\n"
                  : "9:1: a player may always pass ('pass allowed' at 5:1): no player is ever "
                    "without a legal move, so 'end checkmate' never applies\n"
                    "10:1: a player may always pass ('pass allowed' at 5:1): no player is ever "
                    "without a legal move, so 'end stalemate' never applies\n") +
              "11:1: 'pass' is already defined at 5:1\n");
}

TEST_CASE("inline hooks keep their code verbatim and the line it starts on",
          "[dsl][rules][hooks]") {
    const std::string code =
        "\nfunction after_move(game)\n  # not a comment here\n  return \"\"\nend\n";
    const auto game = game_of(head + "piece King K { step orthogonal }\n\nhooks \"\"\"" + code +
                                  "\"\"\"\nend repetition 3 draw\n",
                              "games/inline.vari");
    REQUIRE(game.hooks);
    CHECK(game.hooks->code == code);
    CHECK(game.hooks->chunk_name == "games/inline.vari");
    CHECK(game.hooks->first_line == 7);
    CHECK(game.hooks->source.line == 7);
    CHECK(game.hooks->source.column == 1);
    REQUIRE(game.ends.size() == 1);
    CHECK(game.ends[0].source.line == 13);

    const auto same_line =
        game_of(head + "piece King K { step orthogonal }\nhooks   \"\"\"x = 1\"\"\"\n");
    REQUIRE(same_line.hooks);
    CHECK(same_line.hooks->code == "x = 1");
    CHECK(same_line.hooks->first_line == 6);
}

TEST_CASE("a hooks file is read relative to the .vari file's folder", "[dsl][rules][hooks]") {
    const TempDir dir;
    const std::string lua = "function after_move(game) end\n";
    dir.write("rules.lua", lua);
    const std::string text = head + "piece King K { step orthogonal }\nhooks \"rules.lua\"\n";
    dir.write("game.vari", text);

    const auto from_file = dsl::load_file((dir.path / "game.vari").string());
    REQUIRE(from_file.game);
    REQUIRE(from_file.game->hooks);
    CHECK(from_file.game->hooks->code == lua);
    CHECK(from_file.game->hooks->chunk_name == (dir.path / "rules.lua").string());
    CHECK(from_file.game->hooks->first_line == 1);
    CHECK(from_file.game->hooks->source.line == 6);

    // load_text finds it from the folder its label names.
    const auto game = game_of(text, (dir.path / "other.vari").string());
    REQUIRE(game.hooks);
    CHECK(game.hooks->code == lua);

    // A relative label gives a relative chunk name.
    const auto cwd = fs::current_path();
    fs::current_path(dir.path.parent_path());
    const std::string folder = dir.path.filename().string();
    const auto relative = dsl::load_file(folder + "/game.vari");
    fs::current_path(cwd);
    REQUIRE(relative.game);
    CHECK(relative.game->hooks->chunk_name == folder + "/rules.lua");
}

TEST_CASE("a hooks file that cannot be read is an error at its name, with the reason",
          "[dsl][rules][hooks]") {
    const TempDir dir;
    dir.write("big.lua", std::string((1 << 20) + 1, '-'));
    fs::create_directories(dir.path / "folder.lua");
    const std::string label = (dir.path / "game.vari").string();
    const std::string start = head + "piece King K { step orthogonal }\nhooks  ";
    auto [name, reason] = GENERATE(table<std::string, std::string>({
        {"missing.lua", "No such file or directory"},
        {"big.lua", "it has 1048577 bytes, more than the limit of 1048576"},
        {"folder.lua", "Is a directory"},
    }));
    CHECK(errors_of(start + "\"" + name + "\"\n", label) ==
          "6:8: cannot read the hooks file '" + name + "': " + reason + "\n");
}

}  // namespace dsl_game_rules_tests
