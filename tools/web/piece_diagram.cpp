// A piece's moves as the page draws them: one mark per movement and direction, per player.
#include "tools/web/piece_diagram.hpp"

#include <algorithm>
#include <cstdlib>

#include "interpreter/interpreter.hpp"

namespace vari::web {
namespace {

using ir::Geometry;
using ir::Vec;

Vec plus(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }

// `v` turned by a sixth (or a quarter) `turns` times clockwise.
Vec turned(Geometry geometry, Vec v, int turns) {
    for (int i = 0; i < turns; ++i) v = turn_once(geometry, v);
    return v;
}

// The most steps a curve takes: a sixth would bring it back to where it started.
constexpr int MAX_CURVE_STEPS = 5;

// The cells a curve passes, from its first step along `v`, turning the same way (`turns` sixths
// clockwise) after each step.
std::vector<Vec> curve_path(Geometry geometry, Vec v, int turns, int max_range) {
    const int steps = max_range > 0 ? std::min(max_range, MAX_CURVE_STEPS) : MAX_CURVE_STEPS;
    std::vector<Vec> path{v};
    for (Vec direction = v; static_cast<int>(path.size()) < steps;) {
        direction = turned(geometry, direction, turns);
        path.push_back(plus(path.back(), direction));
    }
    return path;
}

// A step: a leap to one of the cells a king reaches (hex boards: a neighbour or a diagonal cell,
// two neighbours' sum, so two steps away).
bool is_step(Geometry geometry, Vec v) {
    if (geometry == Geometry::square) return step_distance(geometry, v) == 1;
    for (int t = 0; t < 6; ++t) {
        const Vec side = turned(geometry, {1, 0}, t);
        if (v == side || v == plus(side, turn_once(geometry, side))) return true;
    }
    return false;
}

void add_marks(const ir::Game& game, const ir::Movement& m, int player, bool first,
               std::vector<DiagramMark>& marks) {
    const Geometry geometry = game.board.geometry;
    const auto& vectors = m.vectors[static_cast<std::size_t>(player)];
    for (std::size_t i = 0; i < vectors.size(); ++i) {
        const Vec v = vectors[i];
        DiagramMark mark;
        mark.mode = m.mode;
        mark.to = v;
        mark.first = first;
        mark.zoned = m.from_zone >= 0;
        std::vector<DiagramMark> made;
        switch (m.kind) {
            case ir::MoveKind::leap:
                mark.kind = is_step(geometry, v) ? MarkKind::step : MarkKind::leap;
                made.push_back(mark);
                break;
            case ir::MoveKind::lame_leap:
                mark.kind = MarkKind::lame_leap;
                if (static_cast<std::size_t>(player) < m.via.size() &&
                    i < m.via[static_cast<std::size_t>(player)].size())
                    mark.path = m.via[static_cast<std::size_t>(player)][i];
                made.push_back(mark);
                break;
            case ir::MoveKind::slide:
            case ir::MoveKind::hop:
                mark.kind = m.kind == ir::MoveKind::slide ? MarkKind::slide : MarkKind::hop;
                mark.range = m.max_range;
                made.push_back(mark);
                break;
            case ir::MoveKind::jump:
                mark.kind = MarkKind::jump;
                mark.to = plus(v, v);
                mark.path = {v};
                made.push_back(mark);
                break;
            case ir::MoveKind::curve: {
                mark.kind = MarkKind::curve;
                const ir::Turn turn = static_cast<std::size_t>(player) < m.turn.size()
                                          ? m.turn[static_cast<std::size_t>(player)]
                                          : ir::Turn::both;
                const int sides = geometry == Geometry::square ? 4 : 6;
                if (turn != ir::Turn::counterclockwise) {
                    mark.path = curve_path(geometry, v, 1, m.max_range);
                    made.push_back(mark);
                }
                if (turn != ir::Turn::clockwise) {
                    mark.path = curve_path(geometry, v, sides - 1, m.max_range);
                    made.push_back(mark);
                }
                break;
            }
        }
        for (const DiagramMark& d : made)
            if (std::find(marks.begin(), marks.end(), d) == marks.end()) marks.push_back(d);
    }
}

}  // namespace

std::vector<std::vector<DiagramMark>> piece_marks(const ir::Game& game, const ir::Piece& piece) {
    std::vector<std::vector<DiagramMark>> marks(game.players.size());
    for (int player = 0; player < static_cast<int>(game.players.size()); ++player) {
        for (const ir::Movement& m : piece.movements)
            add_marks(game, m, player, false, marks[static_cast<std::size_t>(player)]);
        for (const ir::Movement& m : piece.first_movements)
            add_marks(game, m, player, true, marks[static_cast<std::size_t>(player)]);
    }
    return marks;
}

int step_distance(Geometry geometry, Vec v) {
    const int x = std::abs(v.x), y = std::abs(v.y);
    if (geometry == Geometry::square) return std::max(x, y);
    // Axial coordinates: besides (1, 0) and (0, 1), one of (1, -1) and (1, 1) is a neighbour
    // (pointy-top and flat-top boards); along it the third coordinate is counted.
    const Vec third = turn_once(geometry, {1, 0});
    const Vec other = third.x != 0 && third.y != 0 ? third : turn_once(geometry, third);
    const int z = std::abs(v.x - other.x * other.y * v.y);
    return std::max({x, y, z});
}

std::vector<Vec> panel_cells(Geometry geometry, int radius) {
    std::vector<Vec> cells;
    for (int y = -2 * radius; y <= 2 * radius; ++y)
        for (int x = -2 * radius; x <= 2 * radius; ++x)
            if (step_distance(geometry, {x, y}) <= radius) cells.push_back({x, y});
    return cells;
}

int panel_radius(const ir::Game& game) {
    constexpr int MIN_RADIUS = 3, MAX_RADIUS = 4;
    int radius = MIN_RADIUS;
    for (const ir::Piece& piece : game.pieces)
        for (const auto& player_marks : piece_marks(game, piece))
            for (const DiagramMark& mark : player_marks) {
                radius = std::max(radius, step_distance(game.board.geometry, mark.to));
                if (mark.kind == MarkKind::curve)
                    for (const Vec cell : mark.path)
                        radius = std::max(radius, step_distance(game.board.geometry, cell));
            }
    return std::min(radius, MAX_RADIUS);
}

}  // namespace vari::web
