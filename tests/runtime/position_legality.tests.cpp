// Position strings of positions the rules could never reach: each refused at its offending
// character, judged from the game's own rules; and the unusual positions the rules do allow.
#include <catch2/catch.hpp>
#include <map>
#include <tuple>

#include "dsl/dsl.hpp"
#include "runtime/inline_game.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_position_legality_tests {
namespace {

// A shipped game, or one of tests/reference/games when the name starts with "reference/".
std::shared_ptr<const CompiledGame> load_game(const std::string& name) {
    const std::string reference = "reference/";
    if (name.rfind(reference, 0) != 0) return test::load_shipped(name);
    auto loaded = dsl::load_file(std::string(VARI_TEST_DATA) + "/reference/games/" +
                                 name.substr(reference.size()) + ".vari");
    REQUIRE(loaded.game);
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

// Three Player Hex Shogi 91 at the start, by lines, so that a case can change one.
const char* const THREE_PLAYER_LINES[] = {
    "LwPw2PgLg",      "NwGwPw1PgGgNg",  "BwSwPw2PgSgRg", "RwKwPw3PgKgBg",
    "NwSwPw4PgSgNg",  "LwGwPw5PgGgLg",  "PwPw6PgPg",     "9",
    "1PbPbPbPbPbPb1", "PbGbSbKbSbGbPb", "LbNbBbRbNbLb"};

// The board of Three Player Hex Shogi 91's start with some lines (counted from 0) changed, then
// `rest`: the hands and the fields after them.
std::string three_player(const std::map<int, std::string>& changed, const std::string& rest) {
    std::string out;
    for (int i = 0; i < 11; ++i) {
        const auto line = changed.find(i);
        out += (i ? "/" : "") + (line == changed.end() ? THREE_PLAYER_LINES[i] : line->second);
    }
    return out + rest;
}

// Black with four Kings, White and Gray with one each.
const std::string FOUR_BLACK_KINGS =
    three_player({{7, "KbKbKbKb5"}, {9, "PbGbSb1SbGbPb"}}, "[-] b - - 0 1");

// Three players on a square board with check; Red starts with two Kings (a4, a5).
const std::string THREE_KINGS_BOARD_TOP = "4Kb3/8/";

}  // namespace

TEST_CASE("each impossible position is refused at its offending character",
          "[runtime][position][legality]") {
    // The game, the position string, the column refused and the message.
    using Row = std::tuple<std::string, std::string, int, std::string>;
    auto [name, text, column, message] = GENERATE(values<Row>({
        // Chess: check, the Kings, castling rights, pawns, en passant.
        {"chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", 2,
         "Black's King on e8 is attacked, but Black has just moved"},
        {"chess", "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1", 20,
         "White's King on e1 is a royal piece too many: White never has more than 1 on the "
         "board"},
        {"chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", 1,
         "White has no royal pieces on the board; it always keeps 1"},
        {"chess", "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", 26,
         "castling right 'K' needs White's Rook on h1"},
        {"chess", "r3k2r/8/8/8/8/8/8/R2K3R w Qkq - 0 1", 27,
         "castling right 'Q' needs White's King on e1"},
        {"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1,
         "White's Pawn could never move from a8: it promotes on getting there"},
        {"chess", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 17,
         "Black's Pawn could never move from a1: it promotes on getting there"},
        {"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3,e3 0 1", 57,
         "en-passant cell 'e3' given twice"},
        // Shogi and minishogi: Knights and Lances where they could never move, hands.
        {"shogi", "4k4/N8/9/9/9/9/9/9/4K4[-] w - - 0 1", 5,
         "Black's Knight could never move from 9b: it promotes on getting there"},
        {"shogi", "L3k4/9/9/9/9/9/9/9/4K4[-] w - - 0 1", 1,
         "Black's Lance could never move from 9a: it promotes on getting there"},
        {"shogi", "4k4/9/9/9/9/9/9/9/4K3r[-] w - - 0 1", 20,
         "Black's King on 5i is attacked, but Black has just moved"},
        {"shogi", "4k4/9/9/9/9/9/9/9/4K4[GK] w - - 0 1", 24, "Black's King can never be in hand"},
        {"minishogi", "k4/5/5/5/4K[+P] w - - 0 1", 13, "Black's Tokin can never be in hand"},
        {"minishogi", "k4/5/5/5/4K[2Pk] w - - 0 1", 15, "White's King can never be in hand"},
        {"minishogi", "k4/5/5/5/5[-] w - - 0 1", 1,
         "Black has no royal pieces on the board; it always keeps 1"},
        // Shafran's chess: a right shared by two castlings, the last cell of a file, a
        // triple step's cells.
        {"shafran-chess", "rp2P1/bp3PN/np4PB/bp5PQ/kp6PK/qp5PB/bp4PN/np3PB/rp2PR w KQkq - 0 1", 58,
         "castling right 'Q' needs White's Rook on a1"},
        {"shafran-chess", "rp2PR/bp3PN/np4PB/bp5PQ/kp6P1/qp5PB/bp4PN/np3PB/rp2PR w kq - 0 1", 1,
         "White has no royal pieces on the board; it always keeps 1"},
        {"shafran-chess", "Pp2PR/bp3PN/np4PB/bp5PQ/kp6PK/qp5PB/bp4PN/np3PB/rp2PR w KQ - 0 1", 1,
         "White's Pawn could never move from a6: it promotes on getting there"},
        {"shafran-chess", "rp2PR/bp3PN/np4PB/bp5PQ/k1R5PK/qp5PB/bp4PN/np3PB/rp2PR w KQkq - 0 1", 25,
         "Black's King on e10 is attacked, but Black has just moved"},
        {"shafran-chess",
         "rp2PR/bp3PN/np4PB/bp5PQ/kp3P3K/qp5PB/bp4PN/np3PB/rp2PR b KQkq e3,e4,e3 0 1", 69,
         "en-passant cell 'e3' given twice"},
        // Three Player Hex Shogi 91 (no check, Kings captured into hand and dropped).
        {"three-player-hex-shogi-91", three_player({{0, "LwPwPb1PgLg"}}, "[-] b - - 0 1"), 5,
         "Black's Pawn could never move from 9a: it promotes on getting there"},
        {"three-player-hex-shogi-91", FOUR_BLACK_KINGS, 97,
         "Black's King on 6h is a royal piece too many: Black never has more than 3 on the "
         "board"},
        {"three-player-hex-shogi-91", three_player({}, "[+Pb] b - - 0 1"), 136,
         "Black's Tokin can never be in hand"},
        // Three players with check, two Kings for Red.
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "8/Kr7/8/8/8/4Kw3 w - - 0 1", 1,
         "Red has 1 royal piece on the board; it always keeps 2"},
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "8/Kr7/Kr7/Kr7/8/4Kw3 w - - 0 1", 18,
         "Red's King on a3 is a royal piece too many: Red never has more than 2 on the board"},
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "1Jw6/Kr7/Kr7/8/8/4Kw3 w - - 0 1", 17,
         "Red's King on a4 is attacked, but Red has just moved"},
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "8/Kr7/Kr7/8/8/4Kw3 w K - 0 1", 29,
         "castling right 'K' needs White's Lance on h1"},
    }));
    const auto game = load_game(name);
    Position pos(*game);
    const auto error = notation::parse_position(pos, text);
    INFO(name << ": " << text);
    REQUIRE(error);
    INFO(dsl::render(*error, text));
    CHECK(error->message == message);
    CHECK(error->column == static_cast<std::uint32_t>(column));
}

