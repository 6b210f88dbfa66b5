// Fuzzing position strings: any text for each shipped game, read, written back and played from.
#include <functional>
#include <random>

#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "position_string";

constexpr int PLIES = 16;

}  // namespace

int fuzz_position_string(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const CompiledGame& game = *pick_shipped(data[0]).game;
    const std::string_view text = as_text(data + 1, size - 1);

    Position pos(game);
    const auto error = notation::parse_position(pos, text);
    if (error) {
        expect(!error->message.empty(), HARNESS, "a refused position string is told why");
        expect(error->column >= 1 && error->column <= text.size() + 1, HARNESS,
               "a position string's error points into it", std::to_string(error->column));
        return 0;
    }
    expect(pos.is_consistent(), HARNESS, "a position read is consistent");
    expect(pos.hash() == pos.compute_hash(), HARNESS, "a position read has its hash");
    check_round_trip(HARNESS, pos);

    (void)runtime::draw_board(pos);
    MoveList legal;
    generate_legal(pos, legal);
    check_notation(HARNESS, pos, legal);
    (void)perft(pos, legal.size <= MAX_ROOT_MOVES_FOR_DEPTH_2 ? 2 : 1);
    // A game in play from it, to its end or a few random plies on: its end conditions and
    // hooks, and the captures, promotions and drops the position leads to.
    runtime::Game played(game, pos);
    std::mt19937_64 rng(std::hash<std::string_view>{}(text));
    for (int ply = 0; ply < PLIES && !played.result(); ++ply) {
        const Move move = runtime::random_move(played, rng);
        expect(!move.is_none(), HARNESS, "a game without a legal move has ended",
               notation::to_position_string(played.position()));
        played.play(move);
    }
    if (played.result())
        expect(!played.result()->summary.empty(), HARNESS, "an ended game has a summary");
    return 0;
}

}  // namespace vari::fuzz
