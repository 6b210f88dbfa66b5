// The interpreter's API: a game compiled from its IR, positions with make/unmake, legal move
// generation and perft. Everything here after compilation is the hot path: no allocation.
#pragma once

#include <cctype>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

#include "interpreter/ir.hpp"
#include "interpreter/messages/messages.hpp"
#include "interpreter/tables.hpp"
#include "interpreter/types.hpp"

namespace vari {

// A game ready to play: its IR and the tables compiled from it. Positions keep a pointer to it,
// so it must outlive them and not move.
class CompiledGame {
public:
    // Without `slide_lookups` (SlideGroup) the tables play the same, more slowly, and compile
    // sooner.
    explicit CompiledGame(ir::Game game, bool slide_lookups = true);
    CompiledGame(const CompiledGame&) = delete;
    CompiledGame& operator=(const CompiledGame&) = delete;

    const ir::Game& ir() const { return ir_; }
    const Tables& tables() const { return tables_; }
    int cell_index(std::string_view name) const;  // -1 when there is no such cell
    // The most pieces a position of this game holds, on the board and in every hand together:
    // piece_limit(tables()), found when first asked (position strings ask; play does not).
    int piece_limit() const;

private:
    ir::Game ir_;
    Tables tables_;
    mutable std::once_flag piece_limit_found_;
    mutable int piece_limit_ = 0;
    // Looked up by views (notation tries many substrings of a move's text): no string made.
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view name) const {
            return std::hash<std::string_view>{}(name);
        }
    };
    std::unordered_map<std::string, int, NameHash, std::equal_to<>> cell_names_;
};

// The cells of a capture sequence, in order: where each jump lands and the cell it passes over.
struct JumpPath {
    int length = 0;            // jumps
    Cell landings[MAX_JUMPS];  // the last is the move's destination
    Cell jumped[MAX_JUMPS];
};

// A cell set kept in the width of a position's game: written and read as one Set only.
union SavedSet {
    SavedSet() {}  // left unset: do_move writes it before undo_move reads it
    template <class Set>
    Set& as() {
        if constexpr (std::is_same_v<Set, CellSet64>)
            return w64;
        else if constexpr (std::is_same_v<Set, CellSet128>)
            return w128;
        else if constexpr (std::is_same_v<Set, CellSet192>)
            return w192;
        else if constexpr (std::is_same_v<Set, CellSet256>)
            return w256;
        else
            return wide;
    }
    template <class Set>
    const Set& as() const {
        return const_cast<SavedSet*>(this)->as<Set>();
    }
    CellSet64 w64;
    CellSet128 w128;
    CellSet192 w192;
    CellSet256 w256;
    CellSetWide wide;
};

// A position's cell sets, in its game's width.
template <class Set>
struct BoardSets {
    Set occupied;
    Set by_player[MAX_PLAYERS];
    Set by_type[MAX_PLAYERS * MAX_TYPES];
    Set gates;
    Set ep_cells;
    Set of(int player, int type) const { return by_type[player * MAX_TYPES + type]; }
    // The player's pieces of any of `types` (a bit per type).
    Set of_types(int player, std::uint32_t types) const {
        Set pieces;
        for (; types; types &= types - 1) pieces |= of(player, std::countr_zero(types));
        return pieces;
    }
};

// What do_move changes besides the board, so undo_move can put it back.
// Every move writes the fields up to ep_cells (narrow games only its first words): they come
// first, so that they share a cache line or two.
struct Undo {
    std::uint64_t hash = 0;
    std::uint32_t rights = 0;
    int ep_victim = -1;
    int ply_clock = 0;
    int move_number = 1;
    int passes_in_a_row = 0;
    int captured_cell = -1;
    bool gave_check = false;    // counted among the mover's checks (end checks)
    Piece moved = NO_PIECE;     // as it stood before a promotion
    Piece captured = NO_PIECE;  // a capture sequence: the first piece it took
    SavedSet ep_cells;
    SavedSet gates;  // where the game gates
    // A capture sequence: its cells, found from the position before the move, and the pieces it
    // took, in order (at most MAX_JUMPS, one per jump; left unset by other moves).
    JumpPath path;
    Piece jumped[MAX_JUMPS];
};

class Position {
public:
    explicit Position(const CompiledGame& game);  // the game's start position

    const CompiledGame& game() const { return *game_; }
    const Tables& tables() const { return *t_; }

