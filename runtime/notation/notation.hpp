// Notation: a game's positions and moves as text. Position strings, long and short move
// notation and typed moves read back, the tokens that name pieces and players, and the parts of
// cell names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/interpreter.hpp"

namespace vari::notation {

// ---- Players in text ------------------------------------------------------------------------
// The one character that names a player in position strings and drawings: the lower-case initial
// of its name when all players' initials differ, otherwise its number in turn order from 1
// ('1', '2', ...).
char player_token(const ir::Game& game, int player);

// ---- Pieces and cells in text -------------------------------------------------------------------
// A piece as position strings and drawings write it: its type's letter, after '+' for a `plus`
// type and before '~' for a `tilde` type ("P", "+P", "Q~"), the letter lower case for the second
// player of two ("+p", "q~"); with more than two players, upper case followed by its owner's
// player_token ("+Pr", "Q~r").
std::string piece_token(const ir::Game& game, Piece piece);
// Does the game have a piece written with '+'? With '~'?
bool has_plus_types(const ir::Game& game);
bool has_tilde_types(const ir::Game& game);
// The file part (`rank` false) or the rank part (`rank` true) of a cell's name: "e10" is file e,
// rank 10; "7g" is file 7, rank g. Empty when the name is not one run of letters and one of
// digits.
std::string name_part(const std::string& name, bool rank);

// ---- Position strings ---------------------------------------------------------------------
// FEN-like, six fields separated by spaces:
//  1. the board's lines in ir::Board::lines order separated by '/'; in each, its cells in order:
//     a piece, or a run of empty cells written as its count ("8", "10"). With one or two players
//     a piece is its letter, upper case for the first player and lower case for the second; with
//     more players it is its letter followed by its owner's player_token ("Kr", "P2"). A piece
//     whose type is `plus` has '+' before its letter ("+P", "+p", "+Pr"), one whose type is
//     `tilde` '~' after it ("Q~", "q~", "Q~r").
//     In a game with hands (ir::Game::holds_hands: `hands`, or a setup's `hand`), and only then,
//     the pieces in hand follow the board
//     at once in brackets, written as on the board, the first player's first, each type in the
//     game's order and repeated as often as it is held: "[PPSp]"; "[-]" when the hands are empty.
//     A count may stand before a piece when reading ("[2PSp]"), and "[]" reads as "[-]".
//  2. the side to move: its player_token (w, b);
//  3. the castling rights held: their characters in Tables::right_names order, then in a game
//     with gating the gate rights held (gate_letters), or '-' for none of either;
//  4. the en-passant cells (Position::ep_cells) by name in cell order joined by ',', or '-';
//  in a game that counts checks (`end checks N`), and only then, the checks each player has
//     still to give, the first player's first, joined by '+': "3+3" (checks_field);
//  5. the ply clock; 6. the move number.
// Chess's start is
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
// and a game with hands writes its board as, e.g., ".../LNSGKGSNL[Pp] w - - 0 12".
std::string to_position_string(const Position& pos);
// The gate rights of `gates` as position strings write them: each cell's file letter (the first
// character of its name), upper case for the first player, lower case for the second, each
// player's in cell order ("ABCDEFGHabcdefgh"); gate_cell reads one back (-1: none).
std::string gate_letters(const ir::Game& game, const Tables& t, CellSet gates);
int gate_cell(const ir::Game& game, const Tables& t, char letter);
// " 3+2" (with its leading blank) in a game that counts checks, else empty.
std::string checks_field(const Position& pos);

// Sets `pos` from `text`; to_position_string(pos) then gives `text` back when it was written in
// the form above. Fields may be separated by several blanks, rights and en-passant cells given in
// any order, each once; numbers have no leading zero. The en-passant victim is derived: the piece
// of the player who moved last that could just have passed exactly those cells (by a rule that
// leaves en-passant cells) from an empty cell.
// Positions the rules could never reach are refused, as the compiled game judges them
// (position_checks.hpp): a piece unpromoted where it could never move again, when no
// move, drop, castling or setup leaves it there; where royal pieces may not be left attacked (and
// no pass may leave one so), one of the player who just moved attacked; more or fewer royal
// pieces on the board than the rules keep and give a player; a piece in hand of a type no capture
// puts there; a castling right held without its pieces on their start cells. A position holds at
// most MAX_PIECES pieces on the board and in the hands together, so no hand count overflows.
// On error `pos` is unspecified and the diagnostic's file is "position", line 1, column (1-based)
// pointing at the offending character (one past the end for something missing; the board's
// first character for a royal piece missing).
std::optional<ir::Diagnostic> parse_position(Position& pos, std::string_view text);

// ---- Move notation ------------------------------------------------------------------------
// FROM-TO for a move, FROMxTO for a capture, then for a promotion '=' and the promoted piece's
// token (e2-e4, e7xd8=Q, e7-e8=+R), except that a promotion to the one `plus` type the piece may
// promote to is written with '+' alone (c6-c7+). Castling is written as the royal piece's move
// (e1-g1). A drop is the dropped piece's token (upper case for every player), '*' and the cell:
// P*c5, +R*e5. Moves write a `tilde` type's token without its '~' (e7-e8=Q for a promotion to
// Q~), so a promotion is told apart by the piece's choices and a drop by the types that may be
// dropped. A pass is written "pass". A capture sequence is its start cell and each landing
// cell after an 'x', then any promotion: c3xe5xe7, c3xe5xe7xe9=W.
std::string format_move(const Position& pos, Move move);  // `move` is legal in `pos`

// Short algebraic notation, generated from the rules for every game:
//  * a board move is the piece's token, the least of its origin that tells it from the moves of
//    pieces written alike (the same token, '~' left out) to the same cell (nothing, the file, the
//    rank, or the whole cell), 'x' for a capture, the destination, and the promotion as above: Nf3,
//    Nbd2, R1e2, Bxe5, e8=Q, Sx2b+. A player's one type that captures otherwise than it moves and
//    promotes (chess's pawn) goes without a letter, and names its file when it captures: e4, exd5,
//    exd8=N. A move that could have promoted on the same cells but does not ends with '=' (shogi's
//    P2c=).
//  * a castling is the notation its rule gives ("O-O", "Q-0-0-0"), else the royal piece's move;
//  * drops, passes and capture sequences are written as in long notation, and every move of a game
//    whose captures are capture sequences (draughts) too;
//  * check is marked '+' and checkmate '#' where royal pieces may not be left attacked, unless the
//    game writes promotions with '+'.
// The move is legal in `pos`.
std::string format_short(const Position& pos, Move move);

// Does short notation mark check in this game?
bool marks_check(const ir::Game& game);

enum class Notation : std::uint8_t { long_form, short_form };
std::string format_move(const Position& pos, Move move, Notation notation);

// Finds the legal move `text` names: FROM, an optional separator ('-', 'x', ':' or a blank), TO,
// and for a promotion the piece token with or without '=', or '+' ("e2e4", "E7XD8=q", "e7d8q"
// and "c6c7+" work; cell names may be typed in upper case); a trailing '=' says "no promotion".
// A capture sequence is its cells with 'x' or ':' between them, or nothing ("c3xe5xe7",
// "c3:e5:e7", "c3e5e7"); read with capture marks, two cells name a jump before a quiet move.
// A drop is PIECE*CELL or PIECE@CELL, the piece in either case; "pass" (any case) is a pass, when
// the game allows one here. Short notation is read too (with more of the origin than it needs, or
// none of the capture mark: "Nb1-c3", "Nbc3", "ed5"), castling notation with O and 0 alike, and
// check marks and annotations after any move ("Nf3+", "e4!?"). On failure `error` says exactly
// what is wrong, e.g.
//   unknown cell 'z9'                      no piece on e3
//   that is Black's piece; White to move   promotion needed: add =Q, =R, =B or =N
//   e2-e5 is not a legal move for the Pawn on e2 (legal: e2-e3, e2-e4)
//   e2-d3 is not a legal move for the Bishop on e2: it would leave the King attacked (...)
//   no Pawn in hand                        this game has no drops
//   P*c5 is not a legal drop: a Pawn may not be dropped where it gives check  (drop_refusal)
// `pos` is only used as scratch and is unchanged on return.
std::optional<Move> parse_move(Position& pos, std::string_view text, std::string& error);

}  // namespace vari::notation
