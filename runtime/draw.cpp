// The board as text, laid out from each cell's coordinates: square boards as a grid, flat-top hex
// boards as staggered vertical files, pointy-top hex boards as ranks indented by half a cell.
#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

std::string cell_token(const Position& pos, int cell, bool names) {
    const ir::Game& game = pos.game().ir();
    const Piece p = pos.piece_on(cell);
    if (!p) return names ? game.board.cells[cell].name : ".";
    const char letter = game.pieces[type_of(p)].letter;
    if (game.players.size() > 2) return std::string{player_token(game, owner_of(p)), letter};
    return std::string(
        1, owner_of(p) == 0 ? letter
                            : static_cast<char>(std::tolower(static_cast<unsigned char>(letter))));
}

// The file letters (`digits` false) or the rank number (`digits` true) of a generated cell name
// such as "e10"; empty when the name is not letters followed by digits.
std::string name_part(const std::string& name, bool digits) {
    std::size_t split = 0;
    while (split < name.size() && std::isalpha(static_cast<unsigned char>(name[split]))) ++split;
    const std::string letters = name.substr(0, split), number = name.substr(split);
    const bool ok = !letters.empty() && !number.empty() &&
                    std::all_of(number.begin(), number.end(),
                                [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    return ok ? (digits ? number : letters) : std::string();
}

// Labels for groups of cells (a rank, a file): the name part all cells of a group share, or none.
class Labels {
public:
    void add(int group, const std::string& part) {
        auto [it, fresh] = parts_.try_emplace(group, part);
        if (!fresh && it->second != part) it->second.clear();
    }
    std::string operator[](int group) const {
        auto it = parts_.find(group);
        return it == parts_.end() ? std::string() : it->second;
    }
    std::size_t width() const {
        std::size_t w = 0;
        for (const auto& [group, part] : parts_) w = std::max(w, part.size());
        return w;
    }

private:
    std::map<int, std::string> parts_;
};

// Rows of text written at (row, column), padded with blanks as needed.
class Canvas {
public:
    void put(int row, std::size_t column, const std::string& text) {
        if (row >= static_cast<int>(rows_.size())) rows_.resize(row + 1);
        std::string& line = rows_[row];
        if (line.size() < column + text.size()) line.resize(column + text.size(), ' ');
        line.replace(column, text.size(), text);
    }
    std::string text() const {
        std::string out;
        for (std::string line : rows_) {
            line.erase(line.find_last_not_of(' ') + 1);
            out += line + '\n';
        }
        return out;
    }

private:
    std::vector<std::string> rows_;
};

}  // namespace

std::string draw_board(const Position& pos, bool names) {
    const ir::Board& board = pos.game().ir().board;
    const int count = static_cast<int>(board.cells.size());
    if (count == 0) return "";
    std::vector<std::string> tokens(count);
    std::size_t width = 1;
    for (int c = 0; c < count; ++c) {
        tokens[c] = cell_token(pos, c, names);
        width = std::max(width, tokens[c].size());
    }

    // Grid places: `column` in units of `pitch` characters, `row` growing up the board.
    const bool flat = board.geometry == ir::Geometry::hex_flat;
    const bool pointy = board.geometry == ir::Geometry::hex_pointy;
    const std::size_t pitch = flat ? width + 2 : pointy ? (width + 2) / 2 : width + 1;
    std::vector<int> row(count), column(count);
    int min_column = INT_MAX, top = INT_MIN, bottom = INT_MAX;
    Labels ranks, files;  // ranks label rows at the left, files label columns
    for (int c = 0; c < count; ++c) {
        const ir::Vec v = board.cells[c].coord;
        column[c] = flat ? v.x : pointy ? 2 * v.x + v.y : v.x;
        row[c] = flat ? 2 * v.y - v.x : v.y;
        min_column = std::min(min_column, column[c]);
        top = std::max(top, row[c]);
        bottom = std::min(bottom, row[c]);
        if (!flat) ranks.add(row[c], name_part(board.cells[c].name, true));
        if (!pointy) files.add(column[c], name_part(board.cells[c].name, false));
    }

    const std::size_t margin = ranks.width() ? ranks.width() + 1 : 0;
    const int first_row = flat ? 1 : 0;  // flat boards carry file letters above too
    Canvas canvas;
    auto at = [&](int col) { return margin + static_cast<std::size_t>(col - min_column) * pitch; };
    for (int c = 0; c < count; ++c) {
        const int line = first_row + top - row[c];
        tokens[c].resize(width, ' ');
        canvas.put(line, at(column[c]), tokens[c]);
        const std::string label = ranks[row[c]];
        if (!label.empty()) canvas.put(line, margin - 1 - label.size(), label);
    }
    for (int c = 0; c < count; ++c) {
        const std::string label = files[column[c]];
        if (label.empty()) continue;
        if (flat) canvas.put(0, at(column[c]), label);
        canvas.put(first_row + top - bottom + 1, at(column[c]), label);
    }
    return canvas.text();
}

}  // namespace vari::runtime
