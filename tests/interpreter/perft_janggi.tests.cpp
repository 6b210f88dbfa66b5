// Janggi perft against Fairy-Stockfish's `janggitraditional` (the variant stdlib-games/janggi.vari
// follows: its moves are those of `janggi`, whose material counting scores games but moves
// nothing).
//
// Conventions: a pass is a move in both counts (Fairy-Stockfish writes it as the General's move to
// its own point, `e2e2`; vari as `pass`), allowed to a player not in check, or in check while the
// Generals face each other. Two passes in a row, or a pass that leaves the Generals facing, end
// the game in both, which then count no move below (Fairy-Stockfish ends it where the Generals
// face in two positions in a row; only a pass can keep them facing). A position string's Generals
// may face without ending the game: no move has kept them so. Positions are written as
// Fairy-Stockfish's FEN; vari's side letters are `c` (Cho, FEN's `w`) and `h` (Han, `b`).
// Fairy-Stockfish's perft does not judge repetition; vari's does, but no position can come a
// third time within these depths (eight plies at the soonest).
#include <catch2/catch.hpp>
#include <string>

#include "support/peer_perft.hpp"

namespace interpreter_perft_janggi_tests {

using vari::test::peer_perft;
using vari::test::perft_from;

namespace {

// Cho's Cannons: e5 has Han's Cannon on e7 as its only screen north (no move) and its own Soldier
// on e4 south; b4 hops the Soldier along rank 4; f3 hops its General on e2 along the palace
// diagonal to d1. Han's Cannon on e7 may not hop Cho's on e5; its Guards stand on palace corners.
const std::string JANGGI_CANNONS = "3a1a3/4k4/9/2p1c4/9/4C4/1C2P4/5C3/4K4/5A3 w - - 0 1";
// Cho's General on e2 is in check from Han's Chariot on e1 and from Han's Soldier on d3, which
// steps diagonally forward along Cho's palace line: no pass. Cho's Chariot on f3 stands on a
// palace corner.
const std::string JANGGI_IN_CHECK = "3k5/4a4/9/9/9/9/9/3p1R3/4K4/4r4 w - - 0 1";
// The start without the Soldiers of the e-file: the Generals face each other, and Cho's first
// move must part them (a Guard or the General steps onto or off the file), or pass.
const std::string JANGGI_FACING =
    "rnba1abnr/4k4/1c5c1/p1p3p1p/9/9/P1P3P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
// Cho's General on e2 faces Han's on e10 and is in check from the Chariot on a2: it may pass, or
// step to d3 or f3; its Guard on d1 may not block on d2, which leaves the Generals facing.
const std::string JANGGI_FACING_CHECK = "3ak4/5a3/2n6/9/2p3p2/9/2P3P2/6N2/r3K4/3A1A3 w - - 0 1";

// vari's position string for a FEN: Cho and Han for white and black.
std::string vari_position(std::string fen) {
    if (const auto side = fen.find(" w "); side != std::string::npos) fen[side + 1] = 'c';
    if (const auto side = fen.find(" b "); side != std::string::npos) fen[side + 1] = 'h';
    return fen;
}

void check_perft(const std::string& fen, int depth, std::uint64_t recorded) {
    const auto peer = peer_perft("janggitraditional", depth, fen);
    const std::string position = vari_position(fen);
    INFO("position '" << position << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("janggi", position, depth) == peer.value_or(recorded));
}

}  // namespace

TEST_CASE(
    "janggi perft equals Fairy-Stockfish's janggitraditional, asked at test time when it "
    "is installed",
    "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant janggitraditional, go perft N),
    // for machines without it.
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 32},
        {"", 2, 1024},
        {"", 3, 33000},
        {JANGGI_CANNONS, 1, 17},
        {JANGGI_CANNONS, 2, 284},
        {JANGGI_CANNONS, 3, 4885},
        {JANGGI_IN_CHECK, 1, 3},
        {JANGGI_IN_CHECK, 2, 47},
        {JANGGI_IN_CHECK, 3, 698},
        {JANGGI_IN_CHECK, 4, 12848},
        {JANGGI_FACING, 1, 7},
        {JANGGI_FACING, 2, 186},
        {JANGGI_FACING, 3, 5860},
        {JANGGI_FACING_CHECK, 1, 3},
        {JANGGI_FACING_CHECK, 2, 76},
        {JANGGI_FACING_CHECK, 3, 1307},
    }));
    check_perft(fen, depth, recorded);
}

TEST_CASE("janggi perft equals Fairy-Stockfish's deeper", "[interpreter][perft][.slow]") {
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 4, 1065277},
        {"", 5, 35243995},
        {JANGGI_CANNONS, 4, 73148},
        {JANGGI_FACING, 4, 174216},
        {JANGGI_FACING, 5, 5661278},
        {JANGGI_FACING_CHECK, 4, 42969},
        {JANGGI_FACING_CHECK, 5, 766955},
    }));
    check_perft(fen, depth, recorded);
}

}  // namespace interpreter_perft_janggi_tests
