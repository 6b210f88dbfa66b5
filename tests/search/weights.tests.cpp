// The evaluation as weighted terms: its term counts give exactly what evaluate() says, and weights
// files round-trip, attach to the rules they were made for and are refused for others.
#include <catch2/catch.hpp>
#include <random>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"

namespace vari::search_weights_tests {
namespace {

// Sum of weight times count over `player`'s terms in `pos`.
int total_of(const search::Evaluation& e, const Position& pos, int player) {
    std::vector<search::TermCount> terms;
    e.count_terms(pos, player, terms);
    int total = 0;
    for (const auto& t : terms) total += e.weights()[static_cast<std::size_t>(t.term)] * t.count;
    return total;
}

// Positions along a random game of `game`, the start included.
template <class Visit>
void along_random_game(const CompiledGame& game, std::uint64_t seed, int plies, Visit&& visit) {
    runtime::Game played(game);
    std::mt19937_64 rng(seed);
    for (int ply = 0; ply < plies && !played.result(); ++ply) {
        visit(played.position());
        played.play(runtime::random_move(played, rng));
    }
}

const char* const MINISHOGI_WEIGHTS_NAME = "minishogi.weights";

const char* const SHIPPED_WITH_WEIGHTS[] = {"capablanca",   "chess",         "crazyhouse",
                                            "hex-shogi-41", "shafran-chess", "xiangqi"};

}  // namespace

TEST_CASE("the evaluation is the sum of its weighted terms, own less the strongest other's",
          "[search][weights]") {
    for (const char* name : {"chess", "shogi", "antichess", "racing-kings", "hex-shogi-41",
                             "three-player-hex-shogi-91", "compact-hex-draughts"}) {
        const auto game = test::load_shipped(name);
        // The derived weights count no threats; weights with them take the evaluation's other way.
        std::vector<int> threats = search::Evaluation::derived_weights(*game);
        const search::TermLayout layout{game->tables().player_count, game->tables().type_count,
                                        game->tables().cell_count};
        for (int type = 0; type < layout.types; ++type) {
            threats[static_cast<std::size_t>(layout.threatened(type))] = -20 - type;
            threats[static_cast<std::size_t>(layout.hanging(type))] = -30 + type;
            threats[static_cast<std::size_t>(layout.royal_attacks(type))] = 5 + type;
        }
        for (const search::Evaluation& evaluation :
             {search::Evaluation(*game, false), search::Evaluation(*game, threats)})
            along_random_game(*game, 7, 60, [&](const Position& pos) {
                const int players = game->tables().player_count;
                for (int me = 0; me < players; ++me) {
                    int strongest = -search::WIN;
                    for (int p = 0; p < players; ++p)
                        if (p != me) strongest = std::max(strongest, total_of(evaluation, pos, p));
                    INFO(name << " player " << me);
                    REQUIRE(evaluation.evaluate(pos, me) ==
                            total_of(evaluation, pos, me) - strongest);
                }
            });
    }
}

TEST_CASE("threats are counted by hand: attacked by a lesser piece, undefended, near a royal",
          "[search][weights]") {
    auto [position, player, piece, threatened, hanging, royal_attacks] =
        GENERATE(table<std::string, int, std::string, int, int, int>({
            // A Knight attacks a Rook that nothing defends; the Rook attacks two cells next to
            // the white King (its own King's neighbours count for nothing).
            {"4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1", 1, "Rook", 1, 1, 2},
            {"4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1", 0, "Knight", 0, 0, 0},
            // A Pawn defends the Rook: still threatened, no more hanging.
            {"4k3/8/4p3/3r4/8/2N5/8/4K3 w - - 0 1", 1, "Rook", 1, 0, 2},
            // A Queen attacks the Rook (worth more: no threat) and is attacked by it, defended by
            // its King; the Rook attacks d2 and the Queen's d1 next to the King.
            {"4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", 1, "Rook", 0, 1, 2},
            {"4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", 0, "Queen", 1, 0, 0},
        }));
    const auto game = test::load_shipped("chess");
    const search::Evaluation evaluation(*game, false);
    Position pos(*game);
    test::set_position(pos, position);
    std::vector<search::TermCount> terms;
    evaluation.count_terms(pos, player, terms);
    const auto count_of = [&](int term) {
        for (const auto& t : terms)
            if (t.term == term) return t.count;
        return 0;
    };
    const int type = test::type_named(*game, piece);
    const search::TermLayout& layout = evaluation.layout();
    INFO(position << " player " << player << " " << piece);
    CHECK(count_of(layout.threatened(type)) == threatened);
    CHECK(count_of(layout.hanging(type)) == hanging);
    CHECK(count_of(layout.royal_attacks(type)) == royal_attacks);
}

TEST_CASE("a type's mobility is the sum of its pieces' targets, its reach their union",
          "[search][weights]") {
    for (const char* name : {"chess", "shogi", "xiangqi", "hex-shogi-41", "shafran-chess",
                             "three-player-hex-shogi-91", "compact-hex-draughts"}) {
        const auto game = test::load_shipped(name);
        const Tables& t = game->tables();
        along_random_game(*game, 9, 60, [&](const Position& pos) {
            for (int p = 0; p < t.player_count; ++p)
                for (int type = 0; type < t.type_count; ++type) {
                    int each = 0;
                    CellSet moves;
                    for (int c : pos.pieces(p, type)) {
                        each += piece_targets(pos, c).count();
                        moves |= piece_targets(pos, c);
                    }
                    INFO(name << " player " << p << " type " << type);
                    with_cell_set(t.cell_words, [&]<class Set>(Set) {
                        Set reach;
                        REQUIRE(targets_count<Set>(pos, p, type) == each);
                        REQUIRE(targets_count<Set>(pos, p, type, reach) == each);
                        // What they reach less their own pieces are their moves.
                        REQUIRE((reach & ~pos.sets<Set>().by_player[p]) == resized<Set>(moves));
                    });
                }
        });
    }
}

TEST_CASE("weights round-trip through a weights file", "[search][weights]") {
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    std::vector<int> weights = search::Evaluation::derived_weights(*game);
    for (std::size_t i = 0; i < weights.size(); ++i) weights[i] += static_cast<int>(i % 7) - 3;
    ir::Weights file = search::Evaluation::to_ir(*game, weights);
    file.made_by = "vari tune three-player-hex-shogi-91 --seed 3";
    const std::string text = dsl::weights_text(game->ir(), file);
    Diagnostic problem;
    const auto read = dsl::read_weights(text, "t.weights", game->ir(), problem);
    REQUIRE(read);
    CHECK(read->made_by == file.made_by);
    CHECK(search::Evaluation::from_ir(*game, *read) == weights);
}

TEST_CASE("a weights file made for other rules, or damaged, is refused with the reason",
          "[search][weights]") {
    const auto game = test::load_shipped("minishogi");
    const auto chess = test::load_shipped("chess");
    const ir::Weights weights =
        search::Evaluation::to_ir(*chess, search::Evaluation::derived_weights(*chess));
    const std::string for_chess = dsl::weights_text(chess->ir(), weights);
    Diagnostic problem;
    CHECK_FALSE(dsl::read_weights(for_chess, "w", game->ir(), problem));
    CHECK_THAT(problem.message, Catch::Contains("made for other rules"));
    CHECK_FALSE(dsl::read_weights("{\"vari-weights\": 1,", "w", game->ir(), problem));
    CHECK_THAT(problem.message, Catch::Contains("not a weights file"));
    std::string huge = dsl::weights_text(
        game->ir(), search::Evaluation::to_ir(*game, search::Evaluation::derived_weights(*game)));
    huge.replace(huge.find("\"board\": "), 9, "\"board\": 99999999999");
    CHECK_FALSE(dsl::read_weights(huge, "w", game->ir(), problem));
    CHECK_THAT(problem.message, Catch::Contains("'board' must be a whole number"));
}

TEST_CASE("the weights file beside a rule file gives the game its weights, and only for its rules",
          "[search][weights]") {
    test::TempDir dir;
    const auto shipped = dsl::resolve_game("minishogi");
    REQUIRE(shipped);
    std::ifstream in(*shipped);
    const std::string rules{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    dir.write("minishogi.vari", rules);
    const std::string path = (dir.path / "minishogi.vari").string();
    auto loaded = dsl::load_file(path);
    REQUIRE(loaded.game);
    const CompiledGame plain(*loaded.game);
    std::vector<int> weights = search::Evaluation::derived_weights(plain);
    weights[0] += 55;  // the first piece type is worth more on the board
    ir::Weights file = search::Evaluation::to_ir(plain, weights);
    dir.write(MINISHOGI_WEIGHTS_NAME, dsl::weights_text(plain.ir(), file));

    loaded = dsl::load_file(path);
    REQUIRE(loaded.game);
    CHECK(loaded.diagnostics.empty());
    const CompiledGame learned(*loaded.game);
    const search::Evaluation with(learned), without(learned, false);
    CHECK(with.weights() == weights);
    CHECK(with.weights_file() == (dir.path / MINISHOGI_WEIGHTS_NAME).string());
    CHECK(without.weights() == search::Evaluation::derived_weights(plain));
    CHECK(without.weights_file().empty());

    // Other rules (here another name) make the same file a warning, and the game goes without.
    std::string changed = rules;
    const auto at = changed.find("game \"Minishogi\"");
    REQUIRE(at != std::string::npos);
    changed.replace(at, 16, "game \"Minishogi Two\"");
    dir.write("minishogi.vari", changed);
    loaded = dsl::load_file(path);
    if (!loaded.game) FAIL(dsl::render(loaded.diagnostics.front(), loaded));
    REQUIRE(loaded.diagnostics.size() == 1);
    CHECK(loaded.diagnostics[0].severity == Diagnostic::Severity::warning);
    CHECK_THAT(loaded.diagnostics[0].message, Catch::Contains("made for other rules"));
    CHECK_FALSE(loaded.game->weights);
}

TEST_CASE("every shipped weights file is for its game's rules as they are now",
          "[search][weights]") {
    // A rule file changed after its weights were learned would lose them with a warning: then
    // `vari tune GAME` (the command the file names) makes them again.
    for (const std::string& name : dsl::shipped_games()) {
        const auto path = dsl::resolve_game(name);
        REQUIRE(path);
        std::error_code ec;
        if (!std::filesystem::exists(dsl::weights_path(*path), ec)) continue;
        const auto loaded = dsl::load_file(*path);
        INFO(name);
        REQUIRE(loaded.game);
        CHECK(loaded.diagnostics.empty());
        CHECK(loaded.game->weights);
    }
    // The games whose strength the AI is measured on ship theirs.
    for (const char* name : SHIPPED_WITH_WEIGHTS) {
        INFO(name);
        CHECK(std::filesystem::exists(dsl::weights_path(*dsl::resolve_game(name))));
    }
}

TEST_CASE("a level may ask for the derived weights", "[search][weights]") {
    std::string error;
    const auto level = search::parse_level(":nodes=500:derived", error);
    REQUIRE(level);
    CHECK(level->derived);
    CHECK_FALSE(search::parse_level(":derived:derived", error));
    CHECK(error == "'derived' is given twice");
}

}  // namespace vari::search_weights_tests
