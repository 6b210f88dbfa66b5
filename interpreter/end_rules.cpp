// The end conditions, one row each: when judge() looks at a kind and what it finds, the words that
// say why a game ended by it, whether a perft tree could end by it before its leaves, and whether
// XBoard's standard variants end so. The goals (a zone reached, checks given, passes, royal pieces
// left facing) are read off the position in goals.cpp, where the generator needs them.
#include <algorithm>

#include "interpreter/interpreter.hpp"

namespace vari {
namespace {

// ---- Shared by the rows ------------------------------------------------------------------------

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

const ir::EndCondition& end_of(const JudgeInput& in, int rule) {
    return in.pos.game().ir().ends[static_cast<std::size_t>(rule)];
}

Judgement ended(const JudgeInput& in, int rule) {
    return ended_by(in.pos.game().ir(), rule, in.mover);
}

const std::string& player_name(const Position& pos, int player) {
    return pos.game().ir().players[static_cast<std::size_t>(player)].name;
}

bool never_before_leaves(const Position&, int, const ir::EndCondition&) { return false; }

// ---- checkmate, stalemate: no legal move, a royal piece attacked or not
// --------------------------

Judgement judge_checkmate(const JudgeInput& in, int rule) {
    return !in.has_move && in.pos.in_check() ? ended(in, rule) : Judgement{};
}
Judgement judge_stalemate(const JudgeInput& in, int rule) {
    return !in.has_move && !in.pos.in_check() ? ended(in, rule) : Judgement{};
}
std::string checkmate_reason(const Position&, const ir::EndCondition&, const Judgement&) {
    return "checkmate";
}
std::string stalemate_reason(const Position&, const ir::EndCondition&, const Judgement&) {
    return "stalemate";
}

// ---- repetition, ply limit: counts -------------------------------------------------------------

Judgement judge_repetition(const JudgeInput& in, int rule) {
    return in.repetitions >= end_of(in, rule).count ? ended(in, rule) : Judgement{};
}
std::string repetition_reason(const Position&, const ir::EndCondition& end, const Judgement&) {
    static constexpr const char* NAMES[] = {"twofold", "threefold", "fourfold", "fivefold"};
    const std::string times = end.count >= 2 && end.count <= 5
                                  ? NAMES[end.count - 2]
                                  : std::to_string(end.count) + "-fold";
    return times + " repetition";
}
// A position comes back after every player has moved twice (a move is undone only by its own
// player), or sooner after a round of passes, unless so many passes in a row end the game first.
// The tree starts without a history.
bool repetition_before_leaves(const Position& start, int depth, const ir::EndCondition& end) {
    const ir::Game& rules = start.game().ir();
    const int players = start.tables().player_count;
    const int passes_to_end = start.tables().passes_to_end;
    const bool passes_round =
        rules.passing != ir::Passing::never && !(passes_to_end && passes_to_end <= players);
    const int cycle = passes_round ? players : 2 * players;
    return (end.count - 1) * cycle <= depth - 1;
}

Judgement judge_ply_limit(const JudgeInput& in, int rule) {
    return in.pos.ply_clock() >= end_of(in, rule).count ? ended(in, rule) : Judgement{};
}
std::string ply_limit_reason(const Position&, const ir::EndCondition& end, const Judgement&) {
    return "the " + std::to_string(end.count) + "-ply rule";
}
bool ply_limit_before_leaves(const Position& start, int depth, const ir::EndCondition& end) {
    return start.ply_clock() + depth - 1 >= end.count;
}

// ---- no pieces: the player to move has none, on the board or in hand ----------------------------

bool has_no_pieces(const Position& pos) {
    const int side = pos.side_to_move();
    if (with_cell_set(pos.tables().cell_words,
                      [&]<class Set>(Set) { return !pos.sets<Set>().by_player[side].empty(); }))
        return false;
    for (int type = 0; type < pos.tables().type_count; ++type)
        if (pos.in_hand(side, type)) return false;
    return true;
}

Judgement judge_no_pieces(const JudgeInput& in, int rule) {
    return has_no_pieces(in.pos) ? ended(in, rule) : Judgement{};
}
std::string no_pieces_reason(const Position& pos, const ir::EndCondition& end,
                             const Judgement& judged) {
    const int players = static_cast<int>(pos.game().ir().players.size());
    if (end.outcome == ir::Outcome::win) return "capturing every piece";
    if (end.outcome == ir::Outcome::loss && players == 2) return "losing every piece";
    return player_name(pos, (judged.mover + 1) % players) + " having no pieces left";
}
// The engine's perft counts no moves for a player without pieces, as this rule would end it,
// unless that player could pass.
bool no_pieces_before_leaves(const Position& start, int, const ir::EndCondition&) {
    return start.game().ir().passing != ir::Passing::never;
}

// ---- bare royal, insufficient material: the material left ---------------------------------------

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

// Two players. The mover left bare against pieces loses (it could not bare the other at once);
// the player to move, left bare, loses at once when one move cannot take every piece the mover
// has besides royal ones (it has two or more), and otherwise gets its move. The outcome is for
// the player who is not bare.
Judgement judge_bare_royal(const JudgeInput& in, int rule) {
    const int mover_pieces = non_royal_count(in.pos, in.mover);
    const int side_pieces = non_royal_count(in.pos, in.pos.side_to_move());
    if (mover_pieces == 0 && side_pieces > 0) return reversed(ended(in, rule));
    if (side_pieces == 0 && mover_pieces >= 2) return ended(in, rule);
    return {};
}
std::string bare_royal_reason(const Position&, const ir::EndCondition&, const Judgement&) {
    return "the bare-royal rule";
}

Judgement judge_insufficient(const JudgeInput& in, int rule) {
    const int players = in.pos.tables().player_count;
    for (int p = 0; p < players; ++p)
        if (!has_only(in.pos, p, end_of(in, rule).material)) return {};
    return ended(in, rule);
}
std::string insufficient_reason(const Position&, const ir::EndCondition&, const Judgement&) {
    return "insufficient material";
}

// Whether the material end `end` could fire at a position of the tree above its leaves. A ply
// takes at most one piece, except a capture sequence: with jumps it always could. A player's
// pieces (on the board and in hand) are otherwise at least their number now less depth - 1 plies'
// captures: bare-royal needs a player without pieces besides royal ones, and insufficient every
// player down to one of its sets.
bool material_before_leaves(const Position& start, int depth, const ir::EndCondition& end) {
    const Tables& t = start.tables();
    if (t.has_jumps) return true;
    std::size_t largest_set = 0;
    for (const auto& set : end.material) largest_set = std::max(largest_set, set.size());
    for (int p = 0; p < t.player_count; ++p) {
        int pieces = 0;
        for (int type = 0; type < t.type_count; ++type)
            if (end.kind == ir::EndKind::insufficient || !(t.royal_types >> type & 1))
                pieces += start.count(p, type) + start.in_hand(p, type);
        const int fewest = pieces - (depth - 1);
        if (end.kind == ir::EndKind::bare_royal && fewest <= 0) return true;
        if (end.kind == ir::EndKind::insufficient && fewest > static_cast<int>(largest_set))
            return false;
    }
    return end.kind == ir::EndKind::insufficient;
}

// ---- extinction: fewer than `count` of a named type ---------------------------------------------

// Two players; the result is for the player who still has the types. The mover's own first (its
// last Pawn promoted), so that a move leaving both players without a type ends against the mover,
// as Fairy-Stockfish judges it.
Judgement judge_extinction(const JudgeInput& in, int rule) {
    const ir::EndCondition& end = end_of(in, rule);
    if (extinct_type(in.pos, in.mover, end) >= 0) return reversed(ended(in, rule));
    if (extinct_type(in.pos, in.pos.side_to_move(), end) >= 0) return ended(in, rule);
    return {};
}
// "Black having no Queen left": of the player who lost the type (the mover when the outcome was
// reversed for it).
std::string extinction_reason(const Position& pos, const ir::EndCondition& end,
                              const Judgement& judged) {
    const int player = judged.outcome == end.outcome ? (judged.mover + 1) % 2 : judged.mover;
    const int type = std::max(0, extinct_type(pos, player, end));
    const std::string& piece = pos.game().ir().pieces[static_cast<std::size_t>(type)].name;
    if (end.count == 1) return player_name(pos, player) + " having no " + piece + " left";
    return player_name(pos, player) + " having fewer than " + std::to_string(end.count) +
           " of piece " + piece;
}
// Each ply takes at most one piece (a capture, or a Pawn that promotes), but for captures in
// jumps. The start too is judged, at depth 1 and more.
bool extinction_before_leaves(const Position& start, int depth, const ir::EndCondition& end) {
    const Tables& t = start.tables();
    if (t.has_jumps) return true;
    for (int p = 0; p < t.player_count; ++p)
        for (const int type : end.extinct_types)
            if (start.count(p, type) + start.in_hand(p, type) - (depth - 1) < end.count)
                return true;
    return false;
}

// ---- The goals: judged by judge_goals (goals.cpp), said here ------------------------------------

std::string royal_reaches_reason(const Position& pos, const ir::EndCondition& end,
                                 const Judgement& judged) {
    const std::string& zone = pos.game().ir().zones[static_cast<std::size_t>(end.zone)].name;
    if (judged.answered) return "both reaching " + zone;
    if (judged.outcome == ir::Outcome::win) return "reaching " + zone;
    return player_name(pos, judged.mover) + " reaching " + zone;
}
std::string checks_reason(const Position&, const ir::EndCondition& end, const Judgement&) {
    return std::to_string(end.count) + (end.count == 1 ? " check" : " checks");
}
std::string passes_reason(const Position&, const ir::EndCondition& end, const Judgement&) {
    return std::to_string(end.count) + (end.count == 1 ? " pass" : " passes in a row");
}
std::string facing_reason(const Position&, const ir::EndCondition&, const Judgement&) {
    return "royal pieces left facing";
}

// ---- The table ----------------------------------------------------------------------------------

using Phase = EndRule::Phase;
// A goal leaves no legal move, and the engine's perft counts none either.
constexpr EndRule END_RULES[] = {
    {ir::EndKind::checkmate, Phase::no_move, judge_checkmate, checkmate_reason, never_before_leaves,
     true},
    {ir::EndKind::stalemate, Phase::no_move, judge_stalemate, stalemate_reason, never_before_leaves,
     true},
    {ir::EndKind::repetition, Phase::counts, judge_repetition, repetition_reason,
     repetition_before_leaves, true},
    {ir::EndKind::ply_limit, Phase::counts, judge_ply_limit, ply_limit_reason,
     ply_limit_before_leaves, true},
    {ir::EndKind::no_pieces, Phase::pieces, judge_no_pieces, no_pieces_reason,
     no_pieces_before_leaves, true},
    {ir::EndKind::bare_royal, Phase::material, judge_bare_royal, bare_royal_reason,
     material_before_leaves, true},
    {ir::EndKind::insufficient, Phase::material, judge_insufficient, insufficient_reason,
     material_before_leaves, true},
    {ir::EndKind::royal_reaches, Phase::goals, nullptr, royal_reaches_reason, never_before_leaves,
     false},
    {ir::EndKind::checks, Phase::goals, nullptr, checks_reason, never_before_leaves, false},
    {ir::EndKind::passes, Phase::goals, nullptr, passes_reason, never_before_leaves, false},
    {ir::EndKind::facing, Phase::goals, nullptr, facing_reason, never_before_leaves, false},
    {ir::EndKind::extinction, Phase::material, judge_extinction, extinction_reason,
     extinction_before_leaves, false},
};

constexpr bool rows_in_kind_order() {
    for (std::size_t i = 0; i < std::size(END_RULES); ++i)
        if (static_cast<std::size_t>(END_RULES[i].kind) != i) return false;
    return true;
}
static_assert(rows_in_kind_order() && std::size(END_RULES) == ir::END_KIND_COUNT,
              "one row per end kind, in the order of ir::EndKind");

// The rules of `phase` in the game's order; the first that ends the game.
Judgement judge_phase(const JudgeInput& in, Phase phase) {
    if (!(in.pos.tables().end_phases >> static_cast<int>(phase) & 1)) return {};
    const auto& ends = in.pos.game().ir().ends;
    for (int r = 0; r < static_cast<int>(ends.size()); ++r) {
        const EndRule& row = end_rule(ends[static_cast<std::size_t>(r)].kind);
        if (row.phase != phase) continue;
        if (const Judgement j = row.judge(in, r); j.over) return j;
    }
    return {};
}

}  // namespace

const EndRule& end_rule(ir::EndKind kind) { return END_RULES[static_cast<std::size_t>(kind)]; }

int extinct_type(const Position& pos, int player, const ir::EndCondition& end) {
    for (const int type : end.extinct_types)
        if (pos.count(player, type) + pos.in_hand(player, type) < end.count) return type;
    return -1;
}

Judgement judge(const Position& pos, bool has_move, int repetitions) {
    const JudgeInput in{pos, pos.last_mover(), has_move, repetitions};
    // A player left without pieces, then the goals (which leave no moves), then the material
    // left, then mate and stalemate: a mate on the last ply of a counter is still a mate.
    if (const Judgement j = judge_phase(in, Phase::pieces); j.over) return j;
    if (goal_reached(pos)) return judge_goals(pos);
    if (const Judgement j = judge_phase(in, Phase::material); j.over) return j;
    if (!has_move) {
        if (const Judgement j = judge_phase(in, Phase::no_move); j.over) return j;
        // No rule says what happens, but play cannot go on.
        return ended_by(pos.game().ir(), -1, in.mover);
    }
    return judge_phase(in, Phase::counts);
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