TEST_CASE("unusual positions the rules allow are accepted and read back",
          "[runtime][position][legality]") {
    auto [name, text] = GENERATE(table<std::string, std::string>({
        // The side to move in check; a promoted piece on the last rank; pieces in hand.
        {"chess", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"},
        {"chess", "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1"},
        {"shogi", "+P3k4/9/9/9/9/9/9/9/4K3r[GGNp] b - - 0 1"},
        {"minishogi", "k4/5/5/5/4K[RBgs] w - - 0 1"},
        {"shafran-chess", "rp2PR/bp3PN/np4PB/bp5PQ/k1R5PK/qp5PB/bp4PN/np3PB/rp2PR b KQkq - 0 1"},
        // No check: a King of the player who just moved may be attacked (below), one may be in
        // hand, and a player may hold the three Kings of the game.
        {"three-player-hex-shogi-91", three_player({{3, "Rw1Pw3PgKgBg"}}, "[Kb] b - - 0 1")},
        {"three-player-hex-shogi-91",
         three_player({{3, "Rw1Pw3Pg1Bg"}, {7, "KbKb7"}}, "[-] b - - 0 1")},
        // Check with several royal pieces: only the player who just moved may not be in check.
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "1Jw6/Kr7/Kr7/8/8/4Kw3 b - - 0 1"},
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "1Jw6/Kr7/Kr7/8/8/4Kw3 r - - 0 1"},
        {"reference/three-players", THREE_KINGS_BOARD_TOP + "8/Kr7/Kr7/8/8/4Kw2Lw w K - 0 1"},
        // Check, but a capture sequence's later jumps may take a royal piece.
        {"reference/royal-draughts-maximum", "3c4/8/8/8/8/8/8/M7 w - - 0 1"},
    }));
    const auto game = load_game(name);
    Position pos(*game);
    INFO(name);
    test::set_position(pos, text);
    CHECK(notation::to_position_string(pos) == text);
}

