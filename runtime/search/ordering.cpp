// Move ordering: MVV-LVA for captures, then promotions, killers and the history heuristic.
#include "runtime/search/ordering.hpp"

#include <algorithm>
#include <utility>

namespace vari::search {
namespace {

// Sort-key bands, each above everything of the next: a band's own order fits inside it.
constexpr int HASH_MOVE = 1 << 30;
constexpr int CAPTURE = 1 << 28;
constexpr int PROMOTION = 1 << 27;
constexpr int KILLER = 1 << 26;
constexpr int COUNTER = 1 << 25;
constexpr int HISTORY_MAX = 1 << 24;  // history counts are halved before they pass this
constexpr int LOSING_CAPTURE = -(1 << 28);

int highest_key_from(const MoveList& moves, const int* keys, int from) {
    int best = from;
    for (int i = from + 1; i < moves.size; ++i)
        if (keys[i] > keys[best]) best = i;
    return best;
}

}  // namespace

int moved_piece_key(const Position& pos, Move move) {
    const int type = move.is_none() ? -1 : MoveOrder::moved_type(pos, move);
    if (type < 0) return -1;
    const Tables& t = pos.tables();
    return (pos.side_to_move() * t.type_count + type) * t.cell_count + move.to();
}

MoveOrder::MoveOrder(const Tables& t)
    : counters_(static_cast<std::size_t>(t.player_count * t.type_count * t.cell_count)) {}

int MoveOrder::moved_type(const Position& pos, Move move) {
    if (move.is_drop()) return move.dropped_type();
    if (move.is_pass()) return -1;
    const Piece p = pos.piece_on(move.from());
    return p == NO_PIECE ? -1 : type_of(p);
}

void MoveOrder::clear() {
    std::fill(history_.begin(), history_.end(), 0);
    std::fill(counters_.begin(), counters_.end(), Move::none());
    new_search();
}

void MoveOrder::new_search() {
    for (auto& k : killers_) k.fill(Move::none());
    for (int& h : history_) h /= 8;
}

void MoveOrder::reward(const Position& pos, Move move, int ply, int depth, int last) {
    if (last >= 0) counters_[static_cast<std::size_t>(last)] = move;
    auto& k = killers_[static_cast<std::size_t>(ply)];
    if (k[0] != move) {
        k[1] = k[0];
        k[0] = move;
    }
    const int type = moved_type(pos, move);
    if (type < 0) return;
    int& h = history_[static_cast<std::size_t>((pos.side_to_move() * MAX_TYPES + type) * MAX_CELLS +
                                               move.to())];
    h += depth * depth;
    if (h >= HISTORY_MAX)
        for (int& x : history_) x /= 2;
}

void MoveOrder::score(const Position& pos, const MoveList& moves, Move hash_move, int ply, int last,
                      const std::vector<PieceValue>& values, int* keys,
                      std::uint8_t* unjudged) const {
    const auto& k = killers_[static_cast<std::size_t>(ply)];
    const Move counter = last >= 0 ? counters_[static_cast<std::size_t>(last)] : Move::none();
    for (int i = 0; i < moves.size; ++i) {
        const Move m = moves.moves[i];
        int& key = keys[i];
        if (m == hash_move) {
            key = HASH_MOVE;
            continue;
        }
        const MoveGain g = move_gain(pos, m, values);
        unjudged[i] = 0;
        if (g.capture) {
            // Taking a piece worth at least the taker's cannot lose material: no exchange needed.
            // Others are judged when they come first (pick_next), most nodes ending before.
            unjudged[i] = g.attacker > g.victim;
            key = CAPTURE + g.victim * 64 - g.attacker;
        } else if (g.promotion) {
            key = PROMOTION + g.victim;
        } else if (m == k[0] || m == k[1]) {
            key = KILLER - (m == k[1]);
        } else if (m == counter) {
            key = COUNTER;
        } else {
            const int type = moved_type(pos, m);
            key = type < 0 ? 0
                           : history_[static_cast<std::size_t>(
                                 (pos.side_to_move() * MAX_TYPES + type) * MAX_CELLS + m.to())];
        }
    }
}

void pick_next(MoveList& moves, int* keys, int from) {
    const int best = highest_key_from(moves, keys, from);
    std::swap(moves.moves[from], moves.moves[best]);
    std::swap(keys[from], keys[best]);
}

void pick_next(Position& pos, MoveList& moves, int* keys, std::uint8_t* unjudged, int from,
               Exchange& exchange) {
    for (;;) {
        const int best = highest_key_from(moves, keys, from);
        if (unjudged[best]) {
            unjudged[best] = 0;
            if (exchange.loses(pos, moves.moves[best])) {
                keys[best] += LOSING_CAPTURE - CAPTURE;
                continue;
            }
        }
        std::swap(moves.moves[from], moves.moves[best]);
        std::swap(keys[from], keys[best]);
        std::swap(unjudged[from], unjudged[best]);
        return;
    }
}

}  // namespace vari::search
