// The board as text, laid out from each cell's coordinates: square boards as a grid, flat-top hex
// boards as staggered vertical files, pointy-top hex boards as ranks indented by half a cell.
#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"
#include "runtime/tokens.hpp"

namespace vari::runtime {
namespace {

// The drawn token of a cell; with `lead`, a blank before all but plus pieces, so that letters
// stand in one column ("+P", " P", " .").
std::string cell_token(const Position& pos, int cell, bool names, bool lead) {
    const ir::Game& game = pos.game().ir();
    const Piece p = pos.piece_on(cell);
    const std::string token = p       ? piece_token(game, p)
                              : names ? game.board.cells[cell].name
                                      : std::string(".");
    const bool plus = p && game.pieces[type_of(p)].plus;
    return lead && !plus ? ' ' + token : token;
}

// One player's hand as a line: "White in hand: P P n", or "... -" when it is empty.
std::string hand_text(const Position& pos, int player) {
    const ir::Game& game = pos.game().ir();
    std::string out;
    for (int type = 0; type < pos.tables().type_count; ++type)
        for (int n = pos.in_hand(player, type); n > 0; --n)
            out += (out.empty() ? "" : " ") + piece_token(game, make_piece(player, type));
    return game.players[player].name + " in hand: " + (out.empty() ? "-" : out);
}

// The file part (`rank` false) or the rank part (`rank` true) of a generated cell name: "e10" is
// file e, rank 10; "6f" is file 6, rank f. Empty when the name is not one run of letters and one
// of digits.
std::string name_part(const std::string& name, bool rank) {
    auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    if (name.empty()) return {};
    const bool digits_first = digit(name[0]);
    std::size_t split = 0;
    while (split < name.size() && (digits_first ? digit(name[split]) : letter(name[split])))
        ++split;
    const std::string file = name.substr(0, split), rank_part = name.substr(split);
    const bool ok =
        !file.empty() && !rank_part.empty() &&
        std::all_of(rank_part.begin(), rank_part.end(), digits_first ? +letter : +digit);
    return ok ? (rank ? rank_part : file) : std::string();
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
    // With plus pieces in the game every cell keeps room for a '+' before its letter, so the
    // drawing keeps its shape when a piece promotes.
    const bool lead = has_plus_types(pos.game().ir());
    std::vector<std::string> tokens(count);
    std::size_t width = 1;
    for (int c = 0; c < count; ++c) {
        tokens[c] = cell_token(pos, c, names, lead);
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
        if (flat) canvas.put(0, at(column[c]) + (lead ? 1 : 0), label);
        canvas.put(first_row + top - bottom + 1, at(column[c]) + (lead ? 1 : 0), label);
    }
    if (!pos.game().ir().hands) return canvas.text();
    // The second player's hand above the board, on their side; the others' below.
    const int players = pos.tables().player_count;
    std::string out = players == 2 ? hand_text(pos, 1) + '\n' : std::string();
    out += canvas.text();
    for (int p = 0; p < players; ++p)
        if (players != 2 || p == 0) out += hand_text(pos, p) + '\n';
    return out;
}

}  // namespace vari::runtime
