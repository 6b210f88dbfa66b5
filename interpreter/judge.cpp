// Judging a position by the game's end conditions: pure engine work, no history kept here (the
// caller counts repetitions), no words and no hooks.
#include <algorithm>

#include "interpreter/interpreter.hpp"

namespace vari {
namespace {

// The player to move has no piece on the board or in hand.
bool has_no_pieces(const Position& pos) {
    const int side = pos.side_to_move();
    if (with_cell_set(pos.tables().cell_words,
                      [&]<class Set>(Set) { return !pos.sets<Set>().by_player[side].empty(); }))
        return false;
    for (int type = 0; type < pos.tables().type_count; ++type)
        if (pos.in_hand(side, type)) return false;
    return true;
}

// How many pieces of `player` (on the board and in hand) are not royal.
int non_royal_count(const Position& pos, int player) {
    const Tables& t = pos.tables();
    int count = with_cell_set(t.cell_words, [&]<class Set>(Set) {
        const BoardSets<Set>& s = pos.sets<Set>();
        Set pieces = s.by_player[player];
        for (std::uint32_t types = t.royal_types; types; types &= types - 1)
            pieces &= ~s.of(player, std::countr_zero(types));
        return pieces.count();
    });
    for (int type = 0; type < t.type_count; ++type)
        if (!(t.royal_types >> type & 1)) count += pos.in_hand(player, type);
    return count;
}

// Whether the pieces of `player` (on the board and in hand) are exactly one of `sets`.
bool has_only(const Position& pos, int player, const std::vector<std::vector<int>>& sets) {
    const int types = pos.tables().type_count;
    int held[MAX_TYPES];
    with_cell_set(pos.tables().cell_words, [&]<class Set>(Set) {
        for (int type = 0; type < types; ++type)
            held[type] = pos.sets<Set>().of(player, type).count() + pos.in_hand(player, type);
    });
    for (const auto& set : sets) {
        int wanted[MAX_TYPES] = {};
        for (int type : set) ++wanted[type];
        if (std::equal(held, held + types, wanted)) return true;
    }
    return false;
}

Judgement ended_by(const ir::Game& game, int rule, int mover) {
    Judgement j;
    j.over = true;
    j.rule = rule;
    j.mover = mover;
    if (rule >= 0) {
        j.kind = game.ends[static_cast<std::size_t>(rule)].kind;
        j.outcome = game.ends[static_cast<std::size_t>(rule)].outcome;
    }
    return j;
}

// The same ending with the outcome for the other of two players.
Judgement reversed(Judgement j) {
    j.outcome = j.outcome == ir::Outcome::win    ? ir::Outcome::loss
                : j.outcome == ir::Outcome::loss ? ir::Outcome::win
                                                 : j.outcome;
    return j;
}

}  // namespace

int extinct_type(const Position& pos, int player, const ir::EndCondition& end) {
    for (const int type : end.extinct_types)
        if (pos.count(player, type) + pos.in_hand(player, type) < end.count) return type;
    return -1;
}

Judgement judge(const Position& pos, bool has_move, int repetitions) {
    const ir::Game& game = pos.game().ir();
    const int players = pos.tables().player_count;
    const int mover = pos.last_mover();
    const int rules = static_cast<int>(game.ends.size());
    // A player left without pieces, then the goals (which leave no moves), then the material
    // left, then mate and stalemate: a mate on the last ply of a counter is still a mate.
    if (has_no_pieces(pos))
        for (int r = 0; r < rules; ++r)
            if (game.ends[r].kind == ir::EndKind::no_pieces) return ended_by(game, r, mover);
    if (goal_reached(pos)) return judge_goals(pos);
    // The material left, before mate: a bared player has lost whatever its moves.
    for (int r = 0; r < rules; ++r) {
        const ir::EndCondition& end = game.ends[r];
        if (end.kind == ir::EndKind::bare_royal) {
            // Two players. The mover left bare against pieces loses (it could not bare the other
            // at once); the player to move, left bare, loses at once when one move cannot take
            // every piece the mover has besides royal ones (it has two or more), and otherwise
            // gets its move. The outcome is for the player who is not bare.
            const int side = pos.side_to_move();
            const int mover_pieces = non_royal_count(pos, mover);
            const int side_pieces = non_royal_count(pos, side);
            if (mover_pieces == 0 && side_pieces > 0) return reversed(ended_by(game, r, mover));
            if (side_pieces == 0 && mover_pieces >= 2) return ended_by(game, r, mover);
        }
        if (end.kind == ir::EndKind::extinction) {
            // Two players; the result is for the player who still has the types. The mover's own
            // first (its last Pawn promoted), so that a move leaving both players without a type
            // ends against the mover, as Fairy-Stockfish judges it.
            if (extinct_type(pos, mover, end) >= 0) return reversed(ended_by(game, r, mover));
            if (extinct_type(pos, pos.side_to_move(), end) >= 0) return ended_by(game, r, mover);
        }
        if (end.kind == ir::EndKind::insufficient) {
            bool all = true;
            for (int p = 0; p < players && all; ++p) all = has_only(pos, p, end.material);
            if (all) return ended_by(game, r, mover);
        }
    }
    if (!has_move) {
        const auto kind = pos.in_check() ? ir::EndKind::checkmate : ir::EndKind::stalemate;
        for (int r = 0; r < rules; ++r)
            if (game.ends[r].kind == kind) return ended_by(game, r, mover);
        return ended_by(game, -1, mover);  // no rule says what happens, but play cannot go on
    }
    for (int r = 0; r < rules; ++r) {
        const ir::EndCondition& end = game.ends[r];
        if ((end.kind == ir::EndKind::repetition && repetitions >= end.count) ||
            (end.kind == ir::EndKind::ply_limit && pos.ply_clock() >= end.count))
            return ended_by(game, r, mover);
    }
    return {};
}

void outcome_scores(int players, ir::Outcome outcome, int player, double* scores) {
    for (int p = 0; p < players; ++p) {
        switch (outcome) {
            case ir::Outcome::win:
                scores[p] = p == player ? 1.0 : 0.0;
                break;
            case ir::Outcome::draw:
                scores[p] = 1.0 / players;
                break;
            case ir::Outcome::loss:
                // The others share the point; with two players that is a win for the other one.
                scores[p] = p == player ? 0.0 : 1.0 / (players - 1);
                break;
        }
    }
}

}  // namespace vari
