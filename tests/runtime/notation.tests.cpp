// Move notation: every legal move reads back as itself, the written forms of each kind of move,
// and the reason given for each kind of refused move.
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "dsl/dsl.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/playouts.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace vari::runtime_notation_tests {
namespace {

using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

std::set<std::string> written_moves(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> names;
    for (Move m : list) names.insert(notation::format_move(pos, m));
    return names;
}

// The letter of the piece that makes board move `m` ("N", "+P").
std::string piece_letter(const Position& pos, Move m) {
    const ir::Piece& piece = pos.game().ir().pieces[type_of(pos.piece_on(m.from()))];
    return (piece.plus ? "+" : "") + std::string(1, piece.letter);
}

std::string refusal(Position& pos, const std::string& typed) {
    std::string error;
    const auto move = notation::parse_move(pos, typed, error);
    INFO(typed);
    CHECK(!move);
    return error;
}

}  // namespace

TEST_CASE("every legal move of random positions is written and read back as itself",
          "[runtime][notation]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto game = test::load_shipped(name);
        const bool hands = game->ir().hands;
        int drops = 0, plus_promotions = 0;
        // Games with hands have hundreds of drops a position: fewer playouts cover them well.
        test::for_each_playout_position(
            *game, test::scaled_lighter(hands ? 3 : 6), 120, 99, [&](const runtime::Game& g) {
                Position pos = g.position();
                const std::string where = name + ": " + notation::to_position_string(pos);
                std::set<std::string> seen;
                for (Move m : g.legal_moves()) {
                    const std::string text = notation::format_move(pos, m);
                    INFO(where << " move " << text);
                    CHECK(seen.insert(text).second);  // no two legal moves share a name
                    if (m.is_drop()) ++drops;
                    if (text.back() == '+') ++plus_promotions;
                    std::string error;
                    const auto back = notation::parse_move(pos, text, error);
                    INFO(error);
                    REQUIRE(back);
                    CHECK(*back == m);
                    // Separators are optional: "e2e4", "e7e8Q".
                    std::string bare;
                    for (char c : text)
                        if (c != '-' && c != 'x' && c != '=') bare += c;
                    const auto unseparated = notation::parse_move(pos, bare, error);
                    REQUIRE(unseparated);
                    CHECK(*unseparated == m);
                }
            });
        INFO(name);
        if (hands) CHECK(drops > 0);  // the playouts did reach positions with pieces in hand
        const auto& pieces = game->ir().pieces;
        if (std::any_of(pieces.begin(), pieces.end(), [](const ir::Piece& p) { return p.plus; }))
            CHECK(plus_promotions > 0);
    }
}

// A position's list written at once names each move as it is named alone.
TEST_CASE("every legal move of random positions has a short name of its own that reads back",
          "[runtime][notation][short]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto game = test::load_shipped(name);
        const bool hands = game->ir().hands;
        int checks = 0, lettered_long = 0;
        test::for_each_playout_position(
            *game, test::scaled_lighter(hands ? 3 : 6), 120, 7, [&](const runtime::Game& g) {
                Position pos = g.position();
                const std::string where = name + ": " + notation::to_position_string(pos);
                std::set<std::string> seen;
                const MoveList& legal = g.legal_moves();
                // The whole list, written from one generation, as each move alone.
                const auto texts = notation::format_moves(pos, {legal.begin(), legal.end()},
                                                          notation::Notation::short_form);
                REQUIRE(texts.size() == static_cast<std::size_t>(legal.size));
                for (int i = 0; i < legal.size; ++i) {
                    const Move m = legal.moves[i];
                    const std::string text = notation::format_short(pos, m);
                    INFO(where << " move " << text);
                    CHECK(texts[static_cast<std::size_t>(i)] == text);
                    CHECK(seen.insert(text).second);  // unambiguous
                    if (notation::marks_check(game->ir()) &&
                        (text.back() == '#' || text.back() == '+'))
                        ++checks;
                    std::string error;
                    const auto back = notation::parse_move(pos, text, error);
                    INFO(error);
                    REQUIRE(back);
                    CHECK(*back == m);
                    // The piece letter before a long move: "Nb1-c3".
                    if (m.is_drop() || m.is_pass() || m.is_jumps()) continue;
                    const std::string token = piece_letter(pos, m);
                    const auto lettered =
                        notation::parse_move(pos, token + notation::format_move(pos, m), error);
                    REQUIRE(lettered);
                    CHECK(*lettered == m);
                    ++lettered_long;
                }
            });
        INFO(name);
        CHECK(lettered_long > 0);
        if (name == "chess" || name == "shafran-chess") CHECK(checks > 0);
    }
}