    Piece piece_on(int cell) const { return board_[cell]; }
    const Piece* board() const { return board_; }
    // The cell sets, as sets of any board; the generator reads them in the game's width (sets).
    CellSet pieces(int player) const;
    CellSet pieces(int player, int type) const;
    CellSet occupied() const;
    int count(int player, int type) const;  // pieces of the type on the board
    int side_to_move() const { return side_; }
    int next_player(int player) const { return player + 1 == t_->player_count ? 0 : player + 1; }
    int previous_player(int player) const { return (player == 0 ? t_->player_count : player) - 1; }
    // Who made the last move (who moves last in a round, before the first move).
    int last_mover() const { return previous_player(side_); }
    std::uint32_t rights() const { return rights_; }
    // The cells on which gate rights, or first-move rights, are held (a cell's right belongs to
    // the player whose zone holds it: Tables::gate_zone).
    CellSet gates() const;
    CellSet ep_cells() const;
    int ep_victim() const { return ep_victim_; }
    int ply_clock() const { return ply_clock_; }
    int move_number() const { return move_number_; }
    std::uint64_t hash() const { return hash_; }
    int in_hand(int player, int type) const { return hands_[player * MAX_TYPES + type]; }
    bool holds_any(int player) const;  // a piece in hand
    // How many times `player` has given check, where the game counts checks (end checks).
    int checks_given(int player) const { return checks_given_[player]; }
    // How many of the last moves were passes, counted from the start position (end passes N).
    int passes_in_a_row() const { return passes_in_a_row_; }

    // The sets in the game's width Set (Tables::cell_words; see with_cell_set).
    template <class Set>
    const BoardSets<Set>& sets() const {
        return const_cast<Position*>(this)->writable_sets<Set>();
    }

    // Editing, for position strings: each keeps the hash right.
    void clear();
    void put(int cell, Piece piece);
    void remove(int cell);
    void set_side_to_move(int player);
    void set_rights(std::uint32_t rights);
    void set_gates(const CellSet& gates);
    void set_en_passant(const CellSet& cells, int victim);  // victim -1 clears
    void set_counters(int ply_clock, int move_number);
    void set_in_hand(int player, int type, int count);  // count < MAX_HAND
    void set_checks_given(int player, int count);       // count <= Tables::checks_to_win
    void set_start();

    void do_move(Move move, Undo& undo);
    void undo_move(Move move, const Undo& undo);
    // A capture played on the board only, for exchanges: the piece on `from` takes the one on
    // `to` (both cells hold pieces), which it returns; the hands, clocks, rights and side to move
    // stay as they were (the hash follows the board). untake_on_board() puts both back.
    template <class Set>
    Piece take_on_board(int from, int to);
    template <class Set>
    void untake_on_board(int from, int to, Piece taken);

    // Is `cell` attacked by a piece of `by` (of a type in `types`, a bit per type), with the
    // board's pieces standing in `occupied`?
    template <class Set>
    bool is_attacked(int cell, int by, Set occupied, std::uint32_t types = ~0u) const;
    bool is_attacked(int cell, int by) const;
    // The same, of the attacks no table holds only (Tables::complex_types: limited slides, walked
    // rules, jumps), walked from the pieces that could make them.
    template <class Set>
    bool is_walked_to(int cell, int by, Set occupied, std::uint32_t types) const;
    // Of `types`, the first of which `by` has a piece that can take on `cell` by moving there:
    // that piece's cell, or -1. Asked with the types from least valuable up, the least valuable
    // attacker of an exchange. (is_attacked() also counts what a jump passes over and royal
    // pieces that may not face others.)
    template <class Set>
    int attacker_of(int cell, int by, std::span<const int> types, Set occupied) const;
    // Which of `cells` those attacks reach: each piece that could reach one is walked once.
    template <class Set>
    Set walked_to(Set cells, int by, Set occupied, std::uint32_t types) const;
    // Is any royal piece of `player` attacked by another player?
    bool royal_attacked(int player) const;
    bool in_check() const { return royal_attacked(side_); }
    // Does a piece of `by` attack a royal piece of another player?
    bool gives_check(int by) const;

