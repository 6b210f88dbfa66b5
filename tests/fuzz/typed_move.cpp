// Fuzzing typed moves: any text as a move in a position reached by random play of a shipped game.
#include <map>
#include <random>
#include <utility>

#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "typed_move";

// Random plies from the start, at most: enough for captures, promotions and drops.
constexpr int MAX_PLIES = 48;

// The position after `plies` random legal moves from the start, the moves drawn from `seed`.
Position play_randomly(const CompiledGame& game, int plies, std::uint32_t seed) {
    Position pos(game);
    std::mt19937 rng(seed);
    MoveList legal;
    Undo undo;
    for (int ply = 0; ply < plies; ++ply) {
        generate_legal(pos, legal);
        if (legal.size == 0) break;
        pos.do_move(legal.moves[rng() % static_cast<unsigned>(legal.size)], undo);
    }
    return pos;
}

// The position the first two bytes of an input pick: a game, then the plies and their seed.
// Reaching it costs more than the rest of a run, so each is played once and remembered.
const Position& position_for(std::uint8_t game_byte, std::uint8_t plies_byte) {
    static std::map<std::pair<const CompiledGame*, std::uint8_t>, Position> reached;
    const CompiledGame& game = *pick_shipped(game_byte).game;
    const auto key = std::pair(&game, plies_byte);
    auto it = reached.find(key);
    if (it == reached.end())
        it = reached.emplace(key, play_randomly(game, plies_byte % (MAX_PLIES + 1), plies_byte))
                 .first;
    return it->second;
}

}  // namespace

int fuzz_typed_move(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    Position pos = position_for(data[0], data[1]);
    const std::string_view text = as_text(data + 2, size - 2);

    const std::string before = notation::to_position_string(pos);
    const std::uint64_t hash = pos.hash();
    std::string error;
    const auto move = notation::parse_move(pos, text, error);
    expect(notation::to_position_string(pos) == before && pos.hash() == hash, HARNESS,
           "reading a move leaves the position as it was", before);
    if (!move) {
        expect(!error.empty(), HARNESS, "a refused move is told why");
        return 0;
    }

    MoveList legal;
    generate_legal(pos, legal);
    bool is_legal = false;
    for (const Move m : legal) is_legal = is_legal || m == *move;
    const std::string written = notation::format_move(pos, *move);
    expect(is_legal, HARNESS, "a move read is legal", written + " in " + before);
    std::string again_error;
    const auto again = notation::parse_move(pos, written, again_error);
    expect(again && *again == *move, HARNESS, "a move's notation reads back as that move",
           written + " in " + before + ": " + again_error);

    Undo undo;
    pos.do_move(*move, undo);
    expect(pos.is_consistent() && pos.hash() == pos.compute_hash(), HARNESS,
           "a move made leaves a consistent position", written + " in " + before);
    check_round_trip(HARNESS, pos);
    pos.undo_move(*move, undo);
    expect(notation::to_position_string(pos) == before && pos.hash() == hash, HARNESS,
           "a move unmade restores the position", written + " in " + before);
    return 0;
}

}  // namespace vari::fuzz
