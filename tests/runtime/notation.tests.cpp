// Move notation: every legal move reads back as itself, the written forms of each kind of move,
// and the reason given for each kind of refused move.
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "runtime/playouts.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari {
namespace {

using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

std::set<std::string> written_moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> names;
    for (Move m : list) names.insert(runtime::format_move(pos, m));
    return names;
}

std::string refusal(Position& pos, const std::string& typed) {
    std::string error;
    const auto move = runtime::parse_move(pos, typed, error);
    INFO(typed);
    CHECK(!move);
    return error;
}

}  // namespace

TEST_CASE("every legal move of random positions is written and read back as itself",
          "[runtime][notation]") {
    for (const char* name : {"chess", "shafran-chess"}) {
        const auto game = test::load_shipped(name);
        test::for_each_playout_position(*game, 6, 120, 99, [&](const runtime::Game& g) {
            Position pos = g.position();
            std::set<std::string> seen;
            for (Move m : g.legal_moves()) {
                const std::string text = runtime::format_move(pos, m);
                INFO(name << ": " << runtime::to_position_string(pos) << " move " << text);
                CHECK(seen.insert(text).second);  // no two legal moves share a name
                std::string error;
                const auto back = runtime::parse_move(pos, text, error);
                INFO(error);
                REQUIRE(back);
                CHECK(*back == m);
                // Separators are optional: "e2e4", "e7e8Q".
                std::string bare;
                for (char c : text)
                    if (c != '-' && c != 'x' && c != '=') bare += c;
                const auto unseparated = runtime::parse_move(pos, bare, error);
                REQUIRE(unseparated);
                CHECK(*unseparated == m);
            }
        });
    }
}

TEST_CASE("moves are written FROM-TO, captures FROMxTO, promotions with =LETTER",
          "[runtime][notation]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    SECTION("a quiet move and a capture") {
        test::set_position(pos, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        const auto moves = written_moves(pos);
        CHECK(moves.count("e4xd5"));
        CHECK(moves.count("e4-e5"));
    }
    SECTION("an en-passant capture") {
        test::set_position(pos, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        CHECK(written_moves(pos).count("e5xf6"));
    }
    SECTION("castlings as the royal piece's move") {
        test::set_position(pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        const auto moves = written_moves(pos);
        CHECK(moves.count("e1-g1"));
        CHECK(moves.count("e1-c1"));
    }
    SECTION("promotions, with and without a capture") {
        test::set_position(pos, "k2r4/4P3/8/8/8/8/8/7K w - - 0 1");
        const auto moves = written_moves(pos);
        for (const char* m : {"e7-e8=Q", "e7-e8=R", "e7-e8=B", "e7-e8=N", "e7xd8=Q", "e7xd8=N"})
            CHECK(moves.count(m));
        CHECK(!moves.count("e7-e8"));
    }
}

TEST_CASE("typed moves may use upper case and other separators", "[runtime][notation]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    for (const char* typed : {"e2-e4", "e2e4", "E2E4", "e2 e4", " e2:e4 ", "e2xe4"}) {
        std::string error;
        const auto move = runtime::parse_move(pos, typed, error);
        INFO(typed << ": " << error);
        REQUIRE(move);
        CHECK(runtime::format_move(pos, *move) == "e2-e4");
    }
    test::set_position(pos, "k2r4/4P3/8/8/8/8/8/7K w - - 0 1");
    for (const char* typed : {"e7xd8=Q", "E7XD8=q", "e7d8q", "e7-d8Q"}) {
        std::string error;
        const auto move = runtime::parse_move(pos, typed, error);
        INFO(typed << ": " << error);
        REQUIRE(move);
        CHECK(runtime::format_move(pos, *move) == "e7xd8=Q");
    }
}

TEST_CASE("a refused move is told exactly what is wrong with it", "[runtime][notation]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    SECTION("in the start position") {
        CHECK_THAT(refusal(pos, "e2-e5"),
                   Equals("e2-e5 is not a legal move for the Pawn on e2 (legal: e2-e3, e2-e4)"));
        CHECK_THAT(refusal(pos, "e3-e4"), Equals("no piece on e3"));
        CHECK_THAT(refusal(pos, "e7-e5"), Equals("that is Black's piece; White to move"));
        CHECK_THAT(refusal(pos, "z9-e4"), Equals("unknown cell 'z9'"));
        CHECK_THAT(refusal(pos, "e2-z9"), Equals("unknown cell 'z9'"));
        CHECK_THAT(refusal(pos, "e2-e4=Q"), Equals("e2-e4 is not a promotion: leave out =Q"));
        CHECK_THAT(refusal(pos, "e2"), StartsWith("cannot read 'e2' as a move: write FROM-TO"));
        CHECK_THAT(refusal(pos, ""), StartsWith("no move given: write FROM-TO, e.g. "));
    }
    SECTION("a promotion without its piece, or with a wrong one") {
        test::set_position(pos, "k7/4P3/8/8/8/8/8/7K w - - 0 1");
        CHECK_THAT(refusal(pos, "e7-e8"), Equals("promotion needed: add =Q, =R, =B or =N"));
        CHECK_THAT(refusal(pos, "e7-e8=K"),
                   Equals("cannot promote to a King on e8: add =Q, =R, =B or =N"));
        CHECK_THAT(refusal(pos, "e7-e8=Z"), Equals("unknown piece letter 'Z'"));
    }
    SECTION("a move that would expose the royal piece") {
        test::set_position(pos, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
        CHECK_THAT(refusal(pos, "e2-d3"),
                   Equals("e2-d3 is not a legal move for the Bishop on e2: it would leave the "
                          "King attacked (it has no legal move)"));
        test::set_position(pos, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
        CHECK_THAT(refusal(pos, "e1-f1"),
                   StartsWith("e1-f1 is not a legal move for the King on e1: it would be "
                              "attacked there (legal: "));
    }
}

TEST_CASE("any typed text gives a legal move or a reason, never a crash", "[runtime][notation]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    const std::string start = runtime::to_position_string(pos);
    const std::string alphabet = "abcdefghxz0123456789-=:QRBNK ";
    std::mt19937_64 rng(3);
    for (int i = 0; i < 3000; ++i) {
        std::string text(rng() % (i < 2900 ? 12 : 5000), ' ');
        for (char& c : text)
            c = rng() % 8 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng() % 256);
        std::string error;
        const auto move = runtime::parse_move(pos, text, error);
        INFO(text);
        CHECK((move.has_value() || !error.empty()));
    }
    CHECK(runtime::to_position_string(pos) == start);
}

}  // namespace vari
