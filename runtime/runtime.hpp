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
//  1. the board's lines in ir::Board::lines order separated by '/'; in each, its cells in order:
//     a piece, or a run of empty cells written as its count ("8", "10"). With one or two players
//     a piece is its letter, upper case for the first player and lower case for the second; with
//     more players it is its letter followed by its owner's player_token ("Kr", "P2"). A piece
//     whose type is `plus` has '+' before its letter ("+P", "+p", "+Pr").
//     In a game with hands (ir::Game::hands), and only then, the pieces in hand follow the board
//     at once in brackets, written as on the board, the first player's first, each type in the
//     game's order and repeated as often as it is held: "[PPSp]"; "[-]" when the hands are empty.
//     A count may stand before a piece when reading ("[2PSp]"), and "[]" reads as "[-]".
//  2. the side to move: its player_token (w, b);
//  3. the castling rights held: their characters in Tables::right_names order, or '-';
//  4. the en-passant cells (Position::ep_cells) by name in cell order joined by ',', or '-';
//  5. the ply clock; 6. the move number.
// Chess's start is
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
// and a game with hands writes its board as, e.g., ".../LNSGKGSNL[Pp] w - - 0 12".
std::string to_position_string(const Position& pos);

// Sets `pos` from `text`; to_position_string(pos) then gives `text` back when it was written in
// the form above. Fields may be separated by several blanks, rights and en-passant cells given in
// any order. The en-passant victim is derived: the piece of the player who moved last that could
// just have passed exactly those cells (by a rule that leaves en-passant cells) from an empty cell.
// On error `pos` is unspecified and the diagnostic's file is "position", line 1, column (1-based)
// pointing at the offending character (one past the end for something missing).
std::optional<ir::Diagnostic> parse_position(Position& pos, std::string_view text);

// ---- Move notation ------------------------------------------------------------------------
// FROM-TO for a move, FROMxTO for a capture, then for a promotion '=' and the promoted piece's
// token (e2-e4, e7xd8=Q, e7-e8=+R), except that a promotion to the one `plus` type the piece may
// promote to is written with '+' alone (c6-c7+). Castling is written as the royal piece's move
// (e1-g1). A drop is the dropped piece's token (upper case for every player), '*' and the cell:
// P*c5, +R*e5.
std::string format_move(const Position& pos, Move move);  // `move` is legal in `pos`

// Finds the legal move `text` names: FROM, an optional separator ('-', 'x', ':' or a blank), TO,
// and for a promotion the piece token with or without '=', or '+' ("e2e4", "E7XD8=q", "e7d8q"
// and "c6c7+" work; cell names may be typed in upper case); a trailing '=' says "no promotion".
// A drop is PIECE*CELL or PIECE@CELL, the piece in either case. On failure `error` says exactly
// what is wrong, e.g.
//   unknown cell 'z9'                      no piece on e3
//   that is Black's piece; White to move   promotion needed: add =Q, =R, =B or =N
//   e2-e5 is not a legal move for the Pawn on e2 (legal: e2-e3, e2-e4)
//   e2-d3 is not a legal move for the Bishop on e2: it would leave the King attacked (...)
//   no Pawn in hand                        this game has no drops
//   P*c5 is not a legal drop: a Pawn may not be dropped where it gives check  (drop_refusal)
// `pos` is only used as scratch and is unchanged on return.
std::optional<Move> parse_move(Position& pos, std::string_view text, std::string& error);

// ---- A game in play -----------------------------------------------------------------------
struct Result {
    std::string reason;  // "checkmate", "stalemate", "threefold repetition", ...
    // Per player, for the outcome of the end condition, which is for the player who made the last
    // move: a win gives that player 1 and the others 0; a draw gives everyone 1/N (0.5 for two);
    // a loss gives that player 0 and the others 1/(N-1) each.
    std::vector<double> scores;
    std::string summary;  // "White wins by checkmate", "draw by stalemate"
};

// A game from a start position: the history of moves, and the result once one of the game's end
// conditions (ir::Game::ends) holds. Checkmate and stalemate (no legal move, with or without a
// royal piece attacked) are judged before repetition and ply-limit counts. A position without a
// legal move that no end condition covers ends the game as a draw by "no legal move".
class Game {
public:
    explicit Game(const CompiledGame& game);  // from the start position
    Game(const CompiledGame& game, const Position& start);

    const CompiledGame& game() const { return game_; }
    const Position& position() const { return pos_; }
    const MoveList& legal_moves() const { return legal_; }
    int ply() const { return static_cast<int>(history_.size()); }  // moves played since start

    void play(Move move);  // `move` must be legal
    bool undo();           // false at the start
    // Set while the current position ends the game by one of its end conditions.
    const std::optional<Result>& result() const { return result_; }

private:
    struct Step {
        Move move;
        Undo undo;
    };
    void refresh();           // legal moves and result for the current position
    int repetitions() const;  // how often the current position has occurred

    const CompiledGame& game_;
    Position pos_;
    std::deque<Step> history_;           // a deque: each Undo keeps its address while play goes on
    std::vector<std::uint64_t> hashes_;  // hash after each ply, hashes_[0] = start
    MoveList legal_;
    std::optional<Result> result_;
};

// A uniformly random legal move, or Move::none() when there is none.
Move random_move(const Game& game, std::mt19937_64& rng);

// ---- Drawing --------------------------------------------------------------------------------
// The board as text, each cell placed by its coordinates, the first line at the top:
//  * square boards as a grid, rank numbers at the left and file letters below;
//  * flat-top hex boards as vertical files side by side, each a half cell lower than the one to its
//    left when its coordinates say so (row = 2y - x), file letters above and below;
//  * pointy-top hex boards as horizontal ranks indented by half a cell (column = 2x + y), rank
//    numbers at the left.
// Labels come from generated cell names ("e10": file e, rank 10) and are left out when the names
// of a file or rank disagree. A piece is its letter, upper case for the first player and lower
// case for the second; with more players its owner's player_token and then its letter ("rK").
// In a game with `plus` pieces every cell has room for a '+' before the letter ("+P", " P").
// Empty cells are dots, or their names when `names` is set. In a game with hands, each player's
// hand is a line "White in hand: P P n" ("-" when empty): with two players the second's above
// the board and the first's below, with more all below in turn order.
std::string draw_board(const Position& pos, bool names = false);

}  // namespace vari::runtime
