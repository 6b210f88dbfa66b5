// Perft: leaf counts of the legal move tree, against published tables and rules.md.
#include <catch2/catch.hpp>
#include <map>
#include <optional>

#include "runtime/runtime.hpp"
#include "support/peer_perft.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_perft_tests {

using vari::test::COMPACT_SHOGI_MIDGAME;
using vari::test::COMPACT_SHOGI_VS_REVERGENT_MIDGAME;
using vari::test::DRAUGHTS_KINGS;
using vari::test::load_shipped;
using vari::test::peer_perft;
using vari::test::perft_from;
using vari::test::set_position;
using vari::test::THREE_PLAYER_KING_IN_HAND;
using vari::test::THREE_PLAYER_MIDGAME;

namespace {

// The issue text quotes Kiwipete with a nine-cell third rank ("2N2Q1pp"); the published
// position, whose counts these are, has "2N2Q1p".
const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

}  // namespace

TEST_CASE("chess perft from the start matches the published table", "[interpreter][perft]") {
    auto [depth, nodes] =
        GENERATE(table<int, std::uint64_t>({{1, 20}, {2, 400}, {3, 8902}, {4, 197281}}));
    INFO("depth " << depth);
    CHECK(perft_from("chess", "", depth) == nodes);
}

TEST_CASE("chess perft from Kiwipete matches the published table", "[interpreter][perft]") {
    auto [depth, nodes] = GENERATE(table<int, std::uint64_t>({{1, 48}, {2, 2039}, {3, 97862}}));
    INFO("depth " << depth);
    CHECK(perft_from("chess", KIWIPETE, depth) == nodes);
}

TEST_CASE("chess perft from the published test positions 3, 4 and 5 matches",
          "[interpreter][perft]") {
    auto [position, depth, nodes] = GENERATE(table<std::string, int, std::uint64_t>({
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
    }));
    INFO(position << " at depth " << depth);
    CHECK(perft_from("chess", position, depth) == nodes);
}

TEST_CASE("chess perft to depth 5 from the start and depth 4 from Kiwipete", "[.][slow][perft]") {
    CHECK(perft_from("chess", "", 5) == 4865609);
    CHECK(perft_from("chess", KIWIPETE, 4) == 4085603);
}

TEST_CASE("Shafran perft from the start matches rules.md, then the recorded counts",
          "[interpreter][perft]") {
    // 42 and 1706 are rules.md §5.7's; 75494 is ours, confirmed by the reference generator.
    auto [depth, nodes] = GENERATE(table<int, std::uint64_t>({{1, 42}, {2, 1706}, {3, 75494}}));
    INFO("depth " << depth);
    CHECK(perft_from("shafran-chess", "", depth) == nodes);
}

TEST_CASE("Shafran perft to depths 4 and 5 keeps its recorded counts", "[.][slow][perft]") {
    CHECK(perft_from("shafran-chess", "", 4) == 3310230);
    CHECK(perft_from("shafran-chess", "", 5) == 156099888);
}

TEST_CASE("Shafran's first moves are those of the rules.md depth-1 breakdown",
          "[interpreter][perft]") {
    auto game = load_shipped("shafran-chess");
    vari::Position pos(*game);
    vari::MoveList list;
    vari::generate_legal(pos, list);
    std::map<std::string, std::string> targets;  // from cell -> sorted target names
    std::map<std::string, std::vector<std::string>> by_from;
    for (vari::Move m : list)
        by_from[game->ir().board.cells[m.from()].name].push_back(
            game->ir().board.cells[m.to()].name);
    for (auto& [from, to] : by_from) {
        std::sort(to.begin(), to.end());
        std::string joined;
        for (const auto& t : to) joined += (joined.empty() ? "" : " ") + t;
        targets[from] = joined;
    }
    const std::map<std::string, std::string> expected = {
        // Pawns: up to the middle of the file.
        {"a2", "a3"},
        {"b2", "b3 b4"},
        {"c2", "c3 c4"},
        {"d2", "d3 d4 d5"},
        {"e2", "e3 e4 e5"},
        {"f3", "f4 f5 f6"},
        {"g4", "g5 g6"},
        {"h5", "h6 h7"},
        {"i6", "i7"},
        // Knights, Bishops (three captures among them) and the Queen.
        {"b1", "a3 c4 d4 e3"},
        {"g3", "e4 f5 h6"},
        {"c1", "d3 e5 f7 g9"},
        {"f2", "b6 c5 d4 e3"},
        {"h4", "d8 e7 f6 g5"},
        {"d1", "e3 f5 g7 h9"},
    };
    CHECK(targets == expected);
    CHECK(list.size == 42);
}

TEST_CASE("shogi perft from the start matches the published table", "[interpreter][perft]") {
    auto [depth, nodes] =
        GENERATE(table<int, std::uint64_t>({{1, 30}, {2, 900}, {3, 25470}, {4, 719731}}));
    INFO("depth " << depth);
    CHECK(perft_from("shogi", "", depth) == nodes);
}

TEST_CASE("shogi perft to depth 5 matches the published table", "[.][slow][perft]") {
    CHECK(perft_from("shogi", "", 5) == 19861490);
}

TEST_CASE("minishogi perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant minishogi, go perft N), for
    // machines without it.
    const std::uint64_t recorded[] = {0, 14, 181, 2512, 35401, 533203};
    for (int depth = 1; depth <= 5; ++depth) {
        const auto peer = peer_perft("minishogi", depth);
        INFO("depth " << depth << (peer ? " (from fairy-stockfish)" : " (recorded)"));
        CHECK(perft_from("minishogi", "", depth) == peer.value_or(recorded[depth]));
    }
}

