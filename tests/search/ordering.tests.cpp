// Move ordering: what a cut-off teaches is used the next time the same move comes before;
// captures that might lose material are judged as they come, and end up where judging every one
// at once would put them.
#include "runtime/search/ordering.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace search_ordering_tests {

using namespace vari;

// Each of `moves`' sort keys, in the list's order: as MoveOrder keys them and picks them in turn
// (the quiet moves keyed once they come).
std::vector<int> sorted_keys(search::MoveOrder& order, Position& pos, const MoveList& moves,
                             int ply, search::MovesBefore before,
                             const search::Evaluation& evaluation, search::Exchange& exchange) {
    MoveList sorted = moves;
    int keys[MAX_MOVES];
    std::uint8_t unjudged[MAX_MOVES];
    order.score(pos, sorted, Move::none(), ply, before, evaluation.values(), keys, unjudged);
    for (int i = 0; i < sorted.size; ++i)
        if (order.pick_next(pos, sorted, keys, unjudged, i, before, exchange)) break;
    std::vector<int> by_place(static_cast<std::size_t>(moves.size));
    for (int i = 0; i < sorted.size; ++i) {
        const auto place = std::find(moves.begin(), moves.end(), sorted.moves[i]) - moves.begin();
        by_place[static_cast<std::size_t>(place)] = keys[i];
    }
    return by_place;
}

// The start of chess, its legal moves and a move order to teach.
struct ChessStart {
    std::shared_ptr<const CompiledGame> chess = test::load_shipped("chess");
    search::Evaluation evaluation{*chess};
    search::Exchange exchange{chess->tables(), evaluation.values()};
    search::MoveOrder order{chess->tables()};
    Position pos{*chess};
    MoveList moves = [&] {
        MoveList list;
        generate_legal(pos, list);
        return list;
    }();

    std::size_t index_of(const std::string& from, const std::string& to) {
        const Move m = test::legal_move(pos, from, to);
        return static_cast<std::size_t>(std::find(moves.begin(), moves.end(), m) - moves.begin());
    }
    Move move(std::size_t index) const { return moves.moves[index]; }
    // A move of the game as moved_piece_key numbers it, to stand for a move before.
    int key_of(const std::string& from, const std::string& to) {
        return search::moved_piece_key(pos, test::legal_move(pos, from, to));
    }
    std::vector<int> keys(search::MovesBefore before) {
        return sorted_keys(order, pos, moves, 5, before, evaluation, exchange);
    }
};

TEST_CASE("moves that refuted a move are tried first the next time it is played",
          "[search][ordering]") {
    ChessStart start;
    const std::size_t knight = start.index_of("g1", "f3"), pawn = start.index_of("d2", "d4");
    const int earlier = start.key_of("e2", "e4");
    start.order.reward(start.pos, start.move(pawn), 3, 4, {earlier, -1}, {});
    // The counter-move to `earlier`
    start.order.reward(start.pos, start.move(knight), 3, 4, {earlier, -1}, {});
    const auto after = start.keys({earlier, -1}), alone = start.keys({});
    // The counter-move goes before every other quiet move after that move, not after others.
    for (std::size_t i = 0; i < after.size(); ++i)
        if (i != knight) CHECK(after[knight] > after[i]);
    // Elsewhere the two refutations are alike (the same history).
    CHECK(alone[knight] == alone[pawn]);
}

TEST_CASE("a quiet move's history depends on the moves before it and on the moves it beat",
          "[search][ordering]") {
    ChessStart start;
    const std::size_t knight = start.index_of("g1", "f3"), pawn = start.index_of("d2", "d4"),
                      bishop_pawn = start.index_of("c2", "c4");
    const int earlier = start.key_of("e2", "e4"), other = start.key_of("a2", "a3"),
              own = start.key_of("b2", "b3");
    // The knight's move cut off after `earlier` (with `own` before it) where the pawn's was
    // searched in vain; both are quiet and neither is a killer at the ply asked below.
    const Move tried[] = {start.move(pawn)};
    start.order.reward(start.pos, start.move(knight), 3, 4, {earlier, own}, {tried, 1});
    const auto after_both = start.keys({earlier, own}), after_last = start.keys({earlier, -1}),
               after_other = start.keys({other, -1}), after_own = start.keys({other, own}),
               alone = start.keys({});
    // Marked up everywhere (its plain history), more after the side's own move it followed;
    // after `earlier` it is the counter-move, keyed above every quiet move.
    CHECK(alone[knight] > alone[bishop_pawn]);
    CHECK(after_other[knight] == alone[knight]);
    CHECK(after_own[knight] > alone[knight]);
    CHECK(after_last[knight] > after_last[bishop_pawn]);
    // The move searched before the cut-off is marked down, after each move before too.
    CHECK(alone[pawn] < alone[bishop_pawn]);
    CHECK(after_other[pawn] == alone[pawn]);
    CHECK(after_last[pawn] < alone[pawn]);
    CHECK(after_own[pawn] < alone[pawn]);
    CHECK(after_both[pawn] < after_last[pawn]);
    // Learning is per search: a new one halves it, clear() forgets it.
    start.order.new_search();
    CHECK(start.keys({earlier, own})[pawn] > after_both[pawn]);
    start.order.clear();
    CHECK(start.keys({earlier, own})[knight] == start.keys({})[bishop_pawn]);
}

