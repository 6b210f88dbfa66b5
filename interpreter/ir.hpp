// The rules of a game as plain data: what the rule language lowers to and the compiler reads.
// Values compare member by member (sources included).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vari::ir {

// Where a rule came from: a line and column (1-based; line 0 = no source) in Game::files[file].
struct SourceRef {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t file = 0;
    friend bool operator==(const SourceRef&, const SourceRef&) = default;
};

// Lattice geometry. Coordinates are (file, rank) on square boards and axial (q, r) on hex boards;
// every direction and leap is a vector in the same coordinates.
enum class Geometry : std::uint8_t { square, hex_flat, hex_pointy };

struct Vec {
    int x = 0;
    int y = 0;
    friend bool operator==(Vec, Vec) = default;
};

struct Cell {
    std::string name;
    Vec coord;
    friend bool operator==(const Cell&, const Cell&) = default;
};

// A line of cells as the game's notation reads them (a rank of a square or pointy-top board, a file
// of a flat-top board). Position strings list the lines in this order, each cell in this order.
using Line = std::vector<int>;

struct Board {
    Geometry geometry = Geometry::square;
    // Invariant: sorted by (coord.y, coord.x), so walking any fixed direction visits cells in
    // monotonic index order (the compiler's ray scans rely on it).
    std::vector<Cell> cells;
    std::vector<Line> lines;
    // The other family of lines (the files of a square or pointy-top board, the ranks of a
    // flat-top one): what "a file" means in drop rules. Every cell is on exactly one.
    std::vector<Line> files;
    friend bool operator==(const Board&, const Board&) = default;
};

struct Player {
    std::string name;
    std::string army;  // the army it fields, empty when the game names none
    // In a game with hands, per piece type: the type this player gets in hand for capturing it, -1
    // when the piece leaves the game. Empty: every piece's own `captured_as`.
    std::vector<int> captures_as;
    SourceRef source;
    friend bool operator==(const Player&, const Player&) = default;
};

// A named cell set, resolved for every player (cells[player] holds cell indices).
struct Zone {
    std::string name;
    std::vector<std::vector<int>> cells;
    SourceRef source;
    friend bool operator==(const Zone&, const Zone&) = default;
};

enum class MoveMode : std::uint8_t { move_or_capture, move_only, capture_only };
enum class MoveKind : std::uint8_t { leap, slide, curve, jump, hop, lame_leap };
// Which way a curve turns after each step, in the board's coordinates (a player's "left" is
// counterclockwise unless the player's orientation is mirrored).
enum class Turn : std::uint8_t { both, clockwise, counterclockwise };

// One movement rule of a piece. `vectors[player]` are already turned to that player's orientation.
// A step is a leap by a unit vector; a slide repeats its vector through empty cells; a curve (hex
// boards) starts along its vector and turns 60 degrees after every step, always the same way,
// through empty cells: at most 5 steps, for a sixth would come back to the start. Moves are
// identified by their cells, so two curves reaching one cell make one move.
// A jump (always capturing: mode capture_only) from X by v passes over the cell X+v, which must
// hold another player's piece, to the empty cell X+2v, removing the piece at once; from the
// landing cell the piece may jump again by any of its jump vectors within the same turn. A capture
// sequence is identified by its start cell and its landing cells in order.
// A hop goes along its vector through empty cells to the first piece (the screen, which stays),
// then on beyond it through empty cells to at most `max_range` cells past the screen (0: to the
// edge), ending on the first occupied cell there (a capture, if the piece is another player's).
// A lame leap is a leap that needs the cells `via` names empty.
struct Movement {
    MoveKind kind = MoveKind::leap;
    MoveMode mode = MoveMode::move_or_capture;
    std::vector<std::vector<Vec>> vectors;
    int max_range = 0;       // slide, curve: at most this many cells; hop: beyond the
                             // screen; 0 = unlimited
    std::vector<Turn> turn;  // curve: [player] which way it turns
    int stop_zone = -1;      // slide: stops on the first cell of this zone (inclusive), -1 none
    int from_zone = -1;      // only from cells of this zone, -1 anywhere (a jump: each jump)
    int within_zone = -1;    // every cell it passes or lands on lies in this zone, -1 any
    // lame_leap: [player][vector] the vectors (from the start) of the cells that must be empty.
    std::vector<std::vector<std::vector<Vec>>> via;
    bool creates_en_passant = false;   // the cells this move passes may be captured onto next turn
    bool captures_en_passant = false;  // this capture may take a piece that just passed its target
    std::vector<int> screens_refused;  // hop: piece types that may not be its screen
    std::vector<int> spared;           // piece types it may not capture
    bool not_in_check = false;         // a first move (Piece::first_movements): not out of check
    SourceRef source;
    friend bool operator==(const Movement&, const Movement&) = default;
};