    std::uint64_t compute_hash() const;
    // Cross-checks the board, the sets and the hash (asserted after make/unmake in debug builds).
    bool is_consistent() const;

private:
    template <class Set>
    BoardSets<Set>& writable_sets() {
        if constexpr (std::is_same_v<Set, CellSet64>)
            return narrow_.w64;
        else if constexpr (std::is_same_v<Set, CellSet128>)
            return narrow_.w128;
        else if constexpr (std::is_same_v<Set, CellSet192>)
            return *w192_;
        else if constexpr (std::is_same_v<Set, CellSet256>)
            return *w256_;
        else
            return *wide_;
    }
    template <class Set>
    void add_piece(int cell, Piece piece);
    template <class Set>
    void remove_piece(int cell);
    template <class Set>
    void do_move_as(Move move, Undo& undo);
    template <class Set>
    void undo_move_as(Move move, const Undo& undo);
    template <class Set>
    void capture(int cell);  // removes the piece; the mover's hand may take it
    template <class Set>
    void uncapture(int cell, Piece piece);  // puts it back, out of the hand
    template <class Set>
    void capture_jumped(Move move, Undo& undo);
    template <class Set>
    void gate(Move move, int from);  // gating rights and the gated piece
    template <class Set>
    void lose_first_rights(Move move, int from);
    template <class Set>
    void lose_gates(Set lost);  // clears those rights, and their keys
    template <class Set>
    bool royal_attacked_as(int player) const;
    // is_walked_to()'s walk: the first piece found to reach `cell` (over it, by a jump, only
    // with `jumps`), or -1.
    template <class Set>
    int walked_attacker(int cell, int by, Set occupied, std::uint32_t types, bool jumps) const;
    template <class Set>
    bool gives_check_as(int by) const;
    void gain_rights_by_drop(int to);  // castling rights a drop completes (`by-drop`)
    void finish_move(Undo& undo);      // counts a check, passes the turn: side, move number, hash

    // Narrow games keep their sets in the position; wider ones on the heap, copied with it.
    union NarrowSets {
        NarrowSets() : w128() {}
        BoardSets<CellSet64> w64;
        BoardSets<CellSet128> w128;
    };
    template <class Set>
    class HeapSets {
    public:
        HeapSets() = default;
        HeapSets(const HeapSets& o)
            : sets_(o.sets_ ? std::make_unique<BoardSets<Set>>(*o.sets_) : nullptr) {}
        HeapSets& operator=(const HeapSets& o) {
            if (this != &o) *this = HeapSets(o);
            return *this;
        }
        HeapSets(HeapSets&&) = default;
        HeapSets& operator=(HeapSets&&) = default;
        void make() { sets_ = std::make_unique<BoardSets<Set>>(); }
        BoardSets<Set>& operator*() { return *sets_; }

    private:
        std::unique_ptr<BoardSets<Set>> sets_;
    };

    const CompiledGame* game_;
    const Tables* t_;
    Piece board_[MAX_CELLS] = {};
    NarrowSets narrow_;
    HeapSets<CellSet192> w192_;
    HeapSets<CellSet256> w256_;
    HeapSets<CellSetWide> wide_;
    int side_ = 0;
    std::uint32_t rights_ = 0;
    int ep_victim_ = -1;
    int ply_clock_ = 0;
    int move_number_ = 1;
    std::uint64_t hash_ = 0;
    std::uint8_t hands_[MAX_PLAYERS * MAX_TYPES] = {};
    std::uint8_t checks_given_[MAX_PLAYERS] = {};
    int passes_in_a_row_ = 0;
};

// The cells an en-passant-creating slide of `rules` passes going from `from` to `to`; empty when
// no such slide makes that move.
CellSet en_passant_passed(const Tables& t, const PieceRules& rules, int from, int to);

// The cells of the capture sequence `move` (legal in `pos`) names, as do_move finds them; false
// when there is no such sequence.
bool jump_path(const Position& pos, Move move, JumpPath& path);

// Writes the legal moves of the side to move into `list`. The position is used as scratch and is
// unchanged on return.
void generate_legal(Position& pos, MoveList& list);

namespace detail {
// What the generator has worked out about checks in a position, each part when first needed:
// the cells each of our types would check from, the cells our uncovering moves leave, and the
// other players' royal pieces.
template <class Set>
struct CheckingCells {
    CheckingCells() {}              // so that even value-initialization leaves `of` unset
    std::uint32_t known = 0;        // a bit per type
    UnsetArray<Set, MAX_TYPES> of;  // set where `known` says
    std::optional<Set> uncovering;
    std::optional<Set> royals;
};
}  // namespace detail