TEST_CASE(
    "Capablanca chess perft equals Fairy-Stockfish's, asked at test time when it is installed",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant capablanca, go perft N), for
    // machines without it. The positions: castling on either side (one blocked by an Archbishop)
    // with an en-passant capture; a Pawn promoting to six pieces, by a move and a capture,
    // against a checking Pawn that promotes too; an Archbishop checking at a Knight's distance
    // and attacking the castling King's path.
    const std::string castling =
        "r1a2k1c1r/pp1ppppppp/10/2pP6/10/5N4/PPP1PPPPPP/R3AK3R w KQkq c6 0 1";
    const std::string promotion = "1r3k4/2P7/10/10/10/10/5p4/4K5 w - - 0 1";
    const std::string archbishop = "r4k3r/pppppppppp/10/10/4a5/10/PPPPP1PPPP/R4K3R w KQkq - 0 1";
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 28},
        {"", 2, 784},
        {"", 3, 25228},
        {"", 4, 805128},
        {castling, 3, 38651},
        {promotion, 4, 19365},
        {archbishop, 3, 34058},
    }));
    const auto peer = peer_perft("capablanca", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("capablanca", position, depth) == peer.value_or(recorded));
}

// Crazyhouse positions, each written alike as vari's position string and as FEN. The first has
// both players' castling rights (White may not castle over d1, which Black's promoted Queen q~
// attacks, nor Black over c8, which the b7 Pawn attacks), an en-passant capture, a Pawn promoting
// with and without a capture, the q~ for White to take (it goes to White's hand as a Pawn), and
// pieces in both hands. In the second, White may drop a
// Knight to mate (N@f7) or to check (N@g6), promote on c8, and take Black's promoted Rook (r~)
// with a dropped piece; Pawns may not be dropped on the first or last rank.
const std::string CRAZYHOUSE_MIDGAME =
    "r3k2r/1P3ppp/8/3pP3/8/5q~2/PP3PPP/R3K2R[QNPbp] w KQkq d6 0 20";
const std::string CRAZYHOUSE_DROP_MATE = "6rk/2P3pp/8/8/8/8/3r~4/K7[QNPnp] w - - 0 1";

TEST_CASE("crazyhouse perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant crazyhouse, go perft N), for
    // machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 20},
        {"", 2, 400},
        {"", 3, 8902},
        {"", 4, 197281},
        {"", 5, 4888832},
        {CRAZYHOUSE_MIDGAME, 1, 155},
        {CRAZYHOUSE_MIDGAME, 2, 16266},
        {CRAZYHOUSE_MIDGAME, 3, 1796383},
        {CRAZYHOUSE_DROP_MATE, 1, 163},
        {CRAZYHOUSE_DROP_MATE, 2, 19716},
        {CRAZYHOUSE_DROP_MATE, 3, 2212138},
    }));
    const auto peer = peer_perft("crazyhouse", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("crazyhouse", position, depth) == peer.value_or(recorded));
}

// Grand chess positions, each as vari's position string and as Fairy-Stockfish's FEN (which
// writes the Marshal 'c' and the Cardinal 'a'). In the first, White has lost its Queen, Cardinal,
// a Bishop and a Knight, Black its Marshal, a Bishop and both Knights: White's Pawns on c9 and d7
// may become a Queen, Cardinal, Bishop or Knight (c9 must, on c10), Black's on b2 and a3 a Marshal,
// Bishop or Knight, and a capture on the way opens another type. In the second, White has lost
// nothing: its Pawn on c9 may neither step onto c10 nor take on b10 or d10 (it must promote there
// and has nothing to become), its Pawn on e7 steps onto e8 as a Pawn; Black has lost all but its
// Rooks, so its Pawns on b2 and g4 promote to anything but a Rook.
const std::string GRAND_LOST = "1r1b5r/2P1k1c3/p3p1pp2/3P6/10/5q4/2N7/p3PP2PP/1p2K1MB2/R8R";
const std::string GRAND_LOST_FEN = "1r1b5r/2P1k1a3/p3p1pp2/3P6/10/5q4/2N7/p3PP2PP/1p2K1CB2/R8R";
const std::string GRAND_KEPT = "1r1r6/2P4k2/10/4P5/10/N9/6p3/10/1pBQKMCBN1/R8R";
const std::string GRAND_KEPT_FEN = "1r1r6/2P4k2/10/4P5/10/N9/6p3/10/1pBQKCABN1/R8R";

TEST_CASE("grand chess perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant grand, go perft N), for machines
    // without it.
    auto [board, fen, side, depth, recorded] =
        GENERATE_COPY(table<std::string, std::string, std::string, int, std::uint64_t>({
            {"", "", "", 1, 65},
            {"", "", "", 2, 4225},
            {"", "", "", 3, 259514},
            {GRAND_LOST, GRAND_LOST_FEN, "w", 1, 81},
            {GRAND_LOST, GRAND_LOST_FEN, "w", 2, 6093},
            {GRAND_LOST, GRAND_LOST_FEN, "w", 3, 447961},
            {GRAND_KEPT, GRAND_KEPT_FEN, "w", 1, 114},
            {GRAND_KEPT, GRAND_KEPT_FEN, "w", 2, 4778},
            {GRAND_KEPT, GRAND_KEPT_FEN, "w", 3, 466065},
            {GRAND_KEPT, GRAND_KEPT_FEN, "b", 1, 47},
            {GRAND_KEPT, GRAND_KEPT_FEN, "b", 2, 4792},
            {GRAND_KEPT, GRAND_KEPT_FEN, "b", 3, 210840},
        }));
    const std::string tail = " " + side + " - - 0 1";
    const auto peer = peer_perft("grand", depth, fen.empty() ? "" : fen + tail);
    INFO("position '" << board << tail << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("grand-chess", board.empty() ? "" : board + tail, depth) ==
          peer.value_or(recorded));
}

