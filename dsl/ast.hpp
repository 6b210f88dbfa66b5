// The syntax tree of a .vari file: what was written, where, before any name is resolved.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dsl/keywords.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl::ast {

// Where a node begins in the source (1-based, as PEGTL counts: columns are bytes), and in which
// of the files read for the game (0 is the loaded file; `include` adds the others).
struct Span {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t file = 0;
};

struct Name {
    std::string text;
    Span span;
};

// Integers are saturated to the int range when read; checks bound every use.
struct Number {
    int value = 0;
    Span span;
};

struct Vector {
    int x = 0;
    int y = 0;
    Span span;
};

// A direction name or a literal vector (in `direction` and the movements).
struct DirItem {
    bool is_vector = false;
    Name name;
    Vector vector;
    Span span() const { return is_vector ? vector.span : name.span; }
};

// What is being read: nothing, or the declaration its keyword opens (in keywords.hpp's order, so
// that declaration_words names each kind but `none`).
#define VARI_DECL_KIND(id, text) id,
enum class DeclKind : std::uint8_t { none, VARI_DECLARATION_KEYWORDS(VARI_DECL_KIND) };
#undef VARI_DECL_KIND

struct Game {
    std::string title;
    Span span;
};

struct Players {
    std::vector<Name> names;
    Span span;
};

struct Orient {
    Name player;
    Number degrees;
    bool mirror = false;
    Span span;
};

struct CellDef {
    Name name;
    Vector coord;
};

// One end of a `label` range: a number or lower-case letters ("k", "af").
struct LabelEnd {
    bool is_letter = false;
    std::string letters;
    Number number;
    Span span;
};

// One clause of a board description; board.cpp decides which combinations a shape accepts.
struct BoardClause {
    enum class Kind : std::uint8_t { files, ranks, lengths, first, indents, hexagon, cells, label };
    Kind kind = Kind::files;
    std::vector<Name> file_ends;  // files: the first and last file's letters
    std::vector<Number> numbers;  // ranks: first and last; lengths/first/indents; hexagon: N
    std::vector<CellDef> cells;   // cells
    std::vector<LabelEnd> ends;   // label: first and last file, first and last rank
    Span span;
};

struct Board {
    ir::Geometry geometry = ir::Geometry::square;
    std::vector<BoardClause> clauses;
    Span span;
};

struct Direction {
    Name name;
    std::vector<DirItem> items;
    Span span;
};

struct ZoneSpec {
    enum class Kind : std::uint8_t { cell, rank, file };
    Kind kind = Kind::cell;
    Name cell;   // cell
    Name label;  // rank, file: as a cell name writes it (a number without leading zeros)
    Span span;
};

struct Zone {
    Name name;
    bool has_player = false;
    Name player;
    std::vector<ZoneSpec> specs;
    Span span;
};

#define VARI_ENUMERATOR(id, text) id,
enum class Primitive : std::uint8_t { VARI_PRIMITIVE_KEYWORDS(VARI_ENUMERATOR) };

struct Modifier {
    enum class Kind : std::uint8_t { VARI_MODIFIER_KEYWORDS(VARI_ENUMERATOR) };
    Kind kind = Kind::range;
    Number count;                 // range
    Name zone;                    // until, from, within
    std::vector<Vector> vectors;  // via
    std::vector<Name> pieces;     // not-over, not-taking
    Span span;
};

struct Movement {
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    Primitive primitive = Primitive::step;
    std::vector<DirItem> items;
    std::vector<Modifier> modifiers;
    Span primitive_span;  // the primitive's word
    Span span;
};

#undef VARI_ENUMERATOR

struct Promotion {
    bool optional = false;
    bool touching = false;   // also when the move starts in the zone
    bool always = false;     // on every move, wherever it goes (no zone)
    bool lost_only = false;  // only to types its side has fewer of on the board than at the start
    bool in_place =
        false;  // a move of its own: where it stands or by a quiet move of the new piece
    bool last_anywhere =
        false;               // in-place: the player's last piece of the type, outside the zone too
    bool no_attack = false;  // in-place: never where the new piece attacks another player's
    Span in_place_span, last_anywhere_span, no_attack_span;
    Span always_span;
    Name zone;
    std::vector<Name> pieces;
    Span span;
};

// `captured-as PIECE` or `captured-removed`: what a captor gets.
struct CaptureFate {
    bool removed = false;
    Name piece;  // captured-as
    Span span;
};

struct DropOption {
    // ORDER DropOption::Kind: check_hands.cpp's option words follow it.
    enum class Kind : std::uint8_t {
        not_in,
        where_movable,
        not_on_file_with,
        not_defended_by,
        no_check,
        no_mate,
        promoted,
        gating,
        colour_balanced
    };
    Kind kind = Kind::not_in;
    // zones (not-in, gating: one) or pieces (not-on-file-with, not-defended-by)
    std::vector<Name> names;
    Span span;
};

struct Drop {
    std::vector<DropOption> options;
    Span span;
};

// A piece's picture: `image "FILE"` (every player) or `image PLAYER "FILE" ...`.
struct ImageFile {
    Name player;  // empty text: every player
    Name path;    // as written between the quotes; its span is the opening quote's
    bool has_path = false;
};
struct Image {
    std::vector<ImageFile> files;
    Span span;
};

