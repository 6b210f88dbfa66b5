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
    // With `answer` a zone reached ends the game only once the others have had their move.
    return royal_in_goal(pos, t.goal_answer ? side : mover) ? GoalState::over : GoalState::open;
}

// The judgement of the goals, in a position where goal_state() is not open.
std::optional<Judgement> judge_goals(const Position& pos) {
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
        if (!end.answer) {
            if (!royal_in_goal(pos, mover)) return std::nullopt;
            return over(ir::EndKind::royal_reaches, mover, end.outcome);
        }
        if (!royal_in_goal(pos, side)) return std::nullopt;
        // The second player answered the first by reaching its zone too.
        if (side == 0 && royal_in_goal(pos, mover)) {
            Judgement j = over(ir::EndKind::royal_reaches, mover, *end.answer);
            j.answered = true;
            return j;
        }
        return over(ir::EndKind::royal_reaches, side, end.outcome);
    }
    return std::nullopt;
}

}  // namespace vari
