// Differential tests: the interpreter (compiled tables, bit sets, pin logic) against the plain
// mailbox generator of tests/reference, position by position along random playouts.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dsl/dsl.hpp"
#include "interpreter/interpreter.hpp"
#include "reference/movegen.hpp"
#include "runtime/runtime.hpp"
#include "support/reference_report.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace interpreter_differential_tests {

namespace {

using vari::CompiledGame;
using vari::Position;
namespace ir = vari::ir;
namespace ref = vari::reference;
using ref::MoveKey;
using vari::test::COMPACT_SHOGI_MIDGAME;
using vari::test::COMPACT_SHOGI_VS_REVERGENT_MIDGAME;
using vari::test::describe_move;
using vari::test::describe_moves;
using vari::test::describe_state;
using vari::test::key_of;
using vari::test::reference_state;
using vari::test::THREE_PLAYER_KING_IN_HAND;
using vari::test::THREE_PLAYER_MIDGAME;

// splitmix64: the same sequence on every platform, unlike the std distributions.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::uint64_t state_;
};

// The rule files in `folder`, sorted.
std::vector<std::string> games_in(const std::string& folder) {
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".vari") paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::unique_ptr<CompiledGame> load_game(const std::string& path) {
    auto loaded = vari::dsl::load_file(path);
    for (const auto& d : loaded.diagnostics) UNSCOPED_INFO(vari::dsl::render(d, loaded));
    REQUIRE(loaded.game);
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

// What make/unmake must restore.
struct Snapshot {
    explicit Snapshot(const Position& pos)
        : side(pos.side_to_move()),
          rights(pos.rights()),
          ep_cells(pos.ep_cells()),
          ep_victim(pos.ep_victim()),
          ply_clock(pos.ply_clock()),
          move_number(pos.move_number()),
          gates(pos.gates()),
          hash(pos.hash()) {
        for (int c = 0; c < pos.tables().cell_count; ++c) board[c] = pos.piece_on(c);
    }
    bool operator==(const Snapshot&) const = default;

    vari::Piece board[vari::MAX_CELLS] = {};
    int side;
    std::uint32_t rights;
    vari::CellSet ep_cells;
    int ep_victim, ply_clock, move_number;
    vari::CellSet gates;
    std::uint64_t hash;
};

// How many of the rare kinds of move the positions of the playouts offered.
struct Coverage {
    long positions = 0, en_passant = 0, castling = 0, promotion = 0, passes = 0, drops = 0;
    long chains = 0, chain_promotions = 0;  // capture sequences of two jumps or more
    long gatings = 0, castling_gatings = 0;
    long first_moves = 0;  // moves made by a piece's first-move right only
    long facing = 0;       // positions whose royal pieces face and must part (royals must-part)
    bool agreed = true;    // false once a disagreement has been reported
};

// Random playouts of one game, each position checked against the reference. Stops at the first
// disagreement: everything after it would be noise.
class Differential {
public:
    explicit Differential(const CompiledGame& game) : game_(game), reference_(game.ir()) {}

    Coverage run(int playouts, int max_plies) {
        for (int i = 0; i < playouts && coverage_.agreed; ++i) playout(max_plies);
        return coverage_;
    }

private:
    void playout(int max_plies) {
        Position pos(game_);
        ref::State state = reference_.start();
        history_.clear();
        for (int ply = 0; ply < max_plies; ++ply) {
            ++coverage_.positions;
            if (const std::string d = vari::test::state_differences(pos, state); !d.empty())
                return fail("the positions differ (compiled, where not as the reference):\n" + d,
                            pos, state);
            vari::MoveList list;
            vari::generate_legal(pos, list);
            std::vector<MoveKey> compiled;
            for (vari::Move m : list) compiled.push_back(key_of(pos, m));
            std::sort(compiled.begin(), compiled.end());
            const std::vector<ref::Move> expected = reference_.legal(state);
            if (!same_moves(compiled, expected, pos, state) ||
                !make_unmake_restores(pos, list, state))
                return;
            count(expected, state);
            coverage_.facing += reference_.must_part_faced(state.board, state.side);
            if (expected.empty()) return;
            const ref::Move& m = expected[choose(expected, state)];
            const vari::Move move = *std::find_if(
                list.begin(), list.end(), [&](vari::Move c) { return key_of(pos, c) == m.key(); });
            history_.push_back(m.key());
            vari::Undo undo;
            pos.do_move(move, undo);
            reference_.play(state, m);
        }
    }

    bool same_moves(const std::vector<MoveKey>& compiled, const std::vector<ref::Move>& expected,
                    const Position& pos, const ref::State& state) {
        std::vector<MoveKey> want;
        for (const ref::Move& m : expected) want.push_back(m.key());
        std::sort(want.begin(), want.end());  // the reference lists a pass last
        if (compiled == want) return true;
        std::vector<MoveKey> missing, extra;
        std::set_difference(want.begin(), want.end(), compiled.begin(), compiled.end(),
                            std::back_inserter(missing));
        std::set_difference(compiled.begin(), compiled.end(), want.begin(), want.end(),
                            std::back_inserter(extra));
        fail("the legal moves differ\n  missing: " + describe_moves(game_.ir(), missing) +
                 "\n  extra:   " + describe_moves(game_.ir(), extra) + "\n",
             pos, state);
        return false;
    }

    bool make_unmake_restores(Position& pos, const vari::MoveList& list, const ref::State& state) {
        const Snapshot before(pos);
        for (vari::Move m : list) {
            vari::Undo undo;
            pos.do_move(m, undo);
            const bool hash_ok = pos.hash() == pos.compute_hash();
            pos.undo_move(m, undo);
            if (!hash_ok || !(Snapshot(pos) == before)) {
                fail(std::string(hash_ok ? "make/unmake does not restore the position"
                                         : "the incremental hash differs from compute_hash()") +
                         " after " + describe_move(game_.ir(), key_of(pos, m)) + "\n",
                     pos, state);
                return false;
            }
        }
        return true;
    }

    // Half the time a rare kind of move when there is one, so that its rules get exercised.
    std::size_t choose(const std::vector<ref::Move>& moves, const ref::State& state) {
        std::vector<std::size_t> rare;
        for (std::size_t i = 0; i < moves.size(); ++i)
            if (moves[i].kind != ref::Move::normal || moves[i].promotion >= 0 ||
                reference_.is_first_move(state, moves[i]))
                rare.push_back(i);
        if (!rare.empty() && rng_.below(2) == 0) return rare[rng_.below(rare.size())];
        return rng_.below(moves.size());
    }

    void count(const std::vector<ref::Move>& moves, const ref::State& state) {
        for (const ref::Move& m : moves) {
            coverage_.first_moves += reference_.is_first_move(state, m);
            coverage_.en_passant += m.kind == ref::Move::en_passant;
            coverage_.castling += m.kind == ref::Move::castling;
            coverage_.promotion += m.promotion >= 0;
            coverage_.passes += m.kind == ref::Move::pass;
            coverage_.drops += m.kind == ref::Move::drop;
            coverage_.gatings += m.gated >= 0;
            coverage_.castling_gatings += m.gated >= 0 && m.kind == ref::Move::castling;
            coverage_.chains += m.path.size() >= 2;
            coverage_.chain_promotions += m.path.size() >= 2 && m.promotion >= 0;
        }
    }

    void fail(const std::string& what, const Position& pos, const ref::State& state) {
        coverage_.agreed = false;
        FAIL_CHECK(game_.ir().name
                   << ": " << what << "after " << describe_moves(game_.ir(), history_)
                   << "\nreference position:\n"
                   << describe_state(game_.ir(), state)
                   << "compiled position string: " << vari::notation::to_position_string(pos));
    }

    const CompiledGame& game_;
    ref::Generator reference_;
    Rng rng_{0x0dd5eed};
    Coverage coverage_;
    std::vector<MoveKey> history_;
};

bool has_en_passant(const ir::Game& game) {
    for (const auto& piece : game.pieces)
        for (const auto& m : piece.movements)
            if (m.captures_en_passant) return true;
    return false;
}

bool has_jumps(const ir::Game& game) {
    for (const auto& piece : game.pieces)
        for (const auto& m : piece.movements)
            if (m.kind == ir::MoveKind::jump) return true;
    return false;
}

bool has_promotion(const ir::Game& game) {
    return std::any_of(game.pieces.begin(), game.pieces.end(),
                       [](const auto& p) { return !p.promotions.empty(); });
}

// Plays the game at `path` and checks every position; then checks that the positions offered
// each rare kind of move the game has, or the playouts prove little about its rules.
// Forced passes are rare in real games: only the invented ones must show them.
void check_playouts(const std::string& path, int playouts, int max_plies, bool expect_passes) {
    INFO("game: " << path);
    const auto game = load_game(path);
    const Coverage seen = Differential(*game).run(playouts, max_plies);
    INFO("positions " << seen.positions << ", en passant " << seen.en_passant << ", castlings "
                      << seen.castling << ", promotions " << seen.promotion << ", passes "
                      << seen.passes << ", drops " << seen.drops << ", gatings " << seen.gatings
                      << " (" << seen.castling_gatings << " castling), chains " << seen.chains
                      << " (" << seen.chain_promotions << " promoting), royal pieces facing "
                      << seen.facing << ", first moves " << seen.first_moves);
    if (!seen.agreed) return;  // the playouts stopped early: their coverage means nothing
    CHECK((seen.en_passant > 0 || !has_en_passant(game->ir())));
    CHECK((seen.castling > 0 || game->ir().castlings.empty()));
    CHECK((seen.promotion > 0 || !has_promotion(game->ir())));
    CHECK((seen.drops > 0 || !game->ir().hands));
    CHECK((seen.gatings > 0 || !game->tables().gating));
    CHECK((seen.castling_gatings > 0 || !game->tables().gating || game->ir().castlings.empty()));
    CHECK((seen.chains > 0 || !has_jumps(game->ir())));
    CHECK((seen.chain_promotions > 0 || !has_jumps(game->ir()) || !has_promotion(game->ir())));
    CHECK((seen.passes > 0 || !expect_passes || game->ir().passing == ir::Passing::never));
    CHECK((seen.facing > 0 || game->ir().royals_must_part.empty()));
    CHECK((seen.first_moves > 0 || !game->tables().first_moves));
}

// Every other shipped game, from the first (`half` 0) or the second (1): the two halves are
// ctest tests of their own (unit-playouts-1 and -2), which run side by side.
std::vector<std::string> shipped_half(std::size_t half) {
    const std::vector<std::string> games = games_in(VARI_STDLIB_DIR);
    std::vector<std::string> chosen;
    for (std::size_t i = half; i < games.size(); i += 2) chosen.push_back(games[i]);
    return chosen;
}

}  // namespace

