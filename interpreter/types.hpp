// The hot path's vocabulary: cell sets, pieces and the packed move.
#pragma once

#include <cstddef>
#include <cstdint>

#include "interpreter/cell_set.hpp"

namespace vari {

constexpr int MAX_CELLS = 1024;
constexpr int MAX_PLAYERS = 8;
constexpr int MAX_TYPES = 31;    // piece types of a game: a Piece holds type + 1 in five bits
constexpr int MAX_MOVES = 8192;  // moves of one position (move_bound)
constexpr int MAX_CASTLINGS = 32;
// Typed move text longer than this names no move (its readings would cost time quadratic in its
// length); a castling's notation is at most half of it, leaving room for what follows it.
constexpr std::size_t MAX_MOVE_TEXT = 64;
constexpr std::size_t MAX_CASTLING_NOTATION = MAX_MOVE_TEXT / 2;
// Slide directions of a game (each with its reverse) and compiled vectors of slides, curves, jumps,
// hops and lame leaps of one piece: each is a table of every cell, so they bound a game's memory.
constexpr std::size_t MAX_DIRECTIONS = 128;
constexpr int MAX_PIECE_RULES = 64;
// Pieces in one position, on the board and in every hand together. No move makes a piece (a
// capture moves it to a hand or out of the game, a drop back to the board), so a position that
// holds at most this many never gets a hand count past it: counts fit a byte.
constexpr int MAX_PIECES = 255;
constexpr int MAX_HAND = MAX_PIECES + 1;   // hand counts run 0..MAX_PIECES
constexpr std::size_t MAX_PIN_LINES = 64;  // slide directions the fast legality path handles
// Each jump of a capture sequence removes a piece of another player, so a sequence has at most
// as many jumps as a position has pieces.
constexpr int MAX_JUMPS = MAX_PIECES;
constexpr int MAX_JUMP_ORDINAL = 255;  // see Move

// A cell index as tables store it.
using Cell = std::uint16_t;
constexpr int NO_CELL = 0xffff;  // a cell index that is none
static_assert(MAX_CELLS < NO_CELL);

// A set of board cells, one bit per cell index, of any board (at most MAX_CELLS cells). A compiled
// game keeps its own sets in the narrowest width that holds its board (Tables::cell_words), and
// the move generator is compiled once per width: these are the five.
using CellSet = CellSetOf<MAX_CELLS / 64>;
using CellSet64 = CellSetOf<1>;
using CellSet128 = CellSetOf<2>;
using CellSet192 = CellSetOf<3>;
using CellSet256 = CellSetOf<4>;
using CellSetWide = CellSet;

// The 64-bit words of the narrowest of those widths that holds `cells` cells.
constexpr int cell_words_for(int cells) {
    return cells <= 64    ? 1
           : cells <= 128 ? 2
           : cells <= 192 ? 3
           : cells <= 256 ? 4
                          : MAX_CELLS / 64;
}

// Calls f(Set()) with the cell-set type of `cell_words` 64-bit words (Tables::cell_words): the
// one place that turns a game's width into the generator's instantiation.
template <class F>
decltype(auto) with_cell_set(int cell_words, F&& f) {
    switch (cell_words) {
        case 1:
            return f(CellSet64());
        case 2:
            return f(CellSet128());
        case 3:
            return f(CellSet192());
        case 4:
            return f(CellSet256());
        default:
            return f(CellSetWide());
    }
}

// X(Set) for each of those five types: the explicit instantiations of what is written once over
// them and defined in a source file.
#define VARI_EACH_CELL_SET(X) X(CellSet64) X(CellSet128) X(CellSet192) X(CellSet256) X(CellSetWide)

// A piece on the board: owner and type packed in a byte; 0 is an empty cell.
//   bits 0-4  type + 1 (1..31)
//   bits 5-7  player (0..7)
using Piece = std::uint8_t;
constexpr Piece NO_PIECE = 0;
constexpr Piece make_piece(int player, int type) {
    return static_cast<Piece>((player << 5) | (type + 1));
}
constexpr int type_of(Piece p) { return (p & 31) - 1; }
constexpr int owner_of(Piece p) { return p >> 5; }

// A move packed in 64 bits:
//   bits  0-15  destination cell; for a capture sequence, its last landing cell
//   bits 16-31  origin cell; for a drop, the dropped piece type
//   bits 32-36  promotion: piece type + 1, 0 for none
//   bits 37-39  kind (Move::Kind below)
//   bits 40-47  castling: the castling index (bits 40-44), and in bit 45 where a gating puts its
//               piece: 0 the royal piece's start cell, 1 the partner's;
//               normal and en passant: the gated piece type + 1 (bits 40-44), 0 for none;
//               capture sequence (kind jumps): its ordinal, 0..MAX_JUMP_ORDINAL
// A castling has no promotion: its bits 32-36 hold the gated piece type + 1 instead.
// Move::none() (all zero) is never a real move: a normal move has origin != destination or, when it
// promotes in place, a promotion; a pass has its own kind.
//
// A capture sequence is named by its origin, its last landing cell and its ordinal: how many
// sequences from the same origin to the same cell come before it in the generator's fixed order
// (depth first, a sequence before its continuations, the piece's jump vectors in rule order: see
// interpreter/jumps.hpp). Two sequences with different landing lists are two moves even when they
// end on the same cell. do_move finds the landing list again from the position before the move.
// A sequence past the MAX_JUMP_ORDINAL-th between two cells sets MoveList::overflow instead.
class Move {
public:
    enum Kind : std::uint8_t {
        normal = 0,
        en_passant = 1,
        castling = 2,
        drop = 3,
        pass = 4,
        jumps = 5,  // a capture sequence of one or more jumps
    };

