// The goals read off the position alone: a royal piece (or one of the named types) standing in
// its player's zone, the checks a player has given, passes in a row, royal pieces kept facing.
// The generator lists no moves where they have ended the game, and judge() says how it ended.
#include <algorithm>

#include "interpreter/reach.hpp"

namespace vari {
namespace {

bool royal_in_goal(const Position& pos, int player) {
    const Tables& t = pos.tables();
    return with_cell_set(t.cell_words, [&]<class Set>(Set) {
        const Set goal = detail::pooled<Set>(t, t.goal + player);
        for (std::uint32_t types = t.goal_types; types; types &= types - 1)
            if (pos.sets<Set>().of(player, std::countr_zero(types)) & goal) return true;
        return false;
    });
}

// end facing: the mover's royal pieces faced before its move and still do. A move from facing
// must part them (royals must-part), so only a pass can have kept them.
bool kept_facing(const Position& pos, int mover) {
    return pos.tables().facing_ends && pos.passes_in_a_row() > 0 && royals_facing(pos, mover);
}

}  // namespace

bool goal_reached(const Position& pos) {
    const Tables& t = pos.tables();
    const int side = pos.side_to_move();
    const int mover = pos.last_mover();
    if (t.checks_to_win && pos.checks_given(mover) >= t.checks_to_win) return true;
    if (t.passes_to_end && pos.passes_in_a_row() >= t.passes_to_end) return true;
    if (kept_facing(pos, mover)) return true;
    // With `answer` a zone reached ends the game only once the other player has had its move.
    return t.has_goal_zones && royal_in_goal(pos, t.goal_answer ? side : mover);
}

Judgement judge_goals(const Position& pos) {
    const ir::Game& game = pos.game().ir();
    const Tables& t = pos.tables();
    const int side = pos.side_to_move();
    const int mover = pos.last_mover();
    const bool by_checks = t.checks_to_win && pos.checks_given(mover) >= t.checks_to_win;
    const bool by_passes = t.passes_to_end && pos.passes_in_a_row() >= t.passes_to_end;
    const bool by_facing = kept_facing(pos, mover);
    const ir::EndKind kind = by_checks   ? ir::EndKind::checks
                             : by_passes ? ir::EndKind::passes
                             : by_facing ? ir::EndKind::facing
                                         : ir::EndKind::royal_reaches;
    const auto rule = std::find_if(game.ends.begin(), game.ends.end(),
                                   [kind](const ir::EndCondition& e) { return e.kind == kind; });
    Judgement j;
    j.over = true;
    j.kind = kind;
    j.rule = static_cast<int>(rule - game.ends.begin());
    j.mover = mover;
    j.outcome = rule->outcome;
    if (by_checks || by_passes || by_facing || !rule->answer) return j;
    // The player to move reached its zone a move ago; the second player may have answered the
    // first by reaching its own in that move.
    j.answered = side == 0 && royal_in_goal(pos, mover);
    if (j.answered)
        j.outcome = *rule->answer;
    else
        j.mover = side;
    return j;
}

}  // namespace vari
