// Static exchange evaluation, played out on the position: see exchange.hpp.
#include "runtime/search/exchange.hpp"

#include <algorithm>
#include <numeric>

#include "runtime/search/ordering.hpp"

namespace vari::search {

Exchange::Exchange(const Tables& t, const std::vector<PieceValue>& values)
    : values_(values), royal_types_(t.royal_types), checks_(!t.royals_capturable) {
    by_value_.resize(static_cast<std::size_t>(t.type_count));
    std::iota(by_value_.begin(), by_value_.end(), 0);
    std::stable_sort(by_value_.begin(), by_value_.end(), [&](int a, int b) {
        const bool royal_a = royal_types_ >> a & 1, royal_b = royal_types_ >> b & 1;
        if (royal_a != royal_b) return royal_b;
        return values_[static_cast<std::size_t>(a)].board <
               values_[static_cast<std::size_t>(b)].board;
    });
}

int Exchange::evaluate(Position& pos, Move move) {
    return with_cell_set(pos.tables().cell_words,
                         [&]<class Set>(Set) { return evaluate_as<Set>(pos, move); });
}

template <class Set>
int Exchange::least_valuable_attacker(const Position& pos, int cell, int side) const {
    const BoardSets<Set>& s = pos.sets<Set>();
    for (const int type : by_value_) {
        const Set pieces = s.of(side, type);
        if (!pieces || !pos.is_attacked(cell, side, s.occupied, 1u << type)) continue;
        for (const int from : pieces)
            if (piece_targets_in<Set>(pos, from).has(cell)) return from;
    }
    return -1;
}

template <class Set>
int Exchange::evaluate_as(Position& pos, Move move) {
    const MoveGain first = move_gain(pos, move, values_);
    if (move.is_jumps() || move.is_pass() || move.kind() == Move::castling) return first.victim;
    const int cell = move.to();
    // taken[k]: what the k-th capture on the cell takes (the 0th: the move itself).
    std::array<int, MOST_CAPTURES + 1> taken{};
    taken[0] = first.victim;
    // What stands on the cell after the move, for the other side to take.
    int standing = first.attacker;
    if (move.is_drop()) standing = values_[static_cast<std::size_t>(move.dropped_type())].board;
    if (move.is_promotion()) standing = values_[static_cast<std::size_t>(move.promotion())].board;
    int made = 0;
    pos.do_move(move, undos_[0]);
    moves_[made++] = move;
    while (made < MOST_CAPTURES) {
        const int side = pos.side_to_move();
        const int from = least_valuable_attacker<Set>(pos, cell, side);
        if (from < 0) break;
        const Piece attacker = pos.piece_on(from);
        const Move capture = Move::make(from, cell);
        pos.do_move(capture, undos_[static_cast<std::size_t>(made)]);
        moves_[static_cast<std::size_t>(made++)] = capture;
        // A royal piece may not take where it would stand attacked.
        if (checks_ && (royal_types_ >> type_of(attacker) & 1) &&
            pos.is_attacked(cell, pos.side_to_move())) {
            --made;
            pos.undo_move(capture, undos_[static_cast<std::size_t>(made)]);
            break;
        }
        taken[static_cast<std::size_t>(made - 1)] = standing;
        standing = values_[static_cast<std::size_t>(type_of(attacker))].board;
    }
    for (int k = made - 1; k >= 0; --k)
        pos.undo_move(moves_[static_cast<std::size_t>(k)], undos_[static_cast<std::size_t>(k)]);
    // Back from the last capture: each side takes only when it gains by it.
    int rest = 0;
    for (int k = made - 1; k >= 1; --k)
        rest = std::max(0, taken[static_cast<std::size_t>(k)] - rest);
    return taken[0] - rest;
}

}  // namespace vari::search
