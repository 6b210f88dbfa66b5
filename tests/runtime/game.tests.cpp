// A game in play: results by checkmate, stalemate, repetition and the ply limit, their scores,
// as each game's end conditions say; drops; undo, and random moves.
#include <catch2/catch.hpp>
#include <random>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_game_tests {
namespace {

void play(runtime::Game& game, std::initializer_list<const char*> moves) {
    for (const char* typed : moves) {
        INFO(typed);
        REQUIRE(!game.result());
        Position pos = game.position();
        std::string error;
        const auto move = notation::parse_move(pos, typed, error);
        INFO(error);
        REQUIRE(move);
        game.play(*move);
    }
}

runtime::Game from(const CompiledGame& compiled, const std::string& position_string) {
    Position pos(compiled);
    test::set_position(pos, position_string);
    return runtime::Game(compiled, pos);
}

}  // namespace

TEST_CASE("fool's mate ends the game as a win for Black", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    play(game, {"f2-f3", "e7-e5", "g2-g4"});
    CHECK(!game.result());
    play(game, {"d8-h4"});
    REQUIRE(game.result());
    CHECK(game.result()->reason == "checkmate");
    CHECK(game.result()->summary == "Black wins by checkmate");
    CHECK(game.result()->scores == std::vector<double>{0.0, 1.0});
    CHECK(game.legal_moves().size == 0);
    CHECK(game.ply() == 4);
}

