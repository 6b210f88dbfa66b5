// Internal to runtime/notation/: a piece's moves in Betza notation, in the dialect XBoard reads
// from an engine's `piece` command (H. G. Muller's XBetza).
#pragma once

#include <optional>
#include <string>

#include "interpreter/ir.hpp"

namespace vari::notation {

// The moves of piece `type` of `player` in XBetza, or nothing with `why` saying which move Betza
// cannot write. Directions are the player's own: forward is up for the first player and down for
// the second, as XBoard turns a description for Black. Atoms are the leaps W F D N A H C Z G (a
// rider or a slide of limited range takes its range as a suffix, 0 for none; W0, F0, W+F and
// W0+F0 are written R, B, K and Q), preceded by XBoard's direction letters (f b l r v s and their
// pairs), m (moves only), c (captures only), e (en passant) and i (from the piece's start cells
// only). A castling of a royal piece along its rank with the corner piece is O and the distance
// the royal piece goes. Curves, capture sequences and slides that stop at a zone have no Betza.
std::optional<std::string> betza(const ir::Game& game, int type, int player, std::string& why);

}  // namespace vari::notation
