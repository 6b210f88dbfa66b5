// Position strings: the shipped games' start strings, round trips through random playouts, every
// error with its column, and no crash on any input.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "dsl/dsl.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/playouts.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace vari::runtime_position_string_tests {
namespace {

const char* const CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A diagnostic must point into the string or just past it.
void check_diagnostic(const Diagnostic& d, std::string_view text) {
    CHECK(d.file == "position");
    CHECK(d.line == 1);
    CHECK(d.column >= 1);
    CHECK(d.column <= text.size() + 1);
    CHECK(!d.message.empty());
}

}  // namespace

TEST_CASE("the start position of chess is written as in FEN", "[runtime][position]") {
    const auto chess = test::load_shipped("chess");
    CHECK(notation::to_position_string(Position(*chess)) == CHESS_START);
}

TEST_CASE("the start position of Shafran's chess lists files a to i, each from its top cell",
          "[runtime][position]") {
    const auto shafran = test::load_shipped("shafran-chess");
    CHECK(notation::to_position_string(Position(*shafran)) ==
          "rp2PR/bp3PN/np4PB/bp5PQ/kp6PK/qp5PB/bp4PN/np3PB/rp2PR w KQkq - 0 1");
}

TEST_CASE("Cambodian chess writes its first-move rights by file, as Fairy-Stockfish does",
          "[runtime][position]") {
    const auto cambodian = test::load_shipped("cambodian");
    Position pos(*cambodian);
    CHECK(notation::to_position_string(pos) ==
          "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
    // The King's leap takes its right; Black's Met keeps its own until it moves.
    for (const char* text : {"d1-b2", "a6-a5", "e3-e4", "d8-e7"}) {
        std::string error;
        const auto move = notation::parse_move(pos, text, error);
        INFO(text << ": " << error);
        REQUIRE(move);
        Undo undo;
        pos.do_move(*move, undo);
    }
    CHECK(notation::to_position_string(pos) ==
          "rns1ksnr/4m3/1ppppppp/p7/4P3/PPPP1PPP/1K6/RNS1MSNR w Ee - 4 3");
    // A right needs its piece of its player on its cell, and is given once.
    auto [text, column, message] = GENERATE(table<std::string, int, std::string>({
        {"4k3/8/8/8/8/8/8/r2K4 w E - 0 1", 24,
         "a first-move right on e1 needs a piece of White with first moves there"},
        {"4k3/8/8/8/8/8/8/r2K4 w Dd - 0 1", 25,
         "a first-move right on d8 needs a piece of Black with first moves there"},
        {"4k3/8/8/8/8/8/8/r2K4 w DD - 0 1", 25, "first-move right 'D' given twice"},
    }));
    INFO(text);
    Position parsed(*cambodian);
    const auto error = notation::parse_position(parsed, text);
    REQUIRE(error);
    CHECK(static_cast<int>(error->column) == column);
    CHECK(error->message == message);
}

TEST_CASE("every position of random playouts reads back to the same string and hash",
          "[runtime][position]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto game = test::load_shipped(name);
        int ep_positions = 0, hand_positions = 0, plus_positions = 0, tilde_positions = 0;
        test::for_each_playout_position(
            *game, test::scaled_lighter(40), 200, 2024, [&](const runtime::Game& g) {
                const Position& played = g.position();
                const std::string text = notation::to_position_string(played);
                Position parsed(*game);
                const auto error = notation::parse_position(parsed, text);
                INFO(name << ": " << text << (error ? "\n" + dsl::render(*error, text) : ""));
                REQUIRE(!error);
                CHECK(notation::to_position_string(parsed) == text);
                CHECK(parsed.hash() == played.hash());
                CHECK(parsed.ep_victim() == played.ep_victim());
                CHECK(parsed.is_consistent());
                if (played.ep_victim() >= 0) ++ep_positions;
                if (text.find('[') != std::string::npos && text.find("[-]") == std::string::npos)
                    ++hand_positions;
                if (text.find('+') != std::string::npos) ++plus_positions;
                if (text.find('~') != std::string::npos) ++tilde_positions;
            });
        INFO(name);
        // The playouts did test what the game has: the derived en-passant victim, hands, plus
        // and tilde pieces.
        if (name == "chess" || name == "shafran-chess" || name == "crazyhouse")
            CHECK(ep_positions > 0);
        if (game->ir().hands) CHECK(hand_positions > 0);
        const auto& pieces = game->ir().pieces;
        if (game->ir().hands &&
            std::any_of(pieces.begin(), pieces.end(), [](const ir::Piece& p) { return p.plus; }))
            CHECK(plus_positions > 0);
        if (std::any_of(pieces.begin(), pieces.end(), [](const ir::Piece& p) { return p.tilde; }))
            CHECK(tilde_positions > 0);
    }
}

