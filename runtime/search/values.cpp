// Piece values derived from the rules: what a piece can do on the board, what it may become, and
// how it fares in a hand. No piece is named: everything is read from the compiled tables.
#include <algorithm>
#include <cmath>

#include "runtime/search/search.hpp"
#include "runtime/search/value_reach.hpp"

namespace vari::search {
namespace {

// Value grows a little faster than mobility: a piece that does twice as much also combines its
// moves (a queen is worth more than a rook and a bishop apart).
constexpr double MOBILITY_EXPONENT = 1.2;
// A piece whose moves cannot be undone (forward-only) cannot come back to defend or regroup.
constexpr double FORWARD_PENALTY = 0.3;
// A piece in hand may go to almost any cell: worth a little more than on the board.
constexpr double HAND_BONUS = 1.1;
// Where royal pieces are captured like others, losing one is near losing the game.
constexpr double ROYAL_FACTOR = 3;
// Passes of the promotion gains: a promoted type's own gain counts from the second.
constexpr int PROMOTION_PASSES = 4;

// A type as each player fields it, averaged over the players whose rules give it movement.
struct TypeReach {
    bool exists = false;
    double own = 0;               // before promotion
    std::uint32_t choices = 0;    // what it may promote to
    double promotion_weight = 0;  // mean over its cells of PROMOTION_DECAY ^ distance
};

TypeReach type_reach(const Tables& t, int type) {
    TypeReach reach;
    int players = 0;
    for (int p = 0; p < t.player_count; ++p) {
        const PieceRules& r = t.rules_of(p, type);
        if (!r.exists) continue;
        ++players;
        reach.exists = true;
        reach.choices |= detail::promotion_choices(t, r);
        const std::vector<int> distance = detail::promotion_distance(t, r);
        double mobility = 0, weight = 0;
        int cells = 0;
        for (int c = 0; c < t.cell_count; ++c) {
            if (!detail::empty_board_targets(t, r, c)) continue;  // it could not stand there
            ++cells;
            mobility += detail::expected_mobility(t, r, c);
            if (distance[c] > 0) weight += std::pow(detail::PROMOTION_DECAY, distance[c]);
        }
        if (cells == 0) continue;
        const double forward = 1 - FORWARD_PENALTY * (1 - detail::reversibility(t, r));
        reach.own += std::pow(mobility / cells * forward, MOBILITY_EXPONENT);
        reach.promotion_weight += weight / cells;
    }
    if (players) {
        reach.own /= players;
        reach.promotion_weight /= players;
    }
    return reach;
}

// The type most numerous among the non-royal pieces of the setup (the game's "pawn"), or the
// weakest non-royal type when the setup has none; -1 when there is no non-royal type at all.
int pawn_type(const ir::Game& game, const std::vector<double>& value) {
    std::vector<int> count(game.pieces.size(), 0);
    for (const auto& placement : game.setup)
        if (!game.pieces[placement.type].royal) ++count[placement.type];
    int best = -1;
    for (int t = 0; t < static_cast<int>(count.size()); ++t) {
        if (game.pieces[t].royal || value[t] <= 0) continue;
        if (best < 0 || count[t] > count[best] ||
            (count[t] == count[best] && value[t] < value[best]))
            best = t;
    }
    return best;
}

}  // namespace

std::vector<PieceValue> piece_values(const CompiledGame& game) {
    const Tables& t = game.tables();
    const ir::Game& rules = game.ir();
    const int types = t.type_count;
    std::vector<TypeReach> reach;
    for (int type = 0; type < types; ++type) reach.push_back(type_reach(t, type));

    // In raw units: a stated value becomes raw through the scale that makes the pawn 100.
    std::vector<double> value(types, 0);
    double scale = 1;
    for (int pass = 0; pass < PROMOTION_PASSES; ++pass) {
        std::vector<double> next(types, 0);
        for (int type = 0; type < types; ++type) {
            const TypeReach& r = reach[type];
            if (rules.pieces[type].value >= 0) {
                next[type] = rules.pieces[type].value / scale;
                continue;
            }
            double best = 0;
            for (int to = 0; to < types; ++to)
                if (r.choices >> to & 1) best = std::max(best, value[to]);
            next[type] = r.own + r.promotion_weight * std::max(0.0, best - r.own);
        }
        value = next;
        const int pawn = pawn_type(rules, value);
        if (pawn >= 0 && value[pawn] > 0)
            scale = rules.pieces[pawn].value >= 0 ? rules.pieces[pawn].value / value[pawn]
                                                  : 100 / value[pawn];
    }

    double strongest = 0;
    for (int type = 0; type < types; ++type)
        if (!rules.pieces[type].royal) strongest = std::max(strongest, value[type] * scale);
    std::vector<PieceValue> values(static_cast<std::size_t>(types));
    for (int type = 0; type < types; ++type) {
        PieceValue& v = values[type];
        v.stated = rules.pieces[type].value >= 0;
        if (rules.pieces[type].royal && !v.stated)
            v.board = rules.royals_capturable ? static_cast<int>(ROYAL_FACTOR * strongest) : 0;
        else
            v.board = static_cast<int>(std::lround(value[type] * scale));
        bool droppable = false;
        for (int p = 0; p < t.player_count; ++p) droppable |= t.rules_of(p, type).droppable;
        if (droppable) v.in_hand = static_cast<int>(std::lround(v.board * HAND_BONUS));
    }
    return values;
}

}  // namespace vari::search
