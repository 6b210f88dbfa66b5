// Where a drawing puts each cell and each file and rank label: the board turned to a player's
// view, cells placed by their coordinates, labels where each file and rank leaves the board.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "runtime/draw_parts.hpp"
#include "runtime/notation/notation.hpp"

namespace vari::runtime {
namespace {

using ir::Geometry;
using ir::Vec;

int turns_in_circle(Geometry geometry) { return geometry == Geometry::square ? 4 : 6; }

Vec turn(Geometry geometry, Vec v, int turns) {
    for (int t = 0; t < turns; ++t) v = turn_once(geometry, v);
    return v;
}

// Where a cell at `v` (turned already) stands: `u` across in half or whole cells, `w` up the
// board in lines.
struct Screen {
    int u = 0;
    int w = 0;
};
Screen screen(Geometry geometry, Vec v) {
    switch (geometry) {
        case Geometry::square:
            return {v.x, v.y};
        case Geometry::hex_flat:
            return {v.x, 2 * v.y - v.x};  // files staggered by half a line
        case Geometry::hex_pointy:
            return {2 * v.x + v.y, v.y};  // ranks indented by half a cell
    }
    return {};
}

// Characters per unit of Screen::u.
long pitch(Geometry geometry, std::size_t width) {
    const long w = static_cast<long>(width);
    return geometry == Geometry::hex_flat     ? w + 2
           : geometry == Geometry::hex_pointy ? (w + 2) / 2
                                              : w + 1;
}

Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }

bool neighbours(Geometry geometry, Vec a, Vec b) {
    const Vec d = b - a;
    Vec step{1, 0};
    for (int t = 0; t < turns_in_circle(geometry); ++t, step = turn_once(geometry, step))
        if (d == step) return true;
    return false;
}

// How the cells of one file or rank lie in the drawing.
enum class Shape { none, across, upright, path };

// Text already written on each line, as [begin, end) runs of columns.
class Occupied {
public:
    void take(int line, long begin, long end) { runs_[line].push_back({begin, end}); }
    bool free(int line, long begin, long end) const {
        auto it = runs_.find(line);
        if (it == runs_.end()) return true;
        for (const auto& [b, e] : it->second)
            if (b < end && begin < e) return false;
        return true;
    }

private:
    std::map<int, std::vector<std::pair<long, long>>> runs_;
};

}  // namespace

int view_turns(const ir::Game& game, int player) {
    const ir::Board& board = game.board;
    const int circle = turns_in_circle(board.geometry);
    const long cells = static_cast<long>(board.cells.size());
    long own = 0;
    for (const ir::Placement& p : game.setup) own += p.player == player ? 1 : 0;
    // Height of the middle of the player's pieces above the middle of the board, times
    // own * cells, for each turn: the lowest wins, the first of equals.
    // Two players face each other: the second sees the board half turned, never a quarter.
    const int players = std::max<int>(1, static_cast<int>(game.players.size()));
    const int stride = players == 2 ? circle / 2 : 1;
    std::optional<long> lowest;
    int best = 0;
    for (int t = 0; own > 0 && t < circle; t += stride) {
        long mine = 0, all = 0;
        for (const ir::Placement& p : game.setup)
            if (p.player == player)
                mine +=
                    screen(board.geometry, turn(board.geometry, board.cells[p.cell].coord, t)).w;
        for (const ir::Cell& c : board.cells)
            all += screen(board.geometry, turn(board.geometry, c.coord, t)).w;
        const long height = mine * cells - all * own;
        if (!lowest || height < *lowest) {
            lowest = height;
            best = t;
        }
    }
    if (lowest && *lowest < 0) return best;
    // No setup, or one centred on the board: spread the players round the circle.
    return (player * circle * 2 + players) / (2 * players) % circle;
}

