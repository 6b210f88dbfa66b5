// Pieces in XBetza and games as XBoard is told of them: setup and piece lines.
#include <catch2/catch.hpp>

#include "dsl/dsl.hpp"
#include "runtime/notation/betza.hpp"
#include "runtime/notation/notation.hpp"
#include "support/shipped_games.hpp"

namespace engine_xboard_betza_tests {

using namespace vari;

namespace {

// The Betza of the piece written `letter` (with '+' for a plus type) for `player`.
std::string betza_of(const CompiledGame& game, const std::string& letter, int player = 0) {
    const auto& pieces = game.ir().pieces;
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        const std::string written = (pieces[t].plus ? "+" : "") + std::string(1, pieces[t].letter);
        if (written != letter) continue;
        std::string why;
        const auto text = notation::betza(game.ir(), static_cast<int>(t), player, why);
        return text ? *text : "none: " + why;
    }
    return "no piece " + letter;
}

std::unique_ptr<CompiledGame> load_test_game(const std::string& path) {
    auto loaded = dsl::load_file(path);
    REQUIRE(loaded.compiled);
    return std::move(loaded.compiled);
}

}  // namespace

TEST_CASE("chess pieces are written as XBoard writes them", "[engine][xboard]") {
    const auto chess = test::load_shipped("chess");
    const auto [letter, betza] = GENERATE(table<std::string, std::string>({
        {"K", "KO2"},  // the King castles two cells along its rank with the corner Rook
        {"Q", "Q"},
        {"R", "R"},
        {"B", "B"},
        {"N", "N"},
        {"P", "fmWifmW2fceF"},  // the double step only from its start, e.p. captures
    }));
    INFO(letter);
    CHECK(betza_of(*chess, letter, 0) == betza);
    CHECK(betza_of(*chess, letter, 1) == betza);  // Black's forward is XBoard's forward too
}

TEST_CASE("shogi pieces keep their forward directions", "[engine][xboard]") {
    const auto shogi = test::load_shipped("shogi");
    const auto [letter, betza] = GENERATE(table<std::string, std::string>({
        {"K", "K"},
        {"G", "WfF"},
        {"S", "FfW"},
        {"N", "fN"},  // XBoard's narrow forward pair, (1, 2) and (-1, 2)
        {"L", "fR"},
        {"P", "fW"},
        {"+R", "RF"},
        {"+B", "BW"},
        {"+P", "WfF"},
    }));
    INFO(letter);
    CHECK(betza_of(*shogi, letter, 0) == betza);
    CHECK(betza_of(*shogi, letter, 1) == betza);
}

TEST_CASE("leapers, limited slides and one-sided moves get their atoms and directions",
          "[engine][xboard]") {
    const auto camel = load_test_game(VARI_TEST_DATA "/engine/xboard/camel-chess.vari");
    CHECK(betza_of(*camel, "C") == "C");
    CHECK(betza_of(*camel, "W") == "W");
    CHECK(betza_of(*camel, "P") == "fmWifmW2fcF");
    const auto grand = load_test_game(VARI_TEST_DATA "/hooked/grand-chess.vari");
    CHECK(betza_of(*grand, "M") == "RN");
    CHECK(betza_of(*grand, "C") == "BN");
    // Hex boards have no Betza: their leaps are not XBoard's.
    const auto hex = test::load_shipped("hex-shogi-41");
    CHECK(betza_of(*hex, "K").rfind("none: ", 0) == 0);
}

TEST_CASE("a game XBoard does not know is set up with its letters, size, start and pieces",
          "[engine][xboard]") {
    const auto camel = load_test_game(VARI_TEST_DATA "/engine/xboard/camel-chess.vari");
    const auto variant = notation::describe_for_xboard(*camel, "camel-chess");
    CHECK(variant.name == "camel-chess");
    CHECK_FALSE(variant.standard);
    // The Pawn promotes, so it gets XBoard's Pawn; the others the images of their letters.
    CHECK(variant.setup ==
          "setup (PN.R....CWKpn.r....cwk) 7x7+0_fairy "
          "rcnkwcr/ppppppp/7/7/7/PPPPPPP/RCNKWCR w - - 0 1");
    CHECK(variant.pieces == std::vector<std::string>{"piece K& K", "piece R& R", "piece C& C",
                                                     "piece N& N", "piece W& W",
                                                     "piece P& fmWifmW2fcF"});
    CHECK(variant.undescribed.empty());
}

TEST_CASE("chess is XBoard's normal; a game named as one of XBoard's own is renamed",
          "[engine][xboard]") {
    const auto chess = notation::describe_for_xboard(*test::load_shipped("chess"), "chess");
    CHECK(chess.name == "normal");
    CHECK(chess.standard);
    const auto shogi = notation::describe_for_xboard(*test::load_shipped("shogi"), "shogi");
    CHECK(shogi.name == "vari_shogi");
    CHECK(shogi.setup.rfind("setup (PNBRSLG....++++++Kpnbrslg....++++++k) 9x9+7_fairy ", 0) == 0);
}

TEST_CASE("chess's pieces and start with another ending are not XBoard's normal",
          "[engine][xboard]") {
    // A zone to reach, checks to give, a type to make extinct.
    for (const char* name : {"king-of-the-hill", "three-check", "extinction", "kinglet"}) {
        INFO(name);
        const auto variant = notation::describe_for_xboard(*test::load_shipped(name), name);
        CHECK_FALSE(variant.standard);
        CHECK(variant.name != "normal");
    }
}

}  // namespace engine_xboard_betza_tests
