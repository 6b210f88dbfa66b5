// The compiled form of a game: flat per (player, piece type, cell) tables the generator reads.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

#include "interpreter/ir.hpp"
#include "interpreter/types.hpp"

namespace vari {

// Tables live in one pool of cell sets; a table is the offset of its first entry, indexed by cell.
// A single set (a zone, say) is a SetRef into the same pool; entry 0 is the empty set, so a
// SetRef left at 0 names no cells.
using TableRef = std::uint32_t;
using SetRef = std::uint32_t;

// The pool in the game's width (Tables::cell_words), which the move generator reads.
class SetPool {
public:
    SetPool() = default;
    SetPool(int cell_words, const std::vector<CellSet>& pool) {
        with_cell_set(cell_words, [&]<class Set>(Set) {
            std::vector<Set> narrow(pool.size());
            for (std::size_t i = 0; i < pool.size(); ++i) narrow[i] = resized<Set>(pool[i]);
            sets_ = std::move(narrow);
        });
        point();
    }
    template <class Set>
    explicit SetPool(std::vector<Set> sets) : sets_(std::move(sets)) {
        point();
    }
    SetPool(const SetPool& o) : sets_(o.sets_) { point(); }
    SetPool& operator=(const SetPool& o) {
        sets_ = o.sets_;
        point();
        return *this;
    }
    // Moving a vector keeps its buffer, and so the pointer.
    SetPool(SetPool&&) = default;
    SetPool& operator=(SetPool&&) = default;