TEST_CASE("short notation writes chess as players do", "[runtime][notation][short]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    // A game with every kind of move: captures, both castlings, en passant, promotion, mate.
    const std::string score =
        "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 c6 Nf3 Bg4 Bf4 e6 h3 Bxf3 Qxf3 Bb4 Be2 Nd7 a3 O-O-O "
        "axb4 Qxa1+ Kd2 Qxh1 Qxc6+ bxc6 Ba6#";
    REQUIRE(runtime::play_moves(game, score, error));
    INFO(error);
    CHECK(game.result());
    // Replaying writes the same score.
    runtime::Game again(*chess);
    std::string written;
    std::size_t at = 0;
    while (at < score.size()) {
        const std::size_t end = std::min(score.find(' ', at), score.size());
        const auto move = runtime::parse_game_move(again, score.substr(at, end - at), error);
        REQUIRE(move);
        written += (written.empty() ? "" : " ") + notation::format_short(again.position(), *move);
        again.play(*move);
        at = end + 1;
    }
    CHECK(written == score);
}

TEST_CASE("short notation tells pieces apart by the least of their origin",
          "[runtime][notation][short]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    test::place(pos, "Ke1 ke8 Nb1 Nf1 Ra1 Ra5 Pe4 Pc4 pd5 Qh4 Qh2 Qf2 Pb7", 0);
    auto written = [&](const std::string& from, const std::string& to) {
        return notation::format_short(pos, test::legal_move(pos, from, to));
    };
    CHECK(written("b1", "d2") == "Nbd2");
    CHECK(written("a1", "a3") == "R1a3");
    CHECK(written("e4", "d5") == "exd5");
    CHECK(written("c4", "d5") == "cxd5");
    CHECK(written("h4", "f4") == "Q4f4");
    CHECK(written("h2", "g3") == "Qh2g3");  // file and rank are each shared
    CHECK(written("e1", "d1") == "Kd1");
    CHECK(written("b7", "b8") == "b8=Q+");
    std::string error;
    CHECK_FALSE(notation::parse_move(pos, "Nd2", error));
    CHECK(error == "Nd2 is ambiguous: Nbd2 or Nfd2");
    CHECK_FALSE(notation::parse_move(pos, "Bc4", error));
    CHECK(error == "no Bishop can go to c4: White has no Bishop");
    CHECK(notation::parse_move(pos, "Nb1-d2", error));
    CHECK(notation::parse_move(pos, "Nbxd2", error));  // a capture mark where none is due
    CHECK(notation::parse_move(pos, "ed5", error));
}

TEST_CASE("castling is written as the rule file names it, and read with O or 0",
          "[runtime][notation][short]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    test::set_position(pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(notation::format_short(pos, test::legal_move(pos, "e1", "g1")) == "O-O");
    CHECK(notation::format_short(pos, test::legal_move(pos, "e1", "c1")) == "O-O-O");
    CHECK(notation::format_move(pos, test::legal_move(pos, "e1", "g1")) == "e1-g1");
    std::string error;
    for (const char* typed : {"O-O", "0-0", "O-O+", "e1g1"})
        CHECK(notation::parse_move(pos, typed, error) == test::legal_move(pos, "e1", "g1"));
    const auto shafran = test::load_shipped("shafran-chess");
    Position hex(*shafran);
    test::place(hex, "Ke1 Ra1 Ri5 ke10", 0, "KQ");
    CHECK(notation::format_short(hex, test::legal_move(hex, "e1", "b1")) == "Q-0-0-0");
    CHECK(notation::format_short(hex, test::legal_move(hex, "e1", "g3")) == "B-0-0");
    CHECK(notation::parse_move(hex, "Q-O-O", error) == test::legal_move(hex, "e1", "c1"));
}

