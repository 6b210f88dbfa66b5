// Perft on boards past 128 cells, one for each width of cell set past two words: Heian dai shogi
// (stdlib-games/heian-dai-shogi.vari, 13x13, 169 cells: three words), and the invented games of
// tests/reference/games board-of-256-cells.vari (16x16: four words) and wide-board.vari (32x32,
// 1,024 cells: sixteen).
//
// No other engine plays these games, so the counts were recorded from the reference generator
// (tests/reference/movegen.hpp: a plain mailbox walk over the IR that shares nothing with the
// compiled tables), and both it and the compiled generator (vari::perft) must give them. Heian dai
// shogi's start counts to depth 3 (29, 841, 25085) are also those of an independent implementation
// of the same reconstruction. Like every perft of vari::perft and the reference, these count moves
// alone: no end (a bare King, a repetition) stops a line.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "dsl/dsl.hpp"
#include "interpreter/interpreter.hpp"
#include "reference/movegen.hpp"
#include "runtime/runtime.hpp"
#include "support/reference_report.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_perft_heian_dai_shogi_tests {

namespace {

namespace ir = vari::ir;
namespace ref = vari::reference;

const std::string HEIAN_START =
    "lnicsgkgscinl/fd2t1m1t2df/ppppppppppppp/6b6/13/13/13/13/13/6B6/PPPPPPPPPPPPP/FD2T1M1T2DF/"
    "LNICSGKGSCINL b - - 0 1";
// Black's pieces at the edge of the promotion zone (the far three ranks, c to a): the Pawn on 12d
// and the Silver on 10d may promote entering it, the Flying Dragon on 9e to a Dragon Horse on 7c,
// 6b or 5a; the Knight on 6d lands on 7b or 5b, the second rank from the end, and must promote
// there; the Lance on 3d must promote on 3a and may on 3c and 3b; the Iron General on 2c, already
// in the zone, may promote stepping sideways. Taking White's last Pawn (10d-11c) bares White's
// King, which ends the game in play; perft counts moves alone, as both generators do, and goes on.
const std::string HEIAN_PROMOTIONS =
    "6k6/13/2p8I1/1P1S3N2L2/4D8/13/13/13/13/13/13/13/6K6 b - - 0 1";
// The same turned half a turn with the colours exchanged, White to move: the same counts.
const std::string HEIAN_PROMOTIONS_WHITE =
    "6k6/13/13/13/13/13/13/13/8d4/2l2n3s1p1/1i8P2/13/6K6 w - - 0 1";
// Black's King on 7m is in check from White's Flying Dragon on 3i, along 6l 5k 4j: 7 answers. The
// King steps to 8l or 7l, a Gold (6m) or the Silver (5m) blocks on 6l, the Free Chariot on 5f
// ranges back to 5k, the Side Mover on 12j ranges sideways to 4j, the Lance on 3m takes the Dragon.
const std::string HEIAN_CHECK =
    "6kg5/13/6p6/13/3m9/8F4/13/13/10d2/1M11/PPPPPP7/13/5GKGS1L2 b - - 0 1";

// Both generators' perft of `game` from `position` (empty: the start) equal `recorded`.
void check_both(const vari::CompiledGame& game, const std::string& position, int depth,
                std::uint64_t recorded) {
    INFO("position '" << (position.empty() ? "start" : position) << "', depth " << depth);
    const ref::Generator reference(game.ir());
    const ref::State state =
        position.empty() ? reference.start() : vari::test::reference_state(game, position);
    CHECK(reference.perft(state, depth) == recorded);
    vari::Position pos(game);
    if (!position.empty()) vari::test::set_position(pos, position);
    CHECK(vari::perft(pos, depth) == recorded);
}

std::unique_ptr<vari::CompiledGame> wide_board() {
    return vari::test::load_game_file(VARI_TEST_DATA "/reference/games/wide-board.vari");
}

std::unique_ptr<vari::CompiledGame> board_of_256_cells() {
    return vari::test::load_game_file(VARI_TEST_DATA "/reference/games/board-of-256-cells.vari");
}

}  // namespace

