// More than two players: a paranoid search. The player to move at the root maximises its own
// worth and assumes every other player plays against it, which makes the tree a two-sided one that
// alpha-beta can cut.
#include <algorithm>
#include <cmath>

#include "runtime/search/engines.hpp"

namespace vari::search {
namespace {

class Paranoid {
public:
    Paranoid(const Root& root, Context& context)
        : line_(root, context.hooks), c_(context), me_(root.position->side_to_move()) {}

    Outcome run(const Root& root) {
        Outcome out;
        if (root.moves.empty()) return out;
        out.best = root.moves.front();
        std::vector<Move> order = root.moves;
        const int max_depth = c_.budget.limits().depth ? c_.budget.limits().depth : MAX_DEPTH;
        for (int depth = 1; depth <= max_depth; ++depth) {
            c_.budget.start_iteration(depth);
            int alpha = -WIN - 1;
            Move best;
            for (const Move m : order) {
                line_.play(m);
                const int score = value(depth - 1, alpha, WIN + 1);
                line_.undo();
                if (c_.budget.stopped() || line_.failed()) break;
                if (score > alpha) {
                    alpha = score;
                    best = m;
                }
            }
            if (line_.failed()) {
                out.error = line_.error();
                break;
            }
            if (c_.budget.stopped()) break;
            out.best = best;
            out.last = {depth, alpha, {best}, c_.budget.nodes(), c_.budget.seconds()};
            if (c_.progress) c_.progress(out.last);
            // The best move first in the next iteration: it sharpens the cut-offs.
            std::rotate(order.begin(), std::find(order.begin(), order.end(), best),
                        std::find(order.begin(), order.end(), best) + 1);
            if (is_decisive(alpha)) break;
        }
        out.last.nodes = c_.budget.nodes();
        out.last.seconds = c_.budget.seconds();
        return out;
    }

private:
    // The worth of an ended game for the root player: a win or a loss beyond every evaluation, a
    // share of a draw above or below an even share.
    int ending_score(const Ending& ending) const {
        const double mine = ending.scores[me_];
        if (mine >= 1.0) return WIN - line_.depth();
        if (mine <= 0.0) return -(WIN - line_.depth());
        return static_cast<int>(std::lround((mine - 1.0 / line_.players()) * 1000));
    }

    // The worth of the line's position for the root player, `depth` plies deep.
    int value(int depth, int alpha, int beta) {
        if (c_.budget.spent()) return 0;
        MoveList moves;
        if (!line_.generate(moves)) return 0;
        std::optional<Ending> ending;
        if (!line_.ended(moves.size > 0, ending)) return 0;
        if (ending) return ending_score(*ending);
        if (depth == 0 || line_.depth() + 1 >= MAX_LINE)
            return c_.evaluation.evaluate(line_.position(), me_);
        const bool mine = line_.position().side_to_move() == me_;
        int best = mine ? -WIN - 1 : WIN + 1;
        for (const Move m : moves) {
            line_.play(m);
            const int score = value(depth - 1, alpha, beta);
            line_.undo();
            if (c_.budget.stopped() || line_.failed()) return 0;
            if (mine) {
                best = std::max(best, score);
                alpha = std::max(alpha, score);
            } else {
                best = std::min(best, score);
                beta = std::min(beta, score);
            }
            if (alpha >= beta) break;
        }
        return best;
    }

    Line line_;
    Context& c_;
    int me_;
};

}  // namespace

Outcome search_many_players(const Root& root, Context& context) {
    Paranoid search(root, context);
    return search.run(root);
}

}  // namespace vari::search