    constexpr Move() = default;
    static constexpr Move none() { return Move(); }
    // `index`: the castling index of a castling, the ordinal of a capture sequence.
    static constexpr Move make(int from, int to, Kind kind = normal, int promotion = -1,
                               int index = 0) {
        return Move(static_cast<std::uint64_t>(to) | static_cast<std::uint64_t>(from) << 16 |
                    static_cast<std::uint64_t>(promotion + 1) << 32 |
                    static_cast<std::uint64_t>(kind) << 37 |
                    static_cast<std::uint64_t>(index) << 40);
    }

    // `face`: the type it goes down as, when not its own (a promoted form); -1 itself.
    static constexpr Move make_drop(int type, int to, int face = -1) {
        return make(type, to, drop, face);
    }
    static constexpr Move make_pass() { return make(0, 0, pass); }
    // `m` (a normal move, en passant or a castling) with a piece of `type` gated in; for a
    // castling, onto the partner's start cell when `on_partner`, else onto the royal piece's.
    static constexpr Move with_gating(Move m, int type, bool on_partner = false) {
        const std::uint64_t gated = static_cast<std::uint64_t>(type + 1);
        return m.kind() == castling ? Move(m.bits_ | gated << 32 | std::uint64_t(on_partner) << 45)
                                    : Move(m.bits_ | gated << 40);
    }

    constexpr int to() const { return static_cast<int>(bits_ & 0xffff); }
    constexpr int from() const { return static_cast<int>((bits_ >> 16) & 0xffff); }
    constexpr int promotion() const { return is_promotion() ? field(32, 31) - 1 : -1; }
    constexpr bool is_promotion() const { return field(32, 31) && kind() != castling; }
    // The type a gating puts down, -1 for none (a capture sequence, drop or pass never gates).
    constexpr int gated_type() const {
        switch (kind()) {
            case normal:
            case en_passant:
                return field(40, 31) - 1;
            case castling:
                return field(32, 31) - 1;
            default:
                return -1;
        }
    }
    constexpr bool gates_on_partner() const { return field(45, 1); }
    constexpr Kind kind() const { return static_cast<Kind>(field(37, 7)); }
    constexpr int castling_index() const { return field(40, 31); }
    constexpr int jump_ordinal() const { return field(40, 255); }
    // A normal move that neither promotes nor gates.
    constexpr bool is_plain() const { return (bits_ >> 32) == 0; }
    constexpr bool is_drop() const { return kind() == drop; }
    constexpr bool is_pass() const { return kind() == pass; }
    constexpr bool is_jumps() const { return kind() == jumps; }
    constexpr int dropped_type() const { return from(); }
    constexpr bool is_none() const { return bits_ == 0; }
    friend constexpr bool operator==(Move, Move) = default;
    // The move as one word and back, for tables that store moves in atomic words.
    constexpr std::uint64_t bits() const { return bits_; }
    static constexpr Move from_bits(std::uint64_t bits) { return Move(bits); }

private:
    constexpr explicit Move(std::uint64_t bits) : bits_(bits) {}
    constexpr int field(int shift, unsigned mask) const {
        return static_cast<int>((bits_ >> shift) & mask);
    }
    std::uint64_t bits_ = 0;
};

// N values on the stack that construction leaves unset, for lists of which only a counted prefix
// is written and read: zeroing them would cost the hot path more than filling them.
template <class T, std::size_t N>
struct UnsetArray {
    UnsetArray() {}
    union {
        T items[N];
    };
    T& operator[](std::size_t i) { return items[i]; }
    const T& operator[](std::size_t i) const { return items[i]; }
};

// A fixed-capacity list the generator writes into; lives on the caller's stack. It holds every
// move of any position of a game that loads (capacity_error refuses the others), except capture
// sequences, whose number no table bounds: those that do not fit set `overflow` instead.
struct MoveList {
    MoveList() {}
    union {
        Move moves[MAX_MOVES];  // left unset: only [0, size) is written and read
    };
    int size = 0;
    bool overflow = false;  // the position has capture sequences that did not fit
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + size; }
};

}  // namespace vari