TEST_CASE("runs of more than nine empty cells are written and read as one number",
          "[runtime][position]") {
    const auto shafran = test::load_shipped("shafran-chess");
    Position pos(*shafran);
    test::place(pos, "Kd1 kf10");
    const std::string text = notation::to_position_string(pos);
    CHECK(text.find("/10/") != std::string::npos);
    Position parsed(*shafran);
    REQUIRE(!notation::parse_position(parsed, text));
    CHECK(notation::to_position_string(parsed) == text);
    CHECK(parsed.hash() == pos.hash());
}

TEST_CASE("the passed cells of a triple pawn step are read back with their victim",
          "[runtime][position]") {
    const auto shafran = test::load_shipped("shafran-chess");
    Position pos(*shafran);
    Undo undo;
    pos.do_move(test::legal_move(pos, "e2", "e5"), undo);
    const std::string text = notation::to_position_string(pos);
    CHECK(text.find(" e3,e4 ") != std::string::npos);
    Position parsed(*shafran);
    REQUIRE(!notation::parse_position(parsed, text));
    CHECK(parsed.ep_victim() == shafran->cell_index("e5"));
    CHECK(parsed.hash() == pos.hash());
}

TEST_CASE("each malformed position string is refused at its offending character",
          "[runtime][position]") {
    const auto chess = test::load_shipped("chess");
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    auto [text, column, message] = GENERATE_COPY(table<std::string, int, std::string>({
        {"", 1, "empty position string"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", 43,
         "unknown piece letter 'X'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN? w KQkq - 0 1", 43,
         "unexpected '?' in the board"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
         "too many cells in line 3 (expected 8)"},
        {"rnbqkbnr/pppppppp/10/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
         "too many cells in line 3 (expected 8)"},
        {"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20,
         "too many cells in line 3 (expected 8)"},
        {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20,
         "too few cells in line 3 (expected 8, found 7)"},
        {"rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
         "a run of empty cells must count at least 1"},
        {"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
         "a run of empty cells is written without a leading zero"},
        {"rnbqkbnr/pppppppp/00/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
         "a run of empty cells is written without a leading zero"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 35,
         "too few lines (expected 8, found 7)"},
        {board + "/8 w KQkq - 0 1", 44, "too many lines (expected 8)"},
        {board, 44, "missing side to move"},
        {board + " z KQkq - 0 1", 45, "unknown side 'z'"},
        {board + " white KQkq - 0 1", 45, "unknown side 'white'"},
        {board + " w KQxq - 0 1", 49, "unknown castling right 'x'"},
        {board + " w KQkK - 0 1", 50, "castling right 'K' given twice"},
        {board + " w KQkq z9 0 1", 52, "unknown cell 'z9'"},
        {board + " w KQkq e3, 0 1", 55, "expected a cell name"},
        {board + " w KQkq e6 0 1", 52, "no piece of Black can just have passed e6"},
        {board + " w KQkq - x 1", 54, "bad number 'x' for the ply clock"},
        {board + " w KQkq - -1 1", 54, "bad number '-1' for the ply clock"},
        {board + " w KQkq - 0", 55, "missing move number"},
        {board + " w KQkq - 0 0", 56, "bad number '0' for the move number"},
        {board + " w KQkq - 0 01", 56, "bad number '01' for the move number"},
        {board + " w KQkq - 00 1", 54, "bad number '00' for the ply clock"},
        {board + " w KQkq - 0 99999999999", 56, "bad number '99999999999' for the move number"},
        {board + " w KQkq - 0 1 extra", 58, "trailing text 'extra'"},
    }));
    Position pos(*chess);
    const auto error = notation::parse_position(pos, text);
    INFO(text);
    REQUIRE(error);
    CHECK(error->message == message);
    CHECK(error->column == static_cast<std::uint32_t>(column));
    check_diagnostic(*error, text);
}

