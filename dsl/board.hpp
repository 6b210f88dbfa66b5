// Boards: checking a board's description and generating its cells, names and lines.
#pragma once

#include <string>
#include <string_view>
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

// Files are lettered as spreadsheets letter their columns: a..z, then aa..az, ba..bz, ..., zz.
// Two letters name 702 files, more than a board of max_cells needs on one line.
inline constexpr int max_file_letters = 2;
inline constexpr int max_files = 26 + 26 * 26;

// The letters of file `index` (from 0, below max_files): 0 "a", 25 "z", 26 "aa", 31 "af".
std::string file_letters(int index);

// The index of a file's letters; -1 unless they are 1 to max_file_letters lower-case letters.
int file_index(std::string_view letters);

// "a..z, then aa..zz", as messages state which letters name files.
std::string file_letters_rule();

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