struct Piece {
    Name name;
    char letter = '?';
    bool plus = false;   // written '+' and the letter
    bool tilde = false;  // written the letter and '~'
    Span letter_span;
    bool royal = false;
    std::vector<Movement> movements;
    std::vector<Promotion> promotions;
    std::vector<CaptureFate> fates;  // at most one is valid; checks report the others
    std::vector<Drop> drops;         // likewise
    std::vector<Span> arrivals;      // each `arrive where-movable`; likewise
    std::vector<Name> values;        // each `value N`, N as written; likewise
    std::vector<Image> images;       // each `image ...`; likewise
    Span span;
};

struct Hands {
    Span span;
};

struct DropFirst {
    std::vector<Name> pieces;
    Span span;
};

struct Castling {
    Name player;
    char right = '?';
    Span right_span;
    Name label;  // how the move is written ("O-O"); empty text when the file gives none
    Name royal, royal_from, royal_to;
    Name partner, partner_from, partner_to;
    std::vector<Name> empty;
    std::vector<Name> safe;
    bool by_drop = false;  // also gained when drops put both pieces on their start cells
    Span span;
};

struct SetupGroup {
    Name piece;
    std::vector<Name> cells;
};

struct Setup {
    Name player;
    std::vector<SetupGroup> groups;
    std::vector<Name> hand;  // `hand PIECE ...`: pieces the player holds at the start, one per name
    Span span;
};

struct End {
    ir::EndKind kind = ir::EndKind::checkmate;
    ir::Outcome outcome = ir::Outcome::win;
    Number count;                       // repetition, ply-limit, checks
    Name zone;                          // royal-reaches
    std::optional<ir::Outcome> answer;  // royal-reaches
    Span answer_span;
    bool reset_by_capture = false;  // ply-limit
    std::vector<Name> reset_pieces;
    std::vector<std::vector<Name>> material;  // insufficient: the sets of pieces, as written
    std::vector<Name> extinct_pieces;         // extinction
    std::vector<Name> reach_pieces;           // piece-reaches (a royal_reaches of these types)
    Span span;
};

// `royals capturable`, `royals may-not-face DIR ...` or `royals must-part DIR ...`.
struct Royals {
    bool capturable = false;
    bool must_part = false;  // `facing` lists must-part's directions, not may-not-face's
    std::vector<DirItem> facing;
    Span span;
};

struct Pass {
    ir::Passing passing = ir::Passing::forced;
    Span span;
};

// `hooks "FILE"` (a path relative to the .vari file) or `hooks """CODE"""`.
struct Hooks {
    bool is_inline = false;
    std::string text;  // the path, or the code
    Span text_span;    // the path's opening quote, or where the code starts
    Span span;
};

// `checks forbidden`.
struct Checks {
    Span span;
};

// `jumps compulsory` or `jumps maximum`.
struct Jumps {
    ir::JumpRule rule = ir::JumpRule::compulsory;
    Span span;
};

// `include "FILE"`: a path relative to the folder of the file that holds it. The loader reads the
// file as the parser meets this, so its declarations take its place in every list below.
struct Include {
    std::string path;
    Span path_span;  // the opening quote
    Span span;
};

// `promote PIECE ... to (PIECE... | others)` in an army: the piece's promotion for the army's
// players, in place of the piece's own.
struct ArmyPromotion {
    Name piece;
    Promotion rule;
    bool to_others = false;  // `others`: every other non-royal piece of the army
};

// `army NAME { PIECE... promote ... }`: a set of pieces a player fields, with its own promotions.
struct Army {
    Name name;
    std::vector<Name> pieces;
    std::vector<ArmyPromotion> promotions;
    Span span;
};

struct CaptureMapping {
    Name captured;
    Name becomes;
};

// `drops compulsory`: a player who can drop must.
struct CompulsoryDrops {
    Span span;
};

// `captures compulsory`: a player who can capture must.
struct CompulsoryCaptures {
    Span span;
};

// `captures ARMY { PIECE as PIECE ... }` or `captures ARMY removed`: what the pieces that players
// of the army capture become in their hands, or that they leave the game.
struct Captures {
    Name army;
    bool removed = false;
    std::vector<CaptureMapping> mappings;
    Span span;
};

// `armies ARMY...`: one per player, in turn order.
struct Armies {
    std::vector<Name> names;
    Span span;
};

// A declaration that failed to parse; checks stay quiet about names it may have defined.
struct Broken {
    DeclKind kind = DeclKind::none;
    std::string name;  // empty when the error came before the name
    Span span;
};

struct File {
    std::vector<Game> games;
    std::vector<Players> players;
    std::vector<Orient> orients;
    std::vector<Board> boards;
    std::vector<Direction> directions;
    std::vector<Zone> zones;
    std::vector<Piece> pieces;
    std::vector<Hands> hands;
    std::vector<DropFirst> drop_firsts;
    std::vector<Castling> castlings;
    std::vector<Setup> setups;
    std::vector<End> ends;
    std::vector<Royals> royals;
    std::vector<Pass> passes;
    std::vector<Hooks> hooks;
    std::vector<Include> includes;
    std::vector<Army> armies;
    std::vector<Armies> army_choices;
    std::vector<Captures> captures;
    std::vector<CompulsoryCaptures> compulsory_captures;
    std::vector<CompulsoryDrops> compulsory_drops;
    std::vector<Jumps> jumps;
    std::vector<Checks> checks;
    std::vector<Broken> broken;
};

}  // namespace vari::dsl::ast