// Whether moves of the side to move give check, asked one move at a time in one position: what
// is worked out for one move (the cells each piece type would check from) serves the next.
// forget() when the position has changed.
class CheckCells {
public:
    void forget() { known_.emplace<std::monostate>(); }

private:
    friend bool move_gives_check(Position& pos, Move m, CheckCells& known);
#define VARI_CHECKING_CELLS(Set) , detail::CheckingCells<Set>
    std::variant<std::monostate VARI_EACH_CELL_SET(VARI_CHECKING_CELLS)> known_;
#undef VARI_CHECKING_CELLS
};

// Whether `m`, a legal move of the side to move, attacks another player's royal piece once made:
// read off the tables where they tell, made and unmade where not. The position is unchanged on
// return.
bool move_gives_check(Position& pos, Move m, CheckCells& known);

// The cells a walked rule may pass or reach from `from`, in the order it meets them on an empty
// board, into `cells` (room for MAX_CELLS); returns how many.
int path_cells(const Tables& t, const PathRule& rule, int from, Cell* cells);

// Whether `m` (a move of the side to move in `pos`) takes a piece: onto another player's piece,
// en passant, or a capture sequence.
bool captures(const Position& pos, Move m);

// The cells a piece standing on `from` may move or capture to, ignoring checks; the second in the
// game's width Set, for the hot paths of the search.
CellSet piece_targets(const Position& pos, int from);
template <class Set>
Set piece_targets_in(const Position& pos, int from);
// The number of those cells summed over `player`'s pieces of `type`: the piece type's mobility.
template <class Set>
int targets_count(const Position& pos, int player, int type);
// The same, and adds to `reach` every cell those pieces attack or defend: the cells they could
// move or capture to were none of the pieces on the board their own.
template <class Set>
int targets_count(const Position& pos, int player, int type, Set& reach);

// The most moves a position of the game with at most `pieces` pieces (on the board and in every
// hand) can have, besides capture sequences: for some player, on the `pieces` cells where any of
// its piece types could make the most moves from there on an empty board (one per promotion
// choice), then its castlings, drops and a pass; `type` adds the most of them. No move adds a
// piece, so a start within MAX_MOVES keeps every position of its games within it.
struct MoveBound {
    long moves = 0;
    int player = 0;
    int type = 0;
};
MoveBound move_bound(const Tables& tables, int pieces = MAX_PIECES);

// The most pieces a position of the game may hold with its moves within MAX_MOVES (move_bound):
// position strings hold no more.
int piece_limit(const Tables& tables);

// A located error when the game asks for more than the engine holds, judged before compiling:
// more slide directions than MAX_DIRECTIONS, a piece with more than MAX_PIECE_RULES vectors of
// slides, curves, jumps, hops and lame leaps, or a setup of more than MAX_PIECES pieces. Only a
// game without one may be compiled.
std::optional<Diagnostic> capacity_error(const ir::Game& game);
// The same judged on the compiled tables: positions with more moves than a MoveList holds
// (move_bound); else a start that no play could reach (setup_error).
std::optional<Diagnostic> capacity_error(const CompiledGame& game);

// The royal pieces that the player who just moved has left attacked, where no move may do so
// (royal pieces are not captured and nobody passes): a position that play never reaches.
CellSet royals_left_attacked(const Position& pos);

// A located error when the game's start is a position play could never reach: the player before
// the first to move has left a royal piece attacked. Found at the setup of that piece.
std::optional<Diagnostic> setup_error(const CompiledGame& game);

// A diagnostic at `source` of `game`'s files.
Diagnostic located(const ir::Game& game, ir::SourceRef source, std::string message,
                   std::string hint);

// Leaf nodes of the legal move tree to `depth`, as the generator lists moves (no end condition
// but a position without moves stops it). `*overflow`, when given, is set if some position of the
// tree had capture sequences that did not fit its list (MoveList::overflow): the count is then
// short, and the walk stops there.
std::uint64_t perft(Position& pos, int depth, bool* overflow = nullptr);

// ---- Goals: end conditions read off the position alone (royal-reaches, checks) ----------------
// Where a goal has ended the game, the side to move has no moves. With royal-reaches' `answer`
// a player who reached its zone has won, or drawn, only when its turn comes again: the other
// player has had one move to answer.
bool goal_reached(const Position& pos);

// `royals must-part`: a royal piece of `player` faces another player's along one of `player`'s
// directions of the rule, with only empty cells between.
bool royals_facing(const Position& pos, int player);

