// Lattice geometry: built-in directions, orientation transforms, symmetries, board self-maps.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/ir.hpp"

namespace vari::dsl {

// A player's view of the board: mirrored left-right first (if `mirror`), then turned clockwise by
// `turns` steps of 90 degrees (square) or 60 degrees (hex).
struct Transform {
    int turns = 0;
    bool mirror = false;
};

// 90 on square boards, 60 on hex boards.
int rotation_step(ir::Geometry geometry);
int rotation_count(ir::Geometry geometry);  // 4 or 6

ir::Vec apply(ir::Geometry geometry, Transform transform, ir::Vec v);

// Every rotation and reflection of the lattice: 8 on square boards, 12 on hex boards.
std::vector<Transform> symmetries(ir::Geometry geometry);

struct BuiltinDirection {
    std::string_view name;
    std::vector<ir::Vec> vectors;
};

// The directions every board of this geometry knows, as the first player sees them.
const std::vector<BuiltinDirection>& builtin_directions(ir::Geometry geometry);

// The translation t with transform(cells) + t == cells, if there is one (the board maps onto
// itself under the transform). Found from the coordinate sums, then verified cell by cell.
std::optional<ir::Vec> self_translation(ir::Geometry geometry, Transform transform,
                                        const std::vector<ir::Cell>& cells);

}  // namespace vari::dsl
