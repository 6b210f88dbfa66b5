// Seirawan chess perft against Fairy-Stockfish's `seirawan`, from the start and from positions
// that gate: castling with gating onto the King's or the Rook's cell, gate rights partly lost, one
// piece left in each hand.
#include <catch2/catch.hpp>
#include <string>

#include "support/peer_perft.hpp"

namespace interpreter_perft_seirawan_tests {

using vari::test::peer_perft;
using vari::test::perft_from;

namespace {

// Each position written as Fairy-Stockfish's FEN and as vari's position string. They differ in
// the rights field only: Fairy-Stockfish reads a castling right (K, Q) as gate rights on its King's
// and Rook's cells too, and writes each player's castling rights before its gate files; vari
// writes every gate right by its file, after all castling rights.
struct Spelled {
    std::string fen, vari;
};

// Both sides may castle either way, with or without gating onto the King's or the Rook's cell;
// every piece of the first ranks has moved but the Kings and Rooks.
const Spelled CASTLING = {
    "r3k2r/pppq1ppp/2nbbn2/4p3/4P3/2NBBN2/PPPQ1PPP/R3K2R[EHeh] w KQkq - 0 1",
    "r3k2r/pppq1ppp/2nbbn2/4p3/4P3/2NBBN2/PPPQ1PPP/R3K2R[EHeh] w KQkqAEHaeh - 0 1"};

// White has gated its Elephant and Black its Hawk: each has one piece left. White's f1 and g1
// have lost their rights (the Bishop and Knight left), Black's b8 and g8 theirs.
const Spelled ONE_LEFT = {
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[He] w KQBCDkqcdf - 4 4",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[He] w KQkqABCDEHacdefh - 4 4"};

// Black's hand is empty, so Black holds no gate rights (Fairy-Stockfish reads "kq" as rights
// on a8, e8 and h8, which it cannot use); White may gate only its Hawk, from a1 to e1 and h1
// (castling short onto e1 or h1).
const Spelled BLACK_EMPTY = {
    "r1bqk2r/ppppbppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[H] w KQBCDkq - 2 5",
    "r1bqk2r/ppppbppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[H] w KQkqABCDEH - 2 5"};

}  // namespace

TEST_CASE("Seirawan chess perft equals Fairy-Stockfish's, asked at test time when it is installed",
          "[interpreter][perft]") {
    // Recorded from Debian's fairy-stockfish 11.1 (UCI_Variant seirawan, go perft N), for
    // machines without it.
    const Spelled start = {"", ""};
    auto [position, depth, recorded] = GENERATE_COPY(table<Spelled, int, std::uint64_t>({
        {start, 1, 28},
        {start, 2, 784},
        {start, 3, 24830},
        {start, 4, 782599},
        {CASTLING, 1, 68},
        {CASTLING, 2, 4612},
        {CASTLING, 3, 266605},
        {ONE_LEFT, 1, 42},
        {ONE_LEFT, 2, 1561},
        {ONE_LEFT, 3, 61842},
        {ONE_LEFT, 4, 2265391},
        {BLACK_EMPTY, 1, 55},
        {BLACK_EMPTY, 2, 1566},
        {BLACK_EMPTY, 3, 74244},
    }));
    const auto peer = peer_perft("seirawan", depth, position.fen);
    INFO("position '" << position.vari << "', depth " << depth
                      << (peer ? " (from fairy-stockfish)" : " (recorded)"));
    CHECK(perft_from("seirawan", position.vari, depth) == peer.value_or(recorded));
}

TEST_CASE("Seirawan chess perft to depth 5 equals Fairy-Stockfish's",
          "[interpreter][perft][.slow]") {
    auto [position, depth, recorded] = GENERATE_COPY(table<Spelled, int, std::uint64_t>({
        {Spelled{"", ""}, 5, 27639803},
        {CASTLING, 4, 15302343},
        {BLACK_EMPTY, 4, 2227207},
    }));
    const auto peer = peer_perft("seirawan", depth, position.fen);
    INFO("position '" << position.vari << "', depth " << depth);
    CHECK(perft_from("seirawan", position.vari, depth) == peer.value_or(recorded));
}

}  // namespace interpreter_perft_seirawan_tests