// Kyoto shogi positions: Fairy-Stockfish's FEN names the first player (vari's Black) 'w', vari 'b';
// the boards and hands read alike. In the first, Black may drop a Pawn on 3b and mate (Kyoto
// shogi forbids no drop: Fairy-Stockfish counts the mate, and so does vari, after which White
// has no move in either), drop Pawns as Rooks (+P), onto the file of its own Pawn and onto the
// last rank, and move its Lances to where their Tokin face is. In the second, pieces of every
// kind stand turned over, with Lance and Knight in Black's hand and Pawn and Silver in White's.
const std::string KYOTO_DROP_MATE = "2k2/5/2+L2/4P/KL1L1[PPns]";
const std::string KYOTO_MIDGAME = "1+nk1+l/2p2/5/1+S1+P1/2K2[LNps]";

TEST_CASE("Kyoto shogi perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant kyotoshogi, go perft N), for
    // machines without it.
    auto [board, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 12},
        {"", 2, 137},
        {"", 3, 1636},
        {"", 4, 18268},
        {"", 5, 225903},
        {KYOTO_DROP_MATE, 1, 55},
        {KYOTO_DROP_MATE, 2, 3172},
        {KYOTO_DROP_MATE, 3, 148310},
        {KYOTO_MIDGAME, 1, 86},
        {KYOTO_MIDGAME, 2, 5917},
        {KYOTO_MIDGAME, 3, 278105},
    }));
    const auto peer = peer_perft("kyotoshogi", depth, board.empty() ? "" : board + " w - - 0 1");
    INFO("position '" << board << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("kyoto-shogi", board.empty() ? "" : board + " b - - 0 1", depth) ==
          peer.value_or(recorded));
}

// Goals that end the game by the position alone (a King on the hill, three checks, a King on the
// 8th rank) leave the side to move without moves, so vari's perft counts no move below a move
// that reached one, as `vari play` allows none there; Fairy-Stockfish counts 0 moves once a
// variant rule has ended the game: the counts meet leaf for leaf. Each position is written alike
// as vari's position string and as FEN.
// King of the hill: both Kings one step from the hill, White's d4 and e4 ending the game (no
// Black move below them); then Kings that may not step onto the hill, which pawns guard.
const std::string HILL_IN_REACH = "rnbq1bnr/pppp1ppp/3k4/8/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1";
const std::string HILL_GUARDED = "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4";

TEST_CASE(
    "king of the hill perft equals Fairy-Stockfish's, asked at test time when it is installed",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant kingofthehill, go perft N), for
    // machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 20},
        {"", 2, 400},
        {"", 3, 8902},
        {"", 4, 197281},
        {HILL_IN_REACH, 1, 29},
        {HILL_IN_REACH, 2, 763},
        {HILL_IN_REACH, 3, 21041},
        {HILL_GUARDED, 1, 32},
        {HILL_GUARDED, 2, 965},
        {HILL_GUARDED, 3, 28599},
    }));
    const auto peer = peer_perft("kingofthehill", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("king-of-the-hill", position, depth) == peer.value_or(recorded));
}

// Three-check: White has given two checks and Black two ("1+1"), and White's Bxf7+ and Qxf7#
// end the game; then White has given one check (Bxf7+, "2+3") and Black may take the Bishop.
const std::string LAST_CHECKS =
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4";
const std::string ONE_CHECK_GIVEN =
    "rnb1kbnr/pppp1Bpp/8/4p3/4P2q/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3";

TEST_CASE("three-check perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant 3check, go perft N), for
    // machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 20},
        {"", 2, 400},
        {"", 3, 8902},
        {"", 4, 197281},
        {LAST_CHECKS, 1, 42},
        {LAST_CHECKS, 2, 1231},
        {LAST_CHECKS, 3, 49086},
        {ONE_CHECK_GIVEN, 1, 3},
        {ONE_CHECK_GIVEN, 2, 82},
        {ONE_CHECK_GIVEN, 3, 2762},
    }));
    const auto peer = peer_perft("3check", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("three-check", position, depth) == peer.value_or(recorded));
}

// Racing kings: White's King steps onto the 8th rank; Black still moves (and could not reach it
// from a5, nor may its King step to b6, where White's Bishop would give it check: no move may
// give or meet check), and then the game is over. From b7 Black may answer by reaching it too.
// In the third Black is to answer: every move of it ends the game.
const std::string RACE_NO_ANSWER = "8/6K1/8/k7/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1";
const std::string RACE_ANSWER = "8/1k4K1/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1";
const std::string RACE_ANSWERING = "6K1/1k6/8/8/8/8/1rbnNBR1/qrbnNBRQ b - - 1 1";

TEST_CASE("racing kings perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant racingkings, go perft N), for
    // machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 21},
        {"", 2, 421},
        {"", 3, 11264},
        {"", 4, 296242},
        {RACE_NO_ANSWER, 1, 30},
        {RACE_NO_ANSWER, 2, 661},
        {RACE_NO_ANSWER, 3, 19596},
        {RACE_ANSWER, 1, 28},
        {RACE_ANSWER, 2, 779},
        {RACE_ANSWER, 3, 22072},
        {RACE_ANSWERING, 1, 29},
        {RACE_ANSWERING, 2, 0},
    }));
    const auto peer = peer_perft("racingkings", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("racing-kings", position, depth) == peer.value_or(recorded));
}