    // The pool as sets of type Set, which must be the game's width.
    template <class Set>
    const Set* data() const {
        assert(std::holds_alternative<std::vector<Set>>(sets_));
        return static_cast<const Set*>(data_);
    }

private:
    void point() {
        std::visit([this](const auto& sets) { data_ = sets.data(); }, sets_);
    }
    std::variant<std::vector<CellSet64>, std::vector<CellSet128>, std::vector<CellSet192>,
                 std::vector<CellSet256>, std::vector<CellSetWide>>
        sets_;
    const void* data_ = nullptr;  // the held vector's data, read on the hot path
};

// A slide in one direction: `reach` holds, per origin cell, the cells it reaches on an empty board
// (already cut by range, stop zone and origin zone); blockers cut it further at run time.
static_assert(MAX_DIRECTIONS <= 256, "a direction's index is a byte");
// Its direction's facts are copied in (`positive`, `ray`) to spare the hot loop two lookups.
struct SlideRule {
    std::uint8_t dir = 0;  // index into Tables::dirs
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    bool creates_en_passant = false;
    bool positive = false;  // Tables::dir_positive[dir]
    TableRef reach = 0;
    TableRef ray = 0;  // the full rays along dir: Tables::ray(dir, cell) is pool[ray + cell]
};

// Several slides of one piece read at once (compile_slide_lookups.cpp): from each cell, what they
// reach for every way the cells they pass could be occupied, indexed by those cells' occupancy
// gathered into an integer (PEXT, a word at a time). Boards of up to 256 cells, with BMI2; past
// 128, the cells are Tables::lookup_masks'.
struct SlideLookup {
    std::uint64_t mask[2] = {};  // the cells whose occupancy cuts the slides, by 64-bit word
    std::uint32_t base = 0;      // Tables::slide_reaches[base + gathered occupancy]
    std::uint32_t low_bits = 0;  // cells of mask[0]: where the second word's bits start
};
struct SlideGroup {
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    std::uint32_t lookups = 0;  // Tables::slide_lookups[lookups + cell]
    // A group of hops that refuse screens or spare targets of some types (HopRule's masks, the
    // same for each): the lookup holds their reach as if no type were refused or spared, and
    // `screens` (lookups of the same cells) the screen on each hop's line. A refused screen cuts
    // the line of the group's rule it stands on: Tables::paths[path_first + i], where i is
    // Tables::hop_line_of[line_of + from * cell_count + screen].
    std::uint32_t screens_refused = 0, spared = 0;
    std::uint32_t screens = 0;
    std::uint32_t path_first = 0;
    std::uint32_t line_of = 0;
};

// One player's sliders that attack along the same lines (Tables::slider_types): from a cell
// outward along each of its directions, the nearest piece attacks the cell when it is one of that
// player's of `types`. With `grouped`, a slide lookup holds those rays: all their nearest pieces
// at once.
struct AttackLines {
    std::uint32_t types = 0;
    std::uint32_t dir_first = 0;  // Tables::attack_line_dirs[dir_first, dir_first + dir_count)
    std::uint32_t dir_count = 0;
    // Per cell, the cells of every ray from it outward along these directions: no slider there,
    // none attacks the cell along them, whatever stands between. (Split into lookup groups, each
    // part keeps the whole set's, which still tells that.)
    TableRef reach = 0;
    // Per cell, `reach` from every cell another player's royal piece could go to from it: no
    // slider there, none attacks any of its destinations.
    TableRef around_royal = 0;
    bool grouped = false;
    std::uint32_t lookups = 0;  // Tables::slide_lookups[lookups + cell], when grouped
};

// A movement whose reach no single ray cuts: walked cell by cell at run time, by its kind's room
// (kinds.hpp). Its kind's own table says where it goes from each cell.
struct PathRule {
    ir::MoveKind kind = ir::MoveKind::curve;
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    std::uint32_t table = 0;  // curve: Tables::curve_paths[table + cell]; hop: Tables::hops[table];
                              // lame leap: Tables::lame_leaps[table + cell]
};

// A hop along one direction: `line` holds, per origin cell, the cells it may go along (its ray,
// cut where it would leave its `within` zone; empty where it may not start); `beyond` per screen
// cell the cells past it a landing may use (its range). A screen of a type in `screens_refused`
// (a bit per type) stops it; a piece of a type in `spared` is not captured.
struct HopRule {
    std::uint8_t dir = 0;
    TableRef line = 0;
    TableRef beyond = 0;
    std::uint32_t screens_refused = 0;
    std::uint32_t spared = 0;
};

// A lame leap by one vector from one cell: where it lands (NO_CELL: nowhere) and the cells that
// must be empty.
struct LameLeap {
    Cell to = NO_CELL;
    SetRef via = 0;
};

// A curve from one start vector, turning one way: per origin cell, the cells of its path on an
// empty board, in order. Blockers cut it at run time.
constexpr int CURVE_STEPS = 5;  // a sixth step would come back to the start
struct CurvePath {
    Cell cells[CURVE_STEPS] = {};
    std::uint8_t length = 0;
};

// A jump by one vector from one cell: the cell it passes over and the cell it lands on, or
// NO_CELL in both where it leaves the board or may not start.
struct JumpStep {
    Cell over = NO_CELL;
    Cell land = NO_CELL;
};

// The moves of all of a player's pieces of one type at once (compile_shifts.cpp). Where a leap
// or a short slide adds the same `offset` to the cell index at every step wherever it goes (a
// board stored rank by rank, a step forward), shifting the set of pieces by it and cutting it to
// the cells the step may land on gives every target at once; the cell a step lands on tells
// where it came from.
struct Shift {
    int offset = 0;          // to - from of one step
    std::uint8_t steps = 1;  // a leap's one; a slide's range, each step through an empty cell
    ir::MoveMode mode = ir::MoveMode::move_or_capture;
    TableRef lands = 0;  // pool[lands + i]: the cells step i + 1 may land on
};

// Promotion on arrival at a cell: bit t set = may become type t; PROMOTION_COMPULSORY = must.
constexpr std::uint32_t PROMOTION_COMPULSORY = 1u << 31;

struct PieceRules {
    TableRef leap_any = 0, leap_move = 0, leap_capture = 0;  // targets by move mode
    std::uint8_t leap_modes = 0;  // a bit per ir::MoveMode whose leap table has any target
    TableRef attackers = 0;       // reverse of capture-capable leaps: cells that attack a cell
    // For pieces with complex_attacks: the cells from which its iterated attacks (slides, walked
    // rules, jumps) could reach a cell on an empty board; attack tests walk only from these.
    TableRef walked_attackers = 0;
    TableRef ep_capture = 0;        // targets of leaps that may capture en passant
    TableRef ep_create = 0;         // destinations of moves that leave en-passant cells behind
    std::uint32_t slide_first = 0;  // this piece's slides: Tables::slides[first, first + count)
    std::uint32_t slide_count = 0;
    // Its first `grouped_slides` slides, then its first `grouped_paths` walked rules, are read
    // through Tables::slide_groups[group_first, group_first + group_count) instead of one by one
    // (typed hops through the typed_group_count groups after those: see below).
    std::uint32_t grouped_slides = 0;
    std::uint32_t group_first = 0;
    std::uint32_t group_count = 0;
    std::uint32_t path_first = 0;  // this piece's walked rules: Tables::paths[first, first + count)
    std::uint32_t path_count = 0;
    // Its first `grouped_paths` walked rules are read through the groups after its slides' ones;
    // its next `typed_paths` (hops that refuse or spare some types) through the
    // `typed_group_count` groups after those, which SlideGroup says how to correct.
    std::uint32_t grouped_paths = 0;
    std::uint32_t typed_paths = 0;
    std::uint32_t typed_group_count = 0;
    // Its distinct jump vectors, in rule order: Tables::jump_steps[jump_first + k * cells + cell].
    std::uint32_t jump_first = 0;
    std::uint32_t jump_count = 0;
    TableRef jump_over = 0;  // per cell, the cells its jumps pass over (with jump_count)
    // All its moves as Tables::shifts[shift_first, shift_first + shift_count), when `shifted`.
    bool shifted = false;
    std::uint32_t shift_first = 0;
    std::uint32_t shift_count = 0;
    bool royal = false;
    bool has_ep_capture = false;
    bool has_ep_create = false;
    bool complex_attacks =
        false;            // limited capturing slides, walked rules, jumps: attacks by iteration
    bool exists = false;  // the type has any movement at all
    SetRef promotion_zone = 0;              // union of the zones it promotes on entering
    SetRef promotion_leaving = 0;           // union of the zones it promotes on leaving
    std::uint32_t promotions = 0;           // Tables::promotions[promotions + to]: on entering
    std::uint32_t promotions_out = 0;       // Tables::promotions[promotions_out + from]: on leaving
    std::uint32_t promotion_lost_only = 0;  // choices open only while below Tables::start_count
    // In-place promotion (a move of its own, from a cell of the zone): the types it may become,
    // where the piece must stand, whether the player's only piece of the type may from anywhere,
    // and whether the new piece may not attack another player's piece where it ends.
    std::uint32_t in_place_choices = 0;
    SetRef in_place_zone = 0;
    bool in_place_last_anywhere = false;
    bool in_place_no_attack = false;
    // No promotion zone, and it may arrive anywhere: every move lands as the piece itself.
    bool lands_plainly = false;
    SetRef plain_from = 0;  // cells from which every move of it lands as itself
    int becomes = -1;       // the one type every move of it must end as, if there is one
    SetRef stuck = 0;       // cells it could never move from: promotion is compulsory
    SetRef arrivals = 0;    // where a move may leave it unpromoted (not stuck, if it says so)

