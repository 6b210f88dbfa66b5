// Notation: a game's positions and moves as text. Position strings, long and short move
// notation and typed moves read back, the tokens that name pieces and players, and the parts of
// cell names; and the engine protocols' text: their cell names, moves, FEN and SFEN, and a game
// described to XBoard (its pieces in Betza), derived from the board's geometry and the pieces'
// letters, for vari as an engine and for vari talking to another program's engine.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
// digits. A view into `name`, which must outlive it.
std::string_view name_part(std::string_view name, bool rank);

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
std::optional<Diagnostic> parse_position(Position& pos, std::string_view text);

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
// The moves of `line` played from `start` (a search's best line), as far as each is legal there.
std::vector<std::string> format_line(const Position& start, const std::vector<Move>& line,
                                     Notation notation);
// Each of `moves` (legal in `pos`) in `notation`, as format_move writes it, from one generation of
// the position's moves (not one a move).
std::vector<std::string> format_moves(const Position& pos, std::span<const Move> moves,
                                      Notation notation);

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

// Why dropping a piece of `type` from the hand of the side to move onto `cell` is not legal
// (e.g. "a Pawn may not be dropped where it gives check"), in the words of the rule that forbids
// it; nothing when it is legal.
std::optional<std::string> drop_refusal(Position& pos, int type, int cell);

// ---- Engine protocols -----------------------------------------------------------------------
// ORDER Protocol: the enum, PROTOCOLS and the names in protocol_text.cpp.
enum class Protocol : std::uint8_t { uci, usi, xboard };
inline constexpr Protocol PROTOCOLS[] = {Protocol::uci, Protocol::usi, Protocol::xboard};
// The word that names a protocol on vari's command line ("uci", "usi", "xboard"), and back.
const char* protocol_word(Protocol protocol);
std::optional<Protocol> protocol_named(std::string_view word);
const char* protocol_name(Protocol protocol);  // as its documents write it: "UCI", "USI", "XBoard"

// The words in which UCI and USI differ, as the GUI and the engine say them; the rest of the two
// (isready, readyok, position startpos, moves, go, bestmove, quit) is alike.
struct ProtocolWords {
    std::string_view hello, hello_ok;  // "uci" and "uciok"
    std::string_view new_game;         // "ucinewgame"
    std::string_view position_word;    // "fen" in `position fen ...`
    // go's words for each player's time and increment, in turn order (UCI's white moves first,
    // USI's black).
    std::string_view clock[2], increment[2];
};
inline constexpr ProtocolWords UCI_WORDS{
    "uci", "uciok", "ucinewgame", "fen", {"wtime", "btime"}, {"winc", "binc"}};
inline constexpr ProtocolWords USI_WORDS{
    "usi", "usiok", "usinewgame", "sfen", {"btime", "wtime"}, {"binc", "winc"}};

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
//    case for the first player, with '+' before a `plus` type's letter (+P); a run of empty cells
//    is its count. In a game with hands the pieces in hand follow in brackets, the first player's
//    first ("[Pp]", "[]"). Then the side to move (w for the first player, b for the second), the
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
// coordinates and the GUIs' boards; USI also needs every promotion to be to the piece's one `plus`
// type, no castling, en passant or passing; an XBoard GUI (not an engine) also needs pieces told
// apart by their letters, without '~'.
class ProtocolText {
public:
    // Who reads the text: a GUI, vari being the engine, or an engine, vari being a match's GUI.
    enum class Peer : std::uint8_t { gui, engine };

    // The text of `game` in `protocol`; nothing, with `why` saying what the protocol cannot express
    // ("its board is hexagonal"), when it cannot. `game` must outlive it.
    static std::optional<ProtocolText> make(const CompiledGame& game, Protocol protocol,
                                            std::string& why, Peer peer = Peer::gui);
    // Why `protocol` cannot express `game`, or nothing: make() refuses exactly these, so a list
    // of games need not compile any.
    static std::optional<std::string> refusal(const ir::Game& game, Protocol protocol,
                                              Peer peer = Peer::gui);

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
    // parse_move to say why it is refused; nothing with `error` set when `text` is not a move in
    // the protocol's syntax on this board.
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

// ---- A game as XBoard is told of it ------------------------------------------------------------
// A variant XBoard knows by name, or an engine-defined variant that the engine sets up with
// `setup` and `piece` commands.
struct XBoardVariant {
    std::string name;  // in `feature variants=...` and XBoard's `variant` command
    // XBoard knows the game by `name` (its own variants, such as normal): no setup is sent.
    bool standard = false;
    // "setup (PIECETOCHAR) WxH+HOLDINGS_fairy FEN": XBoard's piece images for the game's letters
    // (in XBoard's order of images, the royal piece's last), the board, the number of piece
    // types a hand holds, and the start. Empty when the game's pieces do not fit XBoard's images.
    std::string setup;
    std::vector<std::string> pieces;       // "piece N& N": each piece whose moves Betza can write
    std::vector<std::string> undescribed;  // "Cannon: why", for the pieces without a line
};

// `game` as XBoard is told of it; `stem` (the rule file's) names an engine-defined variant, with
// the characters XBoard's variant names cannot hold replaced and a prefix where it is one of
// XBoard's own names. The game must be one ProtocolText expresses in XBoard.
XBoardVariant describe_for_xboard(const CompiledGame& game, const std::string& stem);

}  // namespace vari::notation
