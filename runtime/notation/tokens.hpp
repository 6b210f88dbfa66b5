// Internal to runtime/notation/: how piece types are named in text (position strings, notation);
// pieces with their owner are in notation.hpp (piece_token).
#pragma once

#include <string>

#include "interpreter/interpreter.hpp"
#include "runtime/notation/notation.hpp"

namespace vari::notation {

// A piece type's token as the rule file writes it: its upper-case letter, after '+' for a `plus`
// type, before '~' for a `tilde` type ("P", "+P", "Q~").
std::string type_token(const ir::Game& game, int type);

// A piece type as moves write it: its token without the '~' ("Q" for "Q~"). Moves tell the types
// written alike apart by what else they say: a board move by the piece on its origin, a
// promotion by the piece's choices, a drop by the pieces that may be dropped (the rule checks
// let no two of those be written alike).
std::string move_token(const ir::Game& game, int type);

// The type whose letter is `letter` (either case), with '+' before it when `plus` and '~' after
// it when `tilde`; -1 when none.
int type_of_token(const ir::Game& game, char letter, bool plus, bool tilde);

// The type moves write as `letter` (either case), after '+' when `plus`: the one without '~' when
// there is one, else one with; -1 when none.
int type_moved_as(const ir::Game& game, char letter, bool plus);

// Position strings with more than two players cannot tell owners apart by letter case.
inline bool tokens_carry_owner(const ir::Game& game) { return game.players.size() > 2; }

}  // namespace vari::notation
