// More than two players: a max-n search. A node's worth is a vector, one score per player, and the
// player to move picks the child best for itself; nobody is assumed to play against anyone. The
// scores do not sum to a constant (each is a player's worth against the strongest other), so the
// only cut is the one that needs no sum: a move that wins at once cannot be bettered.
#include <array>

#include "runtime/search/many_players.hpp"

namespace vari::search {
namespace {

using Worths = std::array<int, MAX_PLAYERS>;

class MaxN {
public:
    MaxN(const Root& root, Context& context)
        : line_(root, context.hooks), c_(context), me_(root.position->side_to_move()) {}

    Outcome run(const Root& root) {
        return deepen(root, c_, line_, [this](int depth, int) { return value(depth)[me_]; });
    }

private:
    // Each player's worth of the line's position, `depth` plies deep.
    Worths value(int depth) {
        Worths worths{};
        if (c_.budget.spent()) return worths;
        MoveList moves;
        if (!line_.generate(moves)) return worths;
        std::optional<Ending> ending;
        if (!line_.ended(moves.size > 0, ending)) return worths;
        const int players = line_.players();
        if (ending) {
            for (int p = 0; p < players; ++p)
                worths[p] = ending_score(*ending, p, players, line_.depth());
            return worths;
        }
        if (depth == 0 || line_.depth() + 1 >= MAX_LINE) {
            for (int p = 0; p < players; ++p)
                worths[p] = c_.evaluation.evaluate(line_.position(), p);
            return worths;
        }
        order_moves(line_.position(), moves, c_.evaluation.values());
        const int mover = line_.position().side_to_move();
        const int win_now = WIN - (line_.depth() + 1);
        worths[mover] = -WIN - 1;
        for (const Move m : moves) {
            line_.play(m);
            const Worths child = value(depth - 1);
            line_.undo();
            if (c_.budget.stopped() || line_.failed()) return worths;
            // Ties go to the move tried first: captures before quiet moves.
            if (child[mover] > worths[mover]) worths = child;
            if (worths[mover] >= win_now) break;
        }
        return worths;
    }

    Line line_;
    Context& c_;
    int me_;
};

}  // namespace

Outcome search_max_n(const Root& root, Context& context) {
    MaxN search(root, context);
    return search.run(root);
}

}  // namespace vari::search
