// What the searches for more than two players share: iterative deepening over the root moves, the
// worth of an ended game for one player, and the order in which a node's moves are tried. Private
// to the library.
#pragma once

#include <array>
#include <functional>
#include <vector>

#include "runtime/search/engines.hpp"

namespace vari::search {

// The worth for `player` of a game that ended `plies` below the root: a win or a loss beyond
// every evaluation, nearer ends further from zero; a share of a draw above or below an even share.
int ending_score(const Ending& ending, int player, int players, int plies);

// Per ply of the line, the last two quiet moves that caused a cut-off there: likely to cut off
// at the other nodes of that ply too.
class Killers {
public:
    // `move` of `pos` caused a cut-off at `ply`: kept unless it captures or promotes (those are
    // tried early anyway).
    void reward_if_quiet(const Position& pos, int ply, Move move,
                         const std::vector<PieceValue>& values);
    const std::array<Move, 2>& at(int ply) const { return moves_[static_cast<std::size_t>(ply)]; }

private:
    std::array<std::array<Move, 2>, MAX_LINE> moves_{};
};

// Orders `moves` of `pos` for a cut-off to come early: captures and promotions first (the most
// valuable victim first, then the least valuable attacker), then the killers of `ply` if given,
// then the others. Allocates nothing.
void order_moves(const Position& pos, MoveList& moves, const std::vector<PieceValue>& values,
                 const Killers* killers = nullptr, int ply = 0);

// The worth, for the player to move at the root, of the root move just played on the line,
// searched `depth` plies below it. It need not be exact when it is at most `alpha` (the best
// worth found so far among the moves before it): only a worth above `alpha` must be.
using ScoreMove = std::function<int(int depth, int alpha)>;

// Iterative deepening from the root of `line`: each iteration scores every root move with
// `score_move`, the best of the last iteration first. Ends when the budget is spent (keeping a
// move that an unfinished iteration proved better than the last best), at the depth limit, when an
// iteration finds a decisive score, or when a hook fails. Reports each finished iteration.
Outcome deepen(const Root& root, Context& context, Line& line, const ScoreMove& score_move);

}  // namespace vari::search
