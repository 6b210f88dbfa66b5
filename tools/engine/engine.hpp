// `vari engine`: vari's AI behind a chess or shogi engine protocol (UCI, USI, XBoard) on standard
// input and output, and the protocols' text for moves and positions, derived from a game's board
// geometry and piece letters (for `vari engine` and for vari talking to another program's engine).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::engine {

enum class Protocol : std::uint8_t { uci, usi, xboard };
std::optional<Protocol> protocol_named(std::string_view name);  // "uci", "usi", "xboard"
const char* protocol_name(Protocol protocol);                   // "UCI", "USI", "XBoard"

// ---- Moves and positions in a protocol's text --------------------------------------------------
// The cells of a board as the protocols name them, from the board's coordinates alone (never from
// the rule file's cell names): the board is a full rectangle of square cells, the first player's
// side at the bottom (low y), x growing to that player's right.
//  * UCI: files a, b, ... from the left, ranks 1, 2, ... from the bottom: e2e4, a10.
//  * USI: files 1, 2, ... from the right, ranks a, b, ... from the top: 7g7f.
//  * XBoard: as UCI, except that a board of exactly 10 ranks counts them from 0 (a0, j9), as
//    XBoard does.
// Moves are FROM TO, then for a promotion '+' when it is to the piece's one `plus` type, else (UCI
// only) the promoted piece's letter in lower case: e7e8q, 8h2b+. A castling is the royal piece's
// move (e1g1), or its move onto its partner's cell where that would be taken for another move
// (as Fairy-Stockfish writes it). A drop is the piece's letter in upper case, '@' (UCI, XBoard) or
// '*' (USI), and the cell: P@e4, P*5e. A pass is UCI's null move, 0000, or XBoard's, @@@@.
// Positions:
//  * UCI and XBoard: FEN. The ranks from the top, each from file a: a piece is its letter, upper
//  case for the
//    first player, with '+' before a `plus` type's letter (+P); a run of empty cells is its count.
//    In a game with hands the pieces in hand follow in brackets, the first player's first
//    ("[Pp]", "[]"). Then the side to move (w for the first player, b for the second), the
//    castling rights (K/Q for castling towards a higher/lower file, lower case for the second
//    player; the partner's file letter instead, as in Shredder-FEN, where those two letters do not
//    tell a player's rights apart), the en-passant cell when an en-passant capture is legal, the
//    plies since the last capture or resetting move, and the move number.
//  * USI: SFEN. The board as FEN writes it, the side to move (b for the first player, w for the
//    second), the pieces in hand as counts and letters, the first player's first and each in the
//    rule file's order of piece types ("R2Pp", "-"; shogi.vari lists them as USI does), and the
//    number of the next ply from the game's start.
// A game is expressible when its board is as above, it has two players and no capture sequences,
// and its files (26 in UCI, 9 in USI, 16 in XBoard) and ranks (26 in USI, 16 in XBoard) fit the
// coordinates and the GUIs' boards; USI also needs
// every promotion to be to the piece's one `plus` type, no castling, en passant or passing.
class ProtocolText {
public:
    // The text of `game` in `protocol`; nothing, with `why` saying what the protocol cannot express
    // ("its board is hexagonal"), when it cannot. `game` must outlive it.
    static std::optional<ProtocolText> make(const CompiledGame& game, Protocol protocol,
                                            std::string& why);
    // Why `protocol` cannot express `game`, or nothing: make() refuses exactly these, so a list
    // of games need not compile any.
    static std::optional<std::string> refusal(const ir::Game& game, Protocol protocol);

    const std::string& square(int cell) const { return squares_[static_cast<std::size_t>(cell)]; }

    // `move` is legal in `pos`.
    std::string write_move(const Position& pos, Move move) const;
    // The legal move `text` names, letters in either case; nothing with `error` saying why when
    // there is none (vari's notation of the move it would be, and the reason parse_move gives).
    // A game's filter hooks are the caller's to ask. `pos` is only used as scratch and is
    // unchanged on return.
    std::optional<Move> read_move(Position& pos, std::string_view text, std::string& error) const;
    // The moves of `line` from `from`, blank-separated, up to the first that is not legal (a
    // search's principal variation may end in one its hash table made up).
    std::string write_line(const Position& from, const std::vector<Move>& line) const;

    std::string write_position(const Position& pos) const;  // FEN or SFEN
    // Sets `pos` from FEN or SFEN; fields after the board may be left out (no rights, no
    // en-passant cell, counters 0 and 1), and an en-passant cell no move could have left is
    // ignored, as Stockfish does. Checks the position as parse_position does; on error `pos` is
    // unspecified and the error says what is wrong.
    std::optional<std::string> read_position(Position& pos, std::string_view text) const;

private:
    ProtocolText(const CompiledGame& game, Protocol protocol) : game_(&game), protocol_(protocol) {}
    int cell_at(int column, int row) const;  // -1 off the board
    // The move `text` names in vari's long notation ("e2-e4", "e7-e8=Q", "P*e4", "pass"), for
    // notation::parse_move to say why it is refused; nothing with `error` set when `text` is not a
    // move in the protocol's syntax on this board.
    std::optional<std::string> to_notation(std::string_view text, std::string& error) const;
    std::string castling_letters(int right) const;
    std::optional<std::string> vari_position(std::string_view text, std::string& error) const;

    const CompiledGame* game_;
    Protocol protocol_;
    int columns_ = 0, rows_ = 0;        // row 0 at the top, column 0 at the left
    int first_rank_ = 1;                // the number of the bottom rank
    std::vector<int> grid_;             // [row * columns_ + column]: the cell
    std::vector<std::string> squares_;  // [cell]: its name in the protocol
};

// ---- The engine --------------------------------------------------------------------------------
// Speaks `protocol` on `in` and `out` with `game`, loaded from the rule file at `path` (its stem
// names it in the UCI_Variant option, beside the shipped games UCI expresses), until
// `quit` or the end of `in`: tools/engine/PROTOCOLS.md describes what it answers. The game
// must be one the protocol expresses (ProtocolText::make). Thinking runs on a thread of its own,
// so `stop`, `isready` and `quit` are answered at once; every line is flushed as it is written.
void run_engine(std::unique_ptr<CompiledGame> game, const std::string& path, Protocol protocol,
                std::istream& in, std::ostream& out);

}  // namespace vari::engine