    bool droppable = false;
    SetRef drop_cells = 0;  // where a drop may go on an empty board
    SetRef drop_open = 0;   // drop_cells before `where-movable`, which each face judges
    bool drop_where_movable = false;
    std::uint32_t drop_faces = 0;  // the types it may also be dropped as (`drop promoted`)
    std::uint32_t drop_not_on_file_with = 0;  // type masks of the drop rules
    std::uint32_t drop_not_defended_by = 0;
    bool drop_colour_balanced = false;
    bool drop_may_not_check = false;
    bool drop_may_not_mate = false;
    SetRef gate_cells = 0;  // `drop gating ZONE`: the cells it may be gated onto
};

struct CastlingRule {
    int player = 0;
    int right = 0;  // bit index into the rights mask
    Piece royal = NO_PIECE, partner = NO_PIECE;
    int royal_from = 0, royal_to = 0, partner_from = 0, partner_to = 0;
    SetRef must_be_empty = 0;  // includes both destinations unless they are start cells
    SetRef must_be_safe = 0;
    bool gained_by_drop = false;  // a drop that completes both pieces on their start cells gives it
};

struct Tables {
    int cell_count = 0, player_count = 0, type_count = 0;
    int cell_words = 1;  // 64-bit words of the generator's cell sets: 1, 2, 3, 4 or MAX_CELLS / 64
    SetRef all_cells = 0;
    std::vector<CellSet> pool;  // every width-independent reader's sets
    SetPool sets;               // the same, in the game's width: the generator's

