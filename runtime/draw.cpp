// The board as text: the cells' tokens and marks on the layout of draw_layout.cpp, in colour or
// not, and the hands around it.
#include <algorithm>
#include <cctype>
#include <climits>
#include <string>
#include <vector>

#include "runtime/draw_parts.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// The widest file letters of a board lettered past z ("aa"): the most a file's label needs under
// its cells. Longer letter parts are names of boards given cell by cell, not file letters.
std::size_t widest_file_letters(const ir::Board& board) {
    constexpr std::size_t most_letters = 2;
    std::size_t widest = 0;
    for (const ir::Cell& cell : board.cells) {
        const std::string_view file = notation::name_part(cell.name, false);
        if (file.size() <= most_letters && std::all_of(file.begin(), file.end(), [](char c) {
                return std::islower(static_cast<unsigned char>(c)) != 0;
            }))
            widest = std::max(widest, file.size());
    }
    return widest;
}

// The drawn token of a cell; with `lead`, a blank before all but plus pieces, so that letters
// stand in one column ("+P", " P", " .").
std::string cell_token(const Position& pos, int cell, bool names, bool lead) {
    const ir::Game& game = pos.game().ir();
    const Piece p = pos.piece_on(cell);
    const std::string token = p       ? notation::piece_token(game, p)
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
            out += (out.empty() ? "" : " ") + notation::piece_token(game, make_piece(player, type));
    return game.players[player].name + " in hand: " + (out.empty() ? "-" : out);
}

// ANSI styles: a foreground per player, the last move in reverse video, check on red.
constexpr const char* PLAYER_STYLES[] = {"1;33", "1;36", "1;35", "1;32",
                                         "1;31", "1;34", "1;37", "1;90"};
constexpr const char* LAST_MOVE_STYLE = "7";
constexpr const char* CHECK_STYLE = "1;97;41";
constexpr char LAST_MOVE_MARK = '>';
constexpr char CHECK_MARK = '!';

std::string style_of(const Position& pos, int cell, bool last, bool check) {
    const Piece p = pos.piece_on(cell);
    std::string style = p ? PLAYER_STYLES[owner_of(p) % 8] : "";
    if (check) return CHECK_STYLE;
    if (last) return style.empty() ? LAST_MOVE_STYLE : style + ';' + LAST_MOVE_STYLE;
    return style;
}

}  // namespace

std::vector<bool> royals_in_check(const Position& pos) {
    const int count = static_cast<int>(pos.game().ir().board.cells.size());
    std::vector<bool> marked(count, false);
    if (pos.tables().royals_capturable) return marked;
    const int side = pos.side_to_move();
    for (int c = 0; c < count; ++c) {
        const Piece p = pos.piece_on(c);
        if (!p || owner_of(p) != side || !pos.game().ir().pieces[type_of(p)].royal) continue;
        for (int by = 0; by < pos.tables().player_count && !marked[c]; ++by)
            marked[c] = by != side && pos.is_attacked(c, by);
    }
    return marked;
}

std::string draw_board(const Position& pos, const DrawOptions& options) {
    const ir::Game& game = pos.game().ir();
    const ir::Board& board = game.board;
    const int count = static_cast<int>(board.cells.size());
    if (count == 0) return "";
    // With plus pieces in the game every cell keeps room for a '+' before its letter, and with
    // tilde pieces for a '~' after it, so the drawing keeps its shape when a piece promotes.
    const bool lead = notation::has_plus_types(game);
    std::vector<std::string> tokens(count);
    std::size_t width = 1 + (lead ? 1 : 0) + (notation::has_tilde_types(game) ? 1 : 0);
    for (int c = 0; c < count; ++c) {
        tokens[c] = cell_token(pos, c, options.names, lead);
        width = std::max(width, tokens[c].size());
    }
    // Cells as wide as the file letters, so that every file keeps its label.
    width = std::max(width, widest_file_letters(board));
    const int players = pos.tables().player_count;
    const int viewer = options.from >= 0 && options.from < players ? options.from : 0;
    const Layout layout =
        lay_out(board, view_turns(game, viewer), TokenShape{width, lead}, options.compact);

    // The marks: the last move's cells, a royal piece in check.
    std::vector<bool> last(count, false);
    const Move m = options.last_move;
    if (!m.is_none() && !m.is_pass()) {
        if (m.to() < count) last[m.to()] = true;
        if (!m.is_drop() && m.from() < count) last[m.from()] = true;
    }
    const std::vector<bool> check = royals_in_check(pos);

    // Columns from the leftmost text, lines from the top. A mark stands in the blank before its
    // cell: for the leftmost cells, the blank after the margin or, without a margin, a column
    // kept free, so the drawing does not shift when a mark comes or goes.
    std::size_t margin = 0;
    for (const Placed& label : layout.margin) margin = std::max(margin, label.text.size() + 1);
    long left = LONG_MAX;
    int top = INT_MIN;
    for (int c = 0; c < count; ++c) {
        left = std::min(left, layout.column[c] - (margin ? 0 : 1));
        top = std::max(top, layout.line[c]);
    }
    for (const Placed& label : layout.labels) {
        left = std::min(left, label.column);
        top = std::max(top, label.line);
    }
    auto column = [&](long at) { return margin + static_cast<std::size_t>(at - left); };

    Canvas canvas;
    for (const Placed& label : layout.margin)
        canvas.put(top - label.line, margin - 1 - label.text.size(), label.text);
    for (const Placed& label : layout.labels)
        canvas.put(top - label.line, column(label.column), label.text);
    for (int c = 0; c < count; ++c) {
        const int row = top - layout.line[c];
        // The mark goes in the blank before the letter: the token's own lead, or the column
        // before a plus piece.
        const std::size_t at = column(layout.column[c]);
        const std::size_t mark = lead && tokens[c][0] == ' ' ? at : at - 1;
        tokens[c].resize(width, ' ');
        canvas.put(row, at, tokens[c], options.colour ? style_of(pos, c, last[c], check[c]) : "");
        if (check[c])
            canvas.put(row, mark, std::string(1, CHECK_MARK));
        else if (last[c] && !options.colour)
            canvas.put(row, mark, std::string(1, LAST_MOVE_MARK));
    }
    const std::string drawn = canvas.text(options.colour);
    if (!game.holds_hands()) return drawn;
    // With two players, the other's hand above the board, on their side, the viewer's below;
    // with more, all below in turn order.
    if (players != 2) {
        std::string out = drawn;
        for (int p = 0; p < players; ++p) out += hand_text(pos, p) + '\n';
        return out;
    }
    return hand_text(pos, 1 - viewer) + '\n' + drawn + hand_text(pos, viewer) + '\n';
}

}  // namespace vari::runtime
