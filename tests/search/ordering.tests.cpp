// Move ordering: what a cut-off teaches is used the next time the same move comes before.
#include "runtime/search/ordering.hpp"

#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace search_ordering_tests {

using namespace vari;

TEST_CASE("moves that refuted a move are tried first the next time it is played",
          "[search][ordering]") {
    const auto chess = test::load_shipped("chess");
    search::Evaluation evaluation(*chess);
    search::Exchange exchange(chess->tables(), evaluation.values());
    search::MoveOrder order(chess->tables());
    Position pos(*chess);
    MoveList moves;
    generate_legal(pos, moves);
    const auto index_of = [&](const std::string& from, const std::string& to) {
        const Move m = test::legal_move(pos, from, to);
        return static_cast<int>(std::find(moves.begin(), moves.end(), m) - moves.begin());
    };
    const int knight = index_of("g1", "f3"), pawn = index_of("d2", "d4");
    // The move before, as moved_piece_key numbers it (any move of the game will do).
    const int earlier = search::moved_piece_key(pos, test::legal_move(pos, "e2", "e4"));
    order.reward(pos, moves.moves[pawn], 3, 4, earlier);
    order.reward(pos, moves.moves[knight], 3, 4, earlier);  // the counter-move to `earlier`
    const auto keys = [&](int last) {
        std::vector<int> k(static_cast<std::size_t>(moves.size));
        order.score(pos, moves, Move::none(), 5, last, evaluation.values(), exchange, k.data());
        return k;
    };
    const auto after = keys(earlier), alone = keys(-1);
    // The counter-move goes before every other quiet move after that move, not after others.
    for (int i = 0; i < moves.size; ++i)
        if (i != knight)
            CHECK(after[static_cast<std::size_t>(knight)] > after[static_cast<std::size_t>(i)]);
    // Elsewhere the two refutations are alike (the same history).
    CHECK(alone[static_cast<std::size_t>(knight)] == alone[static_cast<std::size_t>(pawn)]);
}

}  // namespace search_ordering_tests
