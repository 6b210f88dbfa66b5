// Board labels: the `label files A..B ranks C..D` clause that renames a generated board's cells.
#pragma once

#include <string>
#include <vector>

#include "dsl/ast.hpp"
#include "dsl/report.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

// Reports what is wrong with the ranges themselves; true when they are usable.
bool check_label_ranges(const ast::BoardClause& label, Report& report);

// Reports a range whose length differs from the number of distinct x (files) or y (ranks)
// coordinates of the cells; true when both fit.
bool check_label_counts(const ast::BoardClause& label, const std::vector<ir::Vec>& coords,
                        Report& report);

// Per cell of `coords`: its file label (by its x among the distinct x, lowest first) and its rank
// label (likewise by y). Call only on a clause both checks accepted.
struct CellLabels {
    std::vector<std::string> file;
    std::vector<std::string> rank;
};
CellLabels cell_labels(const ast::BoardClause& label, const std::vector<ir::Vec>& coords);

}  // namespace vari::dsl
