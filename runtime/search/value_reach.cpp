// What one piece type can do on the empty board, read from the compiled tables.
#include "runtime/search/value_reach.hpp"

#include <algorithm>

namespace vari::search::detail {
namespace {

// The chance a target of each mode can be used: a move or capture needs no own piece there, a
// move-only target must be empty, a capture-only one must hold another player's piece.
double mode_weight(ir::MoveMode mode) {
    switch (mode) {
        case ir::MoveMode::move_or_capture:
            return 1 - DENSITY / 2;
        case ir::MoveMode::move_only:
            return 1 - DENSITY;
        case ir::MoveMode::capture_only:
            return DENSITY / 2;
    }
    return 0;
}

// The chance of using each target, kept per cell: two rules reaching one cell give one move.
struct Targets {
    double best[MAX_CELLS] = {};
    CellSet cells;
    void add(int to, double weight) {
        best[to] = std::max(best[to], weight);
        cells.add(to);
    }
    void add_all(CellSet to, double weight) {
        for (int c : to) add(c, weight);
    }
    double sum() const {
        double total = 0;
        for (int c : cells) total += best[c];
        return total;
    }
};

}  // namespace

CellSet empty_board_targets(const Tables& t, const PieceRules& r, int cell) {
    CellSet to =
        t.pool[r.leap_any + cell] | t.pool[r.leap_move + cell] | t.pool[r.leap_capture + cell];
    for (std::uint32_t i = 0; i < r.slide_count; ++i)
        to |= t.pool[t.slides[r.slide_first + i].reach + cell];
    Cell cells[MAX_CELLS];
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const int count = path_cells(t, t.paths[r.path_first + i], cell, cells);
        for (int k = 0; k < count; ++k) to.add(cells[k]);
    }
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& step = t.jump_steps[r.jump_first + k * t.cell_count + cell];
        if (step.land != NO_CELL) to.add(step.land);
    }
    return to;
}

double expected_mobility(const Tables& t, const PieceRules& r, int cell) {
    Targets targets;
    targets.add_all(t.pool[r.leap_any + cell], mode_weight(ir::MoveMode::move_or_capture));
    targets.add_all(t.pool[r.leap_move + cell], mode_weight(ir::MoveMode::move_only));
    targets.add_all(t.pool[r.leap_capture + cell], mode_weight(ir::MoveMode::capture_only));
    // A slide's cells in the order it meets them: ascending along positive directions.
    for (std::uint32_t i = 0; i < r.slide_count; ++i) {
        const SlideRule& s = t.slides[r.slide_first + i];
        CellSet reach = t.pool[s.reach + cell];
        double open = mode_weight(s.mode);
        while (reach) {
            const int to = t.dir_positive[s.dir] ? reach.first() : reach.last();
            reach.remove(to);
            targets.add(to, open);
            open *= 1 - DENSITY;
        }
    }
    // A walked rule's cells in the order it meets them, each needing the ones before it empty.
    Cell cells[MAX_CELLS];
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        const int count = path_cells(t, rule, cell, cells);
        double open = mode_weight(rule.mode);
        for (int k = 0; k < count; ++k, open *= 1 - DENSITY) targets.add(cells[k], open);
    }
    // A jump needs another player's piece to pass over and an empty cell to land on.
    for (std::uint32_t k = 0; k < r.jump_count; ++k) {
        const JumpStep& step = t.jump_steps[r.jump_first + k * t.cell_count + cell];
        if (step.land != NO_CELL) targets.add(step.land, DENSITY / 2 * (1 - DENSITY));
    }
    return targets.sum();
}

std::vector<int> promotion_distance(const Tables& t, const PieceRules& r) {
    std::vector<int> distance(static_cast<std::size_t>(t.cell_count), -1);
    std::vector<CellSet> targets(distance.size());
    for (int c = 0; c < t.cell_count; ++c) {
        targets[c] = empty_board_targets(t, r, c);
        if (targets[c] &&
            ((targets[c] & t.set(r.promotion_zone)) || t.set(r.promotion_leaving).has(c)))
            distance[c] = 1;
    }
    // Relaxed until nothing changes: at most one pass per cell.
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < t.cell_count; ++c)
            for (int to : targets[c]) {
                if (distance[to] < 0) continue;
                if (distance[c] < 0 || distance[to] + 1 < distance[c]) {
                    distance[c] = distance[to] + 1;
                    changed = true;
                }
            }
    }
    return distance;
}

double reversibility(const Tables& t, const PieceRules& r) {
    std::vector<CellSet> targets(static_cast<std::size_t>(t.cell_count));
    for (int c = 0; c < t.cell_count; ++c) targets[c] = empty_board_targets(t, r, c);
    int standing = 0, back = 0;
    for (int c = 0; c < t.cell_count; ++c) {
        if (!targets[c]) continue;
        ++standing;
        CellSet seen = targets[c], frontier = targets[c];
        while (frontier && !seen.has(c)) {
            CellSet next;
            for (int to : frontier) next |= targets[to];
            frontier = next & ~seen;
            seen |= next;
        }
        back += seen.has(c);
    }
    return standing ? static_cast<double>(back) / standing : 0;
}

std::uint32_t promotion_choices(const Tables& t, const PieceRules& r) {
    std::uint32_t choices = 0;
    for (int c = 0; c < t.cell_count; ++c)
        choices |= t.promotions[r.promotions + c] | t.promotions[r.promotions_out + c];
    return choices & ~PROMOTION_COMPULSORY;
}

}  // namespace vari::search::detail