TEST_CASE("Hex Shogi 41 perft from the start matches rules.md, then the recorded count",
          "[interpreter][perft]") {
    // 16 and 256 are rules.md §2.8's; 4707 is ours, confirmed by the reference generator.
    auto [depth, nodes] = GENERATE(table<int, std::uint64_t>({{1, 16}, {2, 256}, {3, 4707}}));
    INFO("depth " << depth);
    CHECK(perft_from("hex-shogi-41", "", depth) == nodes);
}

// Three Player Hex Shogi 91 (the placeholder setup of rules.md §3.5): the armies cannot reach one
// another in three plies, so the start gives 27 moves a player; two positions from random play
// (White to move in both) have captures, drops, a King in hand (Black's, taken from Gray: only
// Kings may be dropped) and promoted pieces. All counts are ours; the reference generator
// confirms them.

TEST_CASE("Three Player Hex Shogi perft keeps its recorded counts", "[interpreter][perft]") {
    auto [position, depth, nodes] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 27},
        {"", 2, 729},
        {"", 3, 19683},
        {THREE_PLAYER_KING_IN_HAND, 1, 50},
        {THREE_PLAYER_KING_IN_HAND, 2, 1996},
        {THREE_PLAYER_KING_IN_HAND, 3, 169615},
        {THREE_PLAYER_MIDGAME, 1, 121},
        {THREE_PLAYER_MIDGAME, 2, 15247},
    }));
    INFO("position '" << position << "', depth " << depth);
    CHECK(perft_from("three-player-hex-shogi-91", position, depth) == nodes);
}

TEST_CASE("Three Player Hex Shogi perft to depths 4 and 3 keeps its recorded counts",
          "[.][slow][perft]") {
    CHECK(perft_from("three-player-hex-shogi-91", "", 4) == 576099);
    CHECK(perft_from("three-player-hex-shogi-91", THREE_PLAYER_MIDGAME, 3) == 1321009);
}

// Compact Hex Chess (rules.md §4; the setups are the reconstructions of §4.6): every start to
// depth 3, and two positions from random play with pieces in hand, promoted pieces and both armies
// of S-v-R in contact. All counts are ours; the reference generator confirms them.

TEST_CASE("Compact Hex Chess perft keeps its recorded counts",
          "[interpreter][perft][compact-hex]") {
    auto [game, position, depth, nodes] =
        GENERATE_COPY(table<std::string, std::string, int, std::uint64_t>({
            {"compact-hex-chess-wellisch", "", 1, 14},
            {"compact-hex-chess-wellisch", "", 2, 196},
            {"compact-hex-chess-wellisch", "", 3, 3190},
            {"compact-hex-chess-revergent", "", 1, 22},
            {"compact-hex-chess-revergent", "", 2, 480},
            {"compact-hex-chess-revergent", "", 3, 12070},
            {"compact-hex-chess-anglojewish", "", 1, 22},
            {"compact-hex-chess-anglojewish", "", 2, 484},
            {"compact-hex-chess-anglojewish", "", 3, 12722},
            {"compact-hex-chess-shogi", "", 1, 22},
            {"compact-hex-chess-shogi", "", 2, 484},
            {"compact-hex-chess-shogi", "", 3, 11550},
            {"compact-hex-chess-shogi-vs-revergent", "", 1, 22},
            {"compact-hex-chess-shogi-vs-revergent", "", 2, 480},
            {"compact-hex-chess-shogi-vs-revergent", "", 3, 12252},
            {"compact-hex-chess-hexgi", "", 1, 14},
            {"compact-hex-chess-hexgi", "", 2, 196},
            {"compact-hex-chess-hexgi", "", 3, 2856},
            {"compact-hex-chess-shogi", COMPACT_SHOGI_MIDGAME, 1, 59},
            {"compact-hex-chess-shogi", COMPACT_SHOGI_MIDGAME, 2, 5950},
            {"compact-hex-chess-shogi-vs-revergent", COMPACT_SHOGI_VS_REVERGENT_MIDGAME, 1, 34},
            {"compact-hex-chess-shogi-vs-revergent", COMPACT_SHOGI_VS_REVERGENT_MIDGAME, 2, 2279},
        }));
    INFO(game << " from '" << position << "', depth " << depth);
    CHECK(perft_from(game, position, depth) == nodes);
}

TEST_CASE("Compact Hex Chess perft to depth 4 keeps its recorded counts", "[.][slow][perft]") {
    CHECK(perft_from("compact-hex-chess-wellisch", "", 4) == 51885);
    CHECK(perft_from("compact-hex-chess-revergent", "", 4) == 297431);
    CHECK(perft_from("compact-hex-chess-anglojewish", "", 4) == 329111);
    CHECK(perft_from("compact-hex-chess-shogi", "", 4) == 277376);
    CHECK(perft_from("compact-hex-chess-shogi-vs-revergent", "", 4) == 285972);
    CHECK(perft_from("compact-hex-chess-hexgi", "", 4) == 41616);
    CHECK(perft_from("compact-hex-chess-shogi", COMPACT_SHOGI_MIDGAME, 3) == 283729);
    CHECK(perft_from("compact-hex-chess-shogi-vs-revergent", COMPACT_SHOGI_VS_REVERGENT_MIDGAME,
                     3) == 67794);
}

// Hex Orthogonal Draughts: the armies meet on the fourth ply, where the first jumps come. Every
// capture sequence counts as a move of its own (a move is its start and its landing cells). All
// counts are ours; the reference generator confirms them.

TEST_CASE("Hex Orthogonal Draughts perft keeps its recorded counts", "[interpreter][perft]") {
    auto [position, depth, nodes] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 14},
        {"", 2, 196},
        {"", 3, 2912},
        {"", 4, 43262},
        {"", 5, 683220},
        {DRAUGHTS_KINGS, 1, 24},
        {DRAUGHTS_KINGS, 2, 478},
        {DRAUGHTS_KINGS, 3, 9343},
    }));
    INFO("position '" << position << "', depth " << depth);
    CHECK(perft_from("compact-hex-draughts", position, depth) == nodes);
}

