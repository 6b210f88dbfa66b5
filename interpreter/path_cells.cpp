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
        case ir::MoveKind::hop: {  // past the first cell of its line: there must be a screen
            const HopRule& h = t.hops[rule.table];
            CellSet line = t.pool[h.line + from];
            int count = 0;
            for (bool screen = true; line; screen = false) {
                const int cell = t.dir_positive[h.dir] ? line.first() : line.last();
                line.remove(cell);
                if (!screen) cells[count++] = static_cast<std::uint8_t>(cell);
            }
            return count;
        }
        case ir::MoveKind::lame_leap: {
            const LameLeap& leap = t.lame_leaps[rule.table + from];
            if (leap.to == NO_CELL) return 0;
            cells[0] = leap.to;
            return 1;
        }
        case ir::MoveKind::leap:
        case ir::MoveKind::slide:
        case ir::MoveKind::jump:
            break;  // tables of their own
    }
    return 0;
}

}  // namespace vari