TEST_CASE("quiet moves are keyed when they come, by what was learned since the node was keyed",
          "[search][ordering]") {
    ChessStart start;
    const std::size_t knight = start.index_of("g1", "f3");
    MoveList sorted = start.moves;
    int keys[MAX_MOVES];
    std::uint8_t unjudged[MAX_MOVES];
    start.order.score(start.pos, sorted, Move::none(), 5, {}, start.evaluation.values(), keys,
                      unjudged);
    // The moves searched first (none here: the start has no capture) cut off deeper down with
    // the knight's move.
    start.order.reward(start.pos, start.move(knight), 7, 4, {}, {});
    // Only quiet moves: the first pick keys them all and sorts them.
    REQUIRE(start.order.pick_next(start.pos, sorted, keys, unjudged, 0, {}, start.exchange));
    CHECK(sorted.moves[0] == start.move(knight));
    CHECK(keys[0] > 0);
    for (int i = 1; i < sorted.size; ++i) {
        INFO("move " << i);
        CHECK(keys[i] == 0);
        // Alike keys keep the list's order.
        if (i > 1)
            CHECK(std::find(start.moves.begin(), start.moves.end(), sorted.moves[i - 1]) <
                  std::find(start.moves.begin(), start.moves.end(), sorted.moves[i]));
    }
}

TEST_CASE("captures of like pieces by like pieces come in the order of what they refuted",
          "[search][ordering]") {
    const auto chess = test::load_shipped("chess");
    const search::Evaluation evaluation(*chess);
    search::Exchange exchange(chess->tables(), evaluation.values());
    search::MoveOrder order(chess->tables());
    Position pos(*chess);
    test::place(pos, "Ke1 Pe4 ke8 pd5 pf5");
    MoveList moves;
    generate_legal(pos, moves);
    const auto key = [&](Move m) {
        const auto keys = sorted_keys(order, pos, moves, 2, {}, evaluation, exchange);
        return keys[static_cast<std::size_t>(std::find(moves.begin(), moves.end(), m) -
                                             moves.begin())];
    };
    const Move left = test::legal_move(pos, "e4", "d5"), right = test::legal_move(pos, "e4", "f5"),
               king = test::legal_move(pos, "e1", "e2");
    const int untaught = key(left);
    CHECK(key(right) == untaught);
    // The right capture cut off where the left one had been searched in vain.
    const Move left_tried[] = {left};
    order.reward(pos, right, 3, 4, {}, {nullptr, 0, left_tried, 1});
    CHECK(key(right) > untaught);
    CHECK(key(left) < untaught);
    // A quiet move's cut-off marks down the captures searched before it too.
    const int right_taught = key(right);
    const Move right_tried[] = {right};
    order.reward(pos, king, 3, 4, {}, {nullptr, 0, right_tried, 1});
    CHECK(key(right) < right_taught);
    // Still captures: before every quiet move, the one that cut off included.
    CHECK(key(left) > key(king));
    CHECK(key(right) > key(king));
    order.clear();
    CHECK(key(left) == untaught);
}

TEST_CASE("captures judged as they come are ordered as if all were judged at once",
          "[search][ordering]") {
    for (const char* name : {"chess", "shafran-chess", "shogi"}) {
        const auto game = test::load_shipped(name);
        search::Evaluation evaluation(*game);
        search::Exchange exchange(game->tables(), evaluation.values());
        search::MoveOrder order(game->tables());
        runtime::Game played(*game);
        std::mt19937_64 rng(7);
        int judged = 0, losing = 0;
        for (int ply = 0; ply < 80 && !played.result(); ++ply) {
            Position pos = played.position();
            MoveList moves = played.legal_moves();
            int keys[MAX_MOVES];
            std::uint8_t unjudged[MAX_MOVES];
            order.score(pos, moves, Move::none(), 1, {}, evaluation.values(), keys, unjudged);
            for (int i = 0; i < moves.size; ++i)
                if (order.pick_next(pos, moves, keys, unjudged, i, {}, exchange)) break;
            for (int i = 0; i < moves.size; ++i) {
                INFO(name << " ply " << ply << " move " << i);
                CHECK(unjudged[i] == 0);
                if (i > 0) CHECK(keys[i - 1] >= keys[i]);
                const Move m = moves.moves[i];
                const search::MoveGain g = search::move_gain(pos, m, evaluation.values());
                // Losing captures, and only they, are keyed below every other move.
                if (g.capture && g.attacker > g.victim) {
                    ++judged;
                    const bool loses = exchange.evaluate(pos, m) < 0;
                    losing += loses;
                    CHECK(loses == (keys[i] < 0));
                } else {
                    CHECK(keys[i] >= 0);
                }
            }
            played.play(runtime::random_move(played, rng));
        }
        INFO(name);
        CHECK(judged > 10);
        CHECK(losing > 0);
    }
}

}  // namespace search_ordering_tests