    // Slide directions (closed under reversal). A direction is positive when cell indices grow
    // along it, so the nearest blocker on a ray is the lowest member of the blocked set.
    std::vector<ir::Vec> dirs;
    std::vector<std::uint8_t> dir_reverse;
    std::vector<std::uint8_t> dir_positive;  // bytes, not bits: read on the hot path
    TableRef rays = 0;  // rays + dir * cell_count: full ray from a cell to the edge

    std::vector<SlideRule> slides;
    std::vector<SlideGroup> slide_groups;
    std::vector<SlideLookup> slide_lookups;
    SetPool slide_reaches;  // in the game's width, like `sets`
    SetPool lookup_masks;   // past 128 cells: each slide lookup's mask
    std::vector<PathRule> paths;
    std::vector<CurvePath> curve_paths;
    std::vector<HopRule> hops;
    std::vector<std::uint8_t> hop_line_of;  // SlideGroup::line_of: which rule's line holds a cell
    std::vector<LameLeap> lame_leaps;
    std::vector<JumpStep> jump_steps;
    std::vector<Shift> shifts;
    std::vector<std::uint32_t> shifted_types;  // [player]: types whose rules are `shifted`
    bool has_jumps = false;
    ir::JumpRule jump_rule = ir::JumpRule::optional;
    std::vector<std::uint32_t> promotions;  // per piece rules and cell: choice bits
    std::vector<PieceRules> rules;          // [player * type_count + type]
    std::vector<int> start_count;           // [player * type_count + type]: placed by the setup
    std::vector<std::uint32_t> start_hand_types;  // [player]: types the setup puts in hand
    std::vector<std::uint32_t> slider_types;  // [player * dirs + dir]: types sliding and capturing
    // slider_types by player, as lines of the same types: player p's are attack_lines[
    // attack_lines_first[p], attack_lines_first[p + 1]); their outward directions are bytes.
    std::vector<AttackLines> attack_lines;
    std::vector<std::uint32_t> attack_lines_first;
    std::vector<std::uint8_t> attack_line_dirs;
    std::vector<std::uint32_t> complex_types;  // [player]: types with complex_attacks
    std::vector<std::uint32_t> leaper_types;   // [player]: types with a non-empty attackers table
    // [player * cell_count + cell]: the union of the player's attackers tables, so that an attack
    // test looks at a leaper's own table only where some piece of the player could attack from.
    TableRef leap_attackers = 0;
    // The same from every cell another player's royal piece could go to from the cell.
    TableRef leap_attackers_around_royal = 0;
    std::uint32_t royal_types = 0;
    // [player * cell_count + cell]: the cells whose emptiness could make or break another
    // player's attack on the cell (compile_influence.cpp); compiled where there are royal types.
    TableRef royal_influence = 0;
    bool fast_legality = true;       // every line direction fits the fast path's pin table
    std::uint32_t hop_typed = 0;     // the types some hop refuses as screens or spares
    bool royals_capturable = false;  // no check: every pseudo-legal move is legal
    ir::Passing passing = ir::Passing::never;
    // royals must-part: [player] the directions along which its royal pieces face others'.
    bool royals_must_part = false;
    std::vector<std::vector<std::uint8_t>> part_dirs;
    bool captures_compulsory = false;  // only captures are legal where there are any
    bool drops_compulsory = false;     // only drops are legal where there are any
    bool has_in_place = false;         // some piece promotes in place

    std::vector<CastlingRule> castlings;  // in the order of ir::Game::castlings
    // Player p's castlings: castlings[castlings_by_player[k]], castlings_first[p] <= k <
    // castlings_first[p + 1].
    std::vector<std::uint32_t> castlings_by_player, castlings_first;
    std::vector<char> right_names;           // [bit] the right's character
    std::vector<std::uint32_t> rights_lost;  // [cell] rights cleared by a move from or to it
    std::vector<int> right_owner;            // [bit] the player who holds it
    std::vector<std::uint32_t> rights_of;    // [player] the bits of the rights it may hold