TEST_CASE("shogi's short notation marks promotion with '+', declining with '=', and no check",
          "[runtime][notation][short]") {
    const auto shogi = test::load_shipped("shogi");
    Position pos(*shogi);
    test::set_position(
        pos, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] b - - 0 3");
    CHECK(notation::format_short(pos, test::legal_move(pos, "8h", "2b")) == "Bx2b+");
    std::string error;
    const auto declined = notation::parse_move(pos, "Bx2b=", error);
    REQUIRE(declined);
    CHECK_FALSE(declined->is_promotion());
    CHECK(notation::format_short(pos, *declined) == "Bx2b=");
    CHECK(notation::format_short(pos, test::legal_move(pos, "2g", "2f")) == "P2f");
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
        const auto move = notation::parse_move(pos, typed, error);
        INFO(typed << ": " << error);
        REQUIRE(move);
        CHECK(notation::format_move(pos, *move) == "e2-e4");
    }
    test::set_position(pos, "k2r4/4P3/8/8/8/8/8/7K w - - 0 1");
    for (const char* typed : {"e7xd8=Q", "E7XD8=q", "e7d8q", "e7-d8Q"}) {
        std::string error;
        const auto move = notation::parse_move(pos, typed, error);
        INFO(typed << ": " << error);
        REQUIRE(move);
        CHECK(notation::format_move(pos, *move) == "e7xd8=Q");
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
        CHECK_THAT(refusal(pos, "e2"), StartsWith("no Pawn can go to e2 (legal: a3, b3, "));
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
    const auto minishogi = test::load_shipped("minishogi");
    Position chess_start(*chess), hands(*minishogi);
    test::set_position(hands, "rbsgk/4p/5/P4/KGSBR[GPsp] b - - 0 1");
    const std::string alphabet = "abcdefghxz0123456789-=:QRBNKPSG+*@ ";
    std::mt19937_64 rng(3);
    for (Position* pos : {&chess_start, &hands}) {
        const std::string start = notation::to_position_string(*pos);
        for (int i = 0; i < 3000; ++i) {
            std::string text(rng() % (i < 2900 ? 12 : 5000), ' ');
            for (char& c : text)
                c = rng() % 8 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng() % 256);
            std::string error;
            const auto move = notation::parse_move(*pos, text, error);
            INFO(text);
            CHECK((move.has_value() || !error.empty()));
        }
        CHECK(notation::to_position_string(*pos) == start);
    }
}

TEST_CASE("a drop is written as the piece's token, '*' and the cell", "[runtime][notation]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    test::set_position(pos, "4k/5/5/2P2/K4[GSp] b - - 0 1");
    const auto moves = written_moves(pos);
    CHECK(moves.count("G*3c"));
    CHECK(moves.count("S*1b"));
    CHECK(!moves.count("P*3c"));  // the Pawn is White's
    for (const char* typed : {"G*3c", "g*3c", "G*3C", "G@3c", " G * 3c "}) {
        std::string error;
        const auto move = notation::parse_move(pos, typed, error);
        INFO(typed << ": " << error);
        REQUIRE(move);
        CHECK(move->is_drop());
        CHECK(notation::format_move(pos, *move) == "G*3c");
    }
}

TEST_CASE("a promotion to the piece's one plus type is written with '+'", "[runtime][notation]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    SECTION("optional: with '+' or without") {
        test::set_position(pos, "4k/2S2/5/5/K4[-] b - - 0 1");
        const auto moves = written_moves(pos);
        for (const char* m : {"3b-3a+", "3b-3a", "3b-4a+", "3b-4a", "3b-4c", "3b-2c"})
            CHECK(moves.count(m));
        CHECK(!moves.count("3b-4c+"));
        // '+' alone, the promoted piece's token, or '=' to say "no promotion".
        for (const auto& [typed, written] :
             std::vector<std::pair<std::string, std::string>>{{"3b3a+", "3b-3a+"},
                                                              {"3b-3a=+S", "3b-3a+"},
                                                              {"3b3a+s", "3b-3a+"},
                                                              {"3b-3a=", "3b-3a"},
                                                              {"3b3a", "3b-3a"}}) {
            std::string error;
            const auto move = notation::parse_move(pos, typed, error);
            INFO(typed << ": " << error);
            REQUIRE(move);
            CHECK(notation::format_move(pos, *move) == written);
        }
    }
    SECTION("compulsory: a Pawn on the last rank could never move again") {
        test::set_position(pos, "4k/P4/5/5/4K[-] b - - 0 1");
        const auto moves = written_moves(pos);
        CHECK(moves.count("5b-5a+"));
        CHECK(!moves.count("5b-5a"));
        CHECK_THAT(refusal(pos, "5b-5a"), Equals("promotion needed: add +"));
        CHECK_THAT(refusal(pos, "5b-5a="), Equals("promotion needed: add +"));
    }
    SECTION("a move that cannot promote") {
        test::set_position(pos, "4k/5/2S2/5/K4[-] b - - 0 1");
        CHECK_THAT(refusal(pos, "3c-3b+"), Equals("3c-3b is not a promotion: leave out +"));
        CHECK_THAT(refusal(pos, "3c-3b=+S"), Equals("3c-3b is not a promotion: leave out =+S"));
    }
}

