// More than two players: best-reply search (Schadd and Winands, 2011). Layers alternate between
// the player to move at the root and the others; in the others' layer every other player's moves
// are tried, but only one of them is played: the one worst for the root player. The tree then has
// two sides, as in a paranoid search, and alpha-beta cuts it, but it reaches the root player's
// next move after one reply instead of one from every other player.
//
// Assumptions: the players the tree skips pass, so that the one it moves stands to move in the
// game's own position; each round of the tree is still one move of every player, so repetitions
// and ply counts line up with the game's. A position after a move, where the player to move is
// then skipped, is judged without listing that player's moves: as if it had one. A rule on passes
// in a row (a hook's round of forced passes) counts the skipped players' passes too.
#include <algorithm>

#include "runtime/search/many_players.hpp"

namespace vari::search {
namespace {

class BestReply {
public:
    BestReply(const Root& root, Context& context)
        : line_(root, context.hooks), c_(context), me_(root.position->side_to_move()) {}

    Outcome run(const Root& root) {
        return deepen(root, c_, line_, [this](int depth, int alpha) {
            return after_move(depth, alpha, WIN + 1, false);
        });
    }

private:
    // The worth for the root player of the line's position just after a move, `depth` layers
    // deep; the next layer is the root player's (`mine`) or the others'.
    int after_move(int depth, int alpha, int beta, bool mine) {
        if (c_.budget.spent()) return 0;
        MoveList moves;
        const bool skipped = mine && line_.position().side_to_move() != me_;
        if (!skipped && !line_.generate(moves)) return 0;
        std::optional<Ending> ending;
        if (!line_.ended(skipped || moves.size > 0, ending)) return 0;
        if (ending) return ending_score(*ending, me_, line_.players(), line_.depth());
        if (depth == 0 || line_.depth() + line_.players() >= MAX_LINE)
            return c_.evaluation.evaluate(line_.position(), me_);
        const int passes = pass_until(me_, mine);
        int best = 0;
        if (passes == 0 || line_.generate(moves))
            best =
                mine ? my_layer(moves, depth, alpha, beta) : their_layer(moves, depth, alpha, beta);
        for (int i = 0; i < passes; ++i) line_.undo();
        return best;
    }

    // The root player's moves: the best of them.
    int my_layer(MoveList& moves, int depth, int alpha, int beta) {
        if (moves.size == 0) return c_.evaluation.evaluate(line_.position(), me_);
        const int ply = line_.depth();
        order_moves(line_.position(), moves, c_.evaluation.values(), &killers_, ply);
        int best = -WIN - 1;
        for (const Move m : moves) {
            line_.play(m);
            const int score = after_move(depth - 1, alpha, beta, false);
            line_.undo();
            if (c_.budget.stopped() || line_.failed()) return 0;
            best = std::max(best, score);
            alpha = std::max(alpha, score);
            if (alpha >= beta) {
                killers_.reward_if_quiet(line_.position(), ply, m, c_.evaluation.values());
                break;
            }
        }
        return best;
    }

    // Every other player's moves, in turn order from the one to move (`moves`): the worst of them
    // for the root player.
    int their_layer(MoveList& moves, int depth, int alpha, int beta) {
        int best = WIN + 1;
        int passes = 0;
        for (int other = line_.position().side_to_move(); other != me_;
             other = line_.position().next_player(other)) {
            if (other != line_.position().side_to_move()) {
                line_.play(Move::make_pass());
                ++passes;
                if (!line_.generate(moves)) break;
            }
            const int ply = line_.depth();
            order_moves(line_.position(), moves, c_.evaluation.values(), &killers_, ply);
            for (const Move m : moves) {
                line_.play(m);
                const int score = after_move(depth - 1, alpha, beta, true);
                line_.undo();
                if (c_.budget.stopped() || line_.failed()) break;
                best = std::min(best, score);
                beta = std::min(beta, score);
                if (alpha >= beta) {
                    killers_.reward_if_quiet(line_.position(), ply, m, c_.evaluation.values());
                    break;
                }
            }
            if (alpha >= beta || c_.budget.stopped() || line_.failed()) break;
        }
        for (int i = 0; i < passes; ++i) line_.undo();
        if (c_.budget.stopped() || line_.failed()) return 0;
        // Nobody could move (a game without passes): the position stands as it is.
        return best > WIN ? c_.evaluation.evaluate(line_.position(), me_) : best;
    }

    // Before the root player's layer, the players between the one to move and the root player
    // pass; returns how many passes were played.
    int pass_until(int player, bool mine) {
        if (!mine) return 0;
        int passes = 0;
        while (line_.position().side_to_move() != player) {
            line_.play(Move::make_pass());
            ++passes;
        }
        return passes;
    }

    Line line_;
    Context& c_;
    int me_;
    Killers killers_;
};

}  // namespace

Outcome search_best_reply(const Root& root, Context& context) {
    BestReply search(root, context);
    return search.run(root);
}

}  // namespace vari::search
