// Draughts in play: capture sequences written and read as FROMxL1xL2..., refused ones explained,
// the win by capturing every piece, the loss of a player who cannot move, and what hooks see of
// a sequence.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_draughts_tests {
namespace {

runtime::Game from(const CompiledGame& compiled, const std::string& pieces, int side) {
    Position pos(compiled);
    test::place(pos, pieces, side);
    return runtime::Game(compiled, pos);
}

std::string refusal(Position& pos, const std::string& typed) {
    std::string error;
    INFO(typed);
    CHECK(!notation::parse_move(pos, typed, error));
    return error;
}

Move typed(Position& pos, const std::string& text) {
    std::string error;
    const auto move = notation::parse_move(pos, text, error);
    INFO(text << ": " << error);
    REQUIRE(move);
    return *move;
}

}  // namespace

TEST_CASE("a capture sequence is written with its landing cells and read back",
          "[runtime][draughts][notation]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    Position pos(*game);
    test::set_position(pos, test::DRAUGHTS_KINGS);
    const Move chain = typed(pos, "e5xe7xg5xe3xc3");
    CHECK(chain.is_jumps());
    CHECK(notation::format_move(pos, chain) == "e5xe7xg5xe3xc3");
    // Without capture marks, in upper case, with ':' as in draughts notation.
    CHECK(typed(pos, "e5e7g5e3c3") == chain);
    CHECK(typed(pos, "E5XE7XG5XE3XC3") == chain);
    CHECK(typed(pos, "e5:e7:g5:e3:c3") == chain);
    // Two sequences back to e5, told apart by their landings.
    const Move left = typed(pos, "e5xe7xg5xe5"), right = typed(pos, "e5xg5xe7xe5");
    CHECK(left != right);
    CHECK(left.from() == left.to());
    CHECK(notation::format_move(pos, right) == "e5xg5xe7xe5");
    // A single jump is the jump, not a quiet move between the same cells.
    CHECK(typed(pos, "e5xe7").is_jumps());
    CHECK(refusal(pos, "e5xe7xg3") ==
          "e5xe7xg3 is not a legal move for the Twice-Pawned-Wazir on e5 (legal: e5-d4, e5-e4, "
          "e5-d5, e5xe7, e5xe7xe9, e5xe7xg5, e5xe7xg5xe3, e5xe7xg5xe3xc3, e5xe7xg5xe5, e5xg5, "
          "e5xg5xe3, e5xg5xe3xc3, e5xg5xe7, e5xg5xe7xe9, e5xg5xe7xe5)");
}

TEST_CASE("a chain that promotes needs its promotion written", "[runtime][draughts][notation]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    Position pos(*game);
    test::place(pos, "Tc3 td4 te6 te8", 0);
    CHECK(refusal(pos, "c3xe5xe7xe9") == "promotion needed: add =W");
    CHECK(notation::format_move(pos, typed(pos, "c3xe5xe7xe9W")) == "c3xe5xe7xe9=W");
}

TEST_CASE("a long capture sequence on a board of 12 ranks reads back, marked or not",
          "[runtime][draughts][notation]") {
    // c1 and c11, e1 and e11 are all cells: the text splits many ways.
    const auto game = test::load_text(R"(
game "Long jumps"
players White Black
board square { files a..l ranks 1..12 }
piece King K { jump diagonal }
)");
    Position pos(*game);
    test::place(pos, "Kc1 kd2 kd4 kd6 kd8 kd10 kf10 kf8 kf6 kf4 kf2", 0);
    MoveList legal;
    generate_legal(pos, legal);
    int longest = 0;
    for (const Move m : legal) {
        const std::string written = notation::format_move(pos, m);
        INFO(written);
        CHECK(typed(pos, written) == m);
        std::string unmarked = written;
        std::erase(unmarked, 'x');
        CHECK(typed(pos, unmarked) == m);
        longest =
            std::max(longest, static_cast<int>(std::count(written.begin(), written.end(), 'x')));
    }
    CHECK(longest == 10);
}

