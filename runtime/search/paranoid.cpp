// More than two players: a paranoid search. The player to move at the root maximises its own
// worth and assumes every other player plays against it, which makes the tree a two-sided one that
// alpha-beta can cut.
#include <algorithm>

#include "runtime/search/many_players.hpp"

namespace vari::search {
namespace {

class Paranoid {
public:
    Paranoid(const Root& root, Context& context)
        : line_(root, context.hooks), c_(context), me_(root.position->side_to_move()) {}

    Outcome run(const Root& root) {
        return deepen(root, c_, line_,
                      [this](int depth, int alpha) { return value(depth, alpha, WIN + 1); });
    }

private:
    // The worth of the line's position for the root player, `depth` plies deep.
    int value(int depth, int alpha, int beta) {
        if (c_.budget.spent()) return 0;
        MoveList moves;
        if (!line_.generate(moves)) return 0;
        std::optional<Ending> ending;
        if (!line_.ended(moves.size > 0, ending)) return 0;
        if (ending) return ending_score(*ending, me_, line_.players(), line_.depth());
        if (depth == 0 || line_.depth() + 1 >= MAX_LINE)
            return c_.evaluation.evaluate(line_.position(), me_);
        const int ply = line_.depth();
        order_moves(line_.position(), moves, c_.evaluation.values(), &killers_, ply);
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
            if (alpha >= beta) {
                killers_.reward_if_quiet(line_.position(), ply, m, c_.evaluation.values());
                break;
            }
        }
        return best;
    }

    Line line_;
    Context& c_;
    int me_;
    Killers killers_;
};

}  // namespace

Outcome search_paranoid(const Root& root, Context& context) {
    Paranoid search(root, context);
    return search.run(root);
}

}  // namespace vari::search
