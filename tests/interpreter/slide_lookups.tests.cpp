// Slide lookups (SlideGroup, grouped AttackLines) are only a faster way to read the same rays and
// walked rules: a game compiled with them lists, at every position of a tree, the very moves it
// lists without.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace interpreter_slide_lookups_tests {

using namespace vari;

namespace {

std::unique_ptr<CompiledGame> compile_file(const std::string& path, bool slide_lookups) {
    auto loaded = dsl::load_file(path);
    REQUIRE(loaded.game);
    return std::make_unique<CompiledGame>(std::move(*loaded.game), slide_lookups);
}

std::unique_ptr<CompiledGame> compile_shipped(const std::string& name, bool slide_lookups) {
    return compile_file(test::shipped_path(name), slide_lookups);
}

// A game of tests/reference/games.
std::unique_ptr<CompiledGame> compile_invented(const std::string& name, bool slide_lookups) {
    return compile_file(std::string(VARI_TEST_DATA) + "/reference/games/" + name + ".vari",
                        slide_lookups);
}

// Walks `depth` plies of both positions together, which must list the same moves in the same
// order everywhere; returns the leaves.
std::uint64_t walk_both(Position& fast, Position& plain, int depth) {
    MoveList with, without;
    generate_legal(fast, with);
    generate_legal(plain, without);
    REQUIRE(with.size == without.size);
    for (int i = 0; i < with.size; ++i) REQUIRE(with.moves[i] == without.moves[i]);
    if (depth <= 1) return static_cast<std::uint64_t>(with.size);
    std::uint64_t leaves = 0;
    Undo undo_fast, undo_plain;
    for (const Move m : with) {
        fast.do_move(m, undo_fast);
        plain.do_move(m, undo_plain);
        leaves += walk_both(fast, plain, depth - 1);
        plain.undo_move(m, undo_plain);
        fast.undo_move(m, undo_fast);
    }
    return leaves;
}

}  // namespace

TEST_CASE("games compiled with slide lookups list the moves the rays list",
          "[interpreter][slide-lookups]") {
    auto [name, position, depth] = GENERATE(table<std::string, std::string, int>({
        {"chess", "", 3},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},
        {"capablanca", "", 3},
        {"grand-chess", "", 2},
        {"racing-kings", "", 3},
        {"shogi", "", 3},
        {"xiangqi", "", 3},
        {"janggi", "", 2},
        // Cannons that may neither hop nor take a Cannon, screened by Cannons and by others.
        {"janggi", "3a1a3/4k4/9/2p1c4/9/4C4/1C2P4/5C3/4K4/5A3 c - - 0 1", 3},
        {"shafran-chess", "", 3},
        {"hex-shogi-41", "", 3},
        {"compact-hex-chess-wellisch", "", 3},
        {"compact-hex-chess-anglojewish", "", 3},
        {"three-player-hex-shogi-91", "", 2},
        {"heian-dai-shogi", "", 3},  // three words
    }));
    INFO(name << " " << position << " to depth " << depth);
    const auto fast_game = compile_shipped(name, true);
    const auto plain_game = compile_shipped(name, false);
    CHECK(plain_game->tables().slide_groups.empty());
#ifdef __BMI2__
    // Every one of these games has a piece with slides along two lines or more.
    CHECK_FALSE(fast_game->tables().slide_groups.empty());
#endif
    Position fast(*fast_game), plain(*plain_game);
    if (!position.empty()) {
        test::set_position(fast, position);
        test::set_position(plain, position);
    }
    CHECK(walk_both(fast, plain, depth) > 0);
}

namespace {

// The rules of `piece` for the first player.
const PieceRules& rules_of(const CompiledGame& game, const std::string& piece) {
    const auto& pieces = game.ir().pieces;
    for (std::size_t type = 0; type < pieces.size(); ++type)
        if (pieces[type].name == piece) return game.tables().rules_of(0, static_cast<int>(type));
    FAIL("no piece " << piece);
    return game.tables().rules_of(0, 0);
}

// Whether every walked rule of `piece` (for the first player) is read through a lookup.
bool paths_grouped(const CompiledGame& game, const std::string& piece) {
    const PieceRules& r = rules_of(game, piece);
    REQUIRE(r.path_count > 0);
    return r.grouped_paths + r.typed_paths == r.path_count;
}

}  // namespace

TEST_CASE("walked rules are read through lookups, hops that refuse or spare types too",
          "[interpreter][slide-lookups]") {
#ifdef __BMI2__
    const auto xiangqi = compile_shipped("xiangqi", true);
    for (const char* piece : {"Horse", "Elephant", "Cannon"}) CHECK(paths_grouped(*xiangqi, piece));
    const auto janggi = compile_shipped("janggi", true);
    CHECK(paths_grouped(*janggi, "Horse"));
    CHECK(paths_grouped(*janggi, "Elephant"));  // 12 cells of legs, in two lookups
    // A Cannon may neither hop over nor take a Cannon: the types are read off the board after.
    CHECK(paths_grouped(*janggi, "Cannon"));
    const auto curves = compile_shipped("compact-hex-chess-anglojewish", true);
    for (const char* piece : {"Cohen", "Finch", "Rabbi"}) CHECK(paths_grouped(*curves, piece));
#endif
    CHECK_FALSE(paths_grouped(*compile_shipped("xiangqi", false), "Horse"));
}

TEST_CASE("boards of three words read slides, single ones too, and typed hops through lookups",
          "[interpreter][slide-lookups]") {
    const auto fast_game = compile_invented("typed-hops-on-three-words", true);
    const auto plain_game = compile_invented("typed-hops-on-three-words", false);
    REQUIRE(fast_game->tables().cell_words == 3);
#ifdef __BMI2__
    const PieceRules& spear = rules_of(*fast_game, "Spear");
    CHECK(spear.grouped_slides == spear.slide_count);  // its one slide
    const PieceRules& tower = rules_of(*fast_game, "Tower");
    CHECK(tower.grouped_slides == tower.slide_count);
    // The hops within the forts, not those across the board.
    const PieceRules& mortar = rules_of(*fast_game, "Mortar");
    CHECK(mortar.typed_group_count > 0);
    CHECK(mortar.typed_paths > 0);
    CHECK(mortar.typed_paths < mortar.path_count);
#endif
    Position fast(*fast_game), plain(*plain_game);
    CHECK(walk_both(fast, plain, 3) == 226244);
}

}  // namespace interpreter_slide_lookups_tests
