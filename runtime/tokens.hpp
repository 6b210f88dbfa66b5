// Internal to runtime/: how pieces are named in text (position strings, notation, drawings).
#pragma once

#include <string>

#include "interpreter/interpreter.hpp"

namespace vari::runtime {

// A piece type's token as the rule file writes it: its upper-case letter, after '+' for a `plus`
// type ("P", "+P").
std::string type_token(const ir::Game& game, int type);

// A piece as position strings and drawings write it: its type token, the letter lower case for
// the second player of two ("+p"); with more than two players, upper case followed by its owner's
// player_token ("+Pr").
std::string piece_token(const ir::Game& game, Piece piece);

// The type whose letter is `letter` (either case) and whose `plus` is `plus`; -1 when none.
int type_of_token(const ir::Game& game, char letter, bool plus);

// Does the game have a piece written with '+'?
bool has_plus_types(const ir::Game& game);

// Position strings with more than two players cannot tell owners apart by letter case.
inline bool tokens_carry_owner(const ir::Game& game) { return game.players.size() > 2; }

}  // namespace vari::runtime