namespace {

// The cells placed: turned lattice coordinates and where each stands in the drawing.
struct Grid {
    Geometry geometry;
    long step = 1;  // characters per Screen::u
    long lead = 0;  // labels stand over the letter, not the '+'
    std::vector<Vec> at;
    const Layout& layout;
    int top = 0, bottom = 0;  // lines of the highest and lowest cells
};

// A group of cells sharing a file part or a rank part, sorted up the drawing.
struct Group {
    std::string part;
    std::vector<int> cells;
    Shape shape = Shape::none;
    // Its columns, its lines hold no cell of another group.
    bool columns_agree = true, lines_agree = true;
};

// The groups of one kind (`rank` parts or file parts), each with its shape. A line of the drawing
// is `across` or `upright` only when all its cells carry the group's part.
std::vector<Group> groups_of(const ir::Board& board, const Grid& grid, bool rank) {
    const Layout& out = grid.layout;
    const int count = static_cast<int>(board.cells.size());
    std::map<std::string, std::vector<int>> by_part;
    std::map<long, std::set<std::string>> on_column;
    std::map<int, std::set<std::string>> on_line;
    for (int c = 0; c < count; ++c) {
        const std::string part(notation::name_part(board.cells[c].name, rank));
        if (!part.empty()) by_part[part].push_back(c);
        on_column[out.column[c]].insert(part);
        on_line[out.line[c]].insert(part);
    }
    auto up = [&](int a, int b) {
        return std::pair(out.line[a], out.column[a]) < std::pair(out.line[b], out.column[b]);
    };
    std::vector<Group> groups;
    for (auto& [part, cells] : by_part) {
        std::sort(cells.begin(), cells.end(), up);
        Group g{part, cells};
        // Upright too: a pointy-top file zigzagging between two columns half a cell apart.
        bool across = true, upright = true, path = true;
        bool zigzag = grid.geometry == Geometry::hex_pointy && cells.size() > 2;
        for (std::size_t i = 1; i < cells.size(); ++i) {
            across = across && out.line[cells[i]] == out.line[cells[0]];
            upright = upright && out.column[cells[i]] == out.column[cells[0]];
            path = path && neighbours(grid.geometry, grid.at[cells[i - 1]], grid.at[cells[i]]);
            const long sway = out.column[cells[i]] - out.column[cells[i - 1]];
            zigzag = zigzag && (sway == grid.step || sway == -grid.step) &&
                     (i < 2 || out.column[cells[i]] == out.column[cells[i - 2]]);
        }
        for (const int c : cells) {
            g.columns_agree = g.columns_agree && on_column[out.column[c]].size() == 1;
            g.lines_agree = g.lines_agree && on_line[out.line[c]].size() == 1;
        }
        across = across && g.lines_agree;
        upright = (upright || zigzag) && g.columns_agree;
        g.shape = across    ? Shape::across
                  : upright ? Shape::upright
                  : path    ? Shape::path
                            : Shape::none;
        groups.push_back(std::move(g));
    }
    return groups;
}

// The way out of a path at its lower end (`high` false) or its upper end; for a group of one
// cell, the way most paths of its kind take.
std::optional<Vec> way_out(const Grid& grid, const std::vector<Group>& groups, const Group& g,
                           bool high) {
    auto out_of = [&](const Group& path) {
        const std::size_t n = path.cells.size();
        return high ? grid.at[path.cells[n - 1]] - grid.at[path.cells[n - 2]]
                    : grid.at[path.cells[0]] - grid.at[path.cells[1]];
    };
    if (g.cells.size() > 1) return out_of(g);
    std::map<std::pair<int, int>, int> seen;
    for (const Group& path : groups)
        if (path.shape == Shape::path && path.cells.size() > 1) {
            const Vec v = out_of(path);
            ++seen[{v.x, v.y}];
        }
    std::optional<Vec> best;
    int most = 0;
    for (const auto& [v, n] : seen)
        if (n > most) best = Vec{v.first, v.second}, most = n;
    return best;
}

// The labels of one kind: those of lines across the drawing into `margin`, the others into
// `board` in the order they should claim their places (upright lines' labels, then the paths'
// lower ends, then their upper ends).
void label(const ir::Board& board, const Grid& grid, bool rank, std::vector<Placed>& margin,
           std::vector<Placed>& labels) {
    const Layout& out = grid.layout;
    std::vector<Group> groups = groups_of(board, grid, rank);
    // A lone cell's group takes the shape most groups of its kind have.
    std::map<Shape, int> shapes;
    for (const Group& g : groups)
        if (g.cells.size() > 1) ++shapes[g.shape];
    Shape usual = Shape::none;
    for (const auto& [s, n] : shapes)
        if (usual == Shape::none || n > shapes[usual]) usual = s;
    std::map<int, int> across_on_line;
    for (Group& g : groups) {
        if (g.cells.size() == 1) {
            const bool fits = usual == Shape::upright  ? g.columns_agree
                              : usual == Shape::across ? g.lines_agree
                                                       : true;
            g.shape = fits ? usual : Shape::none;
        }
        if (g.shape == Shape::across) ++across_on_line[out.line[g.cells[0]]];
    }
    std::vector<Placed> lows, highs;
    for (const Group& g : groups) {
        const int first = g.cells.front(), last = g.cells.back();
        auto beyond = [&](int cell, Vec way) {
            const Screen s = screen(grid.geometry, grid.at[cell] + way);
            return Placed{s.u * grid.step + grid.lead, s.w, g.part};
        };
        switch (g.shape) {
            case Shape::none:
                break;
            case Shape::across:
                // Two groups on one line cannot share its margin: neither is labelled.
                if (across_on_line[out.line[first]] == 1)
                    margin.push_back({0, out.line[first], g.part});
                break;
            case Shape::upright:
                labels.push_back({out.column[first] + grid.lead, grid.bottom - 1, g.part});
                if (grid.geometry == Geometry::hex_flat)
                    labels.push_back({out.column[last] + grid.lead, grid.top + 1, g.part});
                break;
            case Shape::path:
                if (const auto way = way_out(grid, groups, g, false))
                    lows.push_back(beyond(first, *way));
                if (const auto way = way_out(grid, groups, g, true))
                    highs.push_back(beyond(last, *way));
                break;
        }
    }
    labels.insert(labels.end(), lows.begin(), lows.end());
    labels.insert(labels.end(), highs.begin(), highs.end());
}

}  // namespace