// Promotion is also compulsory, whatever `compulsory` says, where the piece could never move
// again (the compiler works that out from its movements).
struct Promotion {
    int zone = -1;             // promotion when a move ends in this zone; -1: on every move
    bool on_leaving = false;   // ... or starts in it
    std::vector<int> choices;  // piece types
    bool compulsory = true;
    // Only to a type of which the player has fewer on the board than its setup places.
    bool lost_only = false;
    // A move of its own, by a piece standing in `zone` (never compulsory): it becomes the new
    // type where it stands, or makes one of the new type's moves onto an empty cell as it.
    bool in_place = false;
    bool last_anywhere = false;  // in_place: the player's only piece of its type, from anywhere
    bool no_attack = false;      // in_place: never where the new piece attacks another player's

    std::uint32_t players = ~0u;  // the players it applies to, a bit each (an army's own)
    SourceRef source;
    friend bool operator==(const Promotion&, const Promotion&) = default;
};

// Whether and where a piece in hand may be dropped (onto an empty cell, always), and whether it
// may be gated (`drop gating ZONE`: alone, it goes down only by gating; beside a `drop`, both).
struct Drop {
    bool allowed = false;
    std::vector<int> forbidden_zones;   // never into these zones
    bool only_where_movable = false;    // never where it could not move again
    std::vector<int> not_on_file_with;  // never on a file holding an own piece of these types
    std::vector<int> not_defended_by;   // never on a cell an own piece of these types attacks
    // A player's pieces of this type, on the board and in hand, go half on each colour of the
    // (square) board: see Tables::colours.
    bool colour_balanced = false;
    bool may_not_check = false;  // never attacking another player's royal piece
    bool may_not_mate = false;   // never checkmating
    bool promoted = false;       // may also be dropped as what it promotes to
    // `gating ZONE`: goes down by gating onto the cell a piece leaves in this zone; -1 none
    int gating_zone = -1;
    SourceRef source;
    friend bool operator==(const Drop&, const Drop&) = default;
};

struct Piece {
    std::string name;
    char letter = '?';   // upper case; position strings use lower case for the second player
    bool plus = false;   // written '+' and the letter (a promoted shogi piece: +P)
    bool tilde = false;  // written the letter and '~' (a promoted chess piece: Q~); moves
                         // write it by its letter alone
    bool royal = false;
    std::vector<Movement> movements;
    // Moves it may make only while it has not moved (`unmoved`): a right the piece holds on its
    // start cell, lost when it leaves the cell or is captured there. Moves only, never captures.
    std::vector<Movement> first_movements;
    std::vector<Promotion> promotions;
    int captured_as = -1;  // in a game with hands: the type the captor gets, -1 removed
    // A move may not leave it, unpromoted, where it could never move again (it promotes there
    // or may not go there).
    bool arrive_only_where_movable = false;
    Drop drop;
    int value = -1;  // centipawns the rule file states (`value`), -1: derived
    // Its picture for each player (`image`): sanitised SVG text, empty where the page draws a
    // token from its moves; empty for every player without `image`. Shown, never played.
    std::vector<std::string> images;
    SourceRef source;
    friend bool operator==(const Piece&, const Piece&) = default;
};

