// perft counts the tree that play allows: games whose rules are partly Lua hooks (tests/hooked/)
// counted as Fairy-Stockfish counts the same games, the subtree a hook's verdict ends, and a
// position whose capture sequences do not fit a move list.
//
// Fairy-Stockfish's counts are constants from Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish):
//   uci / setoption name UCI_Variant value VARIANT / position fen POSITION / go perft DEPTH
// ("position startpos" for a start). Its perft, as vari's, gives a position where the game has
// ended (a King on the hill) no moves, and counts it when it is a leaf.
#include <catch2/catch.hpp>
#include <string>

#include "runtime/runtime.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"

namespace vari::runtime_perft_play_tests {
namespace {

using runtime::HookUse;

// Loads tests/hooked/NAME.vari, its hooks beside it; fails the test when it does not load.
std::unique_ptr<CompiledGame> load_hooked(const std::string& name) {
    return test::load_game_file(std::string(VARI_TEST_DATA) + "/hooked/" + name + ".vari");
}

Position position_of(const CompiledGame& game, const std::string& position) {
    Position pos(game);
    if (!position.empty()) test::set_position(pos, position);
    return pos;
}

// runtime::perft from `position` (the start when empty); the count must be complete.
runtime::PerftResult counted(const CompiledGame& game, const std::string& position, int depth,
                             HookUse hooks = HookUse::on, bool divide = false) {
    auto result = runtime::perft(game, position_of(game, position), depth,
                                 {.hooks = hooks, .divide = divide});
    INFO(result.error);
    REQUIRE(result.error.empty());
    return result;
}

std::uint64_t play_perft(const CompiledGame& game, const std::string& position, int depth,
                         HookUse hooks = HookUse::on) {
    return counted(game, position, depth, hooks).nodes;
}

// The leaves below `move` in a divided count; fails the test when the move is not there.
std::uint64_t leaves_below(const runtime::PerftResult& result, const std::string& move) {
    for (const auto& [name, nodes] : result.divide)
        if (name == move) return nodes;
    FAIL("no first move " << move);
    return 0;
}

bool has_first_move(const runtime::PerftResult& result, const std::string& move) {
    for (const auto& entry : result.divide)
        if (entry.first == move) return true;
    return false;
}

// White's King on e3 may step onto d4 at once (e4 holds its own Pawn), Black's on e6 onto e5
// after any move that leaves e5 unguarded.
const std::string KING_NEAR_HILL = "rnbq1bnr/ppp2ppp/4k3/3p4/4P3/4K3/PPP2PPP/RNBQ1BNR w - - 0 1";

// Antichess, White to move: Black has just played d7-d5, so White's captures are exd6 en passant
// and the Pawn on b7 taking a8 or c8 (with five promotion choices each); Black's Pawn on g2 may
// promote on g1 or take f1 or h1. The same board with Black to move and no en passant.
const std::string ANTICHESS_WHITE = "r1bqk1nr/pP3ppp/8/3pP3/8/2N2N2/PP3PpP/R1BQKB1R w - d6 0 1";
const std::string ANTICHESS_BLACK = "r1bqk1nr/pP3ppp/8/3pP3/8/2N2N2/PP3PpP/R1BQKB1R b - - 0 1";

// Grand chess, White to move. White has lost its Queen, Cardinal, a Bishop and a Knight, Black
// its Marshal, a Bishop and both Knights, so White's Pawns on c9 and d7 may become a Queen,
// Cardinal, Bishop or Knight, Black's on b2 and a3 a Marshal, Bishop or Knight; a Rook or Queen
// captured on the way opens that type to its side.
// Fairy-Stockfish writes the Marshal 'c' (chancellor) and the Cardinal 'a' (archbishop); its FEN
// of this position is 1r1b5r/2P1k1a3/p3p1pp2/3P6/10/5q4/2N7/p3PP2PP/1p2K1CB2/R8R w - - 0 1.
const std::string GRAND_PROMOTIONS =
    "1r1b5r/2P1k1c3/p3p1pp2/3P6/10/5q4/2N7/p3PP2PP/1p2K1MB2/R8R w - - 0 1";

// Lattice draughts, White to move. White's King on a1 stands in a strip of Black pieces over
// ranks 1 to 3, on every cell with an odd file or rank index but b1: its capture sequences are
// the trails of the lattice a1 c1 e1 g1 a3 c3 e3 g3 (each Black piece jumped once). A separate
// enumeration of those trails finds 2093 sequences, 354 of them from a1 to g1: more than the 256
// that a move can number between two cells, though the whole list would fit.
const std::string LATTICE_OVERFLOW = "7/7/7/7/1k1k1k1/kkkkkkk/K2k1k1 w - - 0 1";
// The same on files a to e only, b1 taken: 588 sequences, at most 122 (those to e3) between two
// cells, by the same enumeration.
const std::string LATTICE_WITHIN = "7/7/7/7/1k1k3/kkkkk2/Kk1k3 w - - 0 1";

}  // namespace

TEST_CASE("king of the hill: perft from the start equals Fairy-Stockfish's kingofthehill",
          "[runtime][perft][hooks]") {
    // A King reaches the centre on ply 7 at the soonest: these are chess's counts.
    const auto game = load_hooked("king-of-the-hill");
    auto [depth, fairy] =
        GENERATE(table<int, std::uint64_t>({{1, 20}, {2, 400}, {3, 8902}, {4, 197281}}));
    INFO("depth " << depth);
    CHECK(play_perft(*game, "", depth) == fairy);
}

TEST_CASE(
    "king of the hill: a King stepping onto the hill ends the tree, as Fairy-Stockfish "
    "counts it; without hooks the tree is chess's",
    "[runtime][perft][hooks]") {
    const auto game = load_hooked("king-of-the-hill");
    const auto chess = test::load_shipped("chess");
    // fairy: kingofthehill from KING_NEAR_HILL; raw: the tree without the hill.
    auto [depth, fairy, raw] = GENERATE(table<int, std::uint64_t, std::uint64_t>(
        {{1, 41, 41}, {2, 1406, 1442}, {3, 50335, 52837}, {4, 1689009, 1812267}}));
    INFO("depth " << depth);
    CHECK(play_perft(*game, KING_NEAR_HILL, depth) == fairy);
    CHECK(play_perft(*game, KING_NEAR_HILL, depth, HookUse::off) == raw);
    Position pos = position_of(*chess, KING_NEAR_HILL);
    CHECK(perft(pos, depth) == raw);
}

TEST_CASE("king of the hill: the step onto the hill is a leaf with hooks and has replies without",
          "[runtime][perft][hooks]") {
    const auto game = load_hooked("king-of-the-hill");
    const auto on = counted(*game, KING_NEAR_HILL, 2, HookUse::on, true);
    const auto off = counted(*game, KING_NEAR_HILL, 2, HookUse::off, true);
    CHECK(leaves_below(on, "e3-d4") == 0);
    CHECK(leaves_below(off, "e3-d4") == 36);
    CHECK(off.nodes - on.nodes == 36);  // Black's King on e5 at ply 2 is still a leaf
}

TEST_CASE("antichess: perft from the start equals Fairy-Stockfish's antichess",
          "[runtime][perft][hooks]") {
    const auto game = load_hooked("antichess");
    // fairy: antichess from the start; raw: without compulsory capture (no check, no castling).
    auto [depth, fairy, raw] = GENERATE(
        table<int, std::uint64_t, std::uint64_t>({{1, 20, 20}, {2, 400, 400}, {3, 8067, 8902}}));
    INFO("depth " << depth);
    CHECK(play_perft(*game, "", depth) == fairy);
    CHECK(play_perft(*game, "", depth, HookUse::off) == raw);
}

TEST_CASE("antichess: captures are compulsory in the middle game, as Fairy-Stockfish counts",
          "[runtime][perft][hooks]") {
    const auto game = load_hooked("antichess");
    // fairy: antichess from the position; raw: without compulsory capture.
    auto [position, depth, fairy, raw] =
        GENERATE(table<std::string, int, std::uint64_t, std::uint64_t>({
            {ANTICHESS_WHITE, 1, 14, 57},
            {ANTICHESS_WHITE, 2, 147, 2542},
            {ANTICHESS_WHITE, 3, 854, 134876},
            {ANTICHESS_WHITE, 4, 4840, 5634051},
            {ANTICHESS_BLACK, 1, 11, 46},
            {ANTICHESS_BLACK, 2, 133, 2509},
            {ANTICHESS_BLACK, 3, 599, 106871},
            {ANTICHESS_BLACK, 4, 3393, 5559211},
        }));
    INFO(position << " at depth " << depth);
    CHECK(play_perft(*game, position, depth) == fairy);
    CHECK(play_perft(*game, position, depth, HookUse::off) == raw);
}

TEST_CASE("antichess perft at depths 4 and 5 equals Fairy-Stockfish's", "[.][slow][perft]") {
    const auto game = load_hooked("antichess");
    CHECK(play_perft(*game, "", 4) == 153299);
    CHECK(play_perft(*game, ANTICHESS_WHITE, 5) == 26748);
    CHECK(play_perft(*game, ANTICHESS_BLACK, 5) == 21688);
}

TEST_CASE("grand chess: perft from the start equals Fairy-Stockfish's grand",
          "[runtime][perft][hooks]") {
    const auto game = load_hooked("grand-chess");
    auto [depth, fairy] = GENERATE(table<int, std::uint64_t>({{1, 65}, {2, 4225}}));
    INFO("depth " << depth);
    CHECK(play_perft(*game, "", depth) == fairy);
}

TEST_CASE(
    "grand chess: a Pawn promotes only to a piece its side has lost, as Fairy-Stockfish "
    "counts",
    "[runtime][perft][hooks]") {
    const auto game = load_hooked("grand-chess");
    // fairy: grand from GRAND_PROMOTIONS (in its letters); raw: promotions to any piece.
    auto [depth, fairy, raw] =
        GENERATE(table<int, std::uint64_t, std::uint64_t>({{1, 81, 91}, {2, 6093, 7343}}));
    INFO("depth " << depth);
    CHECK(play_perft(*game, GRAND_PROMOTIONS, depth) == fairy);
    CHECK(play_perft(*game, GRAND_PROMOTIONS, depth, HookUse::off) == raw);
}

TEST_CASE("grand chess: the promotions left are those to lost types, and the last rank's must",
          "[runtime][perft][hooks]") {
    const auto game = load_hooked("grand-chess");
    const auto moves = counted(*game, GRAND_PROMOTIONS, 1, HookUse::on, true);
    for (const char* move : {"d7-d8=Q", "d7-d8=C", "d7-d8=B", "d7-d8=N", "d7-d8", "c9-c10=Q"}) {
        INFO(move);
        CHECK(has_first_move(moves, move));
    }
    for (const char* move : {"d7-d8=M", "d7-d8=R", "c9-c10=M", "c9-c10=R", "c9-c10"}) {
        INFO(move);
        CHECK_FALSE(has_first_move(moves, move));
    }
}

TEST_CASE("grand chess perft at depth 3 equals Fairy-Stockfish's", "[.][slow][perft]") {
    // Depth 4 from GRAND_PROMOTIONS is 31778039 for both, at about two minutes here: a filter
    // hook runs for every legal move of every position above the leaves.
    const auto game = load_hooked("grand-chess");
    CHECK(play_perft(*game, "", 3) == 259514);
    CHECK(play_perft(*game, GRAND_PROMOTIONS, 3) == 447961);
    CHECK(play_perft(*game, GRAND_PROMOTIONS, 3, HookUse::off) == 600786);
}

TEST_CASE("Three Player Hex Shogi: the capture of the last King a player lacks has no replies",
          "[runtime][perft][hooks][three-player]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    // Black holds White's King in hand and its Rook on 6h can take Gray's King on 6e; White has
    // only a Gold (9 moves), Gray a King and a Pawn.
    const std::string position = "6/7/8/1Gw7/5Kg4/11/9Pg/3Rb5/8/3Kb3/6[Kb] b - - 0 1";
    const auto on = counted(*game, position, 2, HookUse::on, true);
    const auto off = counted(*game, position, 2, HookUse::off, true);
    CHECK(leaves_below(on, "6hx6e") == 0);
    CHECK(leaves_below(off, "6hx6e") == 9);
    CHECK(on.nodes == 1027);
    CHECK(off.nodes == 1036);
}

TEST_CASE("lattice draughts: capture sequences are counted whole up to the limit",
          "[runtime][perft][draughts]") {
    const auto game = load_hooked("lattice-draughts");
    const auto moves = counted(*game, LATTICE_WITHIN, 1, HookUse::on, true);
    CHECK(moves.nodes == 588);
    int to_e3 = 0;
    for (const auto& entry : moves.divide)
        if (entry.first.size() > 2 && entry.first.compare(entry.first.size() - 2, 2, "e3") == 0)
            ++to_e3;
    CHECK(to_e3 == 122);
    // Taking all but one of Black's nine pieces wins: those sequences have no replies.
    CHECK(play_perft(*game, LATTICE_WITHIN, 2) == 8219);
    CHECK(play_perft(*game, LATTICE_WITHIN, 2, HookUse::off) == 8867);
}

TEST_CASE("lattice draughts: more than 256 sequences between two cells stop perft and play",
          "[runtime][perft][draughts]") {
    const auto game = load_hooked("lattice-draughts");
    const Position pos = position_of(*game, LATTICE_OVERFLOW);
    const std::string stopped = "game stopped: " + runtime::too_many_moves();
    SECTION("perft, through a game with hooks and through the engine without") {
        for (const HookUse hooks : {HookUse::on, HookUse::off})
            for (int depth = 1; depth <= 3; ++depth)
                for (const int threads : {1, 2}) {
                    INFO("depth " << depth << (hooks == HookUse::on ? " with" : " without")
                                  << " hooks, " << threads << " threads");
                    const auto notation = notation::Notation::long_form;
                    CHECK(runtime::perft(*game, pos, depth,
                                         {.hooks = hooks, .notation = notation, .threads = threads})
                              .error == stopped);
                    CHECK(runtime::perft(*game, pos, depth,
                                         {.hooks = hooks,
                                          .divide = true,
                                          .notation = notation,
                                          .threads = threads})
                              .error == stopped);
                }
    }
    SECTION("a game at the position") {
        const runtime::Game play(*game, pos);
        REQUIRE(play.result());
        CHECK(play.result()->stopped);
        CHECK(play.result()->summary == stopped);
    }
    SECTION("vari perft") {
        const std::string file =
            std::string("'") + VARI_TEST_DATA + "/hooked/lattice-draughts.vari'";
        for (const char* no_hooks : {"", " --no-hooks"}) {
            const auto [output, exit_code] = test::run_vari("perft " + file + " 2 --position '" +
                                                            LATTICE_OVERFLOW + "'" + no_hooks);
            INFO(output);
            CHECK(exit_code == 3);
            CHECK(output == "vari perft: " + stopped + "\n");
        }
    }
}

}  // namespace vari::runtime_perft_play_tests
