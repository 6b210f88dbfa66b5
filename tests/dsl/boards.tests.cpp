// Board generation: every form gives the cells, names, coordinates and lines LANGUAGE.md states.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <set>
#include <string>

#include "dsl/dsl.hpp"

namespace dsl_boards_tests {

namespace {

namespace dsl = vari::dsl;
namespace ir = vari::ir;

ir::Board board_of(const std::string& board) {
    const std::string text =
        "game \"T\"\nplayers A B\n" + board + "\npiece King K { step orthogonal }\n";
    auto result = dsl::load_text(text, "board.vari");
    std::string report;
    for (const auto& d : result.diagnostics) report += dsl::render(d, result);
    INFO(report);
    REQUIRE(result.game);
    return result.game->board;
}

ir::Vec coord(const ir::Board& board, const std::string& name) {
    const auto it = std::find_if(board.cells.begin(), board.cells.end(),
                                 [&](const ir::Cell& c) { return c.name == name; });
    REQUIRE(it != board.cells.end());
    return it->coord;
}

std::vector<std::string> line_names(const ir::Board& board, std::size_t line) {
    std::vector<std::string> out;
    for (const int c : board.lines.at(line))
        out.push_back(board.cells[static_cast<std::size_t>(c)].name);
    return out;
}

std::vector<std::string> file_names(const ir::Board& board, std::size_t file) {
    std::vector<std::string> out;
    for (const int c : board.files.at(file))
        out.push_back(board.cells[static_cast<std::size_t>(c)].name);
    return out;
}

// Every cell in exactly one of the lines.
void check_partition(const std::vector<ir::Line>& lines, std::size_t cell_count) {
    std::multiset<int> in_lines;
    for (const auto& line : lines) in_lines.insert(line.begin(), line.end());
    CHECK(in_lines.size() == cell_count);
    CHECK(std::set<int>(in_lines.begin(), in_lines.end()).size() == cell_count);
}

// Cells sorted by (y, x), every cell in exactly one line and in exactly one file.
void check_invariants(const ir::Board& board) {
    CHECK(std::is_sorted(
        board.cells.begin(), board.cells.end(), [](const ir::Cell& a, const ir::Cell& b) {
            return std::pair{a.coord.y, a.coord.x} < std::pair{b.coord.y, b.coord.x};
        }));
    check_partition(board.lines, board.cells.size());
    check_partition(board.files, board.cells.size());
}

// The largest hex distance from the board's centre cell (axial coordinates).
int radius(const ir::Board& board) {
    long sx = 0, sy = 0;
    for (const auto& c : board.cells) sx += c.coord.x, sy += c.coord.y;
    const auto n = static_cast<long>(board.cells.size());
    const int cx = static_cast<int>(sx / n), cy = static_cast<int>(sy / n);
    int most = 0;
    for (const auto& c : board.cells) {
        const int dx = c.coord.x - cx, dy = c.coord.y - cy;
        // Cube coordinates: (q, r, -q-r) on pointy boards, (x, y-x, -y) on flat ones
        // (rules.md 1.2, 5.1).
        const int distance = board.geometry == ir::Geometry::hex_pointy
                                 ? std::abs(dx) + std::abs(dy) + std::abs(dx + dy)
                                 : std::abs(dx) + std::abs(dy - dx) + std::abs(dy);
        most = std::max(most, distance / 2);
    }
    return most;
}

}  // namespace

TEST_CASE("a square board names cells by file letter and rank number", "[dsl][board]") {
    const auto board = board_of("board square { files a..e ranks 0..3 }");
    CHECK(board.cells.size() == 20);
    CHECK(coord(board, "a0") == ir::Vec{0, 0});
    CHECK(coord(board, "e3") == ir::Vec{4, 3});
    REQUIRE(board.lines.size() == 4);
    CHECK(line_names(board, 0) == std::vector<std::string>{"a3", "b3", "c3", "d3", "e3"});
    check_invariants(board);
}

TEST_CASE("files past z are lettered aa, ab, ... as spreadsheets letter columns", "[dsl][board]") {
    const auto board = board_of("board square { files a..ab ranks 1..4 }");
    CHECK(board.cells.size() == 112);
    CHECK(coord(board, "z1") == ir::Vec{25, 0});
    CHECK(coord(board, "aa1") == ir::Vec{26, 0});
    CHECK(coord(board, "ab4") == ir::Vec{27, 3});
    REQUIRE(board.lines.size() == 4);
    const auto top = line_names(board, 0);
    REQUIRE(top.size() == 28);
    CHECK(std::vector<std::string>(top.end() - 4, top.end()) ==
          std::vector<std::string>{"y4", "z4", "aa4", "ab4"});
    REQUIRE(board.files.size() == 28);
    CHECK(file_names(board, 27) == std::vector<std::string>{"ab1", "ab2", "ab3", "ab4"});
    check_invariants(board);
}

TEST_CASE("a files range may start and end on letters past z", "[dsl][board]") {
    const auto square = board_of("board square { files y..af ranks 1..2 }");
    CHECK(line_names(square, 1) ==
          std::vector<std::string>{"y1", "z1", "aa1", "ab1", "ac1", "ad1", "ae1", "af1"});
    const auto late = board_of("board square { files aa..af ranks 1..1 }");
    CHECK(line_names(late, 0) ==
          std::vector<std::string>{"aa1", "ab1", "ac1", "ad1", "ae1", "af1"});
    CHECK(coord(late, "aa1") == ir::Vec{0, 0});
    const auto flat = board_of("board hex flat { files y..ab lengths 1 2 2 1 first 1 1 2 2 }");
    CHECK(coord(flat, "z2") == ir::Vec{1, 2});
    CHECK(coord(flat, "aa3") == ir::Vec{2, 3});
    CHECK(coord(flat, "ab2") == ir::Vec{3, 2});
    check_invariants(flat);
}

TEST_CASE("a pointy rank of more than 26 cells letters them on past z", "[dsl][board]") {
    const auto board = board_of("board hex pointy { ranks 1..2 lengths 28 27 indents 0 1 }");
    CHECK(board.cells.size() == 55);
    CHECK(coord(board, "ab1") == ir::Vec{27, 0});
    CHECK(coord(board, "aa2") == ir::Vec{26, 1});
    check_invariants(board);
}

TEST_CASE("a hexagon of side N has 3N(N-1)+1 cells in both orientations", "[dsl][board]") {
    const int n = GENERATE(1, 2, 3, 5, 7);
    const std::string shape = GENERATE(std::string("flat"), std::string("pointy"));
    INFO("hex " << shape << " hexagon " << n);
    const auto board = board_of("board hex " + shape + " { hexagon " + std::to_string(n) + " }");
    CHECK(board.cells.size() == static_cast<std::size_t>(3 * n * (n - 1) + 1));
    CHECK(radius(board) == n - 1);
    CHECK(board.lines.size() == static_cast<std::size_t>(2 * n - 1));
    check_invariants(board);
}

TEST_CASE("a pointy hexagon of side 5 has 61 cells named by rank, lettered from the left",
          "[dsl][board]") {
    const auto board = board_of("board hex pointy { hexagon 5 }");
    CHECK(board.cells.size() == 61);
    REQUIRE(board.lines.size() == 9);
    CHECK(line_names(board, 0) == std::vector<std::string>{"a9", "b9", "c9", "d9", "e9"});
    CHECK(line_names(board, 4).size() == 9);
    CHECK(line_names(board, 8).front() == "a1");
    // The middle rank's first cell is half a cell left of the bottom rank's... four times over.
    const auto a1 = coord(board, "a1"), a5 = coord(board, "a5");
    CHECK((2 * a5.x + a5.y) - (2 * a1.x + a1.y) == -4);
}

TEST_CASE("a flat hexagon of side 6 has 91 cells in files a to k", "[dsl][board]") {
    const auto board = board_of("board hex flat { hexagon 6 }");
    CHECK(board.cells.size() == 91);
    REQUIRE(board.lines.size() == 11);
    CHECK(line_names(board, 0).front() == "a6");
    CHECK(line_names(board, 5).size() == 11);
    CHECK(line_names(board, 5).front() == "f11");
    CHECK(line_names(board, 10) == std::vector<std::string>{"k11", "k10", "k9", "k8", "k7", "k6"});
    CHECK(coord(board, "f1") == ir::Vec{5, 1});
}

TEST_CASE("the Hex Shogi 41 board from ranks, lengths and indents", "[dsl][board]") {
    const auto board = board_of(
        "board hex pointy { ranks 1..9 lengths 5 4 5 4 5 4 5 4 5 indents 0 1 0 1 0 1 0 1 0 }");
    REQUIRE(board.cells.size() == 41);
    check_invariants(board);
    // rules.md 2.1: {(q, r) : |r| <= 4 and |2q + r| <= 4} around c5.
    const ir::Vec c5 = coord(board, "c5");
    std::set<std::pair<int, int>> cells, expected;
    for (const auto& c : board.cells) cells.insert({c.coord.x - c5.x, c.coord.y - c5.y});
    for (int r = -4; r <= 4; ++r)
        for (int q = -8; q <= 8; ++q)
            if (std::abs(2 * q + r) <= 4) expected.insert({q, r});
    CHECK(cells == expected);
    // A 4-cell rank is inset half a cell: a2 sits one half unit right of a1.
    const auto a1 = coord(board, "a1"), a2 = coord(board, "a2");
    CHECK((2 * a2.x + a2.y) - (2 * a1.x + a1.y) == 1);
    CHECK(line_names(board, 0) == std::vector<std::string>{"a9", "b9", "c9", "d9", "e9"});
    CHECK(line_names(board, 1) == std::vector<std::string>{"a8", "b8", "c8", "d8"});
}

TEST_CASE("a flat board from files, lengths and first ranks", "[dsl][board]") {
    const auto board = board_of("board hex flat { files a..c lengths 2 3 2 first 1 1 2 }");
    CHECK(board.cells.size() == 7);
    CHECK(coord(board, "c3") == ir::Vec{2, 3});
    CHECK(line_names(board, 1) == std::vector<std::string>{"b3", "b2", "b1"});
    check_invariants(board);
}

TEST_CASE("a board given cell by cell keeps its names and coordinates", "[dsl][board]") {
    const auto cells = board_of("board hex pointy { cells x2 (0, 1) a1 (0, 0) b1 (1, 0) }");
    REQUIRE(cells.cells.size() == 3);
    CHECK(cells.cells[0].name == "a1");
    CHECK(cells.cells[1].name == "b1");
    CHECK(cells.cells[2].name == "x2");
    REQUIRE(cells.lines.size() == 2);
    CHECK(line_names(cells, 0) == std::vector<std::string>{"x2"});
    CHECK(line_names(cells, 1) == std::vector<std::string>{"a1", "b1"});
}

TEST_CASE("the files of a board cross its lines: one family for drop rules, each cell on one",
          "[dsl][board]") {
    auto [text, files, first, last] =
        GENERATE(table<std::string, std::size_t, std::string, std::string>({
            // Square: files a, b, ... each from the bottom up.
            {"board square { files a..c ranks 1..4 }", 3, "a1 a2 a3 a4", "c1 c2 c3 c4"},
            // Pointy: the 1 o'clock lines of constant q, each from the bottom up (rules.md 2.6's
            // "file" a1-a2-b3-b4-c5-c6-d7-d8-e9 is the one through the centre).
            {"board hex pointy { ranks 1..9 lengths 5 4 5 4 5 4 5 4 5 indents 0 1 0 1 0 1 0 1 0 }",
             9, "a9", "e1"},
            // Flat: the ranks, the 4 o'clock lines of constant rank number, each from the left.
            {"board hex flat { files a..c lengths 2 3 2 first 1 1 2 }", 3, "a1 b1", "b3 c3"},
            // Cells: grouped as the generated form of the geometry would be.
            {"board square { cells b1 (1, 0) a2 (0, 1) a1 (0, 0) }", 2, "a1 a2", "b1"},
            {"board hex flat { cells a1 (0, 1) b2 (1, 2) b1 (1, 1) }", 2, "a1 b1", "b2"},
        }));
    INFO(text);
    const auto board = board_of(text);
    check_invariants(board);
    REQUIRE(board.files.size() == files);
    const auto joined = [](const std::vector<std::string>& names) {
        std::string out;
        for (const auto& name : names) out += (out.empty() ? "" : " ") + name;
        return out;
    };
    CHECK(joined(file_names(board, 0)) == first);
    CHECK(joined(file_names(board, files - 1)) == last);
}

TEST_CASE("a pointy board's files are its 1 o'clock lines", "[dsl][board]") {
    const auto board = board_of(
        "board hex pointy { ranks 1..9 lengths 5 4 5 4 5 4 5 4 5 indents 0 1 0 1 0 1 0 1 0 }");
    const auto centre =
        std::find_if(board.files.begin(), board.files.end(), [&](const ir::Line& f) {
            return board.cells[static_cast<std::size_t>(f.front())].name == "a1";
        });
    REQUIRE(centre != board.files.end());
    const auto index = static_cast<std::size_t>(centre - board.files.begin());
    CHECK(file_names(board, index) ==
          std::vector<std::string>{"a1", "a2", "b3", "b4", "c5", "c6", "d7", "d8", "e9"});
    std::vector<std::size_t> lengths;
    for (const auto& file : board.files) lengths.push_back(file.size());
    CHECK(lengths == std::vector<std::size_t>{1, 3, 5, 7, 9, 7, 5, 3, 1});
}

}  // namespace dsl_boards_tests