TEST_CASE("Hex Orthogonal Draughts perft to depths 7 and 4 keeps its recorded counts",
          "[.][slow][perft]") {
    CHECK(perft_from("compact-hex-draughts", "", 6) == 10778052);
    CHECK(perft_from("compact-hex-draughts", "", 7) == 178830490);
    CHECK(perft_from("compact-hex-draughts", DRAUGHTS_KINGS, 4) == 180103);
}

// The "matsuri" position: a published mid-game shogi position with pieces in both hands, White
// to move; its counts are also Fairy-Stockfish's (checked with Debian's 11.1).
const std::string MATSURI =
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL[RGgsnppppp] w - - 0 1";

TEST_CASE("shogi perft from the matsuri position, with pieces in hand, matches",
          "[interpreter][perft]") {
    auto [depth, nodes] = GENERATE(table<int, std::uint64_t>({{1, 207}, {2, 28684}}));
    INFO("depth " << depth);
    CHECK(perft_from("shogi", MATSURI, depth) == nodes);
}

TEST_CASE("shogi perft from the matsuri position to depth 3 matches", "[.][slow][perft]") {
    CHECK(perft_from("shogi", MATSURI, 3) == 4809015);
}

TEST_CASE("Hex Shogi 41's first moves are those of the rules.md depth-1 breakdown",
          "[interpreter][perft]") {
    auto game = load_shipped("hex-shogi-41");
    vari::Position pos(*game);
    vari::MoveList list;
    vari::generate_legal(pos, list);
    std::map<std::string, std::vector<std::string>> by_from;
    for (vari::Move m : list)
        by_from[game->ir().board.cells[m.from()].name].push_back(
            game->ir().board.cells[m.to()].name);
    std::map<std::string, std::string> targets;
    for (auto& [from, to] : by_from) {
        std::sort(to.begin(), to.end());
        for (const auto& t : to) targets[from] += (targets[from].empty() ? "" : " ") + t;
    }
    const std::map<std::string, std::string> expected = {
        // Pawns 8 (a3 and e3 one each), Knight e1-d4, Lance a1-a2, Silver b2-b4, Gold c2-d2 and
        // c2-c4, King c1-a2 and c1-d2, Rook d1-d2; the Bishop has none.
        {"a3", "a4"}, {"b3", "a4 b4"}, {"c3", "b4 c4"}, {"d3", "c4 d4"}, {"e3", "d4"}, {"e1", "d4"},
        {"a1", "a2"}, {"b2", "b4"},    {"c2", "c4 d2"}, {"c1", "a2 d2"}, {"d1", "d2"},
    };
    CHECK(targets == expected);
    CHECK(list.size == 16);
}

// Xiangqi positions, written as Fairy-Stockfish's FEN (Red to move is its `w`, vari's `r`). In
// the first, Red's Horse on d5 stands alone between the two Generals (it may not move: the
// Generals would face), the Cannons on e3 and e8 each have the Horse on e6 as a screen, a Red
// Soldier across the river steps sideways and the Elephant on c4 may not cross. In the second,
// Black is in check from the Cannon on e3 over its own Soldier on e7 and must block or move the
// screen's line; its Horse on c8 is blocked by the Soldier on c7.
const std::string XIANGQI_FLYING_GENERAL = "3k5/4a4/4c4/9/2p1N1P2/3N5/2B6/4C4/4A4/3K5 w - - 0 1";
const std::string XIANGQI_CANNON_CHECK = "2bakab2/9/2n6/2p1p4/9/9/9/4C4/9/3K5 b - - 0 1";

TEST_CASE("xiangqi perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant xiangqi, go perft N), for machines
    // without it.
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 44},
        {"", 2, 1920},
        {"", 3, 79666},
        {"", 4, 3290240},
        {XIANGQI_FLYING_GENERAL, 1, 28},
        {XIANGQI_FLYING_GENERAL, 2, 437},
        {XIANGQI_FLYING_GENERAL, 3, 12272},
        {XIANGQI_FLYING_GENERAL, 4, 201162},
        {XIANGQI_CANNON_CHECK, 1, 5},
        {XIANGQI_CANNON_CHECK, 2, 80},
        {XIANGQI_CANNON_CHECK, 3, 871},
        {XIANGQI_CANNON_CHECK, 4, 14265},
    }));
    const auto peer = peer_perft("xiangqi", depth, fen);
    std::string position = fen;
    if (const auto side = position.find(" w "); side != std::string::npos) position[side + 1] = 'r';
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("xiangqi", position, depth) == peer.value_or(recorded));
}

// Antichess positions, each written alike as vari's position string and as FEN. In the first,
// Black must take en passant (d4xe3) and White must then take back on e3; in the second, a Pawn
// must capture on b8 and promote (a King among its choices) while Black's Pawn may capture and
// promote on h1; in the third, Black's only moves capture White's last piece, after which White,
// with no piece, has won: vari counts no move for a player without pieces, as Fairy-Stockfish
// counts none once its extinction rule has ended the game.
const std::string ANTICHESS_EN_PASSANT =
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3";
const std::string ANTICHESS_PROMOTION = "1n6/P3k3/8/8/8/8/6p1/4K2R w - - 0 1";
const std::string ANTICHESS_LAST_PIECE = "8/8/8/8/8/2k5/1p6/R7 b - - 0 1";