TEST_CASE("with compulsory capture a quiet move is refused, saying why",
          "[runtime][draughts][notation]") {
    const auto game = test::load_text(R"(
game "Compulsory"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
piece Man T { move step clock11 clock1  jump clock11 clock1 }
jumps compulsory
)");
    Position pos(*game);
    test::place(pos, "Tc3 td4 te6 Ta1", 0);
    CHECK(refusal(pos, "a1-a2") ==
          "a1-a2 is not a legal move for the Man on a1: capturing is compulsory, and a sequence "
          "goes on while it can capture (it has no legal move)");
    CHECK(refusal(pos, "c3xe5") ==
          "c3xe5 is not a legal move for the Man on c3: capturing is compulsory, and a sequence "
          "goes on while it can capture (legal: c3xe5xe7)");
}

TEST_CASE("taking the last piece wins by 'end no-pieces'", "[runtime][draughts][game]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    auto play = from(*game, "Tc3 td4", 0);
    REQUIRE(!play.result());
    Position pos = play.position();
    play.play(typed(pos, "c3xe5"));
    REQUIRE(play.result());
    CHECK(play.result()->reason == "capturing every piece");
    CHECK(play.result()->summary == "White wins by capturing every piece");
    CHECK(play.result()->scores == std::vector<double>{1.0, 0.0});
    // Taken back, the game goes on.
    REQUIRE(play.undo());
    CHECK(!play.result());
}

TEST_CASE("a player with pieces but no move loses, by 'end stalemate win'",
          "[runtime][draughts][game]") {
    const auto game = test::load_shipped("compact-hex-draughts");
    // Black's man on d4 may neither step (c3, d3 taken) nor jump (b2, d2 taken beyond them).
    const auto play = from(*game, "td4 Tc3 Td3 Tb2 Td2", 1);
    REQUIRE(play.result());
    CHECK(play.legal_moves().size == 0);
    CHECK(play.result()->summary == "White wins by stalemate");
    CHECK(play.result()->scores == std::vector<double>{1.0, 0.0});
}

TEST_CASE("'end no-pieces loss' and 'draw' say who has nothing left", "[runtime][draughts][game]") {
    for (const auto& [outcome, summary] : {std::pair{"loss", "Black wins by losing every piece"},
                                           {"draw", "draw by Black having no pieces left"}}) {
        const auto game = test::load_text(std::string(R"(
game "Giveaway"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
piece Man T { move step clock11 clock1  jump clock11 clock1 }
end no-pieces )") + outcome + "\n");
        auto play = from(*game, "Tc3 td4", 0);
        Position pos = play.position();
        play.play(typed(pos, "c3xe5"));
        REQUIRE(play.result());
        CHECK(play.result()->summary == summary);
    }
}

TEST_CASE("hooks see a capture sequence as kind 'jumps' with its path, jumps and captures",
          "[runtime][draughts][hooks]") {
    const auto game = test::load_text(R"(
game "Hooked draughts"
players White Black
orient Black rotate 180
board hex pointy { hexagon 5 }
piece Man T { move step clock11 clock1  jump clock11 clock1 }
hooks """
return {
  allow_move = function(game, move)
    if move.kind ~= "jumps" then return true end
    assert(move.captured == "Man" and move.captured_owner == "Black" and move.piece == "Man")
    assert(move.to == move.path[#move.path] and #move.jumped == move.captures)
    return move.captures >= 2
  end,
  after_capture = function(game)
    local m = game:last_move()
    return { winner = game.mover,
             reason = m.kind .. " " .. m.from .. " " .. table.concat(m.path, ",") .. " over " ..
                      table.concat(m.jumped, ",") .. ", " .. m.captures .. " taken" }
  end,
}
"""
)");
    auto play = from(*game, "Tc3 td4 te6 ta9", 0);
    INFO((play.result() ? play.result()->summary : ""));
    REQUIRE(!play.result());
    // The filter leaves the two-jump sequence and the quiet step.
    CHECK(play.legal_moves().size == 2);
    Position pos = play.position();
    play.play(typed(pos, "c3xe5xe7"));
    REQUIRE(play.result());
    CHECK(play.result()->summary == "White wins by jumps c3 e5,e7 over d4,e6, 2 taken");
}

}  // namespace vari::runtime_draughts_tests
