// Internal: the movement kinds (ir::MoveKind), each in a room of its own, and the one dispatch
// over them (with_kind), whose arms only name the rooms: a visitor's call into a room inlines.
//
// Leaps and slides (compile_lines.cpp) and jumps (compile_jumps.cpp) have tables of their own,
// which the generator and the attack tests read directly: their rooms, below, only compile them.
// The walked kinds (a curve, a hop, a lame leap: PathRule) are read only through their rooms,
// interpreter/kind_KIND.hpp, each a struct of static members:
//   walked                true (false in the rooms of leaps, slides and jumps)
//   runs_along_dirs       whether its vectors are directions (Tables::dirs, which get rays)
//   rules_added(m, p)     how many rules movement `m` compiles to for player p (MAX_PIECE_RULES)
//   compile(c, p, type, m, r)  its compile step: its PathRules, over a table of its own
//                         (tables.hpp), into piece rules `r`
//   reach(t, rule, from, occupied, board)  what it reaches from `from`, given the pieces on
//                         `occupied` (their types on `board`), the mode aside: the hot path
//   reaches(..., cell)    whether that holds `cell`
//   cells(t, rule, from, cells)  what it could reach on an empty board, into `cells`; how many
//   crossings<Set>(t, rule, from, cell)  the cells on whose emptiness its attack on `cell`
//                         depends, whatever stands there; empty where it never reaches the cell
//                         (the fast path's walked_crossings)
//   influence(t, rule, from, depends)  the same for every cell it could attack: adds to
//                         depends[cell] what its attack on the cell crosses (royal_influence)
//   deciding_cells<Set>(t, rule, from)  the cells whose occupancy decides its reach: what its
//                         slide lookup reads (compile_slide_lookups.cpp)
//   same_tables(t, a, b)  whether two of its rules hold the same from every cell (their lookups
//                         are then one)
// Move generation, attack tests, legality, the move bound and the piece values read a walked rule
// through path_reach, path_reaches, path_crossings (below) and path_cells (interpreter.hpp).
#pragma once

#include "interpreter/compiler.hpp"
#include "interpreter/kind_curve.hpp"
#include "interpreter/kind_hop.hpp"
#include "interpreter/kind_lame_leap.hpp"

namespace vari::detail {

struct LeapKind {
    static constexpr bool walked = false;
    static constexpr bool runs_along_dirs = false;
    // Its targets join the piece's three leap tables, one for each mode: no rule of its own.
    static int rules_added(const ir::Movement&, std::size_t) { return 0; }
    static void compile(Compiler& c, int p, int type, const ir::Movement& m, PieceRules& r) {
        c.compile_leap(p, type, m, r);
    }
};

struct SlideKind {
    static constexpr bool walked = false;
    static constexpr bool runs_along_dirs = true;
    static int rules_added(const ir::Movement& m, std::size_t player) {
        return static_cast<int>(m.vectors[player].size());
    }
    static void compile(Compiler& c, int p, int type, const ir::Movement& m, PieceRules& r) {
        c.compile_slide(p, type, m, r);
    }
};

struct JumpKind {
    static constexpr bool walked = false;
    static constexpr bool runs_along_dirs = false;
    static int rules_added(const ir::Movement& m, std::size_t player) {
        return static_cast<int>(m.vectors[player].size());
    }
    // All of a piece's jumps compile at once, after its other movements (compile_jumps).
    static void compile(Compiler&, int, int, const ir::Movement&, PieceRules&) {}
};

// Calls visit(room) with the room of `kind`, and returns what it returns. The switch names every
// kind and has no default: the compiler tells of a kind without a room.
template <class Visit>
[[gnu::always_inline]] inline decltype(auto) with_kind(ir::MoveKind kind, Visit&& visit) {
    switch (kind) {
        case ir::MoveKind::leap:
            return visit(LeapKind());
        case ir::MoveKind::slide:
            return visit(SlideKind());
        case ir::MoveKind::jump:
            return visit(JumpKind());
        case ir::MoveKind::curve:
            return visit(CurveKind());
        case ir::MoveKind::hop:
            return visit(HopKind());
        case ir::MoveKind::lame_leap:
            return visit(LameLeapKind());
    }
    using Result = decltype(visit(LeapKind()));
    return Result();
}

// The same for the kind of a walked rule (PathRule): visit(room) with the room of a walked kind,
// and an empty result for the others, which no walked rule has.
template <class Visit>
[[gnu::always_inline]] inline decltype(auto) with_walked_kind(ir::MoveKind kind, Visit&& visit) {
    using Result = decltype(visit(CurveKind()));
    return with_kind(kind, [&](auto room) -> Result {
        if constexpr (decltype(room)::walked)
            return visit(room);
        else
            return Result();
    });
}

// Whether a movement of `kind` goes along directions (Tables::dirs), which then get rays.
inline bool runs_along_dirs(ir::MoveKind kind) {
    return with_kind(kind, [](auto room) { return room.runs_along_dirs; });
}

// The cells a walked rule reaches from `from` with pieces standing on `occupied` (the mode aside).
template <class Set>
Set path_reach(const Tables& t, const PathRule& rule, int from, Set occupied, const Piece* board) {
    return with_walked_kind(rule.kind,
                            [&](auto room) { return room.reach(t, rule, from, occupied, board); });
}

// Whether a walked rule from `from` reaches `cell`.
template <class Set>
bool path_reaches(const Tables& t, const PathRule& rule, int from, Set occupied, const Piece* board,
                  int cell) {
    return with_walked_kind(
        rule.kind, [&](auto room) { return room.reaches(t, rule, from, occupied, board, cell); });
}

// The cells on whose emptiness a walked rule's attack from `from` on `cell` depends. Inline: the
// fast path asks it in a loop over a walker's rules.
template <class Set>
[[gnu::always_inline]] inline Set path_crossings(const Tables& t, const PathRule& rule, int from,
                                                 int cell) {
    return with_walked_kind(
        rule.kind, [&](auto room) { return room.template crossings<Set>(t, rule, from, cell); });
}

}  // namespace vari::detail