TEST_CASE("antichess perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant antichess, go perft N), for
    // machines without it. Stalemate ends the game in both counts by leaving no move.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 20},
        {"", 2, 400},
        {"", 3, 8067},
        {"", 4, 153299},
        {ANTICHESS_EN_PASSANT, 1, 1},
        {ANTICHESS_EN_PASSANT, 2, 2},
        {ANTICHESS_EN_PASSANT, 6, 3091},
        {ANTICHESS_EN_PASSANT, 7, 59984},
        {ANTICHESS_PROMOTION, 1, 5},
        {ANTICHESS_PROMOTION, 3, 375},
        {ANTICHESS_PROMOTION, 4, 3140},
        {ANTICHESS_LAST_PIECE, 1, 5},
        {ANTICHESS_LAST_PIECE, 2, 0},
    }));
    const auto peer = peer_perft("antichess", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("antichess", position, depth) == peer.value_or(recorded));
}

// Horde positions. In the first, White's Pawns on the first rank step one or two (a1-a3 gives no
// en-passant capture), b2-b4 gives c4 one (b3), and Black may castle either way. In the second,
// White's last Pawn is attacked by Black's Queen: once Black takes it, White has no piece and
// has lost, and vari counts no move for it as Fairy-Stockfish counts none after its extinction
// rule ends the game.
const std::string HORDE_DOUBLE_STEPS = "r3k2r/8/8/8/2p5/8/1P6/P3P1PP w kq - 0 1";
const std::string HORDE_LAST_PAWN = "4k3/8/8/8/8/8/3q4/4P3 w - - 0 1";

TEST_CASE("Horde perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant horde, go perft N), for machines
    // without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 8},
        {"", 2, 128},
        {"", 3, 1274},
        {"", 4, 23310},
        {HORDE_DOUBLE_STEPS, 1, 10},
        {HORDE_DOUBLE_STEPS, 2, 266},
        {HORDE_DOUBLE_STEPS, 3, 2457},
        {HORDE_DOUBLE_STEPS, 4, 67126},
        {HORDE_LAST_PAWN, 1, 3},
        {HORDE_LAST_PAWN, 2, 55},
        {HORDE_LAST_PAWN, 3, 82},
        {HORDE_LAST_PAWN, 4, 1952},
        {HORDE_LAST_PAWN, 5, 1979},
    }));
    const auto peer = peer_perft("horde", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("horde", position, depth) == peer.value_or(recorded));
}

// Makruk positions: a Pawn that becomes a Met on the sixth rank for each player (Black's on the
// third), and a middle game with Khons, Mets, Rooks and blocked Pawns.
const std::string MAKRUK_PROMOTION = "4k3/8/8/1P6/6p1/8/8/3K4 w - - 0 1";
const std::string MAKRUK_MIDGAME = "r3k2r/4m3/2s5/3pP3/3Pp3/2S5/4M3/R3K2R w - - 0 1";

TEST_CASE("Makruk perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant makruk, go perft N), for machines
    // without it. Its counting rules end no game in perft.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 23},
        {"", 2, 529},
        {"", 3, 12012},
        {"", 4, 273026},
        {MAKRUK_PROMOTION, 1, 6},
        {MAKRUK_PROMOTION, 2, 36},
        {MAKRUK_PROMOTION, 4, 2186},
        {MAKRUK_MIDGAME, 1, 32},
        {MAKRUK_MIDGAME, 2, 921},
        {MAKRUK_MIDGAME, 3, 27052},
    }));
    const auto peer = peer_perft("makruk", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("makruk", position, depth) == peer.value_or(recorded));
}

// Shatranj positions. In the first, Ra1xa2 bares Black's King while White keeps two Rooks: Black
// has lost at once. In the second, Black's bare King may take White's only Fers (Kxe2, after which
// the two Kings play on) or lose by any other move. The bare King ends the game while moves
// remain, which the engine's perft does not judge: these counts walk the game as `vari perft` and
// `vari play` do (runtime::perft), where an ended game has no move, as Fairy-Stockfish counts none
// once its extinction rule has ended the game.
const std::string SHATRANJ_BARING = "4k3/8/8/8/8/8/r7/R3K2R w - - 0 1";
const std::string SHATRANJ_BARE_AGAINST_ONE = "8/8/8/8/8/3k4/4Q3/K7 b - - 0 1";
const std::string SHATRANJ_MIDGAME =
    "r1bk1bnr/pp1qpppp/2n5/2pp4/4P3/2N2N2/PPPPQPPP/R1BK1B1R w - - 0 1";

TEST_CASE(
    "Shatranj perft, as play counts it, equals Fairy-Stockfish's, asked at test time when "
    "it is installed",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant shatranj, go perft N), for
    // machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 16},
        {"", 2, 256},
        {"", 3, 4176},
        {"", 4, 68122},
        {SHATRANJ_BARING, 1, 15},
        {SHATRANJ_BARING, 2, 243},
        {SHATRANJ_BARING, 3, 4857},
        {SHATRANJ_BARE_AGAINST_ONE, 1, 8},
        {SHATRANJ_BARE_AGAINST_ONE, 2, 3},
        {SHATRANJ_BARE_AGAINST_ONE, 3, 24},
        {SHATRANJ_BARE_AGAINST_ONE, 5, 846},
        {SHATRANJ_MIDGAME, 1, 25},
        {SHATRANJ_MIDGAME, 2, 618},
        {SHATRANJ_MIDGAME, 3, 15723},
    }));
    const auto peer = peer_perft("shatranj", depth, position);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    auto game = load_shipped("shatranj");
    vari::Position pos(*game);
    if (!position.empty()) set_position(pos, position);
    const auto counted = vari::runtime::perft(*game, pos, depth);
    CHECK(counted.error.empty());
    CHECK(counted.nodes == peer.value_or(recorded));
}