// ---- Judging a position ------------------------------------------------------------------------
// What the game's end conditions (ir::Game::ends) say of a position, judged in the runtime's
// order: a player to move without pieces (on the board or in hand), then the goals (a royal
// piece in its zone, a number of checks given), then the material left (a bare royal piece,
// insufficient material), then no legal move
// (checkmate with a royal piece attacked, else stalemate), then the repetition and ply-limit
// counts. A position without a move that no rule covers is over, drawn, with `rule` -1.
struct Judgement {
    bool over = false;
    int rule = -1;                              // index in ir::Game::ends, -1: none (see above)
    ir::EndKind kind = ir::EndKind::stalemate;  // the rule's kind, when there is one
    ir::Outcome outcome = ir::Outcome::draw;    // for `mover`
    // The player `outcome` is for: the one who made the last move, except where a royal piece
    // reached its zone a move before (royal-reaches answer): then the one whose piece it is.
    int mover = -1;
    bool answered = false;  // royal-reaches: the second player reached its zone in answer
};
// `has_move`: the side to move has a legal move (after any filter); `repetitions`: how often the
// position has occurred, this time included (PositionCounts).
Judgement judge(const Position& pos, bool has_move, int repetitions);
// A type of `end.extinct_types` of which `player` has fewer than `end.count` pieces, on the board
// and in hand (what `end extinction` judges); -1 when there is none.
int extinct_type(const Position& pos, int player, const ir::EndCondition& end);
// How the goals ended the game, where goal_reached(pos).
Judgement judge_goals(const Position& pos);

// What judge() is given.
struct JudgeInput {
    const Position& pos;
    int mover;  // who made the last move
    bool has_move;
    int repetitions;
};
// Each end kind's row (end_rules.cpp): when judge() looks at it and what it finds there, the
// words that say why it ended a game, whether a perft tree from `start` could end by it above
// its `depth` leaves (where the engine's perft, which judges only the lack of legal moves, would
// count otherwise), and whether XBoard's standard variants end so.
struct EndRule {
    // In judge()'s order; see Judgement.
    enum class Phase : std::uint8_t { pieces, goals, material, no_move, counts };
    ir::EndKind kind;
    Phase phase;
    // Whether the game's rule number `rule` ends it; nullptr for the goals (judge_goals).
    Judgement (*judge)(const JudgeInput& in, int rule);
    // Said of the player the outcome is for: "checkmate", "the 100-ply rule", "reaching Camp".
    std::string (*reason)(const Position& pos, const ir::EndCondition& end,
                          const Judgement& judged);
    bool (*before_leaves)(const Position& start, int depth, const ir::EndCondition& end);
    bool xboard_knows;
};
const EndRule& end_rule(ir::EndKind kind);

// The players' scores for `outcome` of `player` (-1 with a draw), into scores[0, players): a win
// gives that player 1 and the others 0; a draw gives everyone 1/players; a loss gives that player 0
// and the others 1/(players - 1) each.
void outcome_scores(int players, ir::Outcome outcome, int player, double* scores);

// How often each position of a game has occurred, by hash (which includes the side to move): a
// move adds the hash of the position it leads to, its undo removes it. A hash table, so that
// counting costs the same however long the game has gone on.
class PositionCounts {
public:
    int add(std::uint64_t hash);      // the count with this occurrence
    void remove(std::uint64_t hash);  // an occurrence added before
    int count(std::uint64_t hash) const;
    // Every count forgotten, the slots kept for the next positions; at once, however many
    // there are: the slots of an earlier round read as free.
    void clear();

private:
    struct Slot {
        std::uint64_t hash = 0;
        int count = 0;            // 0: used once, which the probe for it still passes
        std::uint32_t round = 0;  // the slot is free unless it is round_
    };
    std::size_t find(std::uint64_t hash) const;  // its slot, or the free slot where it would go
    bool in_use(const Slot& slot) const { return slot.round == round_; }
    void grow();
    std::vector<Slot> slots_ = std::vector<Slot>(64);
    int shift_ = 58;        // 64 - log2(slots_.size()): a hash's slot is in its mixed top bits
    std::size_t used_ = 0;  // slots used in this round
    std::uint32_t round_ = 1;
};

// ---- Board geometry -------------------------------------------------------------------------
// `v` turned clockwise by the board's smallest rotation: a quarter turn on square boards, a sixth
// on hex boards (axial coordinates), as LANGUAGE.md states it for `orient`.
ir::Vec turn_once(ir::Geometry geometry, ir::Vec v);

// One byte of text tested or changed as ASCII, whatever its value: <cctype> takes only the values
// of unsigned char, and a byte above 0x7F in a char is negative.
inline char to_lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}
inline char to_upper(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
inline bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
inline bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
inline bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace vari
