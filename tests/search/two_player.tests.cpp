// The two-player search: forced mates in several games, end conditions scored as the game scores
// them (stalemate, repetition), hooks obeyed, limits and variety reproducible.
#include <catch2/catch.hpp>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace search_two_player_tests {

using namespace vari;

namespace {

// A game in play from `position` after `moves` (any notation the game reads).
std::unique_ptr<runtime::Game> game_at(const CompiledGame& game, const std::string& position,
                                       const std::vector<std::string>& moves = {}) {
    Position start(game);
    test::set_position(start, position);
    auto g = std::make_unique<runtime::Game>(game, start);
    for (const auto& text : moves) {
        std::string error;
        const auto m = runtime::parse_game_move(*g, text, error);
        INFO(text << ": " << error);
        REQUIRE(m);
        g->play(*m);
    }
    return g;
}

search::Outcome think(const runtime::Game& game, const search::Limits& limits,
                      search::Options options = {}) {
    search::Searcher searcher(game.position().game(), options);
    return searcher.think(runtime::search_root(game), limits);
}

Move named(const runtime::Game& game, const std::string& text) {
    Position pos = game.position();
    std::string error;
    const auto m = notation::parse_move(pos, text, error);
    INFO(text << ": " << error);
    REQUIRE(m);
    return *m;
}

constexpr int mate_in(int moves) { return search::WIN - (2 * moves - 1); }

}  // namespace

