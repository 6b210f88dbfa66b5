// Placement chess perft against Fairy-Stockfish's `placement`: the placement phase with its
// Bishops on both colours, castling rights gained by drops, and chess after it.
#include <catch2/catch.hpp>

#include "support/peer_perft.hpp"

namespace interpreter_perft_placement_tests {

using vari::test::peer_perft;
using vari::test::perft_from;

namespace {

// Positions written alike as vari's position string and as FEN. In the first, the Kings stand on
// e1 and e8 and the Rooks are still in hand: dropping one on a1 or h1 (a8, h8) gains that
// castling right. In the second, both sides have their rights and still hold two Bishops, a
// Knight pair and the Queen, with five first-rank cells free: a Knight or the Queen may not take
// c1 or g1 when that leaves no free cell of a colour a Bishop still needs. In the third, White's
// first Bishop stands on c1, so the second goes only onto the other colour. In the fourth,
// placement is over but for a Queen, Bishop and Knights, and both sides may castle.
const std::string KINGS_PLACED = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 1";
const std::string BISHOPS_TO_COME =
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQkq - 0 1";
const std::string ONE_BISHOP = "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1";
const std::string CASTLINGS = "r1b1k2r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R3K2R[QBNNqbnn] b KQkq - 0 1";
// The last Rooks go down on h1 and h8, after which White may castle short.
const std::string LAST_ROOKS = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3[Rr] w - - 0 1";

}  // namespace

TEST_CASE("placement chess perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant placement, go perft N), for
    // machines without it. Its UCI writes a drop as B@c1, vari B*c1; counts do not depend on it.
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 1, 40},
        {"", 2, 1600},
        {"", 3, 50560},
        {KINGS_PLACED, 1, 28},
        {KINGS_PLACED, 2, 784},
        {KINGS_PLACED, 3, 17136},
        {BISHOPS_TO_COME, 1, 15},
        {BISHOPS_TO_COME, 2, 225},
        {BISHOPS_TO_COME, 3, 2190},
        {BISHOPS_TO_COME, 4, 21316},
        {ONE_BISHOP, 1, 32},
        {ONE_BISHOP, 2, 1280},
        {ONE_BISHOP, 3, 31200},
        {CASTLINGS, 1, 11},
        {CASTLINGS, 2, 165},
        {CASTLINGS, 3, 1080},
        {CASTLINGS, 4, 10080},
        {LAST_ROOKS, 1, 3},
        {LAST_ROOKS, 2, 3},
        {LAST_ROOKS, 3, 63},
        {LAST_ROOKS, 4, 1260},
    }));
    const auto peer = peer_perft("placement", depth, fen);
    INFO("position '" << fen << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("placement", fen, depth) == peer.value_or(recorded));
}

TEST_CASE("placement chess's deeper perft equals Fairy-Stockfish's",
          "[interpreter][perft][.slow]") {
    auto [fen, depth, recorded] = GENERATE_COPY(table<std::string, int, std::uint64_t>({
        {"", 4, 1597696},
        {KINGS_PLACED, 4, 374544},
        {ONE_BISHOP, 4, 985920},
    }));
    const auto peer = peer_perft("placement", depth, fen);
    INFO("position '" << fen << "', depth " << depth);
    CHECK(perft_from("placement", fen, depth) == peer.value_or(recorded));
}

}  // namespace interpreter_perft_placement_tests
