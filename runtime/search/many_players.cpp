// What the searches for more than two players share: the root's iterative deepening, the worth of
// an ended game and move ordering.
#include "runtime/search/many_players.hpp"

#include <algorithm>
#include <cmath>

#include "runtime/search/ordering.hpp"

namespace vari::search {
namespace {

// Captures by most valuable victim, then least valuable attacker; promotions by what they gain.
int gain_key(const Position& pos, Move move, const std::vector<PieceValue>& values) {
    const MoveGain g = move_gain(pos, move, values);
    return g.victim * 64 - g.attacker;
}

}  // namespace

int ending_score(const Ending& ending, int player, int players, int plies) {
    const double share = ending.scores[static_cast<std::size_t>(player)];
    if (share >= 1.0) return WIN - plies;
    if (share <= 0.0) return -(WIN - plies);
    return static_cast<int>(std::lround((share - 1.0 / players) * 1000));
}

void Killers::reward_if_quiet(const Position& pos, int ply, Move move,
                              const std::vector<PieceValue>& values) {
    const MoveGain g = move_gain(pos, move, values);
    auto& k = moves_[static_cast<std::size_t>(ply)];
    if (g.capture || g.promotion || k[0] == move) return;
    k[1] = k[0];
    k[0] = move;
}

void order_moves(const Position& pos, MoveList& moves, const std::vector<PieceValue>& values,
                 const Killers* killers, int ply) {
    Move* const begin = moves.moves;
    Move* const end = begin + moves.size;
    Move* const quiet = std::partition(begin, end, [&](Move m) {
        const MoveGain g = move_gain(pos, m, values);
        return g.capture || g.promotion;
    });
    std::sort(begin, quiet,
              [&](Move a, Move b) { return gain_key(pos, a, values) > gain_key(pos, b, values); });
    if (!killers) return;
    Move* next = quiet;
    for (const Move k : killers->at(ply)) {
        Move* const found = std::find(next, end, k);
        if (found != end) std::iter_swap(next++, found);
    }
}

Outcome deepen(const Root& root, Context& context, Line& line, const ScoreMove& score_move) {
    Outcome out;
    if (root.moves.empty()) return out;
    std::vector<Move> order;
    {
        MoveList listed;
        for (const Move m : root.moves) listed.moves[listed.size++] = m;
        order_moves(*root.position, listed, context.evaluation.values());
        order.assign(listed.begin(), listed.end());
    }
    out.best = order.front();
    Budget& budget = context.budget;
    const Limits& limits = budget.limits();
    const int max_depth = limits.many_players_depth ? limits.many_players_depth
                          : limits.depth            ? limits.depth
                                                    : MAX_DEPTH;
    for (int depth = 1; depth <= max_depth; ++depth) {
        int alpha = -WIN - 1;
        Move best, proven;  // proven: better than the last iteration's best, at this depth
        for (const Move m : order) {
            line.play(m);
            const int score = score_move(depth - 1, alpha);
            line.undo();
            if (budget.stopped() || line.failed()) break;
            if (score > alpha) {
                alpha = score;
                best = m;
                if (m != order.front()) proven = m;
            }
        }
        if (line.failed()) {
            out.error = line.error();
            break;
        }
        if (budget.stopped()) {
            if (!proven.is_none()) out.best = proven;
            break;
        }
        out.best = best;
        out.last = {depth, alpha, {best}, budget.nodes(), budget.seconds()};
        if (context.progress) context.progress(out.last);
        // The best move first in the next iteration: it sharpens the cut-offs.
        const auto at = std::find(order.begin(), order.end(), best);
        std::rotate(order.begin(), at, at + 1);
        if (is_decisive(alpha)) break;
    }
    out.last.nodes = budget.nodes();
    out.last.seconds = budget.seconds();
    return out;
}

}  // namespace vari::search
