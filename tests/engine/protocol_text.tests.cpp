// Moves and positions in UCI's and USI's text, derived from the games' boards.
#include <catch2/catch.hpp>

#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace engine_protocol_text_tests {

using namespace vari;
using notation::Protocol;
using notation::ProtocolText;

namespace {

ProtocolText text_of(const CompiledGame& game, Protocol protocol) {
    std::string why;
    auto text = ProtocolText::make(game, protocol, why);
    INFO(why);
    REQUIRE(text);
    return *text;
}

// The position after `moves`, each read in the protocol's text from the one before.
Position after(const ProtocolText& text, Position pos, const std::vector<std::string>& moves) {
    for (const auto& m : moves) {
        std::string error;
        const auto move = text.read_move(pos, m, error);
        INFO(m << ": " << error);
        REQUIRE(move);
        CHECK(text.write_move(pos, *move) == m);
        Undo undo;
        pos.do_move(*move, undo);
    }
    return pos;
}

std::string refusal(const std::string& game, Protocol protocol) {
    const auto compiled = test::load_shipped(game);
    std::string why;
    CHECK_FALSE(ProtocolText::make(*compiled, protocol, why));
    return why;
}

}  // namespace

TEST_CASE("UCI writes chess's cells, moves and FEN as chess programs do", "[engine][protocol]") {
    const auto chess = test::load_shipped("chess");
    const auto uci = text_of(*chess, Protocol::uci);
    const Position start(*chess);
    CHECK(uci.write_position(start) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(uci.square(chess->cell_index("a1")) == "a1");
    CHECK(uci.square(chess->cell_index("h8")) == "h8");

    SECTION("an en-passant cell only where the capture is legal") {
        CHECK(uci.write_position(after(uci, start, {"e2e4"})) ==
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        const Position ep = after(uci, start, {"e2e4", "a7a6", "e4e5", "d7d5"});
        CHECK(uci.write_position(ep) ==
              "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        CHECK(uci.write_position(after(uci, ep, {"e5d6"})) ==
              "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    }
    SECTION("castling is the King's move, and takes away the rights") {
        Position pos(*chess);
        REQUIRE_FALSE(uci.read_position(pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        CHECK(uci.write_position(after(uci, pos, {"e1g1"})) ==
              "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        CHECK(uci.write_position(after(uci, pos, {"e1c1", "e8g8"})) ==
              "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
        CHECK(uci.write_position(after(uci, pos, {"a1a8"})) == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    }
    SECTION("a promotion ends with the piece's letter in lower case") {
        Position pos(*chess);
        REQUIRE_FALSE(uci.read_position(pos, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
        CHECK(uci.write_position(after(uci, pos, {"b7b8q"})) == "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
        CHECK(uci.write_position(after(uci, pos, {"b7b8n"})) == "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
        std::string error;
        CHECK(uci.read_move(pos, "b7b8Q", error));  // the letter in either case, as Stockfish
        CHECK_FALSE(uci.read_move(pos, "b7b8", error));
        CHECK(error == "promotion needed: add =Q, =R, =B or =N");
    }
    SECTION("an illegal or malformed move says why") {
        Position pos(*chess);
        std::string error;
        CHECK_FALSE(uci.read_move(pos, "e2e5", error));
        CHECK(error == "e2-e5 is not a legal move for the Pawn on e2 (legal: e2-e3, e2-e4)");
        CHECK_FALSE(uci.read_move(pos, "e2-e4", error));
        CHECK(error == "'e2-e4' is not a move in UCI's form (e2e4, e7e8q, P@e4)");
        CHECK_FALSE(uci.read_move(pos, "i2i4", error));
        CHECK_FALSE(uci.read_move(pos, "", error));
        CHECK_FALSE(uci.read_move(pos, "P@e4", error));
        CHECK(error == "this game has no drops");
    }
}

TEST_CASE("FEN is read as Stockfish reads it, and bad FEN says what is wrong",
          "[engine][protocol]") {
    const auto chess = test::load_shipped("chess");
    const auto uci = text_of(*chess, Protocol::uci);
    Position pos(*chess);
    for (const std::string fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
             "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
         }) {
        INFO(fen);
        REQUIRE_FALSE(uci.read_position(pos, fen));
        CHECK(uci.write_position(pos) == fen);
    }
    // Fields after the board may be left out; an en-passant cell no capture can use is dropped.
    REQUIRE_FALSE(uci.read_position(pos, "4k3/8/8/8/8/8/8/4K3 b"));
    CHECK(uci.write_position(pos) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    REQUIRE_FALSE(uci.read_position(pos, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"));
    CHECK(uci.write_position(pos) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

    const auto [fen, message] = GENERATE(table<std::string, std::string>({
        {"", "empty FEN"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rank 3 from the top has more than the board's 8 files"},
        {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rank 3 from the top has fewer than the board's 8 files"},
        {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "FEN has 7 ranks; the board has 8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
         "'Z' is not a piece of this game"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         "the side to move 'x' is neither w nor b"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
         "'X' is not a castling right here"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
         "the en-passant cell 'z9' is not on the board"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1", "this game has no hands"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7",
         "FEN has 7 fields, at most 6"},
        {"8/8/8/8/8/8/8/8 w - - 0 1", "White has no royal pieces on the board; it always keeps 1"},
        {"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "castling right 'Q' needs White's Rook on a1"},
    }));
    INFO(fen);
    const auto error = uci.read_position(pos, fen);
    REQUIRE(error);
    CHECK(*error == message);
}

TEST_CASE(
    "first-move rights in FEN are read and written as Fairy-Stockfish's, and need their piece",
    "[engine][protocol]") {
    const auto cambodian = test::load_shipped("cambodian");
    const auto uci = text_of(*cambodian, Protocol::uci);
    Position pos(*cambodian);
    const std::string start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    REQUIRE_FALSE(uci.read_position(pos, start));
    CHECK(uci.write_position(pos) == start);
    const auto error =
        uci.read_position(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w DEde - 0 1");
    REQUIRE(error);
    CHECK(*error == "a first-move right on e1 needs a piece of White with first moves there");
}

TEST_CASE("USI writes shogi's moves and SFEN as shogi programs do", "[engine][protocol]") {
    const auto shogi = test::load_shipped("shogi");
    const auto usi = text_of(*shogi, Protocol::usi);
    const Position start(*shogi);
    CHECK(usi.write_position(start) ==
          "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    CHECK(usi.square(shogi->cell_index("9a")) == "9a");
    CHECK(usi.square(shogi->cell_index("1i")) == "1i");
    const Position traded = after(usi, start, {"7g7f", "3c3d", "8h2b+", "3a2b"});
    CHECK(usi.write_position(traded) ==
          "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
    const Position dropped = after(usi, traded, {"B*5e"});
    CHECK(usi.write_position(dropped) ==
          "lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");

    SECTION("SFEN round-trips, hands with counts and the move count too") {
        Position pos(*shogi);
        for (const std::string sfen : {
                 "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5",
                 "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
                 "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
             }) {
            INFO(sfen);
            REQUIRE_FALSE(usi.read_position(pos, sfen));
            CHECK(usi.write_position(pos) == sfen);
        }
        const auto error = usi.read_position(pos, "4k4/9/9/9/9/9/9/9/4K4 b 2X 1");
        REQUIRE(error);
        CHECK(*error == "'2X' is not a hand of this game's pieces");
    }
    SECTION("a promotion is '+', declined by writing nothing") {
        Position pos(*shogi);
        REQUIRE_FALSE(usi.read_position(pos, "4k4/9/9/9/9/9/9/1B7/4K4 b - 1"));
        std::string error;
        const auto promoted = usi.read_move(pos, "8h3c+", error);
        const auto plain = usi.read_move(pos, "8h3c", error);
        REQUIRE(promoted);
        REQUIRE(plain);
        CHECK(*promoted != *plain);
        CHECK(usi.write_move(pos, *plain) == "8h3c");
    }
}

TEST_CASE("UCI writes shogi as Fairy-Stockfish does: files from a, drops with '@'",
          "[engine][protocol]") {
    const auto shogi = test::load_shipped("shogi");
    const auto uci = text_of(*shogi, Protocol::uci);
    const Position start(*shogi);
    CHECK(uci.write_position(start) ==
          "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
    const Position pos = after(uci, start, {"c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"});
    CHECK(uci.write_position(pos) ==
          "lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 1 3");
}

TEST_CASE("UCI writes Kyoto shogi as Fairy-Stockfish does: a turn back is '-', a drop as +P@",
          "[engine][protocol]") {
    const auto kyoto = test::load_shipped("kyoto-shogi");
    const auto uci = text_of(*kyoto, Protocol::uci);
    CHECK(uci.write_position(Position(*kyoto)) == "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    // Fairy-Stockfish's FEN after these moves, and its moves there (checked with Debian's 11.1):
    // the Pawn turns into a Rook (+), White's Gold back into a Knight (-), the Rook takes the
    // Tokin on e5 and turns back into a Pawn, the Lance going to Black's hand.
    const Position pos = after(uci, Position(*kyoto), {"e1e2+", "b5b4-", "e2e5-", "c5b5"});
    CHECK(uci.write_position(pos) == "pk1sP/1n3/5/5/+LSK+N1[L] w - - 1 3");
    MoveList legal;
    Position scratch = pos;
    generate_legal(scratch, legal);
    std::vector<std::string> written;
    for (const Move m : legal) written.push_back(uci.write_move(pos, m));
    for (const char* move : {"a1a2-", "+L@c3", "L@c3", "b1b2+", "c1b2"}) {
        INFO(move);
        CHECK(std::find(written.begin(), written.end(), move) != written.end());
    }
}

TEST_CASE(
    "UCI writes crazyhouse as Fairy-Stockfish does: a promoted piece is Q~ in FEN, q in moves",
    "[engine][protocol]") {
    const auto crazyhouse = test::load_shipped("crazyhouse");
    const auto uci = text_of(*crazyhouse, Protocol::uci);
    CHECK(uci.write_position(Position(*crazyhouse)) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    Position pos(*crazyhouse);
    REQUIRE_FALSE(uci.read_position(pos, "r3k3/1P6/8/8/8/8/8/4K3[] w q - 0 1"));
    // Fairy-Stockfish's FEN after each move (checked with Debian's 11.1): the promoted Queen is
    // Q~, goes to Black's hand as a Pawn, and Black drops it; a drop of a Pawn resets the
    // fifty-move count as a Pawn's move does.
    const Position promoted = after(uci, pos, {"b7b8q"});
    CHECK(crazyhouse->ir().pieces[type_of(promoted.piece_on(crazyhouse->cell_index("b8")))].name ==
          "PromotedQueen");
    CHECK(uci.write_position(promoted) == "rQ~2k3/8/8/8/8/8/8/4K3[] b q - 0 1");
    const Position taken = after(uci, promoted, {"a8b8"});
    CHECK(uci.write_position(taken) == "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    CHECK(uci.write_position(after(uci, taken, {"e1d1", "P@d2"})) ==
          "1r2k3/8/8/8/8/8/3p4/3K4[] w - - 0 3");

    SECTION("FEN with promoted pieces round-trips; a '~' the game has no piece for is refused") {
        for (const std::string fen :
             {"rQ~2k3/8/8/8/8/8/8/4K3[] b q - 0 1",
              "r3k2r/1P3ppp/8/3pP3/8/5q~2/PP3PPP/R3K2R[QNPbp] w KQkq d6 0 20",
              "6rk/2P3pp/8/8/8/8/3r~4/K7[QNPnp] w - - 0 1"}) {
            INFO(fen);
            REQUIRE_FALSE(uci.read_position(pos, fen));
            CHECK(uci.write_position(pos) == fen);
        }
        const auto error = uci.read_position(pos, "rK~2k3/8/8/8/8/8/8/4K3[] b q - 0 1");
        REQUIRE(error);
        CHECK(*error == "'K~' is not a piece of this game");
    }
    SECTION("a Pawn is never dropped on the first or last rank") {
        Position dropping = after(uci, taken, {"e1d1"});
        std::string error;
        CHECK_FALSE(uci.read_move(dropping, "P@a1", error));
        CHECK(error == "P*a1 is not a legal drop: a Pawn may not be dropped in zone 'last-rank'");
    }
}

TEST_CASE("a game a protocol cannot express is refused, saying why", "[engine][protocol]") {
    CHECK(refusal("hex-shogi-41", Protocol::uci) == "its board is hexagonal");
    CHECK(refusal("three-player-hex-shogi-91", Protocol::usi) == "its board is hexagonal");
    CHECK(refusal("compact-hex-draughts", Protocol::uci) == "its board is hexagonal");
    CHECK(refusal("chess", Protocol::usi) ==
          "the Pawn promotes to a Queen, and USI writes only promotions to + pieces");
    CHECK(refusal("crazyhouse", Protocol::usi) ==
          "the Pawn promotes to a PromotedQueen, and USI writes only promotions to + pieces");
    CHECK(refusal("crazyhouse", Protocol::xboard) ==
          "its PromotedQueen is written Q~, which XBoard cannot tell from Q");
    for (const std::string game : {"chess", "crazyhouse", "shogi", "minishogi"}) {
        const auto compiled = test::load_shipped(game);
        std::string why;
        CHECK(ProtocolText::make(*compiled, Protocol::uci, why));
    }
    const auto minishogi = test::load_shipped("minishogi");
    const auto usi = text_of(*minishogi, Protocol::usi);
    CHECK(usi.write_position(Position(*minishogi)) == "rbsgk/4p/5/P4/KGSBR b - 1");
}

}  // namespace engine_protocol_text_tests