// Perft of the shipped game `game_name` from `position` (as play counts it) equals
// Fairy-Stockfish's for `variant`, asked at test time when it is installed, else `recorded`.
void check_peer_perft(const std::string& game_name, const std::string& variant,
                      const std::string& position, int depth, std::uint64_t recorded) {
    const auto peer = peer_perft(variant, depth, position);
    INFO(variant << " from '" << position << "', depth " << depth
                 << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    auto game = load_shipped(game_name);
    vari::Position pos(*game);
    if (!position.empty()) set_position(pos, position);
    const auto counted = vari::runtime::perft(*game, pos, depth);
    CHECK(counted.error.empty());
    CHECK(counted.nodes == peer.value_or(recorded));
}

// Three kings chess: in the first position White's King on e1 may take the Queen on d1, which
// may take a King (ending the game: Black has won); in the second, Pawns promote on both sides.
const std::string THREE_KINGS_CAPTURES = "k3k2k/8/8/8/8/8/8/K2qK2K b - - 0 1";
const std::string THREE_KINGS_PROMOTIONS = "k3k2k/1P6/8/8/8/8/6p1/K3K2K w - - 0 1";

TEST_CASE(
    "Three kings chess perft, a King taken ending the game, equals Fairy-Stockfish's "
    "threekings",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant threekings), for machines
    // without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 20},
        {"", 2, 400},
        {"", 3, 8942},
        {THREE_KINGS_CAPTURES, 1, 29},
        {THREE_KINGS_CAPTURES, 2, 297},
        {THREE_KINGS_CAPTURES, 3, 9266},
        {THREE_KINGS_PROMOTIONS, 1, 19},
        {THREE_KINGS_PROMOTIONS, 2, 269},
        {THREE_KINGS_PROMOTIONS, 3, 4352},
    }));
    check_peer_perft("three-kings", "threekings", position, depth, recorded);
}

// Extinction and kinglet chess, where the King is an ordinary piece that castles: White may castle
// both ways though Black's Rook on f8 attacks f1, and Black's only Knight, Bishop and Pawn may be
// taken (in the first); Pawns promote (in the second).
const std::string EXTINCTION_CASTLING = "4kr2/p7/1nb5/3q4/2BQ4/N7/P7/R3K2R w KQ - 0 1";
const std::string EXTINCTION_PROMOTIONS = "r3k3/1P5p/1nb5/3q4/2BQ4/N7/P7/R3K2R w KQ - 0 1";

TEST_CASE(
    "Extinction and kinglet chess perft, types lost ending the game and a King that is not "
    "royal castling, equals Fairy-Stockfish's",
    "[interpreter][perft]") {
    auto [variant, position, depth, recorded] =
        GENERATE_COPY(table<std::string, std::string, int, std::uint64_t>({
            {"extinction", "", 3, 8902},
            {"extinction", EXTINCTION_CASTLING, 1, 48},
            {"extinction", EXTINCTION_CASTLING, 2, 2015},
            {"extinction", EXTINCTION_PROMOTIONS, 1, 57},
            {"extinction", EXTINCTION_PROMOTIONS, 2, 2050},
            {"kinglet", "", 3, 8902},
            {"kinglet", EXTINCTION_CASTLING, 2, 2112},
            {"kinglet", EXTINCTION_PROMOTIONS, 1, 49},
            {"kinglet", EXTINCTION_PROMOTIONS, 2, 2017},
        }));
    check_peer_perft(variant, variant, position, depth, recorded);
}

// A ply deeper, about 100,000 leaves each walked through the game: the slow tests'.
TEST_CASE("Extinction and kinglet chess perft at depth 3 equals Fairy-Stockfish's",
          "[.][slow][perft]") {
    auto [variant, position, recorded] =
        GENERATE_COPY(table<std::string, std::string, std::uint64_t>({
            {"extinction", EXTINCTION_CASTLING, 93405},
            {"extinction", EXTINCTION_PROMOTIONS, 108125},
            {"kinglet", EXTINCTION_CASTLING, 103201},
            {"kinglet", EXTINCTION_PROMOTIONS, 100531},
        }));
    check_peer_perft(variant, variant, position, 3, recorded);
}

// Cambodian chess's first moves: Black's Met has used its right, White holds both (the first);
// White's King is in check and may not leap, its Met may jump but not out of the check, while
// Black holds both rights (the second); Black to move with both rights and the e-file open
// (the third).
const std::string CAMBODIAN_RIGHTS_LOST =
    "rns1ksnr/3m4/ppp1pppp/3p4/3P4/PPP1PPPP/8/RNSKMSNR w DEe - 0 3";
const std::string CAMBODIAN_IN_CHECK = "3mk3/8/8/8/8/8/8/r2KM2R w DEde - 0 1";
const std::string CAMBODIAN_BLACK = "3mk3/4p3/8/8/8/8/4P3/R2KM3 b DEde - 0 1";

TEST_CASE(
    "Cambodian chess perft, first-move rights held, lost and barred in check, equals "
    "Fairy-Stockfish's",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant cambodian), for machines
    // without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 25},
        {"", 2, 625},
        {"", 3, 15031},
        {"", 4, 361793},
        {CAMBODIAN_RIGHTS_LOST, 3, 11283},
        {CAMBODIAN_IN_CHECK, 1, 3},
        {CAMBODIAN_IN_CHECK, 3, 970},
        {CAMBODIAN_BLACK, 1, 8},
        {CAMBODIAN_BLACK, 3, 1306},
    }));
    check_peer_perft("cambodian", "cambodian", position, depth, recorded);
}

