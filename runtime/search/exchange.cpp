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

bool Exchange::loses(Position& pos, Move move) {
    return with_cell_set(pos.tables().cell_words,
                         [&]<class Set>(Set) { return loses_as<Set>(pos, move); });
}

// Makes the next capture on `cell`, for the side whose turn it is in the exchange, with its least
// valuable piece that can (a royal piece not where it would stand attacked), as the `made`-th
// move of the exchange; sets `worth` to the capturing piece's. False, with nothing made, when
// there is none (or no room).
template <class Set>
bool Exchange::take_next(Position& pos, int cell, int& made, int& worth) {
    if (made >= MOST_CAPTURES) return false;
    const int from = pos.attacker_of(cell, side_, by_value_, pos.sets<Set>().occupied);
    if (from < 0) return false;
    const Piece attacker = pos.piece_on(from);
    const Piece taken = pos.take_on_board<Set>(from, cell);
    const int next = pos.next_player(side_);
    if (checks_ && (royal_types_ >> type_of(attacker) & 1) && pos.is_attacked(cell, next)) {
        pos.untake_on_board<Set>(from, cell, taken);
        return false;
    }
    from_[static_cast<std::size_t>(made)] = from;
    taken_[static_cast<std::size_t>(made++)] = taken;
    side_ = next;
    worth = values_[static_cast<std::size_t>(type_of(attacker))].board;
    return true;
}

template <class Set>
void Exchange::take_back(Position& pos, int cell, int made) {
    for (int k = made - 1; k >= 1; --k)
        pos.untake_on_board<Set>(from_[static_cast<std::size_t>(k)], cell,
                                 taken_[static_cast<std::size_t>(k)]);
    pos.undo_move(first_, first_undo_);
}

void Exchange::start(Position& pos, Move move) {
    pos.do_move(move, first_undo_);
    first_ = move;
    side_ = pos.side_to_move();
}

// The worth of what stands on the cell after `move`.
int Exchange::standing_after(Move move, const MoveGain& first) const {
    if (move.is_drop()) return values_[static_cast<std::size_t>(move.dropped_type())].board;
    if (move.is_promotion()) return values_[static_cast<std::size_t>(move.promotion())].board;
    return first.attacker;
}

bool Exchange::exchanges(Move move) {
    return !move.is_jumps() && !move.is_pass() && move.kind() != Move::castling;
}

template <class Set>
int Exchange::evaluate_as(Position& pos, Move move) {
    const MoveGain first = move_gain(pos, move, values_);
    if (!exchanges(move)) return first.victim;
    // taken[k]: what the k-th capture on the cell takes (the 0th: the move itself).
    std::array<int, MOST_CAPTURES + 1> taken{};
    taken[0] = first.victim;
    int standing = standing_after(move, first), made = 1;
    start(pos, move);
    for (int worth; take_next<Set>(pos, move.to(), made, worth); standing = worth)
        taken[static_cast<std::size_t>(made - 1)] = standing;
    take_back<Set>(pos, move.to(), made);
    // Back from the last capture: each side takes only when it gains by it.
    int rest = 0;
    for (int k = made - 1; k >= 1; --k)
        rest = std::max(0, taken[static_cast<std::size_t>(k)] - rest);
    return taken[0] - rest;
}

// evaluate() < 0, each capture looked for only while the answer is open. With rest(k) what the
// side taking k-th wins back from there on (evaluate()'s `rest`: 0 when no capture k follows, else
// what it takes less rest(k + 1), at least 0), the move loses when rest(1) exceeds what it took.
// The question on rest(k) is "at most limit" (limit >= 0) or "at least limit" (limit > 0); what
// capture k would take settles it (no more than the limit; less than it), else so does finding no
// capture (rest(k) = 0), else it becomes the opposite question on rest(k + 1).
template <class Set>
bool Exchange::loses_as(Position& pos, Move move) {
    const MoveGain first = move_gain(pos, move, values_);
    int standing = standing_after(move, first);
    if (!exchanges(move) || standing <= first.victim) return false;  // it keeps what it took
    bool at_most = true;
    int limit = first.victim, made = 1;
    start(pos, move);
    for (int worth; at_most ? standing > limit : standing >= limit; standing = worth) {
        if (!take_next<Set>(pos, move.to(), made, worth)) break;
        limit = standing - limit;
        at_most = !at_most;
    }
    take_back<Set>(pos, move.to(), made);
    return !at_most;
}

}  // namespace vari::search
