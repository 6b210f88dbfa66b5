// Rules of captures and of the material left, in play: compulsory capture (antichess), a player
// without royal pieces (horde), the bare royal piece (shatranj), insufficient material and the
// extinction of a piece type.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_material_rules_tests {
namespace {

runtime::Game from(const CompiledGame& compiled, const std::string& position_string) {
    Position pos(compiled);
    test::set_position(pos, position_string);
    return runtime::Game(compiled, pos);
}

Move typed(const runtime::Game& game, const std::string& text) {
    Position pos = game.position();
    std::string error;
    const auto move = notation::parse_move(pos, text, error);
    INFO(text << ": " << error);
    REQUIRE(move);
    return *move;
}

std::string refusal(const runtime::Game& game, const std::string& text) {
    Position pos = game.position();
    std::string error;
    INFO(text);
    CHECK(!notation::parse_move(pos, text, error));
    return error;
}

// The legal moves, in long notation, sorted.
std::vector<std::string> legal(const runtime::Game& game) {
    std::vector<std::string> out;
    for (Move m : game.legal_moves()) out.push_back(notation::format_move(game.position(), m));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("with 'captures compulsory' only captures are legal where there is one",
          "[runtime][rules]") {
    const auto game = test::load_shipped("antichess");
    // Black's Pawn on d4 may take en passant, and nothing else may capture: that is the move.
    const auto en_passant =
        from(*game, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3");
    CHECK(legal(en_passant) == std::vector<std::string>{"d4xe3"});
    CHECK(refusal(en_passant, "d4-d3") ==
          "d4-d3 is not a legal move for the Pawn on d4: capturing is compulsory (legal: d4xe3)");
    // Any capture may be played, not only the best: the Knight or the Pawn may take on d5.
    const auto choice = from(*game, "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w - - 0 2");
    CHECK(legal(choice) == std::vector<std::string>{"c3xd5", "e4xd5"});
}

TEST_CASE("with 'captures compulsory' a drop or a pass is refused where a capture is legal",
          "[runtime][rules]") {
    const auto game =
        test::load_game_file(VARI_TEST_DATA "/reference/games/compulsory-captures.vari");
    // White's Rook may take on a3; the Knight in hand may not be dropped, nor may White pass.
    const auto capture = from(*game, "3k2/6/6/p5/6/R5[N] w - - 0 1");
    CHECK(legal(capture) == std::vector<std::string>{"a1xa3"});
    CHECK(refusal(capture, "N*c3") == "N*c3 is not a legal drop: capturing is compulsory");
    CHECK(refusal(capture, "pass") == "capturing is compulsory (1 legal moves, e.g. a1xa3)");
    // Without a capture, both are legal.
    const auto quiet = from(*game, "3k2/6/2p3/6/6/R5[N] w - - 0 1");
    CHECK(typed(quiet, "N*c3").is_drop());
    CHECK(typed(quiet, "pass").is_pass());
}

TEST_CASE("with 'captures compulsory' every move is legal where nothing can capture",
          "[runtime][rules]") {
    const auto game = test::load_shipped("antichess");
    const auto start = from(*game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    CHECK(start.legal_moves().size == 20);
    // The King is no royal piece: it may step next to a piece that attacks it.
    const auto kings = from(*game, "8/8/8/8/8/2k5/8/K7 w - - 0 1");
    CHECK(legal(kings) == std::vector<std::string>{"a1-a2", "a1-b1", "a1-b2"});
}

TEST_CASE("in antichess losing every piece or being stalemated wins", "[runtime][rules]") {
    const auto game = test::load_shipped("antichess");
    auto last = from(*game, "8/8/8/8/8/2k5/1p6/R7 b - - 0 1");
    last.play(typed(last, "b2xa1=Q"));
    REQUIRE(last.result());
    CHECK(last.result()->summary == "White wins by losing every piece");
    // White's blocked Pawn has no move: White wins.
    auto blocked = from(*game, "8/8/8/8/8/p7/P7/8 b - - 0 1");
    CHECK(legal(blocked).empty());
    REQUIRE(blocked.result());
    CHECK(blocked.result()->summary == "Black wins by stalemate");
}

TEST_CASE("a player without royal pieces is never in check and loses by having none left",
          "[runtime][rules]") {
    const auto game = test::load_shipped("horde");
    // White's Pawn may step although Black's Queen attacks it; taking it leaves White nothing.
    auto last = from(*game, "4k3/8/8/8/8/8/3q4/4P3 w - - 0 1");
    CHECK(legal(last) == std::vector<std::string>{"e1-e2", "e1-e3", "e1xd2"});
    last.play(typed(last, "e1-e2"));
    last.play(typed(last, "Qd2xe2"));
    REQUIRE(last.result());
    CHECK(last.result()->summary == "Black wins by capturing every piece");
    // White's Pawns are blocked: stalemate, a draw, not checkmate.
    const auto blocked = from(*game, "4k3/8/8/8/8/p7/P7/8 w - - 0 1");
    REQUIRE(blocked.result());
    CHECK(blocked.result()->summary == "draw by stalemate");
    // Black, who has a King, is mated as in chess.
    const auto mated = from(*game, "7k/6PP/6PP/8/8/8/8/8 b - - 0 1");
    REQUIRE(mated.result());
    CHECK(mated.result()->summary == "White wins by checkmate");
}

TEST_CASE("a bare royal piece loses, unless it can bare the other at once", "[runtime][rules]") {
    const auto game = test::load_shipped("shatranj");
    // Taking Black's last Rook with two Rooks left: Black has lost, whatever it could move.
    auto baring = from(*game, "4k3/8/8/8/8/8/r7/R3K2R w - - 0 1");
    baring.play(typed(baring, "Ra1xa2"));
    REQUIRE(baring.result());
    CHECK(baring.result()->summary == "White wins by the bare-royal rule");
    CHECK(baring.result()->scores == std::vector<double>{1.0, 0.0});
    // Against a single Fers the bare King gets a move: taking it, the Kings play on ...
    auto taking = from(*game, "8/8/8/8/8/3k4/4Q3/K7 b - - 0 1");
    CHECK(!taking.result());
    taking.play(typed(taking, "Kd3xe2"));
    CHECK(!taking.result());
    // ... and any other move loses, the bare King being the mover's.
    auto other = from(*game, "8/8/8/8/8/3k4/4Q3/K7 b - - 0 1");
    other.play(typed(other, "Kd3-c4"));
    REQUIRE(other.result());
    CHECK(other.result()->summary == "White wins by the bare-royal rule");
    // No one is bare: play goes on.
    CHECK(!from(*game, "3k4/3p4/8/8/8/8/8/3K4 w - - 0 1").result());
}

TEST_CASE("'end bare-royal' gives its result to the player who is not bare", "[runtime][rules]") {
    const auto game = test::load_text(R"(
game "Bare"
players White Black
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal }
setup White { King a1  Rook b2 c2 }
setup Black { King d4  Rook c3 }
end bare-royal loss
)");
    auto play = from(*game, "3k/2r1/1RR1/K3 w - - 0 1");
    play.play(typed(play, "Rc2xc3"));
    REQUIRE(play.result());
    CHECK(play.result()->summary == "Black wins by the bare-royal rule");
}

TEST_CASE("'end insufficient' ends the game when every player holds one of its sets",
          "[runtime][rules]") {
    const auto game = test::load_text(R"(
game "Endings"
players White Black
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Knight N { leap (1, 2) symmetric }
piece Rook R { slide orthogonal }
setup White { King a1  Knight b1 }
setup Black { King d4  Rook c3 }
end checkmate win
end insufficient { King } { King Knight } { King Knight Knight } draw
)");
    auto play = from(*game, "3k/2r1/4/KN2 w - - 0 1");
    CHECK(!play.result());
    play.play(typed(play, "Nb1xc3"));
    REQUIRE(play.result());
    CHECK(play.result()->summary == "draw by insufficient material");
    // A Rook is not in any set: play goes on.
    CHECK(!from(*game, "3k/2r1/4/K3 w - - 0 1").result());
    // Nor is a King with three Knights.
    CHECK(!from(*game, "3k/4/4/KNNN w - - 0 1").result());
    CHECK(from(*game, "3k/4/4/KNN1 w - - 0 1").result());
}

TEST_CASE("'end extinction' gives its result to the player who keeps the types",
          "[runtime][rules]") {
    const auto game = test::load_text(R"(
game "Extinct"
players White Black
board square { files a..d ranks 1..4 }
zone last = rank 4
piece Man M { step orthogonal diagonal }
piece Rook R { slide orthogonal }
piece Pawn P { move step n  promote in last to Rook }
setup White { Man a1 b1  Pawn a2 }
setup Black { Man c4 d4  Pawn d3 }
end extinction Man Pawn below 1 win
)");
    SECTION("the other player's last Pawn taken: the mover wins") {
        auto play = from(*game, "2mm/3p/2M1/MP2 w - - 0 1");
        CHECK(!play.result());
        play.play(typed(play, "c2xd3"));
        REQUIRE(play.result());
        CHECK(play.result()->summary == "White wins by Black having no Pawn left");
        CHECK(play.result()->scores == std::vector<double>{1, 0});
        CHECK(play.legal_moves().size == 0);
    }
    SECTION("its own last Pawn promoted: the mover loses") {
        auto play = from(*game, "2mm/P2p/4/MM2 w - - 0 1");
        play.play(typed(play, "a3-a4=R"));
        REQUIRE(play.result());
        CHECK(play.result()->summary == "Black wins by White having no Pawn left");
    }
    SECTION("fewer than a count") {
        const auto counted = test::load_text(R"(
game "Three"
players White Black
board square { files a..d ranks 1..4 }
piece Man M { step orthogonal diagonal }
setup White { Man a1 b1 c1 }
setup Black { Man b4 c4 d4 }
end extinction Man below 3 loss
)");
        auto play = from(*counted, "1mmm/4/1M2/M1M1 w - - 0 1");
        play.play(typed(play, "b2-b3"));
        CHECK(!play.result());
        play.play(typed(play, "c4xb3"));
        REQUIRE(play.result());
        // `loss`: the player who took the Man loses.
        CHECK(play.result()->summary == "White wins by White having fewer than 3 of piece Man");
    }
}

}  // namespace vari::runtime_material_rules_tests
