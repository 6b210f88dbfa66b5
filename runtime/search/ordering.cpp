// Move ordering: captures by victim and capture history, then promotions, killers, counter-moves
// and the history and continuation history of quiet moves.
#include "runtime/search/ordering.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace vari::search {
namespace {

// Sort-key bands, each above everything of the next: a band's own order fits inside it.
constexpr int HASH_MOVE = 1 << 30;
constexpr int CAPTURE = 1 << 28;
constexpr int PROMOTION = 1 << 27;
constexpr int KILLER = 1 << 26;
constexpr int COUNTER = 1 << 25;
// A quiet move whose key is still to read (MoveOrder::key_quiets): above every quiet key.
constexpr int QUIET_LATER = 1 << 24;
constexpr int LOSING_CAPTURE = -(1 << 28);
// History entries move towards +-HISTORY_LIMIT by a share of what is left (so they stay within
// it, and recent cut-offs weigh more than old ones); a cut-off at depth d gives d² * 16, to
// HISTORY_BONUS_MAX.
constexpr int HISTORY_LIMIT = 16384;
constexpr int HISTORY_BONUS_MAX = 2048;
// The continuation history's size: at most this many entries (8 MiB) per thread.
constexpr std::size_t CONTINUATION_ENTRIES = std::size_t{1} << 22;

template <class Entry>
void nudge(Entry& entry, int bonus) {
    entry = static_cast<Entry>(entry + bonus - entry * std::abs(bonus) / HISTORY_LIMIT);
}

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
    : cell_count_(t.cell_count),
      counters_(static_cast<std::size_t>(t.player_count * t.type_count * t.cell_count)),
      capture_history_(counters_.size() * static_cast<std::size_t>(t.type_count + 1)) {
    row_size_ = static_cast<std::size_t>(t.type_count * t.cell_count);
    rows_ = std::min(counters_.size(), CONTINUATION_ENTRIES / row_size_);
    continuation_.resize(rows_ * row_size_);
    row_aged_.resize(rows_);
}

int MoveOrder::moved_type(const Position& pos, Move move) {
    if (move.is_drop()) return move.dropped_type();
    if (move.is_pass()) return -1;
    const Piece p = pos.piece_on(move.from());
    return p == NO_PIECE ? -1 : type_of(p);
}

void MoveOrder::clear() {
    std::fill(history_.begin(), history_.end(), 0);
    std::fill(continuation_.begin(), continuation_.end(), std::int16_t{0});
    std::fill(row_aged_.begin(), row_aged_.end(), searches_ + 1);  // the search new_search() starts
    std::fill(counters_.begin(), counters_.end(), Move::none());
    std::fill(capture_history_.begin(), capture_history_.end(), std::int16_t{0});
    new_search();
}

void MoveOrder::new_search() {
    for (auto& k : killers_) k.fill(Move::none());
    for (int& h : history_) h /= 2;
    ++searches_;
    for (std::int16_t& h : capture_history_) h = static_cast<std::int16_t>(h / 2);
}

std::size_t MoveOrder::capture_index(const Position& pos, Move move) const {
    const int types = pos.tables().type_count;
    const Piece victim = piece_taken(pos, move);
    const int taken = victim == NO_PIECE ? types : type_of(victim);
    return static_cast<std::size_t>(moved_piece_key(pos, move) * (types + 1) + taken);
}

std::int16_t* MoveOrder::continuation_after(int before) {
    if (before < 0) return nullptr;
    const std::size_t row = row_of(before);
    std::int16_t* entries = &continuation_[row * row_size_];
    // Halving k times, each rounding towards zero, is dividing once by 2^k.
    if (const std::uint32_t missed = searches_ - row_aged_[row]; missed > 0) {
        const int by = missed >= 16 ? 1 << 16 : 1 << missed;
        for (std::size_t i = 0; i < row_size_; ++i)
            entries[i] = static_cast<std::int16_t>(entries[i] / by);
        row_aged_[row] = searches_;
    }
    return entries;
}

std::size_t MoveOrder::row_of(int before) const {
    const auto b = static_cast<std::uint64_t>(before);
    // Fewer rows than moves before: shared, by hash.
    return rows_ < counters_.size()
               ? static_cast<std::size_t>((b * 0x9E3779B97F4A7C15ull >> 32) % rows_)
               : static_cast<std::size_t>(b);
}

void MoveOrder::reward(const Position& pos, Move move, int ply, int depth, MovesBefore before,
                       const TriedMoves& tried) {
    const int bonus = std::min(16 * depth * depth, HISTORY_BONUS_MAX);
    for (int i = 0; i < tried.capture_count; ++i)
        nudge(capture_history_[capture_index(pos, tried.captures[i])], -bonus);
    if (captures(pos, move)) {
        nudge(capture_history_[capture_index(pos, move)], bonus);
        return;
    }
    if (before.last >= 0) counters_[static_cast<std::size_t>(before.last)] = move;
    auto& k = killers_[static_cast<std::size_t>(ply)];
    if (k[0] != move) {
        k[1] = k[0];
        k[0] = move;
    }
    std::int16_t* after_last = continuation_after(before.last);
    std::int16_t* after_own_last = continuation_after(before.own_last);
    const auto add = [&](Move m, int by) {
        const int type = moved_type(pos, m);
        if (type < 0) return;
        nudge(history_[static_cast<std::size_t>(history_index(pos.side_to_move(), type, m.to()))],
              by);
        const auto at = static_cast<std::size_t>(type * cell_count_ + m.to());
        if (after_last) nudge(after_last[at], by);
        if (after_own_last) nudge(after_own_last[at], by);
    };
    add(move, bonus);
    for (int i = 0; i < tried.quiet_count; ++i) add(tried.quiets[i], -bonus);
}

void MoveOrder::score(const Position& pos, const MoveList& moves, Move hash_move, int ply,
                      MovesBefore before, const std::vector<PieceValue>& values, int* keys,
                      std::uint8_t* unjudged) const {
    const auto& k = killers_[static_cast<std::size_t>(ply)];
    const Move counter =
        before.last >= 0 ? counters_[static_cast<std::size_t>(before.last)] : Move::none();
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
            key = CAPTURE + g.victim * 64 + capture_history_[capture_index(pos, m)] - g.attacker;
        } else if (g.promotion) {
            key = PROMOTION + g.victim;
        } else if (m == k[0] || m == k[1]) {
            key = KILLER - (m == k[1]);
        } else if (m == counter) {
            key = COUNTER;
        } else {
            key = moved_type(pos, m) >= 0 ? QUIET_LATER : 0;
        }
    }
}