    bool hands = false;                          // captured pieces go to hand
    bool drops = false;                          // some piece may be dropped from hand
    std::uint32_t drop_first = 0;                // types that must be dropped before others
    std::vector<std::uint32_t> droppable_types;  // [player]: types with drop rules
    std::vector<int> hand_type;  // [captor * type_count + type]: what it takes, -1 none
    TableRef file_of = 0;        // [cell] the cells of its file (Board::files)
    SetRef colours[2] = {};      // the square board's two colours, (x + y) even, odd
    std::uint32_t colour_balanced_types = 0;  // types whose drops keep them half on each colour
    bool castling_by_drop = false;            // some castling right is gained by drops

    // Gating: a piece leaving a cell on which its player holds the gate right may put a piece
    // from hand there. The zones of different players share no cell (the checks see to it).
    bool gating = false;
    TableRef gate_zone = 0;          // [player] the cells its pieces may be gated onto
    std::uint32_t gating_types = 0;  // types with `drop gating`

    // First moves (`unmoved`): a piece standing on a cell on which its player holds the right
    // may also make them. The rights are kept with the gate rights (Position::gates; a game has
    // one kind or the other), on the cells gate_zone holds: where such pieces start.
    bool first_moves = false;
    // [(player * type_count + type) * 2 + not_in_check]: the first moves, those that may not be
    // made in check apart. Moves only: they attack nothing.
    std::vector<PieceRules> first_rules;

    // Goals the generator reads: a position they decide has no moves (see goal_reached).
    bool has_goal_zones = false;   // royal-reaches
    TableRef goal = 0;             // [player] royal-reaches' zone
    bool goal_answer = false;      // royal-reaches with `answer`
    std::uint32_t goal_types = 0;  // the types that must reach it: royal or named
    int checks_to_win = 0;         // end checks N; 0: checks are not counted
    int passes_to_end = 0;         // end passes N; 0: passes end nothing
    bool facing_ends = false;      // end facing
    std::uint8_t end_phases = 0;   // a bit per EndRule::Phase that judges one of its end rules
    bool has_goals = false;        // any of the goals above
    bool checks_forbidden = false;

    bool reset_clock_on_capture = true;
    std::uint32_t reset_clock_types = 0;

    // Zobrist keys from a fixed seed: pieces [(player * type_count + type) * cell_count + cell],
    // side to move, castling right bits, en-passant victim cell.
    std::vector<std::uint64_t> piece_keys, side_keys, right_keys, ep_keys;
    std::vector<std::uint64_t> hand_keys;   // [(player * type_count + type) * MAX_HAND + count]
    std::vector<std::uint64_t> check_keys;  // [player * (checks_to_win + 1) + checks given]
    std::vector<std::uint64_t> gate_keys;   // [cell]: the gate (or first-move) right on it is held

    // Rights held on cells: gating's or first moves'.
    bool cell_rights() const { return gating || first_moves; }
    const PieceRules& first_rules_of(int player, int type, bool not_in_check) const {
        return first_rules[(player * type_count + type) * 2 + (not_in_check ? 1 : 0)];
    }

    const CellSet* table(TableRef ref) const { return pool.data() + ref; }
    const CellSet& set(SetRef ref) const { return pool[ref]; }
    const PieceRules& rules_of(int player, int type) const {
        return rules[player * type_count + type];
    }
    // The type `captor` takes into hand for capturing `piece`, -1 when it leaves the game.
    int taken_as(int captor, Piece piece) const {
        return hand_type[captor * type_count + type_of(piece)];
    }
    std::uint64_t piece_key(Piece piece, int cell) const {
        return piece_keys[(owner_of(piece) * type_count + type_of(piece)) * cell_count + cell];
    }
    // Zero for an empty hand, so a position without hands hashes as before.
    std::uint64_t hand_key(int player, int type, int count) const {
        return count ? hand_keys[(player * type_count + type) * MAX_HAND + count] : 0;
    }
    // Zero for no check given, so a game that does not count checks hashes as before.
    std::uint64_t check_key(int player, int given) const {
        return given ? check_keys[player * (checks_to_win + 1) + given] : 0;
    }
    CellSet ray(int dir, int cell) const { return pool[rays + dir * cell_count + cell]; }
    // The cells a slide along `dir` passes going from `a` to `b` (b on that ray), ends excluded.
    // Per direction, not per pair: parallel vectors such as (0,1) and (0,2) pass different cells.
    CellSet passed(int dir, int a, int b) const {
        return ray(dir, a) & ~ray(dir, b) & ~CellSet::of(b);
    }
};

}  // namespace vari
