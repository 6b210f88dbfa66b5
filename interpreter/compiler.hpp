// Internal to the interpreter: the compiler that turns a game's IR into Tables. compile.cpp holds
// what every game compiles (directions and rays, the driver over pieces, promotions, drops,
// castlings, hands, keys); each IR movement kind compiles in its room (kinds.hpp): leaps and
// slides in compile_lines.cpp, jumps in compile_jumps.cpp, the walked kinds in kind_KIND.hpp;
// compile_shifts.cpp reads leaps and slides again as whole-set shifts.
#pragma once

#include <map>
#include <utility>

#include "interpreter/interpreter.hpp"

namespace vari::detail {

class Compiler {
public:
    explicit Compiler(const ir::Game& game);
    Tables run(bool slide_lookups);

    // What the movement kinds' compile steps (kinds.hpp) build with.
    const ir::Game& game() const { return game_; }
    Tables& tables() { return t_; }
    int cell_at(ir::Vec v) const {
        auto it = by_coord_.find({v.x, v.y});
        return it == by_coord_.end() ? -1 : it->second;
    }
    ir::Vec coord(int cell) const { return game_.board.cells[cell].coord; }
    static ir::Vec add(ir::Vec a, ir::Vec b) { return {a.x + b.x, a.y + b.y}; }

    // A table of `size` empty sets (one per cell unless told).
    TableRef new_table(int size = -1) {
        const auto ref = static_cast<TableRef>(t_.pool.size());
        t_.pool.resize(t_.pool.size() + static_cast<std::size_t>(size < 0 ? t_.cell_count : size));
        return ref;
    }
    SetRef new_set(const CellSet& cells = CellSet()) {
        t_.pool.push_back(cells);
        return static_cast<SetRef>(t_.pool.size() - 1);
    }
    // Valid until the pool grows.
    CellSet& at(TableRef ref, int cell) { return t_.pool[ref + cell]; }
    CellSet& set(SetRef ref) {
        assert(ref != 0);  // the shared empty set
        return t_.pool[ref];
    }
    const CellSet& set(SetRef ref) const { return t_.pool[ref]; }

    CellSet zone_cells(int zone, int player) const {
        CellSet s;
        if (zone < 0) return ~CellSet();
        for (int c : game_.zones[zone].cells[player]) s.add(c);
        return s;
    }

    int dir_index(ir::Vec v) const {
        for (std::size_t d = 0; d < t_.dirs.size(); ++d)
            if (t_.dirs[d] == v) return static_cast<int>(d);
        return -1;
    }

    // A piece whose attacks no table holds (no reverse leap table, no unlimited slide along one
    // ray): attack tests walk its rules, and the moves that could expose a royal piece to it
    // are made and tested (walked_crossings in reach.hpp).
    void attacks_by_walking(int p, int type, PieceRules& r) {
        r.complex_attacks = true;
        t_.complex_types[p] |= 1u << type;
    }

    // compile_lines.cpp: the compile steps of leaps and slides.
    void compile_leap(int p, int type, const ir::Movement& m, PieceRules& r);
    void compile_slide(int p, int type, const ir::Movement& m, PieceRules& r);

private:
    // compile.cpp: what every game compiles.
    void add_dir(ir::Vec v);
    void collect_directions();
    void build_rays();
    void compile_piece(int p, int type);
    // The tables of `movements` (all but jumps) into `r`.
    void compile_movements(int p, int type, const std::vector<ir::Movement>& movements,
                           PieceRules& r);
    // compile_first_moves.cpp: Tables::first_rules and the cells on which their rights are held.
    void compile_first_moves();
    void compile_walked_attackers(PieceRules& r);
    // Every cell the piece's rules could take it to from `c`, on an empty board (a capture
    // sequence's first landings only).
    CellSet empty_board_reach(const PieceRules& r, int c) const;
    // Where several promotion rules share a cell, their choices join and any compulsion holds.
    void compile_promotions(int p, const ir::Piece& piece, PieceRules& r);
    // The type every move of the piece must end as, from any cell to any cell (`promote
    // always`), or -1.
    int one_promotion(const PieceRules& r) const;
    void compile_drop(int p, const ir::Piece& piece, PieceRules& r);
    void compile_hands();
    void compile_royal_facing();
    void compile_royal_parting();
    void compile_attack_lines();
    void compile_leap_attackers();
    // Adds to `into`, for each cell, `table` at every cell a royal piece of a player other than
    // `p` could go to from it.
    void add_around_royal(TableRef table, int p, TableRef into);
    // compile_influence.cpp: Tables::royal_influence.
    void compile_royal_influence();
    // compile_shifts.cpp: the piece's moves as Tables::shifts, where few shifts make them all.
    void compile_shifts(int p, int type);
    // compile_slide_lookups.cpp: Tables::slide_groups, once the pool has the game's width.
    void compile_slide_lookups();
    void compile_castlings();
    void compile_clock();
    void compile_goals();
    void make_keys();

    // compile_lines.cpp: cells a slide reaches from `from` on an empty board, honouring range,
    // stop zone and the zone it stays within.
    CellSet slide_reach(int from, ir::Vec v, const ir::Movement& m, CellSet stop,
                        CellSet within) const;
    // compile_jumps.cpp: one table per distinct jump vector of the piece, in rule order: two
    // rules with one vector make one jump (from the cells of either), or each sequence through it
    // would count twice. All of a piece's jumps at once.
    void compile_jumps(int p, int type, const ir::Piece& piece, PieceRules& r);

    const ir::Game& game_;
    Tables t_;
    std::map<std::pair<int, int>, int> by_coord_;
    // [player][cell]: where a royal piece of the player could go from the cell, on an empty
    // board (add_around_royal); worked out on first use.
    std::vector<std::vector<CellSet>> royal_reach_;
};

}  // namespace vari::detail