TEST_CASE("the lines of Three Player Hex Shogi 91 are those of its start",
          "[runtime][position][legality]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    CHECK(notation::to_position_string(Position(*game)) == three_player({}, "[-] b - - 0 1"));
}

TEST_CASE("in a game without check a King of the player who just moved may be attacked",
          "[runtime][position][legality]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    // White to move: Black has just moved, and White's Rook attacks Black's King.
    test::place_named(pos, "w:King:10d g:King:4d w:Rook:6f", 1);
    const CellSet rook_reaches = piece_targets(pos, game->cell_index("6f")) & ~pos.occupied();
    REQUIRE(rook_reaches);
    pos.put(rook_reaches.first(), make_piece(0, test::type_named(*game, "King")));
    REQUIRE(pos.royal_attacked(0));
    const std::string text = notation::to_position_string(pos);
    Position parsed(*game);
    test::set_position(parsed, text);
    CHECK(parsed.hash() == pos.hash());
}

TEST_CASE("what a piece may be, where and in hand, is judged from the game's own rules",
          "[runtime][position][legality]") {
    // A Man goes to the captor's hand as a Prisoner, which is never dropped; a Pawn that reaches
    // the far rank stays there for good; a Climber may not arrive where it could never move.
    const auto game = test::load_text(R"(
game "Prisoners"
players White Black
board square { files a..c ranks 1..3 }
piece King K royal { step orthogonal diagonal }
piece Man M { step orthogonal  captured-as Prisoner }
piece Prisoner X { step orthogonal }
piece Pawn P { step n  drop }
piece Climber C { step n  arrive where-movable }
hands
setup White { King a1  Man b1  Pawn c1 }
setup Black { King c3  Man b3  Pawn a3 }
end checkmate win
)");
    Position pos(*game);
    test::set_position(pos, "P1k/3/K2[XXPx] w - - 0 1");
    auto refusal = [&](const std::string& text) {
        const auto error = notation::parse_position(pos, text);
        INFO(text);
        REQUIRE(error);
        return *error;
    };
    const auto man = refusal("2k/3/K2[M] w - - 0 1");
    CHECK(man.message == "White's Man can never be in hand");
    CHECK(man.hint == "captures put these in White's hand: Prisoner, Pawn and Climber");
    CHECK(man.column == 9);
    const auto climber = refusal("C1k/3/K2[-] w - - 0 1");
    CHECK(climber.message ==
          "White's Climber could never move from a3: no move may leave it there");
    CHECK(climber.column == 1);
}

TEST_CASE("a player whose captures leave the game has nothing in hand",
          "[runtime][position][legality]") {
    const auto game = test::load_shipped("compact-hex-chess-shogi-vs-revergent");
    const std::string start = notation::to_position_string(Position(*game));
    const std::size_t hand = start.find("[-]");
    REQUIRE(hand != std::string::npos);
    std::string text = start;
    text.replace(hand, 3, "[P]");
    Position pos(*game);
    const auto error = notation::parse_position(pos, text);
    REQUIRE(error);
    CHECK(error->message == "White's Point can never be in hand");
    CHECK(error->hint == "captures put nothing in White's hand");
    CHECK(error->column == hand + 2);
    text.replace(hand, 3, "[p]");
    test::set_position(pos, text);
}

TEST_CASE("a royal piece too many or too few is explained by the rules that bound it",
          "[runtime][position][legality]") {
    const auto chess = test::load_shipped("chess");
    Position pos(*chess);
    const auto two = notation::parse_position(pos, "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1");
    REQUIRE(two);
    CHECK(two->hint == "no promotion or drop gives White a royal piece");
    const auto none = notation::parse_position(pos, "4k3/8/8/8/8/8/8/8 w - - 0 1");
    REQUIRE(none);
    CHECK(none->hint == "King is royal: never captured here, nor promoted away");
    const auto hex_shogi = test::load_shipped("three-player-hex-shogi-91");
    Position three(*hex_shogi);
    const auto four = notation::parse_position(three, FOUR_BLACK_KINGS);
    REQUIRE(four);
    CHECK(four->hint == "only captured royal pieces are dropped, and the game starts with 3");
}

TEST_CASE("a piece promoting into a royal one lifts the bound on royal pieces",
          "[runtime][position][legality]") {
    const auto game = test::load_text(R"(
game "Crowning"
players White Black
orient Black rotate 180
board square { files a..c ranks 1..4 }
zone far = rank 4
piece King K royal { step orthogonal diagonal }
piece Prince I { step orthogonal  promote in far to King }
setup White { King a1  Prince b1 }
setup Black { King c4  Prince b4 }
end checkmate win
)");
    Position pos(*game);
    test::set_position(pos, "K1k/3/3/KK1 w - - 0 1");
    CHECK(notation::to_position_string(pos) == "K1k/3/3/KK1 w - - 0 1");
}

}  // namespace vari::runtime_position_legality_tests