TEST_CASE("forced mates are found, scored by their distance", "[search][two-player]") {
    auto [name, position, moves, depth, best] =
        GENERATE(table<std::string, std::string, int, int, std::string>({
            {"chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, 2, "Ra8"},
            {"chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, 4, "Kb6"},
            {"chess", "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3, 5, "Qg6+"},
            // A drop mates: no move on the board does.
            {"shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] b - - 0 1", 1, 2, "G*5b"},
            {"hex-shogi-41", "1lkl1/4/1PPP1/4/5/4/5/4/2K2[G] b - - 0 1", 2, 4, "G*b8"},
            {"shafran-chess", "k5/7/2K5/9/7Q2/9/8/7/6 w - - 0 1", 1, 2, "Qa1"},
            {"shafran-chess", "k5/7/K7/9/10/9/8/5Q1/6 w - - 0 1", 2, 4, "Qb2"},
        }));
    const int threads = GENERATE(1, 2);
    INFO(name << " " << position << ", threads " << threads);
    const auto compiled = test::load_shipped(name);
    const auto game = game_at(*compiled, position);
    const auto out = think(*game, {depth, 0, 0}, search::Options{16, 0, 0, threads});
    CHECK(out.best == named(*game, best));
    CHECK(out.last.score == mate_in(moves));
    // The principal variation is legal from the root and ends the game.
    Position pos = game->position();
    std::vector<Undo> undos(out.last.pv.size());
    for (std::size_t i = 0; i < out.last.pv.size(); ++i) {
        MoveList legal;
        generate_legal(pos, legal);
        REQUIRE(std::find(legal.begin(), legal.end(), out.last.pv[i]) != legal.end());
        pos.do_move(out.last.pv[i], undos[i]);
    }
    MoveList after;
    generate_legal(pos, after);
    CHECK(judge(pos, after.size > 0, 1).over);
}

TEST_CASE("where stalemate is a draw, the winning side avoids it and the losing side seeks it",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    // Qxb5 wins a Pawn and stalemates Black.
    const auto winning = game_at(*chess, "7k/5K1p/7P/1p6/8/8/8/1Q6 w - - 0 1");
    const auto win = think(*winning, {4, 0, 0});
    CHECK(win.best != named(*winning, "Qxb5"));
    CHECK(search::is_decisive(win.last.score));
    CHECK(win.last.score > 0);
    // A Queen and a Pawn down, Black gives its Rook away with check: taking it stalemates.
    const auto losing = game_at(*chess, "7k/7P/5KQ1/8/8/8/8/r7 b - - 0 1");
    CHECK(think(*losing, {4, 0, 0}).last.score == search::DRAW);
}

TEST_CASE("the side behind repeats the position a third time to draw", "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    // Two Queens against a Rook; the position after Rg8 has occurred twice.
    const auto game = game_at(*chess, "6rk/8/8/8/8/QQ6/8/6K1 w - - 0 1",
                              {"Kh1", "Rf8", "Kg1", "Rg8", "Kh1", "Rf8", "Kg1"});
    const auto out = think(*game, {3, 0, 0});
    CHECK(out.best == named(*game, "Rg8"));
    CHECK(out.last.score == search::DRAW);
    // Ahead, White avoids the repetition Black offers.
    const auto ahead = game_at(*chess, "6rk/8/8/8/8/QQ6/8/6K1 w - - 0 1",
                               {"Kh1", "Rf8", "Kg1", "Rg8", "Kh1", "Rf8"});
    const auto white = think(*ahead, {3, 0, 0});
    CHECK(white.best != named(*ahead, "Kg1"));
    CHECK(white.last.score > 0);
}

static int rook_value(const CompiledGame& game) {
    return search::piece_values(game)[static_cast<std::size_t>(test::type_named(game, "Rook"))]
        .board;
}

TEST_CASE("moves a hook refuses are never searched", "[search][two-player][hooks]") {
    auto loaded = dsl::load_text(R"(
game "No Captures"
players White Black
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal }
setup White { King a1  Rook b1 }
setup Black { King d4  Rook b4 }
end checkmate win
end stalemate draw
)",
                                 "no-captures.vari");
    REQUIRE(loaded.game);
    loaded.game->hooks = ir::HookSource{
        "return { allow_move = function(game, move) return move.captured == nil end }",
        "no-captures.lua",
        1,
        {}};
    const CompiledGame compiled(std::move(*loaded.game));
    runtime::Game game(compiled);
    runtime::AiPlayer ai(compiled, search::Level{{3, 0, 0}, 0}, 1);
    const auto out = ai.choose(game);
    REQUIRE(out.error.empty());
    Position pos = game.position();
    CHECK(out.best != test::legal_move(pos, "b1", "b4"));
    // Nobody may capture anywhere in the tree: the material stays level, and the score is far
    // from a Rook's worth either way.
    CHECK(std::abs(out.last.score) < rook_value(compiled) / 2);
}

TEST_CASE("limits of depth and nodes give the same move every time; variety too",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    const auto game =
        game_at(*chess, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    const auto first = think(*game, {0, 0, 20000});
    const auto again = think(*game, {0, 0, 20000});
    CHECK(first.best == again.best);
    CHECK(first.last.pv == again.last.pv);
    CHECK(first.last.depth >= 3);
    const search::Options varied{16, 7, 30};
    CHECK(think(*game, {3, 0, 0}, varied).best == think(*game, {3, 0, 0}, varied).best);
}

TEST_CASE("a position's worth is the same after the table has learnt from earlier searches",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    const auto game = game_at(*chess, "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1");
    search::Searcher searcher(*chess);
    const auto root = runtime::search_root(*game);
    const auto first = searcher.think(root, {5, 0, 0});
    const auto second = searcher.think(root, {5, 0, 0});
    CHECK(second.last.score == first.last.score);
    CHECK(second.best == first.best);
    searcher.clear();
    CHECK(searcher.think(root, {5, 0, 0}).last.score == first.last.score);
}

TEST_CASE("a level names the threads that search together", "[search][two-player]") {
    std::string error;
    const auto level = search::parse_level(":time=500:threads=2", error);
    REQUIRE(level);
    CHECK(level->threads == 2);
    CHECK(level->limits.milliseconds == 500);
    CHECK(search::parse_level(":5", error)->threads == 0);
    CHECK_FALSE(search::parse_level(":5:threads=0", error));
    CHECK(error == "the threads '0' are not a whole number from 1 to 256");
    CHECK_FALSE(search::parse_level(":threads=2:threads=3", error));
    CHECK(error == "threads are given twice");
}

TEST_CASE("two threads search as many nodes a second as they can, and report them all",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    const auto game =
        game_at(*chess, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    // The main thread stops at 20,000 nodes of its own; the helper's are counted beside them.
    const auto out = think(*game, {0, 0, 20000}, search::Options{16, 0, 0, 2});
    CHECK(out.last.nodes > 20000);
    Position pos = game->position();
    MoveList legal;
    generate_legal(pos, legal);
    CHECK(std::find(legal.begin(), legal.end(), out.best) != legal.end());
}

TEST_CASE("a mate the table holds is scored from where the search finds it again",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    const auto game = game_at(*chess, "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1");
    search::Searcher searcher(*chess);
    const auto first = searcher.think(runtime::search_root(*game), {5, 0, 0});
    REQUIRE(first.last.score == mate_in(3));
    REQUIRE(first.last.pv.size() >= 4);
    // Two plies on, the same table answers with a mate in two, then in one.
    for (int ply = 0; ply < 4; ++ply) {
        game->play(first.last.pv[static_cast<std::size_t>(ply)]);
        if (ply % 2 == 0) continue;
        const int moves_left = 3 - (ply + 1) / 2;
        const auto out = searcher.think(runtime::search_root(*game), {2 * moves_left, 0, 0});
        CHECK(out.last.score == mate_in(moves_left));
    }
}

TEST_CASE("a search cut short reports the move it plays with that move's line and score",
          "[search][two-player]") {
    const auto chess = test::load_shipped("chess");
    // A search stopped one node before the end of an iteration that changed the best move stops
    // after the new move was found there (where that happens moves with every change to the
    // search, so the test finds it from the iterations a longer search reports). The node limit
    // is exact and the search deterministic, so the shorter search is the longer one cut short.
    int changed = 0;
    for (const std::string position : {
             "r3kb2/p2n1p1Q/Pq2bp2/2p5/8/2P5/3PPPP1/RN2KBN1 w Qq - 1 18",
             "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
             "rnbq1rk1/pp2bppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R b KQ - 0 8",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         }) {
        const auto game = game_at(*chess, position);
        std::vector<search::Iteration> iterations;
        search::Searcher longer(game->position().game());
        search::Limits limits;
        limits.nodes = 30'000;
        longer.think(runtime::search_root(*game), limits, nullptr,
                     [&](const search::Iteration& it) { iterations.push_back(it); });
        for (std::size_t i = 1; i < iterations.size(); ++i) {
            if (iterations[i].pv.front() == iterations[i - 1].pv.front()) continue;
            limits.nodes = iterations[i].nodes - 1;
            const search::Outcome out = think(*game, limits);
            INFO(position << ", nodes " << limits.nodes);
            CHECK(out.last.depth == iterations[i - 1].depth);
            REQUIRE_FALSE(out.last.pv.empty());
            CHECK(out.last.pv.front() == out.best);
            search::Limits shallower;
            shallower.depth = out.last.depth;
            changed += think(*game, shallower).best != out.best;
        }
    }
    CHECK(changed > 0);  // the case arises
}

}  // namespace search_two_player_tests