TEST_CASE("a side without a legal move and not in check is stalemated", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    const auto game = from(*chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    REQUIRE(game.result());
    CHECK(game.result()->reason == "stalemate");
    CHECK(game.result()->summary == "draw by stalemate");
    CHECK(game.result()->scores == std::vector<double>{0.5, 0.5});
}

TEST_CASE("the third occurrence of a position draws by repetition", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    play(game, {"g1-f3", "g8-f6", "f3-g1", "f6-g8"});
    CHECK(!game.result());  // the start position has occurred twice
    play(game, {"g1-f3", "g8-f6", "f3-g1"});
    CHECK(!game.result());
    play(game, {"f6-g8"});
    REQUIRE(game.result());
    CHECK(game.result()->reason == "threefold repetition");
    CHECK(game.result()->summary == "draw by threefold repetition");
    CHECK(game.result()->scores == std::vector<double>{0.5, 0.5});
}

TEST_CASE("a position with other castling rights is not a repetition", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    auto game = from(*chess, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    // The rook's first trip loses the right: the later positions differ from the start.
    play(game, {"h1-h2", "a8-a7", "h2-h1", "a7-a8", "h1-h2", "a8-a7", "h2-h1", "a7-a8"});
    CHECK(!game.result());
    play(game, {"h1-h2", "a8-a7"});  // the third time Rh2, ra7 with no rights
    REQUIRE(game.result());
    CHECK(game.result()->reason == "threefold repetition");
}

TEST_CASE("the hundredth ply without a capture or pawn move draws", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    auto game = from(*chess, "k7/8/1K6/8/8/8/8/7R w - - 98 80");
    play(game, {"h1-h2"});
    CHECK(!game.result());
    play(game, {"a8-b8"});
    REQUIRE(game.result());
    CHECK(game.result()->reason == "the 100-ply rule");
    CHECK(game.result()->summary == "draw by the 100-ply rule");
}

TEST_CASE("a checkmate on the hundredth ply is a checkmate", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    auto game = from(*chess, "k7/8/1K6/8/8/8/8/7R w - - 99 80");
    play(game, {"h1-h8"});
    CHECK(game.position().ply_clock() == 100);
    REQUIRE(game.result());
    CHECK(game.result()->summary == "White wins by checkmate");
    CHECK(game.result()->scores == std::vector<double>{1.0, 0.0});
}

TEST_CASE("undo restores the position and takes the result back", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    CHECK(!game.undo());
    const std::string start = notation::to_position_string(game.position());
    play(game, {"f2-f3", "e7-e5", "g2-g4", "d8-h4"});
    REQUIRE(game.result());
    CHECK(game.undo());
    CHECK(!game.result());
    CHECK(game.legal_moves().size > 0);
    while (game.undo()) {
    }
    CHECK(game.ply() == 0);
    CHECK(notation::to_position_string(game.position()) == start);
    CHECK(game.position().hash() == Position(*chess).hash());
}

// What a position's judging leaves: its moves and, when the game ended there, how.
std::string judged(const runtime::Game& game) {
    std::string text = notation::to_position_string(game.position()) + ":";
    for (const Move m : game.legal_moves()) text += " " + notation::format_move(game.position(), m);
    if (game.result()) text += " / " + game.result()->summary;
    return text;
}

TEST_CASE("a move taken back unjudged and played again is judged as the first time",
          "[runtime][game][hooks]") {
    // The three-player game's hooks end and score games; a King on the hill ends one.
    for (const char* name : {"three-player-hex-shogi-91", "king-of-the-hill", "chess"}) {
        INFO(name);
        const auto compiled = test::load_shipped(name);
        runtime::Game game(*compiled);
        std::mt19937_64 rng(3);
        for (int ply = 0; ply < 40 && !game.result(); ++ply) {
            const std::string before = judged(game);
            const std::vector<Move> moves(game.legal_moves().begin(), game.legal_moves().end());
            for (const Move m : moves) {
                game.play(m);
                const std::string after = judged(game);
                CHECK(game.undo_unjudged());
                game.play(m);
                CHECK(judged(game) == after);
                CHECK(game.undo());
                CHECK(judged(game) == before);
            }
            game.play(runtime::random_move(game, rng));
        }
    }
}

TEST_CASE("random moves are legal and none is given when there is none", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    std::mt19937_64 rng(5);
    runtime::Game game(*chess);
    for (int i = 0; i < 50; ++i) {
        const Move m = runtime::random_move(game, rng);
        const auto& legal = game.legal_moves();
        CHECK(std::find(legal.begin(), legal.end(), m) != legal.end());
    }
    const auto stalemate = from(*chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(runtime::random_move(stalemate, rng).is_none());
}

TEST_CASE("a game restarted counts its repetitions anew", "[runtime][game]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    play(game, {"g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1", "f6-g8"});
    REQUIRE(game.result());
    game.restart();
    CHECK(game.ply() == 0);
    CHECK(game.hashes() == std::vector<std::uint64_t>{game.start().hash()});
    CHECK(!game.result());
    play(game, {"g1-f3", "g8-f6", "f3-g1", "f6-g8"});
    CHECK(!game.result());  // twice, in this game
    play(game, {"g1-f3", "g8-f6", "f3-g1", "f6-g8"});
    REQUIRE(game.result());
    CHECK(game.result()->reason == "threefold repetition");
}

TEST_CASE("random games played on one game restarted are those of games made anew",
          "[runtime][game]") {
    for (const char* name : {"chess", "crazyhouse", "three-player-hex-shogi-91", "janggi"}) {
        INFO(name);
        const auto compiled = test::load_shipped(name);
        std::mt19937_64 played(3), fresh(3);
        runtime::Game restarted(*compiled);
        for (int g = 0; g < 4; ++g) {
            if (g > 0) restarted.restart();
            runtime::Game anew(*compiled);
            while (!anew.result() && anew.ply() < 300) {
                REQUIRE(!restarted.result());
                const Move m = runtime::random_move(restarted, played);
                REQUIRE(m == runtime::random_move(anew, fresh));
                restarted.play(m);
                anew.play(m);
                REQUIRE(restarted.position().hash() == anew.position().hash());
            }
            CHECK(restarted.hashes() == anew.hashes());
            REQUIRE(static_cast<bool>(restarted.result()) == static_cast<bool>(anew.result()));
            if (anew.result()) CHECK(restarted.result()->summary == anew.result()->summary);
        }
    }
}

TEST_CASE("random games of every shipped game end or run on consistently", "[runtime][game]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto compiled = test::load_shipped(name);
        std::mt19937_64 rng(17);
        int ended = 0;
        // Ten games, and more while none has ended: a big board's random games are long.
        for (int g = 0; g < 10 || (ended == 0 && g < 50); ++g) {
            runtime::Game game(*compiled);
            // Long enough for makruk, which has no ply limit: its random games end by
            // repetition, after 600 to 1000 plies.
            while (!game.result() && game.ply() < 1200) game.play(runtime::random_move(game, rng));
            INFO(name << ": " << notation::to_position_string(game.position()));
            CHECK(game.position().is_consistent());
            if (game.result()) {
                ++ended;
                double total = 0;
                for (double s : game.result()->scores) total += s;
                CHECK(total == Approx(1.0));
            }
        }
        CHECK(ended > 0);
    }
}

TEST_CASE("where the game says so, the stalemated side loses", "[runtime][game]") {
    const auto minishogi = test::load_shipped("minishogi");  // end stalemate win
    // White's King on e5 may not move, and White has nothing to drop.
    const auto stalemate = from(*minishogi, "4k/2S2/4G/5/K4[-] w - - 0 1");
    REQUIRE(stalemate.result());
    CHECK(stalemate.result()->reason == "stalemate");
    CHECK(stalemate.result()->summary == "Black wins by stalemate");
    CHECK(stalemate.result()->scores == std::vector<double>{1.0, 0.0});
    // A piece in hand is a move.
    const auto drop = from(*minishogi, "4k/2S2/4G/5/K4[p] w - - 0 1");
    CHECK(!drop.result());
    CHECK(drop.legal_moves().size > 0);
}

TEST_CASE("a drop can checkmate, and undo puts the piece back in hand", "[runtime][game]") {
    const auto minishogi = test::load_shipped("minishogi");
    auto game = from(*minishogi, "4k/2S2/4G/5/K4[G] b - - 0 1");
    const std::string before = notation::to_position_string(game.position());
    play(game, {"G*1b"});
    REQUIRE(game.result());
    CHECK(game.result()->summary == "Black wins by checkmate");
    CHECK(notation::to_position_string(game.position()) == "4k/2S1G/4G/5/K4[-] w - - 1 1");
    CHECK(game.undo());
    CHECK(!game.result());
    CHECK(notation::to_position_string(game.position()) == before);
}

TEST_CASE("a capture puts the piece in the captor's hand, unpromoted", "[runtime][game]") {
    const auto minishogi = test::load_shipped("minishogi");
    auto game = from(*minishogi, "4k/5/2+p2/2R2/K4[-] b - - 0 1");
    play(game, {"3dx3c"});
    CHECK(notation::to_position_string(game.position()) == "4k/5/2R2/5/K4[P] w - - 0 1");
    play(game, {"1a-1b", "P*3b"});
    CHECK(notation::to_position_string(game.position()) == "5/2P1k/2R2/5/K4[-] w - - 2 2");
}

TEST_CASE("the fourth occurrence of a position draws by repetition in minishogi",
          "[runtime][game]") {
    const auto minishogi = test::load_shipped("minishogi");
    auto game = from(*minishogi, "4k/5/5/5/K4[Pp] b - - 0 1");
    for (int i = 0; i < 2; ++i) play(game, {"5e-5d", "1a-1b", "5d-5e", "1b-1a"});
    play(game, {"5e-5d", "1a-1b", "5d-5e"});
    CHECK(!game.result());
    play(game, {"1b-1a"});
    REQUIRE(game.result());
    CHECK(game.result()->reason == "fourfold repetition");
    CHECK(game.result()->summary == "draw by fourfold repetition");
}

}  // namespace vari::runtime_game_tests
