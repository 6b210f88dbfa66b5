// The cells a walked rule (PathRule) may pass or reach, read from its kind's table.
#include <algorithm>

#include "interpreter/interpreter.hpp"

namespace vari {

int path_cells(const Tables& t, const PathRule& rule, int from, std::uint8_t* cells) {
    switch (rule.kind) {
        case ir::MoveKind::curve: {
            const CurvePath& path = t.curve_paths[rule.table + from];
            std::copy(path.cells, path.cells + path.length, cells);
            return path.length;
        }
        case ir::MoveKind::leap:
        case ir::MoveKind::slide:
        case ir::MoveKind::jump:
            break;  // tables of their own
    }
    return 0;
}

}  // namespace vari