TEST_CASE("blanks around and between the fields are allowed", "[runtime][position]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    REQUIRE(!notation::parse_position(
        pos, "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tqkQK  -  0  1  "));
    CHECK(notation::to_position_string(pos) == CHESS_START);
    CHECK(pos.hash() == Position(*chess).hash());
}

TEST_CASE("no input makes the position parser crash", "[runtime][position]") {
    const auto chess = test::load_shipped("chess");
    const auto shafran = test::load_shipped("shafran-chess");
    const auto minishogi = test::load_shipped("minishogi");
    std::mt19937_64 rng(7);
    for (const CompiledGame* game : {chess.get(), shafran.get(), minishogi.get()}) {
        std::vector<std::string> valid;
        test::for_each_playout_position(*game, 2, 30, 11, [&](const runtime::Game& g) {
            valid.push_back(notation::to_position_string(g.position()));
        });
        const std::string alphabet = "rnbqkpsgRNBQKPSG0123456789/ -,wbxe[]+";
        auto junk_char = [&] {
            return rng() % 4 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng() % 256);
        };
        std::vector<std::string> inputs;
        for (const std::string& s : valid) {
            for (std::size_t n = 0; n <= s.size(); ++n) inputs.push_back(s.substr(0, n));
            for (int i = 0; i < 20; ++i) {
                std::string mutated = s;
                mutated[rng() % s.size()] = junk_char();
                inputs.push_back(mutated);
            }
        }
        for (int i = 0; i < 500; ++i) {
            std::string junk(rng() % 80, ' ');
            for (char& c : junk) c = junk_char();
            inputs.push_back(junk);
        }
        for (const std::string& text : inputs) {
            Position pos(*game);
            const auto error = notation::parse_position(pos, text);
            INFO(text);
            if (error) {
                check_diagnostic(*error, text);
            } else {
                // Whatever was accepted is a consistent position that writes out again.
                CHECK(pos.is_consistent());
                Position again(*game);
                CHECK(!notation::parse_position(again, notation::to_position_string(pos)));
            }
        }
    }
}

TEST_CASE("players whose initials clash are named by their numbers", "[runtime][position]") {
    const auto game = test::load_text(R"(
game "Three"
players Black Blue Red
board square { files a..c ranks 1..3 }
piece King K royal { step orthogonal diagonal }
setup Black { King a1 }
setup Blue { King c3 }
setup Red { King a3 }
end checkmate win
)");
    CHECK(notation::player_token(game->ir(), 0) == '1');
    CHECK(notation::player_token(game->ir(), 2) == '3');
    Position pos(*game);
    // With more than two players each piece is followed by its owner's token.
    const std::string text = notation::to_position_string(pos);
    CHECK(text == "K31K2/3/K12 1 - - 0 1");
    Position parsed(*game);
    REQUIRE(!notation::parse_position(parsed, text));
    CHECK(parsed.hash() == pos.hash());
    const auto error = notation::parse_position(parsed, "K31K4/3/K12 1 - - 0 1");
    REQUIRE(error);
    CHECK(error->column == 5);
    CHECK(error->message == "expected the owner of 'K' after it");
}

