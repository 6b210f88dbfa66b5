// Internal to runtime/notation/: short algebraic notation, generated from the rules (see
// format_short in notation.hpp), and its reader for parse_move.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "interpreter/interpreter.hpp"

namespace vari::notation {

// The legal move `text` names in short notation: a castling's notation (O and 0 alike), or
// [PIECE][ORIGIN][x|-|:]CELL[PROMOTION] with the check marks '+'/'#' and the annotations '!'/'?'
// allowed after it. ORIGIN may be more than the least that tells the move apart (a file, a rank,
// the whole cell: "Nb1-c3"), and the capture mark is optional. Nothing with `read` false when the
// text is not short notation at all; nothing with `read` true and `error` set when it is but
// names no legal move, or several ("Nd2 is ambiguous: Nbd2 or Nfd2"). Where an origin's file or
// rank may join the destination into another cell's name (files past z: "Raa1"), the destination
// is the longest cell name that names a legal move; format_short writes a file or a rank only when
// its text reads back so, and otherwise the rank or the whole origin cell ("R3a1", "Ra3a1").
std::optional<Move> parse_short(const Position& pos, const MoveList& legal, std::string_view text,
                                bool& read, std::string& error);

}  // namespace vari::notation
