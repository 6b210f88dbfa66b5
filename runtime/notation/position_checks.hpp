// Internal to runtime/notation/: whether what a position string holds could arise under its game's
// rules. parse_position asks each question as soon as the string has given what it needs, so
// refusals come in the string's order. Every judgement is read from the compiled game, never from
// names.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "interpreter/interpreter.hpp"

namespace vari::notation {

// Why a position is impossible: the offset in the string of the offending character, and what
// to say about it.
struct Refusal {
    std::size_t at = 0;
    std::string message;
    std::string hint;
};

// Where each piece on the board was read: offsets into the position string, by cell.
using CellOffsets = std::array<std::size_t, MAX_CELLS>;

// A piece on `cell` unpromoted, read at `at`: refused where it could never move again and no
// move, drop, castling or setup leaves it there unpromoted.
std::optional<Refusal> judge_board_piece(const CompiledGame& game, Piece piece, int cell,
                                         std::size_t at);

// The royal pieces on the board, each player's against what the rules keep and give; a player
// with too few is refused at `board_at`, the board's first character.
std::optional<Refusal> judge_royal_counts(const Position& pos, std::size_t board_at,
                                          const CellOffsets& offsets);

// A piece in hand, read at `at`: refused unless some capture puts its type in its owner's hand.
std::optional<Refusal> judge_hand_piece(const CompiledGame& game, Piece piece, std::size_t at);

// With the side to move known: the player who just moved may not have left a royal piece
// attacked where the rules forbid that.
std::optional<Refusal> judge_check(const Position& pos, const CellOffsets& offsets);

// A castling right held, its character read at `at`: its pieces must stand on their start cells.
std::optional<Refusal> judge_right(const Position& pos, int right, std::size_t at);
// A first-move right on `cell`: one of its player's pieces with first moves must stand there.
std::optional<Refusal> judge_first_move_right(const Position& pos, int cell, std::size_t at);

}  // namespace vari::notation