TEST_CASE(
    "the interpreter agrees with the reference generator along random playouts of every "
    "shipped game, first half",
    "[differential][shipped-playouts]") {
    check_playouts(GENERATE(from_range(shipped_half(0))), vari::test::scaled(60),
                   vari::test::playout_plies(200), false);
}

TEST_CASE(
    "the interpreter agrees with the reference generator along random playouts of every "
    "shipped game, second half",
    "[differential][shipped-playouts][second-half]") {
    check_playouts(GENERATE(from_range(shipped_half(1))), vari::test::scaled(60),
                   vari::test::playout_plies(200), false);
}

// The shipped games use few of the rules, and most of their positions have one royal piece a
// side; the games in tests/reference/games reach the rest, and every way legality is judged:
// checks and pins along rays of any number of directions, along limited slides, curves, hops and
// lame leaps, and two royal pieces a side. Each file's header says which rules it is about.
TEST_CASE(
    "the interpreter agrees with the reference generator along random playouts of games "
    "invented to use the rules the shipped games leave out",
    "[differential]") {
    check_playouts(GENERATE(from_range(games_in(VARI_TEST_DATA "/reference/games"))),
                   vari::test::scaled_lighter(30), 150, true);
}

TEST_CASE("the reference generator counts the published perft of chess and Shafran's chess",
          "[differential]") {
    const auto chess = load_game(VARI_STDLIB_DIR "/chess.vari");
    const ref::Generator chess_reference(chess->ir());
    CHECK(chess_reference.perft(chess_reference.start(), 3) == 8902);
    const auto shafran = load_game(VARI_STDLIB_DIR "/shafran-chess.vari");
    const ref::Generator shafran_reference(shafran->ir());
    CHECK(shafran_reference.perft(shafran_reference.start(), 2) == 1706);
}

