// Internal to runtime/notation/: the parts of move notation that long and short notation share:
// cells by name, and what follows a move's destination (a promotion, or '=' for none).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/interpreter.hpp"

namespace vari::notation {

const std::string& name_of(const Position& pos, int cell);

// Cell names as written, or in lower case when typed in upper case ("E2"); -1 when none.
int find_cell(const CompiledGame& game, std::string_view name);

// What may follow the destination of a typed move.
struct Suffix {
    enum Kind : std::uint8_t { none, decline, plus, piece };
    Kind kind = none;  // nothing; '=' (no promotion); '+' (the promotion written '+'); a piece
    char letter = 0;   // kind piece: upper case
    bool plus_piece = false;  // kind piece: written "+L"
};

// "", "=", "+", or [=][+]LETTER; nothing for anything else.
std::optional<Suffix> read_suffix(std::string_view tail);
std::string suffix_text(const Suffix& s);
// Does `move` promote (or not) as `s` says?
bool suffix_fits(const Position& pos, Move move, const Suffix& s);

// The one `plus` type a piece of `player` and `type` may promote to, or -1 when it has none or
// several: a promotion to it is written with a bare '+'.
int plus_promotion(const ir::Game& game, int player, int type);

// What notation writes after the cells of a move: "" when it does not promote, "+" for the
// piece's one plus promotion, else "=" and the promoted piece's move_token ("=Q", "=+R").
std::string promotion_text(const Position& pos, Move move);

// What notation writes after a move that gates: '/' and the gated piece's move_token ("/H"), and
// for a castling that gates onto its partner's start cell that cell ("/Hh1"); "" for no gating.
std::string gating_text(const Position& pos, Move move);

}  // namespace vari::notation