TEST_CASE("Cambodian chess perft to depths 5 and 4 equals Fairy-Stockfish's", "[.][slow][perft]") {
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 5, 8601434},
        {CAMBODIAN_RIGHTS_LOST, 4, 227509},
        {CAMBODIAN_IN_CHECK, 4, 19122},
        {CAMBODIAN_BLACK, 4, 25888},
    }));
    check_peer_perft("cambodian", "cambodian", position, depth, recorded);
}

// S-house, from positions Fairy-Stockfish reached: a Pawn in each hand and White's Knight gone
// from b1 (the first); a Hawk gated on b1 and Black's Queen on e4 (the second); White castled,
// gating its Elephant (the third); promotions, a promoted Queen and pieces of five kinds in hand
// (the fourth).
const std::string SHOUSE_CAPTURES =
    "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[EHPehp] w KQkqACDEFGHabcefgh - 2 4";
const std::string SHOUSE_GATED =
    "rnb1kbnr/ppp1pppp/8/8/4q3/2N5/PPPPNPPP/RHBQKB1R[EPehp] b KQkqACDEFHabcefgh - 3 4";
const std::string SHOUSE_CASTLED =
    "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQERK1[Heh] b kqABCDacdegh - 3 4";
const std::string SHOUSE_PROMOTIONS =
    "r3k2r/1P3ppp/8/3pP3/8/5q~2/PP3PPP/R3K2R[QNPEbph] w KQkqABCDEFGHabcdefgh d6 0 20";

TEST_CASE("S-house perft, pieces both dropped and gated, equals Fairy-Stockfish's",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant shouse), for machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 92},
        {"", 2, 7944},
        {SHOUSE_CAPTURES, 2, 23511},
        {SHOUSE_GATED, 2, 13172},
        {SHOUSE_CASTLED, 2, 7086},
        {SHOUSE_PROMOTIONS, 2, 39810},
    }));
    check_peer_perft("shouse", "shouse", position, depth, recorded);
}

TEST_CASE("S-house perft to depths 4 and 3 equals Fairy-Stockfish's", "[.][slow][perft]") {
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 3, 546694},
        {"", 4, 36857065},
        {SHOUSE_CAPTURES, 3, 2735519},
        {SHOUSE_GATED, 3, 1664211},
        {SHOUSE_CASTLED, 3, 608160},
        {SHOUSE_PROMOTIONS, 3, 6874832},
    }));
    check_peer_perft("shouse", "shouse", position, depth, recorded);
}

// Makpong: White's King in check by a Rook beside it, which it may take (the first), with a
// Knight it may not take (the second); Black's King in check, answered by the Knight (the third).
const std::string MAKPONG_TAKES = "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1";
const std::string MAKPONG_MAY_NOT = "4k3/8/8/8/8/8/3r4/2nK4 w - - 0 1";
const std::string MAKPONG_ANSWERED = "r3k3/8/8/3n4/8/8/8/3KR3 b - - 0 1";

TEST_CASE("Makpong perft, its King's rule a hook asking the engine, equals Fairy-Stockfish's",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant makpong), for machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 3, 12012},
        {MAKPONG_TAKES, 4, 272},
        {MAKPONG_MAY_NOT, 1, 1},
        {MAKPONG_MAY_NOT, 4, 482},
        {MAKPONG_ANSWERED, 3, 191},
    }));
    check_peer_perft("makpong", "makpong", position, depth, recorded);
}

// Jeson Mor: White's Knight on d3 may reach the centre (the first); White's Knight on the centre,
// Black to move, which cannot take it (the second) or can (the third); Knights near the centre on
// both sides (the fourth).
const std::string JESON_MOR_REACH = "4n4/9/9/9/9/9/3N5/9/4N4 w - - 0 1";
const std::string JESON_MOR_HELD = "4n4/9/9/9/4N4/9/9/9/9 b - - 0 1";
const std::string JESON_MOR_TAKEN = "9/9/3n5/9/4N4/9/9/9/9 b - - 0 1";
const std::string JESON_MOR_RACE = "2n1n4/9/3n5/9/9/9/9/5N3/4N1N2 w - - 0 1";

TEST_CASE(
    "Jeson Mor perft, a Knight on the centre winning a move later, equals "
    "Fairy-Stockfish's",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant jesonmor), for machines without it.
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 3, 27960},
        {JESON_MOR_REACH, 4, 2904},
        {JESON_MOR_HELD, 1, 4},
        {JESON_MOR_HELD, 2, 0},
        {JESON_MOR_TAKEN, 1, 8},
        {JESON_MOR_TAKEN, 2, 0},
        {JESON_MOR_RACE, 4, 34068},
    }));
    check_peer_perft("jeson-mor", "jesonmor", position, depth, recorded);
}

TEST_CASE("antichess, Horde, makruk and shatranj perft to depth 5 equal Fairy-Stockfish's",
          "[.][slow][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1, for machines without it.
    auto [variant, position, recorded] =
        GENERATE_COPY(table<std::string, std::string, std::uint64_t>({
            {"antichess", "", 2732672},
            {"antichess", ANTICHESS_PROMOTION, 38059},
            {"horde", "", 265223},
            {"horde", HORDE_DOUBLE_STEPS, 577011},
            {"makruk", "", 6223994},
            {"shatranj", "", 1164248},
        }));
    const auto peer = peer_perft(variant, 5, position);
    INFO(variant << " from '" << position << "'"
                 << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    auto game = load_shipped(variant);
    vari::Position pos(*game);
    if (!position.empty()) set_position(pos, position);
    // As play counts it: shatranj's bare King ends games that still have moves.
    CHECK(vari::runtime::perft(*game, pos, 5).nodes == peer.value_or(recorded));
}

}  // namespace interpreter_perft_tests
