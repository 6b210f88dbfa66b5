// A game in play: position strings, move notation, turn history, end conditions and results,
// random play, and the board drawn as text.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::runtime {

// ---- Players in text ------------------------------------------------------------------------
// The one character that names a player in position strings and drawings: the lower-case initial
// of its name when all players' initials differ, otherwise its number in turn order from 1
// ('1', '2', ...).
char player_token(const ir::Game& game, int player);

// ---- Position strings ---------------------------------------------------------------------
// FEN-like, six fields separated by spaces:
//  1. the board's lines in ir::Board::lines order separated by '/', each cell in its line's order
//     a piece or a run of empty cells written as its count ("8", "10"). With one or two players a
//     piece is its letter, upper case for the first player and lower case for the second; with
//     more players it is its letter followed by its owner's player_token ("Kr", "P2").
//  2. the side to move: its player_token (w, b);
//  3. the castling rights held: their characters in Tables::right_names order, or '-';
//  4. the en-passant cells (Position::ep_cells) by name in cell order joined by ',', or '-';
//  5. the ply clock; 6. the move number.
// Chess's start is
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
std::string to_position_string(const Position& pos);

// Sets `pos` from `text`; to_position_string(pos) then gives `text` back when it was written in
// the form above. Fields may be separated by several blanks, rights and en-passant cells given in
// any order. The en-passant victim is derived: the piece of the player who moved last that could
// just have passed exactly those cells (by a rule that leaves en-passant cells) from an empty cell.
// On error `pos` is unspecified and the diagnostic's file is "position", line 1, column (1-based)
// pointing at the offending character (one past the end for something missing).
std::optional<ir::Diagnostic> parse_position(Position& pos, std::string_view text);

// ---- Move notation ------------------------------------------------------------------------
// FROM-TO for a move, FROMxTO for a capture, then =L for a promotion to the piece with letter L:
// e2-e4, e7xd8=Q. Castling is written as the royal piece's move (e1-g1).
std::string format_move(const Position& pos, Move move);   // `move` is legal in `pos`

// Finds the legal move `text` names (separators optional: "e2e4" works). On failure, `error`
// says why: unparsable, no such cell, no piece there, not your piece, or not a legal move.
std::optional<Move> parse_move(Position& pos, std::string_view text, std::string& error);

// ---- A game in play -----------------------------------------------------------------------
struct Result {
    std::string reason;              // "checkmate", "stalemate", "threefold repetition", ...
    std::vector<double> scores;      // per player: 1 win, 0 loss, 0.5 draw (2 players)
    std::string summary;             // e.g. "White wins by checkmate"
};

class Game {
public:
    explicit Game(const CompiledGame& game);   // from the start position
    Game(const CompiledGame& game, const Position& start);

    const Position& position() const { return pos_; }
    const MoveList& legal_moves() const { return legal_; }
    int ply() const { return static_cast<int>(history_.size()); }

    void play(Move move);            // `move` must be legal
    bool undo();                     // false at the start
    // Set once a move ends the game by one of its end conditions.
    const std::optional<Result>& result() const { return result_; }

private:
    struct Step {
        Move move;
        Undo undo;
    };
    void refresh();                  // legal moves and result for the current position
    int repetitions() const;         // how often the current position has occurred

    const CompiledGame& game_;
    Position pos_;
    std::deque<Step> history_;
    std::vector<std::uint64_t> hashes_;   // hash after each ply, hashes_[0] = start
    MoveList legal_;
    std::optional<Result> result_;
};

// A uniformly random legal move, or Move::none() when there is none.
Move random_move(const Game& game, std::mt19937_64& rng);

// ---- Drawing --------------------------------------------------------------------------------
// The board as text: square boards as a grid, hex boards as staggered hexes; pieces as their
// letters, empty cells as their names when `names` is set, else as dots.
std::string draw_board(const Position& pos, bool names = false);

}  // namespace vari::runtime
