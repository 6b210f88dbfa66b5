// Static exchange evaluation: what a move wins or loses on the cell it goes to once both players
// have taken there in turn, each with its least valuable piece that can, either free to stop.
// Private to the library.
#pragma once

#include <array>
#include <vector>

#include "runtime/search/search.hpp"

namespace vari::search {

struct MoveGain;

class Exchange {
public:
    Exchange(const Tables& t, const std::vector<PieceValue>& values);
    // The material the side to move gains by `move` (legal in `pos`) and the exchange it starts,
    // in centipawns: a drop or a quiet move onto a cell the other side wins scores the piece lost.
    // Each capture is played on `pos` (the first made, the others on its board only) and taken
    // back, so every movement kind counts as the generator knows it (slides, leaps, hops that gain
    // or lose their screen, lame leaps, curves); pins are not, nor promotions after the first move.
    // A capture sequence (jumps) scores what it takes first.
    int evaluate(Position& pos, Move move);
    // evaluate(pos, move) < 0, found with no more captures than it takes to know.
    bool loses(Position& pos, Move move);

private:
    static constexpr int MOST_CAPTURES = 32;
    template <class Set>
    int evaluate_as(Position& pos, Move move);
    template <class Set>
    bool loses_as(Position& pos, Move move);
    static bool exchanges(Move move);
    int standing_after(Move move, const MoveGain& first) const;
    void start(Position& pos, Move move);
    template <class Set>
    bool take_next(Position& pos, int cell, int& made, int& worth);
    template <class Set>
    void take_back(Position& pos, int cell, int made);

    const std::vector<PieceValue>& values_;
    std::vector<int> by_value_;  // the piece types, least valuable first, royal ones last
    std::uint32_t royal_types_ = 0;
    bool checks_ = false;  // a royal piece may not take onto a cell the other side attacks
    // The move that starts the exchange, made on the position; the captures after it, played on
    // the board only (Position::take_on_board): the k-th from from_[k], taking taken_[k].
    Move first_;
    Undo first_undo_;
    std::array<int, MOST_CAPTURES> from_;
    std::array<Piece, MOST_CAPTURES> taken_;
    int side_ = 0;  // who takes next
};

}  // namespace vari::search