TEST_CASE(
    "Heian dai shogi perft: the reference generator's and the compiled generator's equal "
    "the recorded counts",
    "[interpreter][perft][differential]") {
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 29},
        {"", 2, 841},
        {"", 3, 25085},
        {HEIAN_START, 3, 25085},
        {HEIAN_PROMOTIONS, 1, 50},
        {HEIAN_PROMOTIONS, 2, 197},
        {HEIAN_PROMOTIONS, 3, 9612},
        {HEIAN_PROMOTIONS, 4, 42413},
        {HEIAN_PROMOTIONS_WHITE, 1, 50},
        {HEIAN_PROMOTIONS_WHITE, 2, 197},
        {HEIAN_PROMOTIONS_WHITE, 3, 9612},
        {HEIAN_PROMOTIONS_WHITE, 4, 42413},
        {HEIAN_CHECK, 1, 7},
        {HEIAN_CHECK, 2, 260},
        {HEIAN_CHECK, 3, 12524},
    }));
    const auto game = vari::test::load_shipped("heian-dai-shogi");
    check_both(*game, position, depth, recorded);
}

TEST_CASE("Heian dai shogi perft, deeper", "[interpreter][perft][differential][.slow]") {
    // The reference generator took 22 s for the start's depth 5 and 16 s for the check's (Release
    // build; 0.7 s for the start's depth 4, which the sanitizer build, running no slow test, would
    // take half a minute for).
    auto [position, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 4, 748121},
        {HEIAN_CHECK, 4, 471939},
        {"", 5, 23350494},
        {HEIAN_CHECK, 5, 24024780},
    }));
    const auto game = vari::test::load_shipped("heian-dai-shogi");
    check_both(*game, position, depth, recorded);
}

TEST_CASE("a board past 128 cells takes the narrowest cell-set width that holds it",
          "[interpreter]") {
    CHECK(vari::test::load_shipped("heian-dai-shogi")->tables().cell_words == 3);
    CHECK(board_of_256_cells()->tables().cell_words == 4);
    CHECK(wide_board()->tables().cell_words == 16);
}

TEST_CASE(
    "the 16x16 reference game's perft: the reference generator's and the compiled "
    "generator's equal the recorded counts",
    "[interpreter][perft][differential]") {
    // Depth 1: the Rooks take each other along the a- and p-files, the Cannon takes the Horse
    // across the board by hopping a Pawn, the Pawn on c15 promotes moving or taking; depth 2 adds
    // the answers.
    const auto game = board_of_256_cells();
    check_both(*game, "", 1, 84);
    check_both(*game, "", 2, 6684);
}

TEST_CASE("the 16x16 reference game's perft, deeper", "[interpreter][perft][differential][.slow]") {
    const auto game = board_of_256_cells();
    check_both(*game, "", 3, 564796);
}

TEST_CASE(
    "the 32x32 reference game's perft: the reference generator's and the compiled "
    "generator's equal the recorded counts",
    "[interpreter][perft][differential]") {
    // Depth 1: the Rooks of the a- and af-files take their counterparts 31 ranks away (cells 0 and
    // 31 to 992 and 1023), White's Pawn takes on af32 (cell 1023) promoting three ways, the King
    // castles; depth 2 adds Black's answers, en passant among them after c2-c4 and e2-e4, and
    // Black's castling.
    const auto game = wide_board();
    check_both(*game, "", 1, 125);
    check_both(*game, "", 2, 13809);
}

TEST_CASE("the 32x32 reference game's perft, deeper", "[interpreter][perft][differential][.slow]") {
    // 3.3 s in the reference generator (Release build).
    const auto game = wide_board();
    check_both(*game, "", 3, 1745778);
}

}  // namespace interpreter_perft_heian_dai_shogi_tests