// A castling: the royal piece and its partner move at once. Rights are named by `right` (one
// character, shared by castlings that use the same partner) and lost when either piece leaves
// or is captured on its starting cell.
struct Castling {
    int player = 0;
    char right = '?';
    std::string label;  // its notation ("O-O"); empty: written as the royal's move
    int royal_type = -1, royal_from = -1, royal_to = -1;
    int partner_type = -1, partner_from = -1, partner_to = -1;
    std::vector<int> must_be_empty;  // besides the two start cells
    std::vector<int> must_be_safe;   // cells the royal piece may not be attacked on
    // The right is also gained when a drop leaves both pieces on their start cells.
    bool gained_by_drop = false;
    SourceRef source;
    friend bool operator==(const Castling&, const Castling&) = default;
};

// A piece a player holds in hand at the start (`hand PIECE` in a setup).
struct HandPlacement {
    int player = 0;
    int type = 0;
    SourceRef source;
    friend bool operator==(const HandPlacement&, const HandPlacement&) = default;
};

struct Placement {
    int player = 0;
    int type = 0;
    int cell = 0;
    SourceRef source;  // the cell's name in the setup
    friend bool operator==(const Placement&, const Placement&) = default;
};

// no_pieces: the player to move has no piece on the board or in hand. bare_royal: a player is
// left with only royal pieces (two players; see end_rules.cpp). insufficient: every player's pieces
// are one of the sets of EndCondition::material. royal_reaches: a royal piece of the player who
// just moved stands in that player's cells of `zone`. checks: the player who just moved has given
// check `count` times. passes: the last `count` moves were passes. facing: royal pieces faced each
// other along royals_must_part in the last two positions. Each kind's row of rules is in
// end_rules.cpp.
enum class EndKind : std::uint8_t {
    checkmate,
    stalemate,
    repetition,
    ply_limit,
    no_pieces,
    bare_royal,
    insufficient,
    royal_reaches,
    checks,
    passes,
    facing,
    extinction
};
inline constexpr std::size_t END_KIND_COUNT = static_cast<std::size_t>(EndKind::extinction) + 1;
// The result for the player who made the last move.
enum class Outcome : std::uint8_t { win, loss, draw };

struct EndCondition {
    EndKind kind = EndKind::checkmate;
    Outcome outcome = Outcome::win;
    int count = 0;  // repetition: occurrences; ply_limit: plies; checks
    int zone = -1;  // royal_reaches
    // royal_reaches, two players: the other player moves once more before a zone reached ends
    // the game; when the first player reached its zone and the second reached its own in that
    // move, this outcome (for the second player) instead of `outcome` for the first.
    std::optional<Outcome> answer;
    // royal_reaches (`piece-reaches`): a piece of one of these types, not a royal one, must stand
    // in the zone.
    std::vector<int> goal_types;
    bool reset_by_capture = false;    // ply_limit
    std::vector<int> reset_by_types;  // ply_limit: a move of one of these piece types resets it
    // insufficient: sets of piece types (a type as often as the set holds it), each sorted.
    std::vector<std::vector<int>> material;
    // extinction: a player with fewer than `count` pieces of one of these types (on the board and
    // in hand) has lost them.
    std::vector<int> extinct_types;
    SourceRef source;
    friend bool operator==(const EndCondition&, const EndCondition&) = default;
};

// Whether a player may pass (give up the turn without moving); a pass is a move like any other.
enum class Passing : std::uint8_t {
    never,            // a player without a legal move ends the game by the end conditions
    forced,           // a player without a legal move must pass, and may not pass otherwise
    allowed,          // a player may always pass
    unless_in_check,  // a player may pass unless a royal piece of its own is attacked
};

// How capture sequences (jumps) are chosen.
enum class JumpRule : std::uint8_t {
    optional,    // a player may jump or not, and may stop a sequence after any jump
    compulsory,  // a player who can jump must; a sequence goes on while another jump is possible
    maximum,     // compulsory, and only the sequences capturing the most pieces are legal
};

// Lua code the runtime runs at defined events (see lua::Hooks). Messages about it name
// `chunk_name` and the line in it: code written inside the .vari file starts at `first_line`.
struct HookSource {
    std::string code;
    std::string chunk_name;  // a file name: "three-player-hex-shogi-91.lua"
    int first_line = 1;
    SourceRef source;  // the `hooks` declaration
    friend bool operator==(const HookSource&, const HookSource&) = default;
};

