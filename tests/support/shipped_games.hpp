// Test support: loading the shipped games by name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::test {

// The path of stdlib-games/NAME.vari.
std::string shipped_path(const std::string& name);

// The NAMEs of every stdlib-games/NAME.vari, sorted.
std::vector<std::string> shipped_game_names();

// stdlib-games/NAME.vari, loaded and compiled once a run and shared by the tests that ask for it
// (a compiled game does not change); fails the current test when it does not load.
std::shared_ptr<const CompiledGame> load_shipped(const std::string& name);

// Loads and compiles the rule file at `path`; fails the current test, with the errors, when it
// does not load.
std::unique_ptr<CompiledGame> load_game_file(const std::string& path);

// Sets `pos` from a position string; fails the current test when it does not parse.
void set_position(Position& pos, const std::string& position_string);

}  // namespace vari::test

namespace vari::test {

// Clears `pos` and places pieces written as letter + cell ("Ke1 Ra1 ke10", "+Pc3"): upper case
// for the first player, lower case for the second. Then sets the side to move and the castling
// rights (their characters, e.g. "KQ").
void place(Position& pos, const std::string& pieces, int side_to_move = 0,
           const std::string& rights = "");

// The legal move from `from` to `to` (the first one, if several promotions); fails the test if
// there is none.
Move legal_move(Position& pos, const std::string& from, const std::string& to);

// The cell names in `cells` (space-separated), sorted and space-separated, as legal_targets gives
// them.
std::string sorted_cells(const std::string& cells);

// Names of the cells the piece on `from` may legally move to, sorted and space-separated.
std::string legal_targets(Position& pos, const std::string& from);

// The same in a position of `game` holding only `pieces` (as `place` writes them), `side` to move.
std::string legal_targets(const CompiledGame& game, const std::string& pieces,
                          const std::string& from, int side = 0);

// The type of the piece called `name`; fails the test if there is none.
int type_named(const CompiledGame& game, const std::string& name);

// Clears `pos` and places pieces written as owner token (notation::player_token), piece name and
// cell, joined by ':' ("b:King:4j w:Tokin:5g"), for games of any number of players; then sets the
// side to move.
void place_named(Position& pos, const std::string& pieces, int side_to_move);

// Positions of Three Player Hex Shogi 91 from random play, White to move in both: one with a
// King in Black's hand (only Kings may be dropped), one with promoted pieces and full hands.
extern const std::string THREE_PLAYER_KING_IN_HAND;
extern const std::string THREE_PLAYER_MIDGAME;

// Positions of Compact Hex Chess from random play, White to move: the shogi game and the shogi
// army against the Revergent one, with pieces in hand and promoted pieces.
extern const std::string COMPACT_SHOGI_MIDGAME;
extern const std::string COMPACT_SHOGI_VS_REVERGENT_MIDGAME;

// A position of Hex Orthogonal Draughts (compact-hex-draughts), White to move: White's king on e5
// has 12 capture sequences of one to four jumps, two of them back to e5 by different landing
// cells, and each side has a second king.
extern const std::string DRAUGHTS_KINGS;

}  // namespace vari::test
