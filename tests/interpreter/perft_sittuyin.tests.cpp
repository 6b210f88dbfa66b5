// Sittuyin perft against Fairy-Stockfish's `sittuyin`: the placement phase, the moves after it,
// and the Pawn's promotion that is a move of its own.
#include <catch2/catch.hpp>

#include "support/peer_perft.hpp"

namespace interpreter_perft_sittuyin_tests {

using vari::test::peer_perft;
using vari::test::perft_from;

namespace {

// Positions written alike as vari's position string and as Fairy-Stockfish's FEN (hands in
// brackets; vari's halfmove clock counts as Fairy-Stockfish's does here, for sittuyin.vari's ply
// limit is reset by a capture or a Pawn's move). In the first, each player has dropped its King,
// a Rook and an Elephant and must go on dropping (the Rook only onto its first rank). In the
// second, placement is over: White has no General, so its Pawns on b7 and d5 (on the long
// diagonals in Black's half) may become one in place or by a diagonal step onto an empty cell,
// but not where the new General would attack a black piece nor where the Pawn's leaving opens
// the Rook's line to the King; Black's last Pawn, on e4, may promote wherever it stands. In the
// third, Black has nothing in hand and moves; White then holds a Rook it cannot drop (its first
// rank is full) and moves too.
const std::string MID_PLACEMENT = "r2k4/2s5/4pppp/pppp4/4PPPP/PPPP4/3S4/R2K4[FRSNNfrsnn] w - - 0 1";
const std::string PROMOTIONS = "r3k3/1P6/2s5/3P4/4p3/2N1S3/5PK1/R7[] w - - 0 1";
const std::string NO_DROP_LEFT = "3k4/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSKFSNR[R] b - - 0 1";

}  // namespace

TEST_CASE("sittuyin perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant sittuyin, go perft N), for
    // machines without it. Its UCI writes a drop as N@e3 and a promotion as the Pawn's move with
    // the new piece's letter, d5d5f in place; vari writes N*e3 and d5-d5=F. Counts do not depend
    // on it.
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 88},
        {"", 2, 7744},
        {"", 3, 580096},
        {MID_PLACEMENT, 1, 57},
        {MID_PLACEMENT, 2, 3249},
        {MID_PLACEMENT, 3, 141360},
        {PROMOTIONS, 1, 40},
        {PROMOTIONS, 2, 816},
        {PROMOTIONS, 3, 28026},
        {PROMOTIONS, 4, 563965},
        {NO_DROP_LEFT, 1, 14},
        {NO_DROP_LEFT, 2, 380},
        {NO_DROP_LEFT, 3, 5597},
        {NO_DROP_LEFT, 4, 55984},
    }));
    const auto peer = peer_perft("sittuyin", depth, fen);
    INFO("position '" << fen << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("sittuyin", fen, depth) == peer.value_or(recorded));
}

TEST_CASE("sittuyin's deeper perft equals Fairy-Stockfish's", "[interpreter][perft][.slow]") {
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 4, 43454464},
        {MID_PLACEMENT, 4, 6150400},
    }));
    const auto peer = peer_perft("sittuyin", depth, fen);
    INFO("position '" << fen << "', depth " << depth);
    CHECK(perft_from("sittuyin", fen, depth) == peer.value_or(recorded));
}

}  // namespace interpreter_perft_sittuyin_tests