Layout lay_out(const ir::Board& board, int turns, TokenShape shape, bool compact) {
    const int count = static_cast<int>(board.cells.size());
    Layout out;
    Grid grid{board.geometry, pitch(board.geometry, shape.width), shape.lead ? 1 : 0, {}, out};
    Occupied taken;
    for (int c = 0; c < count; ++c) {
        grid.at.push_back(turn(board.geometry, board.cells[c].coord, turns));
        const Screen s = screen(board.geometry, grid.at[c]);
        out.column.push_back(s.u * grid.step);
        out.line.push_back(s.w);
        taken.take(s.w, s.u * grid.step, s.u * grid.step + static_cast<long>(shape.width));
        grid.top = c == 0 ? s.w : std::max(grid.top, s.w);
        grid.bottom = c == 0 ? s.w : std::min(grid.bottom, s.w);
    }
    std::vector<Placed> labels;
    for (const bool rank : {false, true}) label(board, grid, rank, out.margin, labels);
    // Each label where it leaves a blank to both sides of it, the first come first served.
    for (const Placed& l : labels) {
        const long end = l.column + static_cast<long>(l.text.size());
        if (compact && l.line > grid.top) continue;
        if (!taken.free(l.line, l.column - 1, end + 1)) continue;
        taken.take(l.line, l.column, end);
        out.labels.push_back(l);
    }
    return out;
}

}  // namespace vari::runtime
