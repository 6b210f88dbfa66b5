// The goals read off the position alone: a royal piece standing in its player's zone, and the
// checks a player has given. The generator lists no moves where they have ended the game, and
// judge() says how it ended.
#include "interpreter/interpreter.hpp"

namespace vari {
namespace {

bool royal_in_goal(const Position& pos, int player) {
    const Tables& t = pos.tables();
    for (std::uint32_t types = t.royal_types; types; types &= types - 1)
        if (pos.pieces(player, std::countr_zero(types)) & t.goal[player]) return true;
    return false;
}

}  // namespace

GoalState goal_state(const Position& pos) {
    const Tables& t = pos.tables();
    const int side = pos.side_to_move();
    const int mover = (side + t.player_count - 1) % t.player_count;
    if (t.checks_to_win && pos.checks_given(mover) >= t.checks_to_win) return GoalState::over;
    if (t.goal.empty()) return GoalState::open;
    // With `answer` the second player's turn after the first reached its zone was the last.
    if (t.goal_answer && royal_in_goal(pos, side)) return GoalState::over;
    if (!royal_in_goal(pos, mover)) return GoalState::open;
    return t.goal_answer && mover == 0 ? GoalState::answering : GoalState::over;
}

bool reaches_goal(const Position& pos, Move move) {
    if (move.is_pass() || move.is_drop()) return false;
    const Tables& t = pos.tables();
    return (t.royal_types >> type_of(pos.piece_on(move.from())) & 1) &&
           t.goal[pos.side_to_move()].has(move.to());
}

// The judgement of the goals, in a position where goal_state() is not open.
std::optional<Judgement> judge_goals(const Position& pos, bool has_move) {
    const ir::Game& game = pos.game().ir();
    const Tables& t = pos.tables();
    const int side = pos.side_to_move();
    const int mover = (side + t.player_count - 1) % t.player_count;
    const auto over = [&](ir::EndKind kind, int player, ir::Outcome outcome) {
        Judgement j;
        j.over = true;
        j.kind = kind;
        j.mover = player;
        j.outcome = outcome;
        for (std::size_t r = 0; r < game.ends.size(); ++r)
            if (game.ends[r].kind == kind) j.rule = static_cast<int>(r);
        return j;
    };
    if (t.checks_to_win && pos.checks_given(mover) >= t.checks_to_win) {
        for (const auto& end : game.ends)
            if (end.kind == ir::EndKind::checks)
                return over(ir::EndKind::checks, mover, end.outcome);
    }
    for (const auto& end : game.ends) {
        if (end.kind != ir::EndKind::royal_reaches) continue;
        if (end.answer && royal_in_goal(pos, side)) {
            // The second player had its answer: a draw (or what `answer` says) if it reached too.
            if (royal_in_goal(pos, mover) && side == 0) {
                Judgement j = over(ir::EndKind::royal_reaches, mover, *end.answer);
                j.answered = true;
                return j;
            }
            return over(ir::EndKind::royal_reaches, side, end.outcome);
        }
        if (!royal_in_goal(pos, mover)) return std::nullopt;
        if (end.answer && mover == 0 && has_move) return std::nullopt;  // the answer is to come
        return over(ir::EndKind::royal_reaches, mover, end.outcome);
    }
    return std::nullopt;
}

}  // namespace vari
