// Two players: iterative-deepening alpha-beta (negamax) over the searched line.
#include <algorithm>

#include "runtime/search/engines.hpp"

namespace vari::search {

struct SearchState {};

void DeleteState::operator()(SearchState* state) const { delete state; }

StatePointer make_search_state(const CompiledGame&, const Options&) {
    return StatePointer(new SearchState);
}
void clear(SearchState&) {}

namespace {

class AlphaBeta {
public:
    AlphaBeta(const Root& root, Context& context) : line_(root, context.hooks), c_(context) {}

    Outcome run(const Root& root) {
        Outcome out;
        if (root.moves.empty()) return out;
        out.best = root.moves.front();
        const int max_depth = c_.budget.limits().depth ? c_.budget.limits().depth : MAX_DEPTH;
        for (int depth = 1; depth <= max_depth; ++depth) {
            Move best;
            int alpha = -WIN - 1;
            for (const Move m : root.moves) {
                line_.play(m);
                const int score = -negamax(depth - 1, -WIN - 1, -alpha);
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
            if (is_decisive(alpha)) break;
        }
        out.last.nodes = c_.budget.nodes();
        out.last.seconds = c_.budget.seconds();
        return out;
    }

private:
    int negamax(int depth, int alpha, int beta) {
        if (c_.budget.spent()) return 0;
        MoveList moves;
        if (!line_.generate(moves)) return 0;
        std::optional<Ending> ending;
        if (!line_.ended(moves.size > 0, ending)) return 0;
        const int side = line_.position().side_to_move();
        if (ending) {
            const double mine = ending->scores[side], theirs = ending->scores[1 - side];
            if (mine == theirs) return DRAW;
            return mine > theirs ? WIN - line_.depth() : -(WIN - line_.depth());
        }
        if (depth == 0 || line_.depth() + 1 >= MAX_LINE)
            return c_.evaluation.evaluate(line_.position(), side);
        int best = -WIN - 1;
        for (const Move m : moves) {
            line_.play(m);
            const int score = -negamax(depth - 1, -beta, -alpha);
            line_.undo();
            if (c_.budget.stopped() || line_.failed()) return 0;
            best = std::max(best, score);
            alpha = std::max(alpha, score);
            if (alpha >= beta) break;
        }
        return best;
    }

    Line line_;
    Context& c_;
};

}  // namespace

Outcome search_two_players(const Root& root, Context& context, SearchState&) {
    AlphaBeta search(root, context);
    return search.run(root);
}

}  // namespace vari::search
