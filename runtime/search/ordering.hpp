// Move ordering for the two-player search: which moves to try first so that cut-offs come early.
// Private to the library.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "runtime/search/exchange.hpp"
#include "runtime/search/line.hpp"

namespace vari::search {

// What a move does to the material, from the position before it: the worth of the piece it
// takes (a capture sequence: of the first piece it jumps, as far as the move says) and what a
// promotion gains. Used by ordering and to choose quiescence moves.
struct MoveGain {
    bool capture = false;
    bool promotion = false;
    int victim = 0;    // centipawns
    int attacker = 0;  // the moving piece's worth
};
// The piece on the cell a move takes on, whoever owns it (NO_PIECE for moves that take on no one
// cell: drops, passes, castling, capture sequences, whose victims need their path).
[[gnu::always_inline]] inline Piece piece_taken(const Position& pos, Move move) {
    switch (move.kind()) {
        case Move::normal:
            return pos.piece_on(move.to());
        case Move::en_passant:
            return pos.piece_on(pos.ep_victim());
        case Move::jumps:
        case Move::castling:
        case Move::drop:
        case Move::pass:
            break;
    }
    return NO_PIECE;
}

// Inline: the search asks it of every move it lists, quiescence's included.
[[gnu::always_inline]] inline MoveGain move_gain(const Position& pos, Move move,
                                                 const std::vector<PieceValue>& values) {
    MoveGain g;
    if (move.is_drop() || move.is_pass()) return g;
    const Piece mover = pos.piece_on(move.from());
    if (mover != NO_PIECE) g.attacker = values[type_of(mover)].board;
    Piece victim = piece_taken(pos, move);
    // Worth counts only what the opponent loses.
    if (move.kind() == Move::normal && victim != NO_PIECE && owner_of(victim) == pos.side_to_move())
        victim = NO_PIECE;
    if (move.kind() == Move::jumps)
        g.capture = true;  // what it takes needs the path: worth unknown
    if (victim != NO_PIECE) {
        g.capture = true;
        g.victim = values[type_of(victim)].board;
    }
    if (move.is_promotion()) {
        g.promotion = true;
        g.victim += std::max(0, values[move.promotion()].board - g.attacker);
    }
    return g;
}

// A move as the counter-moves and continuation history know it: who moved what where (the piece
// as it stood before the move; a drop: the type dropped). -1 for none (a pass, a null move,
// before the root).
int moved_piece_key(const Position& pos, Move move);

// The moves before a node's that its quiet moves are judged after (moved_piece_key numbers): the
// move just made and the side's own move before it.
struct MovesBefore {
    int last = -1;
    int own_last = -1;
};

// The moves searched at a node before the one that cut it off, for the histories to mark down.
struct TriedMoves {
    const Move* quiets = nullptr;
    int quiet_count = 0;
    const Move* captures = nullptr;
    int capture_count = 0;
};

// Killers (per ply), history (per player, moving piece type and destination), continuation
// history (the same, after each of the moves before), capture history (the same, by the type
// taken) and the counter-move to each move, kept between searches and aged at each new one.
class MoveOrder {
public:
    static constexpr int KILLERS = 2;
    explicit MoveOrder(const Tables& t);

    void clear();
    void new_search();  // ages the history, forgets the killers
    // A quiet move or a capture that caused a cut-off at `ply` with `depth` plies left, after
    // `before`: the captures searched there before it are marked down, and after a quiet move
    // the quiet moves too.
    void reward(const Position& pos, Move move, int ply, int depth, MovesBefore before,
                const TriedMoves& tried);
    bool is_killer(Move move, int ply) const {
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        return move == k[0] || move == k[1];
    }
    // Sort keys for `moves`, higher first: the hash move, captures that do not lose material in
    // the exchange (by the victim's worth plus their history, then least valuable attacker),
    // promotions, killers, the counter-move to the last move, quiet moves by their histories
    // summed, and last the captures that lose material. A capture that might lose is keyed as
    // one that does not and flagged in `unjudged`, and the other quiet moves are keyed as still
    // to come: pick_next() below judges the one and keys the others when they would come first
    // (most nodes cut off before).
    void score(const Position& pos, const MoveList& moves, Move hash_move, int ply,
               MovesBefore before, const std::vector<PieceValue>& values, int* keys,
               std::uint8_t* unjudged) const;
    // Swaps the best-keyed move of [from, size) into `from` (a selection sort, step by step: most
    // nodes cut off after a move or two, so sorting the whole list would be wasted). A capture
    // flagged `unjudged` that would come first is judged by the exchange it starts, and keyed
    // among the captures that lose material when it does; when the quiet moves still to key
    // would come first, they are keyed by their histories after `before` (as they stand then)
    // and [from, size) is sorted whole. Returns whether [from, size) is in its order now, so
    // that the moves after `from` need no picking.
    bool pick_next(Position& pos, MoveList& moves, int* keys, std::uint8_t* unjudged, int from,
                   MovesBefore before, Exchange& exchange);

    // The type `move` moves (a drop: the type dropped); -1 for a pass.
    static int moved_type(const Position& pos, Move move);

private:
    // The continuation history's entries after the move `before` (a moved_piece_key), by the
    // quiet move's type and destination, aged for the searches since the row was last read; none
    // for -1.
    std::int16_t* continuation_after(int before);
    std::size_t row_of(int before) const;
    // The capture history's entry of `move` (a capture), by what it moves where and takes (the
    // type past the last: a capture by jumps, whose victims the move does not say).
    std::size_t capture_index(const Position& pos, Move move) const;
    static int history_index(int side, int type, int to) {
        return (side * MAX_TYPES + type) * MAX_CELLS + to;
    }
    // Keys the quiet moves of [from, size) still to key and sorts [from, size) by key.
    void key_quiets(const Position& pos, MoveList& moves, int* keys, int from, MovesBefore before);

    int cell_count_;
    std::array<std::array<Move, KILLERS>, MAX_LINE> killers_{};
    std::vector<int> history_ = std::vector<int>(2 * MAX_TYPES * MAX_CELLS);
    // A row of type_count * cell_count entries after each move before, where that fits in the
    // table's size; else fewer rows, shared by moves before hashed alike (games with many types
    // and cells: a shared row only blurs the order).
    std::vector<std::int16_t> continuation_;
    std::size_t row_size_ = 0;
    std::size_t rows_ = 0;
    // new_search() halves every history; the continuation history's rows (megabytes, of which a
    // short search reads few) are halved when next read, once per search missed: the search each
    // row was last aged for, and the current one.
    std::vector<std::uint32_t> row_aged_;
    std::uint32_t searches_ = 0;
    std::vector<Move> counters_;
    std::vector<std::int16_t> capture_history_;
    // key_quiets()'s room: each move's key and place, packed to sort.
    std::vector<std::uint64_t> sorting_ = std::vector<std::uint64_t>(MAX_MOVES);
    std::vector<Move> sorted_ = std::vector<Move>(MAX_MOVES);
};

// Swaps the best-keyed move of [from, size) into `from`: for keys of one band (quiescence).
void pick_next(MoveList& moves, int* keys, int from);

}  // namespace vari::search
