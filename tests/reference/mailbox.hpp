// The reference model's vocabulary: a game position as a plain array of cells, read straight from
// the IR. Deliberately simple (no tables, no bit sets) so that it can check the interpreter.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/ir.hpp"

namespace vari::reference {

// What stands on a cell: a piece of (player, type), or nothing when player < 0.
struct Occupant {
    int player = -1;
    int type = -1;
    bool empty() const { return player < 0; }
    friend bool operator==(Occupant, Occupant) = default;
};

// A move's identity, the same for both generators (two rules reaching one cell give one move):
// (from, to, promotion, kind) packed so that integer order is tuple order, and for a capture
// sequence its landing cells in order (two sequences to one cell are two moves). A cell takes 11
// bits (boards of up to 1,024 cells, and a drop's or pass's small numbers), a promotion 8, a
// kind 3.
constexpr std::uint64_t pack_cells(int from, int to, int promotion, int kind) {
    return ((static_cast<std::uint64_t>(from) << 11 | static_cast<std::uint64_t>(to)) << 8 |
            static_cast<std::uint64_t>(promotion + 1))
               << 3 |
           static_cast<std::uint64_t>(kind);
}
struct MoveKey {
    std::uint64_t cells = 0;
    std::vector<int> path;
    int gate = -1;  // a gating: the gated type * 2, + 1 onto a castling partner's cell; -1 none
    friend auto operator<=>(const MoveKey&, const MoveKey&) = default;
    friend bool operator==(const MoveKey&, const MoveKey&) = default;
};
inline int key_from(const MoveKey& k) { return static_cast<int>(k.cells >> 22); }
inline int key_to(const MoveKey& k) { return static_cast<int>(k.cells >> 11 & 2047); }
inline int key_promotion(const MoveKey& k) { return static_cast<int>(k.cells >> 3 & 255) - 1; }
inline int key_kind(const MoveKey& k) { return static_cast<int>(k.cells & 7); }

struct Move {
    enum Kind { normal = 0, en_passant = 1, castling = 2, drop = 3, pass = 4, jumps = 5 };
    int from = -1;       // for a drop, the dropped piece type; 0 for a pass
    int to = -1;         // a castling's royal piece goes from -> to; a sequence's last landing
    int promotion = -1;  // piece type, -1 for none
    Kind kind = normal;
    int castling_index = -1;       // into ir::Game::castlings, for castlings
    std::vector<int> path = {};    // a capture sequence: the landing cells, in order
    std::vector<int> jumped = {};  // ... and the cells it jumps over
    int gated = -1;                // the type a gating puts down, -1 none
    bool on_partner = false;       // ... onto the castling partner's start cell

    int gate() const { return gated < 0 ? -1 : gated * 2 + (on_partner ? 1 : 0); }
    MoveKey key() const { return {pack_cells(from, to, promotion, kind), path, gate()}; }
    // Key order without building keys (or copying paths).
    friend bool operator<(const Move& a, const Move& b) {
        const int a_gate = a.gate(), b_gate = b.gate();
        return std::tie(a.from, a.to, a.promotion, a.kind, a.path, a_gate) <
               std::tie(b.from, b.to, b.promotion, b.kind, b.path, b_gate);
    }
    bool same(const Move& o) const { return !(*this < o) && !(o < *this); }
};

using Board = std::vector<Occupant>;  // by cell index

struct State {
    Board board;
    int side = 0;
    std::string rights;         // the castling rights held, by character, sorted
    std::vector<int> ep_cells;  // cells the last move passed, capturable onto; in cell order
    int ep_victim = -1;         // the cell of the piece that passed them, -1 for none
    int ply_clock = 0;
    std::vector<int> hands;    // [player * piece types + type]: pieces in hand
    std::vector<int> checks;   // [player]: checks given, in a game with `end checks`
    std::vector<int> gates;    // cells on which a gate right is held, in cell order
    int passes = 0;            // how many of the last moves were passes
    bool facing_kept = false;  // royal pieces that must part faced before the last move and after
    friend bool operator==(const State&, const State&) = default;
};

// Finds cells by coordinate: a grid over the board's bounding box, -1 where there is no cell.
class Geometry {
public:
    explicit Geometry(const ir::Board& board) : board_(&board) {
        int max_x = 0, max_y = 0;
        for (std::size_t i = 0; i < board.cells.size(); ++i) {
            const ir::Vec v = board.cells[i].coord;
            if (i == 0 || v.x < min_x_) min_x_ = v.x;
            if (i == 0 || v.y < min_y_) min_y_ = v.y;
            if (i == 0 || v.x > max_x) max_x = v.x;
            if (i == 0 || v.y > max_y) max_y = v.y;
        }
        width_ = max_x - min_x_ + 1;
        height_ = max_y - min_y_ + 1;
        grid_.assign(static_cast<std::size_t>(width_) * height_, -1);
        for (std::size_t i = 0; i < board.cells.size(); ++i)
            grid_[index(board.cells[i].coord)] = static_cast<int>(i);
    }

    int cell_at(ir::Vec v) const {
        if (v.x < min_x_ || v.y < min_y_ || v.x >= min_x_ + width_ || v.y >= min_y_ + height_)
            return -1;
        return grid_[index(v)];
    }
    // The cell one vector away from `cell`, -1 off the board.
    int step(int cell, ir::Vec v) const {
        const ir::Vec c = board_->cells[cell].coord;
        return cell_at({c.x + v.x, c.y + v.y});
    }

private:
    std::size_t index(ir::Vec v) const {
        return static_cast<std::size_t>(v.y - min_y_) * width_ + (v.x - min_x_);
    }

    const ir::Board* board_;
    int min_x_ = 0, min_y_ = 0, width_ = 0, height_ = 0;
    std::vector<int> grid_;
};

// Zone -1 is every cell (an `always` promotion's).
inline bool in_zone(const ir::Game& game, int zone, int player, int cell) {
    if (zone < 0) return true;
    for (int c : game.zones[zone].cells[player])
        if (c == cell) return true;
    return false;
}

}  // namespace vari::reference