// Evaluation weights `vari tune` learned for a game's rules, read from the weights file beside
// its rule file when that file was made for the same rules (the same rules_hash). In centipawns.
struct PieceWeights {
    int board = 0;       // one on the board
    int in_hand = 0;     // one in hand
    int mobility = 0;    // per cell it may move or capture to (pieces that are not guarded royals)
    int shelter = 0;     // a guarded royal piece: per own piece next to it
    int approach = 0;    // a guarded royal piece: per other player's piece within two of its moves
                         // (a danger: below zero)
    int threatened = 0;  // one attacked by a less valuable piece of another player
    int hanging = 0;     // one attacked by another player and not defended
    int royal_attacks = 0;  // per cell next to another player's guarded royal piece it attacks
    std::vector<std::vector<int>> cells;  // [player][cell]: what standing there adds
    friend bool operator==(const PieceWeights&, const PieceWeights&) = default;
};
struct Weights {
    std::string file;                  // the weights file they were read from
    std::string made_by;               // the command that made them, to make them again
    std::string summary;               // what they were learned from, in a line
    std::vector<PieceWeights> pieces;  // in the order of Game::pieces
    friend bool operator==(const Weights&, const Weights&) = default;
};

struct Game {
    std::string name;
    std::vector<Player> players;  // in turn order; players[0] moves first
    Board board;
    std::vector<Zone> zones;
    std::vector<Piece> pieces;
    std::vector<Castling> castlings;
    std::vector<Placement> setup;
    std::vector<HandPlacement> hand_setup;
    std::vector<EndCondition> ends;
    bool hands = false;  // captured pieces go to the captor's hand
    // Whether players may hold pieces in hand: captured ones, or the setup's.
    bool holds_hands() const { return hands || !hand_setup.empty(); }
    // Whether some piece captures by jumping, in sequences (draughts).
    bool has_capture_sequences() const {
        for (const Piece& piece : pieces)
            for (const Movement& m : piece.movements)
                if (m.kind == MoveKind::jump) return true;
        return false;
    }
    std::vector<int> drop_first;  // while one of these types is in hand, only they drop
    // No check: royal pieces may be left attacked and are captured like others; royal only
    // matters to the rules that name it (drops that may not attack a royal piece).
    bool royals_capturable = false;
    // [player] directions along which two royal pieces of different players may not stand with
    // only empty cells between: each royal piece attacks the others' along them.
    std::vector<std::vector<Vec>> royals_may_not_face;
    // [player]: royal pieces facing along these (only empty cells between) at a player's turn
    // must be parted by its move, or it passes, even in check.
    std::vector<std::vector<Vec>> royals_must_part;
    Passing passing = Passing::never;
    bool checks_forbidden = false;  // no move may leave another player's royal piece attacked
    JumpRule jump_rule = JumpRule::optional;
    // A player who can capture (en passant and capture sequences included) must.
    bool captures_compulsory = false;
    // A player who can drop must (a placement phase, while it holds pieces in hand).
    bool drops_compulsory = false;
    std::optional<HookSource> hooks;
    // The rule files read, as diagnostics name them: the loaded one, then those it includes.
    std::vector<std::string> files;
    // A fingerprint of the rule text (comments and layout aside) and hook code, that game records
    // carry so that a record is never replayed under other rules.
    std::uint64_t rules_hash = 0;
    // Learned evaluation weights, when a weights file for these rules lies beside the rule file.
    std::optional<Weights> weights;
    friend bool operator==(const Game&, const Game&) = default;

    // The type `captor` gets in hand for capturing a piece of `type`, -1 when it leaves the game.
    int captured_into(int captor, int type) const {
        const auto& map = players[static_cast<std::size_t>(captor)].captures_as;
        return map.empty() ? pieces[static_cast<std::size_t>(type)].captured_as
                           : map[static_cast<std::size_t>(type)];
    }
};

}  // namespace vari::ir
