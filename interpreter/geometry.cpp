// The rotations of each board geometry, shared by the rule language's orientations and drawings.
#include "interpreter/interpreter.hpp"

namespace vari {

ir::Vec turn_once(ir::Geometry geometry, ir::Vec v) {
    switch (geometry) {
        case ir::Geometry::square:
            return {v.y, -v.x};
        case ir::Geometry::hex_flat:
            return {v.y, v.y - v.x};
        case ir::Geometry::hex_pointy:
            return {v.x + v.y, -v.x};
    }
    return v;
}

}  // namespace vari