TEST_CASE("the start position of shogi is written as in Fairy-Stockfish, with empty hands",
          "[runtime][position]") {
    // Fairy-Stockfish: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b - 1
    const auto shogi = test::load_shipped("shogi");
    CHECK(notation::to_position_string(Position(*shogi)) ==
          "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b - - 0 1");
    const auto minishogi = test::load_shipped("minishogi");
    CHECK(notation::to_position_string(Position(*minishogi)) == "rbsgk/4p/5/P4/KGSBR[-] b - - 0 1");
}

TEST_CASE("pieces in hand are read with or without counts and written letter by letter",
          "[runtime][position]") {
    const auto minishogi = test::load_shipped("minishogi");
    const int pawn = 5, gold = 3;
    REQUIRE(minishogi->ir().pieces[pawn].name == "Pawn");
    REQUIRE(minishogi->ir().pieces[gold].name == "Gold");
    auto [typed, written] = GENERATE(table<std::string, std::string>({
        {"k4/5/5/5/4K[GPPgp] w - - 0 1", "k4/5/5/5/4K[GPPgp] w - - 0 1"},
        {"k4/5/5/5/4K[2PGpg] w - - 0 1", "k4/5/5/5/4K[GPPgp] w - - 0 1"},
        {"k4/5/5/5/4K[P1G1Pgp] w - - 0 1", "k4/5/5/5/4K[GPPgp] w - - 0 1"},
        {"k4/5/5/5/4K[pgPPG] w - - 0 1", "k4/5/5/5/4K[GPPgp] w - - 0 1"},
        {"k4/5/5/5/4K [GPPgp] w - - 0 1", "k4/5/5/5/4K[GPPgp] w - - 0 1"},
        {"k4/5/5/5/4K[]w - - 0 1", "k4/5/5/5/4K[-] w - - 0 1"},
    }));
    Position pos(*minishogi);
    INFO(typed);
    test::set_position(pos, typed);
    CHECK(notation::to_position_string(pos) == written);
    const std::string hand = written.substr(written.find('['));
    auto held = [&](char letter) {
        return static_cast<int>(std::count(hand.begin(), hand.end(), letter));
    };
    CHECK(pos.in_hand(0, pawn) == held('P'));
    CHECK(pos.in_hand(0, gold) == held('G'));
    CHECK(pos.in_hand(1, pawn) == held('p'));
    CHECK(pos.in_hand(1, gold) == held('g'));
    CHECK(pos.is_consistent());
    Position again(*minishogi);
    test::set_position(again, written);
    CHECK(again.hash() == pos.hash());
}

TEST_CASE("plus pieces are written with '+' on the board", "[runtime][position]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    const std::string text = "k+r3/5/2+P2/5/+b3K[PPPp] b - - 0 1";
    test::set_position(pos, text);
    CHECK(notation::to_position_string(pos) == text);
    CHECK(pos.in_hand(0, 5) == 3);
    CHECK(pos.piece_on(minishogi->cell_index("3c")) == make_piece(0, 9));
    CHECK(pos.is_consistent());
    // A captured plus piece goes to the hand as its unpromoted type: none is ever held.
    const auto error = notation::parse_position(pos, "k+r3/5/2+P2/5/+b3K[PPP+Pp] b - - 0 1");
    REQUIRE(error);
    CHECK(error->message == "Black's Tokin can never be in hand");
    CHECK(error->column == 23);
}