// The independent check of the counts the project establishes itself (rules.md §5.7 stops at 2).
TEST_CASE("the reference generator agrees with the deeper perft of chess, Shafran and shogis",
          "[.][slow][differential]") {
    const auto shafran = load_game(VARI_STDLIB_DIR "/shafran-chess.vari");
    const ref::Generator shafran_reference(shafran->ir());
    CHECK(shafran_reference.perft(shafran_reference.start(), 3) == 75494);
    const auto chess = load_game(VARI_STDLIB_DIR "/chess.vari");
    const ref::Generator chess_reference(chess->ir());
    CHECK(chess_reference.perft(chess_reference.start(), 4) == 197281);
    // Drops: shogi's published count, and Hex Shogi 41's recorded one.
    const auto shogi = load_game(VARI_STDLIB_DIR "/shogi.vari");
    const ref::Generator shogi_reference(shogi->ir());
    CHECK(shogi_reference.perft(shogi_reference.start(), 3) == 25470);
    const auto hex_shogi = load_game(VARI_STDLIB_DIR "/hex-shogi-41.vari");
    const ref::Generator hex_shogi_reference(hex_shogi->ir());
    CHECK(hex_shogi_reference.perft(hex_shogi_reference.start(), 3) == 4707);
}

TEST_CASE("the reference generator confirms Hex Orthogonal Draughts' recorded perft",
          "[differential]") {
    const auto game = load_game(VARI_STDLIB_DIR "/compact-hex-draughts.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 3) == 2912);
    CHECK(reference.perft(reference_state(*game, vari::test::DRAUGHTS_KINGS), 2) == 478);
}

TEST_CASE("the reference generator confirms Hex Orthogonal Draughts' deeper recorded perft",
          "[.][slow][differential]") {
    const auto game = load_game(VARI_STDLIB_DIR "/compact-hex-draughts.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 4) == 43262);
    CHECK(reference.perft(reference.start(), 5) == 683220);
    CHECK(reference.perft(reference_state(*game, vari::test::DRAUGHTS_KINGS), 3) == 9343);
}

TEST_CASE("the reference generator confirms Three Player Hex Shogi's recorded perft",
          "[differential]") {
    const auto game = load_game(VARI_STDLIB_DIR "/three-player-hex-shogi-91.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 2) == 729);
    CHECK(reference.perft(reference_state(*game, THREE_PLAYER_KING_IN_HAND), 2) == 1996);
    CHECK(reference.perft(reference_state(*game, THREE_PLAYER_MIDGAME), 2) == 15247);
}

TEST_CASE("the reference generator confirms Three Player Hex Shogi's deeper recorded perft",
          "[.][slow][differential]") {
    const auto game = load_game(VARI_STDLIB_DIR "/three-player-hex-shogi-91.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 3) == 19683);
    CHECK(reference.perft(reference_state(*game, THREE_PLAYER_KING_IN_HAND), 3) == 169615);
}

TEST_CASE("the reference generator confirms Compact Hex Chess's recorded perft", "[differential]") {
    struct Count {
        const char* game;
        const std::string* position;  // nullptr: the start
        int depth;
        std::uint64_t nodes;
    };
    const Count counts[] = {
        {"compact-hex-chess-wellisch", nullptr, 3, 3190},
        {"compact-hex-chess-revergent", nullptr, 3, 12070},
        {"compact-hex-chess-anglojewish", nullptr, 3, 12722},
        {"compact-hex-chess-shogi", nullptr, 3, 11550},
        {"compact-hex-chess-shogi-vs-revergent", nullptr, 3, 12252},
        {"compact-hex-chess-hexgi", nullptr, 3, 2856},
        {"compact-hex-chess-shogi", &COMPACT_SHOGI_MIDGAME, 2, 5950},
        {"compact-hex-chess-shogi-vs-revergent", &COMPACT_SHOGI_VS_REVERGENT_MIDGAME, 2, 2279},
    };
    for (const Count& c : counts) {
        INFO(c.game << (c.position ? " from " + *c.position : std::string(" from the start")));
        const auto game = load_game(std::string(VARI_STDLIB_DIR "/") + c.game + ".vari");
        const ref::Generator reference(game->ir());
        const ref::State state =
            c.position ? reference_state(*game, *c.position) : reference.start();
        CHECK(reference.perft(state, c.depth) == c.nodes);
    }
}

TEST_CASE(
    "the reference generator confirms grand chess's and Kyoto shogi's counts where their "
    "promotion forms apply",
    "[differential]") {
    // Fairy-Stockfish's counts (perft.tests.cpp): promotions to lost types only, and pieces that
    // turn over on each move and drop as either face.
    const auto grand = load_game(VARI_STDLIB_DIR "/grand-chess.vari");
    const ref::Generator grand_reference(grand->ir());
    CHECK(grand_reference.perft(
              reference_state(*grand,
                              "1r1b5r/2P1k1c3/p3p1pp2/3P6/10/5q4/2N7/p3PP2PP/1p2K1MB2/"
                              "R8R w - - 0 1"),
              2) == 6093);
    CHECK(grand_reference.perft(
              reference_state(*grand, "1r1r6/2P4k2/10/4P5/10/N9/6p3/10/1pBQKMCBN1/R8R b - - 0 1"),
              2) == 4792);
    const auto kyoto = load_game(VARI_STDLIB_DIR "/kyoto-shogi.vari");
    const ref::Generator kyoto_reference(kyoto->ir());
    CHECK(kyoto_reference.perft(kyoto_reference.start(), 3) == 1636);
    CHECK(kyoto_reference.perft(reference_state(*kyoto, "2k2/5/2+L2/4P/KL1L1[PPns] b - - 0 1"),
                                2) == 3172);
}

TEST_CASE("the reference generator confirms the goals' perft, counted as Fairy-Stockfish counts it",
          "[differential]") {
    struct Count {
        const char* game;
        const char* position;
        int depth;
        std::uint64_t nodes;
    };
    // Fairy-Stockfish's counts (kingofthehill, 3check, racingkings), as in perft.tests.cpp.
    const Count counts[] = {
        {"king-of-the-hill", "rnbq1bnr/pppp1ppp/3k4/8/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1", 2, 763},
        {"three-check", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4", 2,
         1231},
        {"racing-kings", "8/1k4K1/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1", 2, 779},
        {"racing-kings", "6K1/1k6/8/8/8/8/1rbnNBR1/qrbnNBRQ b - - 1 1", 2, 0},
    };
    for (const Count& c : counts) {
        INFO(c.game << " from " << c.position);
        const auto game = load_game(std::string(VARI_STDLIB_DIR "/") + c.game + ".vari");
        const ref::Generator reference(game->ir());
        CHECK(reference.perft(reference_state(*game, c.position), c.depth) == c.nodes);
    }
}

TEST_CASE("the reference generator counts Seirawan chess's gatings as Fairy-Stockfish does",
          "[differential]") {
    const auto game = load_game(VARI_STDLIB_DIR "/seirawan.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 2) == 784);
    // Castling either way with gating onto the King's or the Rook's cell (perft_seirawan's).
    const ref::State castling = reference_state(
        *game, "r3k2r/pppq1ppp/2nbbn2/4p3/4P3/2NBBN2/PPPQ1PPP/R3K2R[EHeh] w KQkqAEHaeh - 0 1");
    CHECK(reference.perft(castling, 2) == 4612);
}

TEST_CASE("the reference generator confirms sittuyin's perft, as Fairy-Stockfish counts it",
          "[differential]") {
    // Fairy-Stockfish's counts (sittuyin), as in perft_sittuyin.tests.cpp: the placement phase,
    // then promotions in place and by a step, allowed and refused.
    const auto game = load_game(std::string(VARI_STDLIB_DIR "/") + "sittuyin.vari");
    const ref::Generator reference(game->ir());
    CHECK(reference.perft(reference.start(), 2) == 7744);
    CHECK(reference.perft(reference_state(*game,
                                          "r2k4/2s5/4pppp/pppp4/4PPPP/PPPP4/3S4/R2K4"
                                          "[FRSNNfrsnn] w - - 0 1"),
                          2) == 3249);
    CHECK(reference.perft(reference_state(*game, "r3k3/1P6/2s5/3P4/4p3/2N1S3/5PK1/R7[] w - - 0 1"),
                          3) == 28026);
}

}  // namespace interpreter_differential_tests