TEST_CASE("a promotion with several plus types to choose from names the piece",
          "[runtime][notation]") {
    const auto game = test::load_text(R"(
game "Two plus"
players White Black
orient Black rotate 180
board square { files a..c ranks 1..3 }
zone last = rank 3
piece King K royal { step orthogonal diagonal }
piece Pawn P { step n  promote in last to Tokin Queen PlusQueen }
piece Tokin +P { step orthogonal }
piece Queen Q { slide orthogonal diagonal }
piece PlusQueen +Q { slide orthogonal diagonal  step (1, 2) symmetric }
setup White { King a1  Pawn b2 }
setup Black { King c3 }
end checkmate win
)");
    Position pos(*game);
    const auto moves = written_moves(pos);
    for (const char* m : {"b2-b3=+P", "b2-b3=Q", "b2-b3=+Q"}) CHECK(moves.count(m));
    CHECK_THAT(refusal(pos, "b2-b3+"), Equals("cannot promote with + on b3: add =+P, =Q or =+Q"));
    CHECK_THAT(refusal(pos, "b2-b3"), Equals("promotion needed: add =+P, =Q or =+Q"));
}

TEST_CASE("a piece written with '~' is written in moves by its letter alone",
          "[runtime][notation]") {
    const auto crazyhouse = test::load_shipped("crazyhouse");
    const auto& pieces = crazyhouse->ir().pieces;
    Position pos(*crazyhouse);
    SECTION("a promotion to it is told apart by the Pawn's choices") {
        test::set_position(pos, "8/1P5k/8/8/8/8/8/4K3[-] w - - 0 1");
        const auto moves = written_moves(pos);
        for (const char* m : {"b7-b8=Q", "b7-b8=R", "b7-b8=B", "b7-b8=N"}) CHECK(moves.count(m));
        for (const char* typed : {"b7-b8=Q", "b7b8q", "b8=Q", "b8Q"}) {
            std::string error;
            const auto move = notation::parse_move(pos, typed, error);
            INFO(typed << ": " << error);
            REQUIRE(move);
            CHECK(pieces[static_cast<std::size_t>(move->promotion())].name == "PromotedQueen");
        }
        CHECK_THAT(refusal(pos, "b7-b8=K"),
                   Equals("cannot promote to a King on b8: add =Q, =R, =B or =N"));
    }
    SECTION("its move is told apart from a Queen's by the least of its origin") {
        test::set_position(pos, "1Q~6/7k/8/8/8/8/8/Q3K3[-] w - - 0 1");
        MoveList legal;
        generate_legal(pos, legal);
        std::set<std::string> written;
        for (Move m : legal) written.insert(notation::format_short(pos, m));
        for (const char* m : {"Qab2", "Qbb2", "Qaa7+", "Qba7+", "Qb7+", "Qh2+"})
            CHECK(written.count(m));
        std::string error;
        const auto move = notation::parse_move(pos, "Qbb2", error);
        REQUIRE(move);
        CHECK(notation::format_move(pos, *move) == "b8-b2");
        CHECK_THAT(refusal(pos, "Qb2"), Equals("Qb2 is ambiguous: Qab2 or Qbb2"));
    }
}

TEST_CASE("a refused drop is told why, in the words of the rule", "[runtime][notation]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    // White's King on 1a is boxed in by the Gold on 1c and the Silver on 3b.
    test::set_position(pos, "4k/2S2/4G/5/K4[P] b - - 0 1");
    CHECK_THAT(refusal(pos, "P*1b"),
               Equals("P*1b is not a legal drop: a Pawn may not be dropped where it gives "
                      "checkmate"));
    CHECK_THAT(refusal(pos, "P*3b"), Equals("P*3b is not a legal drop: 3b is not empty"));
    CHECK_THAT(refusal(pos, "P*4a"),
               Equals("P*4a is not a legal drop: a Pawn may not be dropped where it could "
                      "never move"));
    CHECK_THAT(refusal(pos, "G*4d"), Equals("no Gold in hand"));
    CHECK_THAT(refusal(pos, "K*4d"),
               Equals("K*4d is not a legal drop: a King may not be dropped in this game"));
    CHECK_THAT(refusal(pos, "Z*4d"), Equals("unknown piece letter 'Z'"));
    CHECK_THAT(refusal(pos, "+Z*4d"), Equals("unknown piece '+Z'"));
    CHECK_THAT(refusal(pos, "P*z9"), Equals("unknown cell 'z9'"));
    CHECK_THAT(refusal(pos, "P*"),
               StartsWith("cannot read 'P*' as a drop: write PIECE*CELL, e.g. P*"));
    CHECK_THAT(refusal(pos, "3c"),
               StartsWith("cannot read '3c' as a move: write FROM-TO or PIECE*CELL, e.g. "));
    test::set_position(pos, "4k/5/5/P4/K4[P] b - - 0 1");
    CHECK_THAT(refusal(pos, "P*5c"),
               Equals("P*5c is not a legal drop: a Pawn may not be dropped on a file that holds "
                      "your Pawn"));
    const auto chess = test::load_shipped("chess");
    Position start(*chess);
    CHECK_THAT(refusal(start, "P*e4"), Equals("this game has no drops"));
}

}  // namespace vari::runtime_notation_tests
