// Boards: checking a board's description and generating its cells, names and lines.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "dsl/ast.hpp"
#include "dsl/report.hpp"
#include "interpreter/ir.hpp"
#include "interpreter/types.hpp"

namespace vari::dsl {

inline constexpr int max_cells = MAX_CELLS;  // what the move generator's cell sets hold
// Coordinates and vector components stay in this range, so no transform can overflow.
inline constexpr int max_coordinate = 1000;

struct BoardLayout {
    ir::Board board;                             // cells sorted by (y, x), lines, files
    std::unordered_map<std::string, int> index;  // cell name -> cell index
    bool named_by_file_and_rank = false;         // generated boards; not boards given cell by cell
    bool labelled = false;                       // renamed by a `label` clause
    // Per cell, when named_by_file_and_rank: its name is file_label + rank_label ("e" "4", "11"
    // "a"). On a pointy board without `label` the file label is the cell's letter in its rank.
    std::vector<std::string> file_label;
    std::vector<std::string> rank_label;
};

// Reports everything wrong with the description; true when build_board may be called.
bool check_board(const ast::Board& board, Report& report);

// Generates the cells of a board that check_board accepted.
BoardLayout build_board(const ast::Board& board);

}  // namespace vari::dsl