void MoveOrder::key_quiets(const Position& pos, MoveList& moves, int* keys, int from,
                           MovesBefore before) {
    std::int16_t* after_last = continuation_after(before.last);
    std::int16_t* after_own_last = continuation_after(before.own_last);
    const int* history =
        &history_[static_cast<std::size_t>(history_index(pos.side_to_move(), 0, 0))];
    const auto count = static_cast<std::size_t>(moves.size - from);
    for (std::size_t i = 0; i < count; ++i) {
        const auto at_list = static_cast<std::size_t>(from) + i;
        const Move m = moves.moves[at_list];
        int& key = keys[at_list];
        if (key == QUIET_LATER) {
            const int type = moved_type(pos, m);
            const auto at = static_cast<std::size_t>(type * cell_count_ + m.to());
            key = history[type * MAX_CELLS + m.to()] + (after_last ? after_last[at] : 0) +
                  (after_own_last ? after_own_last[at] : 0);
        }
        // Higher keys first, then the earlier place: the key mapped to an unsigned order,
        // complemented, above the place.
        const std::uint32_t order = ~(static_cast<std::uint32_t>(key) ^ 0x80000000u);
        sorting_[i] = std::uint64_t{order} << 32 | i;
        sorted_[i] = m;
    }
    std::sort(sorting_.begin(), sorting_.begin() + static_cast<std::ptrdiff_t>(count));
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t packed = sorting_[i];
        const auto at_list = static_cast<std::size_t>(from) + i;
        moves.moves[at_list] = sorted_[packed & 0xFFFFFFFFu];
        keys[at_list] = static_cast<int>(~static_cast<std::uint32_t>(packed >> 32) ^ 0x80000000u);
    }
}

void pick_next(MoveList& moves, int* keys, int from) {
    const int best = highest_key_from(moves, keys, from);
    std::swap(moves.moves[from], moves.moves[best]);
    std::swap(keys[from], keys[best]);
}

bool MoveOrder::pick_next(Position& pos, MoveList& moves, int* keys, std::uint8_t* unjudged,
                          int from, MovesBefore before, Exchange& exchange) {
    for (;;) {
        const int best = highest_key_from(moves, keys, from);
        if (unjudged[best]) {
            unjudged[best] = 0;
            if (exchange.loses(pos, moves.moves[best])) {
                keys[best] += LOSING_CAPTURE - CAPTURE;
                continue;
            }
        }
        if (keys[best] == QUIET_LATER) {
            // What is left is quiet moves and captures judged to lose: none is still unjudged.
            key_quiets(pos, moves, keys, from, before);
            return true;
        }
        std::swap(moves.moves[from], moves.moves[best]);
        std::swap(keys[from], keys[best]);
        std::swap(unjudged[from], unjudged[best]);
        return false;
    }
}

}  // namespace vari::search
