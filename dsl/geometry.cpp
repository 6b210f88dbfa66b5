// Lattice geometry: built-in directions, orientation transforms, symmetries, board self-maps.
#include "dsl/geometry.hpp"

#include <algorithm>

#include "interpreter/interpreter.hpp"

namespace vari::dsl {

namespace {

using ir::Geometry;
using ir::Vec;

// A left-right mirror per geometry (axial coordinates on hex boards); turns are turn_once's.
Vec mirror(Geometry geometry, Vec v) {
    switch (geometry) {
        case Geometry::square:
            return {-v.x, v.y};
        case Geometry::hex_flat:
            return {-v.x, v.y - v.x};
        case Geometry::hex_pointy:
            return {-v.x - v.y, v.y};
    }
    return v;
}

std::vector<BuiltinDirection> make_builtins(Geometry geometry) {
    std::vector<BuiltinDirection> d;
    if (geometry == Geometry::square) {
        d = {{"n", {{0, 1}}},  {"ne", {{1, 1}}},   {"e", {{1, 0}}},  {"se", {{1, -1}}},
             {"s", {{0, -1}}}, {"sw", {{-1, -1}}}, {"w", {{-1, 0}}}, {"nw", {{-1, 1}}}};
        d.push_back({"orthogonal", {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}});
        d.push_back({"diagonal", {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}});
        return d;
    }
    // clock1 ... clock12 in hour order (clock12 last).
    const std::vector<Vec> hours =
        geometry == Geometry::hex_flat
            ? std::vector<Vec>{{1, 2},   {1, 1},   {2, 1},   {1, 0},  {1, -1}, {0, -1},
                               {-1, -2}, {-1, -1}, {-2, -1}, {-1, 0}, {-1, 1}, {0, 1}}
            : std::vector<Vec>{{0, 1},  {1, 1},   {1, 0},  {2, -1}, {1, -1}, {1, -2},
                               {0, -1}, {-1, -1}, {-1, 0}, {-2, 1}, {-1, 1}, {-1, 2}};
    static const char* const names[] = {"clock1", "clock2",  "clock3",  "clock4",
                                        "clock5", "clock6",  "clock7",  "clock8",
                                        "clock9", "clock10", "clock11", "clock12"};
    for (int h = 0; h < 12; ++h) d.push_back({names[h], {hours[h]}});
    // Edge directions are the even hours on flat boards, the odd hours on pointy ones.
    std::vector<Vec> even, odd;
    for (int hour = 12, i = 0; i < 12; ++i, hour = hour % 12 + 1)
        (hour % 2 == 0 ? even : odd).push_back(hours[hour - 1]);
    const bool flat = geometry == Geometry::hex_flat;
    d.push_back({"orthogonal", flat ? even : odd});
    d.push_back({"diagonal", flat ? odd : even});
    return d;
}

}  // namespace

int rotation_step(Geometry geometry) { return geometry == Geometry::square ? 90 : 60; }

int rotation_count(Geometry geometry) { return 360 / rotation_step(geometry); }

Vec apply(Geometry geometry, Transform transform, Vec v) {
    if (transform.mirror) v = mirror(geometry, v);
    for (int i = 0; i < transform.turns; ++i) v = turn_once(geometry, v);
    return v;
}

std::vector<Transform> symmetries(Geometry geometry) {
    std::vector<Transform> all;
    for (const bool m : {false, true})
        for (int t = 0; t < rotation_count(geometry); ++t) all.push_back({t, m});
    return all;
}

const std::vector<BuiltinDirection>& builtin_directions(Geometry geometry) {
    static const std::vector<BuiltinDirection> square = make_builtins(Geometry::square);
    static const std::vector<BuiltinDirection> flat = make_builtins(Geometry::hex_flat);
    static const std::vector<BuiltinDirection> pointy = make_builtins(Geometry::hex_pointy);
    switch (geometry) {
        case Geometry::square:
            return square;
        case Geometry::hex_flat:
            return flat;
        case Geometry::hex_pointy:
            return pointy;
    }
    return square;
}

std::optional<Vec> self_translation(Geometry geometry, Transform transform,
                                    const std::vector<ir::Cell>& cells) {
    if (cells.empty()) return Vec{};
    long long sx = 0, sy = 0, tx = 0, ty = 0;
    for (const auto& cell : cells) {
        const Vec image = apply(geometry, transform, cell.coord);
        sx += cell.coord.x;
        sy += cell.coord.y;
        tx += image.x;
        ty += image.y;
    }
    const auto n = static_cast<long long>(cells.size());
    if ((sx - tx) % n != 0 || (sy - ty) % n != 0) return std::nullopt;
    const Vec shift{static_cast<int>((sx - tx) / n), static_cast<int>((sy - ty) / n)};
    std::vector<std::pair<int, int>> coords;
    for (const auto& cell : cells) coords.emplace_back(cell.coord.x, cell.coord.y);
    std::sort(coords.begin(), coords.end());
    for (const auto& cell : cells) {
        const Vec image = apply(geometry, transform, cell.coord);
        if (!std::binary_search(coords.begin(), coords.end(),
                                std::pair{image.x + shift.x, image.y + shift.y}))
            return std::nullopt;
    }
    return shift;
}

}  // namespace vari::dsl