TEST_CASE("tilde pieces are written with '~' after the letter", "[runtime][position]") {
    const auto crazyhouse = test::load_shipped("crazyhouse");
    Position pos(*crazyhouse);
    const std::string text = "1Q~6/7k/8/3n~4/8/8/8/Q3K3[Pp] w - - 0 1";
    test::set_position(pos, text);
    CHECK(notation::to_position_string(pos) == text);
    const auto& pieces = crazyhouse->ir().pieces;
    CHECK(pieces[type_of(pos.piece_on(crazyhouse->cell_index("b8")))].name == "PromotedQueen");
    CHECK(owner_of(pos.piece_on(crazyhouse->cell_index("d5"))) == 1);
    CHECK(pieces[type_of(pos.piece_on(crazyhouse->cell_index("a1")))].name == "Queen");
    CHECK(pos.is_consistent());

    const auto [bad, column, message] = GENERATE(table<std::string, int, std::string>({
        {"1K~6/7k/8/8/8/8/8/Q3K3[-] w - - 0 1", 2, "unknown piece 'K~'"},
        {"1Q~~5/7k/8/8/8/8/8/Q3K3[-] w - - 0 1", 4, "unexpected '~' in the board"},
        {"~Q6/7k/8/8/8/8/8/Q3K3[-] w - - 0 1", 1, "unexpected '~' in the board"},
        // A captured promoted piece goes to the hand as a Pawn: none is ever held.
        {"8/7k/8/8/8/8/8/Q3K3[Q~] w - - 0 1", 21, "White's PromotedQueen can never be in hand"},
    }));
    INFO(bad);
    const auto error = notation::parse_position(pos, bad);
    REQUIRE(error);
    CHECK(error->message == message);
    CHECK(error->column == static_cast<std::uint32_t>(column));
    // Chess has no '~' pieces.
    const auto chess = test::load_shipped("chess");
    Position chess_pos(*chess);
    const auto tilde = notation::parse_position(
        chess_pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w - - 0 1");
    REQUIRE(tilde);
    CHECK(tilde->message == "unknown piece 'Q~'");
    CHECK(tilde->column == 39);
}

TEST_CASE("a position of 255 pieces, on the board and in hand together, is the limit",
          "[runtime][position]") {
    const auto minishogi = test::load_shipped("minishogi");
    Position pos(*minishogi);
    const std::string text = "k4/5/5/5/4K[" + std::string(253, 'P') + "] w - - 0 1";
    test::set_position(pos, text);
    CHECK(notation::to_position_string(pos) == text);
    test::set_position(pos, "k4/5/5/5/4K[253P] w - - 0 1");
    CHECK(notation::to_position_string(pos) == text);
    const std::string too_many =
        "too many pieces: the board and the hands hold at most 255 together";
    const auto counted = notation::parse_position(pos, "k4/5/5/5/4K[250P2p2P] w - - 0 1");
    REQUIRE(counted);
    CHECK(counted->message == too_many);
    CHECK(counted->column == 19);
    const auto letters =
        notation::parse_position(pos, "k4/5/5/5/4K[" + std::string(254, 'P') + "] w - - 0 1");
    REQUIRE(letters);
    CHECK(letters->message == too_many);
    CHECK(letters->column == 12 + 254);
    // The board's pieces count too: 3 on the board leave room for 252 in hand.
    test::set_position(pos, "k4/5/5/5/3GK[252P] w - - 0 1");
    const auto board = notation::parse_position(pos, "k4/5/5/5/3GK[253P] w - - 0 1");
    REQUIRE(board);
    CHECK(board->message == too_many);
}

TEST_CASE("each malformed hand or plus piece is refused at its offending character",
          "[runtime][position]") {
    const auto minishogi = test::load_shipped("minishogi");
    const std::string board = "k4/5/5/5/4K";
    auto [text, column, message] = GENERATE_COPY(table<std::string, int, std::string>({
        {board + " w - - 0 1", 12, "missing the pieces in hand"},
        {board, 12, "missing the pieces in hand"},
        {board + "[Pp w - - 0 1", 15, "the '[' at column 12 is not closed"},
        {board + "[Pp", 15, "the '[' at column 12 is not closed"},
        {board + "[PZ] w - - 0 1", 14, "unknown piece letter 'Z'"},
        {board + "[P+Z] w - - 0 1", 14, "unknown piece '+Z'"},
        {board + "[P+] w - - 0 1", 15, "expected a piece letter after '+'"},
        {board + "[0P] w - - 0 1", 13, "a count of pieces in hand must be at least 1"},
        {board + "[01P] w - - 0 1", 13,
         "a count of pieces in hand is written without a leading zero"},
        {board + "[2] w - - 0 1", 14, "expected a piece after the count 2"},
        {board + "[256P] w - - 0 1", 13,
         "too many pieces: the board and the hands hold at most 255 together"},
        {board + "[999999999999p] w - - 0 1", 13,
         "too many pieces: the board and the hands hold at most 255 together"},
        {board + "[P-] w - - 0 1", 14, "unexpected '-' in the pieces in hand"},
        {board + "[-P] w - - 0 1", 13, "unexpected '-' in the pieces in hand"},
        {board + "[-] z - - 0 1", 16, "unknown side 'z'"},
        {"k4/5/2+Z2/5/4K[-] w - - 0 1", 7, "unknown piece '+Z'"},
        {"k4/5/2+/5/4K[-] w - - 0 1", 8, "expected a piece letter after '+'"},
        {"k4/5/2++P2/5/4K[-] w - - 0 1", 8, "expected a piece letter after '+'"},
        {"k4/5/2+P3/5/4K[-] w - - 0 1", 9, "too many cells in line 3 (expected 5)"},
    }));
    Position pos(*minishogi);
    const auto error = notation::parse_position(pos, text);
    INFO(text);
    REQUIRE(error);
    CHECK(error->message == message);
    CHECK(error->column == static_cast<std::uint32_t>(column));
    check_diagnostic(*error, text);
}

TEST_CASE("a game without hands refuses a hand", "[runtime][position]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    const std::string text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1";
    const auto error = notation::parse_position(pos, text);
    REQUIRE(error);
    CHECK(error->message == "this game has no hands");
    CHECK(error->column == 44);
    const auto plus =
        notation::parse_position(pos, "+rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    REQUIRE(plus);
    CHECK(plus->message == "unknown piece '+r'");
    CHECK(plus->column == 1);
}

TEST_CASE("with more than two players each piece in hand is followed by its owner",
          "[runtime][position]") {
    const auto game = test::load_text(R"(
game "Three with hands"
players Black Blue Red
board square { files a..c ranks 1..3 }
zone top = rank 3
piece King K royal { step orthogonal diagonal }
piece Pawn P { step n  promote optional in top to Tokin  drop }
piece Tokin +P { step orthogonal  captured-as Pawn }
hands
setup Black { King a1 }
setup Blue { King c3  Tokin b2 }
setup Red { King a3 }
end checkmate win
)");
    Position pos(*game);
    CHECK(notation::to_position_string(pos) == "K31K2/1+P21/K12[-] 1 - - 0 1");
    const std::string text = "K31K2/1+P21/K12[P1P1P2P3] 2 - - 0 1";
    test::set_position(pos, text);
    CHECK(notation::to_position_string(pos) == text);
    CHECK(pos.in_hand(0, 1) == 2);
    CHECK(pos.in_hand(1, 1) == 1);
    CHECK(pos.in_hand(2, 1) == 1);
    Position counted(*game);
    test::set_position(counted, "K31K2/1+P21/K12[P32P1P2] 2 - - 0 1");
    CHECK(notation::to_position_string(counted) == text);
    const auto error = notation::parse_position(pos, "K31K2/1+P21/K12[P] 2 - - 0 1");
    REQUIRE(error);
    CHECK(error->message == "expected the owner of 'P' after it");
    CHECK(error->column == 18);
}

}  // namespace vari::runtime_position_string_tests
