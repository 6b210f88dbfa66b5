// Labelled boards and cell names of either shape: `label files A..B ranks C..D`, `6f`-style names
// wherever a cell is written, zones by a labelled rank or file, and their images per player.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "dsl/dsl.hpp"
#include "dsl/game_facts.hpp"

namespace dsl_labels_tests {

namespace {

using namespace vari::dsl_test;

// The 91-cell board of Three Player Hex Shogi: files 11..1 by q, ranks k..a by r.
const std::string hex91 =
    "game \"T\"\nplayers A B C\norient B rotate 120\norient C rotate 240\n"
    "board hex pointy { hexagon 6  label files 11..1 ranks k..a }\n";

ir::Vec coord(const ir::Game& game, const std::string& name) {
    return game.board.cells[static_cast<std::size_t>(cell(game, name))].coord;
}

// `name`'s coordinates less the centre's.
ir::Vec from_centre(const ir::Game& game, const std::string& name) {
    const ir::Vec c = coord(game, name), centre = coord(game, "6f");
    return {c.x - centre.x, c.y - centre.y};
}

std::set<std::string> cells_of_file(const ir::Game& game, const std::string& file) {
    std::set<std::string> out;
    for (const auto& c : game.board.cells)
        if (c.name.size() > file.size() && c.name.compare(0, file.size(), file) == 0 &&
            std::isalpha(static_cast<unsigned char>(c.name[file.size()])))
            out.insert(c.name);
    return out;
}

// A cell name's shape: letters then digits, or digits then letters.
bool two_parts(const std::string& name) {
    const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    std::size_t split = 0;
    while (split < name.size() && digit(name[split]) == digit(name[0])) ++split;
    if (split == 0 || split == name.size()) return false;
    return std::all_of(name.begin(), name.end(), [&](char c) { return digit(c) || letter(c); }) &&
           std::all_of(name.begin() + static_cast<long>(split), name.end(),
                       [&](char c) { return digit(c) != digit(name[0]); });
}

}  // namespace

TEST_CASE("the 91-cell hexagon labelled files 11..1 ranks k..a", "[dsl][board][labels]") {
    const auto game = game_of(hex91 + "piece King K { step orthogonal }\n");
    const auto& board = game.board;
    REQUIRE(board.cells.size() == 91);
    // The centre cell is the mean of all the cells.
    long sx = 0, sy = 0;
    for (const auto& c : board.cells) sx += c.coord.x, sy += c.coord.y;
    CHECK(coord(game, "6f") == ir::Vec{static_cast<int>(sx / 91), static_cast<int>(sy / 91)});
    CHECK(from_centre(game, "11a") == ir::Vec{-5, 5});
    CHECK(from_centre(game, "1k") == ir::Vec{5, -5});
    CHECK(from_centre(game, "6a") == ir::Vec{0, 5});
    CHECK(from_centre(game, "6k") == ir::Vec{0, -5});
    CHECK(from_centre(game, "1f") == ir::Vec{5, 0});
    CHECK(from_centre(game, "11f") == ir::Vec{-5, 0});
    // Notation order: ranks from the top down, each from the left.
    REQUIRE(board.lines.size() == 11);
    std::vector<std::size_t> lengths;
    for (const auto& line : board.lines) lengths.push_back(line.size());
    CHECK(lengths == std::vector<std::size_t>{6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6});
    CHECK(line_names(game, board.lines.front()) ==
          std::vector<std::string>{"11a", "10a", "9a", "8a", "7a", "6a"});
    CHECK(line_names(game, board.lines.back()) ==
          std::vector<std::string>{"6k", "5k", "4k", "3k", "2k", "1k"});
    // The files are the 1 o'clock lines, one per file label, each from the bottom up.
    REQUIRE(board.files.size() == 11);
    CHECK(line_names(game, board.files.front()) ==
          std::vector<std::string>{"11f", "11e", "11d", "11c", "11b", "11a"});
    CHECK(line_names(game, board.files.back()) ==
          std::vector<std::string>{"1k", "1j", "1i", "1h", "1g", "1f"});
    for (const auto& file : board.files) {
        const auto cells = line_names(game, file);
        const std::string label = cells.front().substr(0, cells.front().size() - 1);
        CHECK(std::set<std::string>(cells.begin(), cells.end()) == cells_of_file(game, label));
    }
}

TEST_CASE("zones by a labelled rank or file, and their images for turned players",
          "[dsl][zones][labels]") {
    const auto game = game_of(hex91 +
                              "zone top = rank a\nzone right-edge = file 1\n"
                              "zone far = rank a rank b rank c\nzone mid = rank f file 6\n"
                              "piece King K { step orthogonal }\n");
    CHECK(names(game, zone(game, "top").cells[0]) == split("11a 10a 9a 8a 7a 6a"));
    CHECK(names(game, zone(game, "right-edge").cells[0]) == split("1f 1g 1h 1i 1j 1k"));
    CHECK(zone(game, "mid").cells[0].size() == 11 + 11 - 1);
    // Turned 120 degrees clockwise, (q, r) -> (r, -q - r): the top edge becomes the lower right
    // edge, file 1, and ranks a, b, c become files 1, 2, 3.
    const auto& far = zone(game, "far");
    CHECK(names(game, far.cells[0]).size() == 6 + 7 + 8);
    std::set<std::string> files_1_to_3 = cells_of_file(game, "1");
    for (const auto* f : {"2", "3"}) {
        const auto more = cells_of_file(game, f);
        files_1_to_3.insert(more.begin(), more.end());
    }
    CHECK(names(game, far.cells[1]) == files_1_to_3);
    CHECK(names(game, zone(game, "top").cells[1]) ==
          names(game, zone(game, "right-edge").cells[0]));
    // Turned 240, (q, r) -> (-q - r, q): the top edge becomes the lower left edge.
    CHECK(names(game, zone(game, "top").cells[2]) == split("6k 7j 8i 9h 10g 11f"));
}

TEST_CASE("a label may rename every generated form", "[dsl][board][labels]") {
    auto [board, cell_name, expected] = GENERATE(table<std::string, std::string, ir::Vec>({
        // Square: x is the file, y the rank.
        {"square { files a..c ranks 1..4  label files 3..1 ranks a..d }", "3a", {0, 0}},
        {"square { files a..c ranks 1..4  label files 3..1 ranks a..d }", "1d", {2, 3}},
        {"square { label files z..x ranks 10..13  files a..c ranks 1..4 }", "z10", {0, 0}},
        // Flat: x is the file (a column), y the rank number.
        {"hex flat { files a..c lengths 2 3 2 first 1 1 2  label files 1..3 ranks c..a }",
         "3a",
         {2, 3}},
        {"hex flat { hexagon 6  label files a..k ranks 11..1 }", "f6", {5, 6}},
        // Pointy: x is q (the 1 o'clock lines), y the rank.
        {"hex pointy { ranks 1..3 lengths 2 3 2 indents 2 1 2  label files 1..3 ranks a..c }",
         "1b",
         {0, 1}},
        {"hex pointy { hexagon 2  label files c..a ranks 1..3 }", "a1", {2, 0}},
    }));
    INFO(board);
    const auto game =
        game_of("game \"T\"\nplayers A\nboard " + board + "\npiece King K { step orthogonal }\n");
    CHECK(coord(game, cell_name) == expected);
    for (const auto& c : game.board.cells) {
        INFO(c.name);
        CHECK(two_parts(c.name));
    }
}

TEST_CASE("letter labels run past z, up or down", "[dsl][board][labels]") {
    auto [board, cell_name, expected] = GENERATE(table<std::string, std::string, ir::Vec>({
        {"square { files a..d ranks 1..28  label files 1..4 ranks a..ab }", "1aa", {0, 26}},
        {"square { files a..d ranks 1..28  label files 1..4 ranks a..ab }", "4ab", {3, 27}},
        {"square { files a..d ranks 1..28  label files 1..4 ranks ab..a }", "2ab", {1, 0}},
        {"square { files a..d ranks 1..28  label files 1..4 ranks ab..a }", "2z", {1, 2}},
        {"square { files a..ab ranks 1..4  label files ab..a ranks 1..4 }", "aa1", {1, 0}},
        {"square { files a..ab ranks 1..4  label files y..az ranks 4..1 }", "az4", {27, 0}},
    }));
    INFO(board);
    const auto game =
        game_of("game \"T\"\nplayers A\nboard " + board + "\npiece King K { step orthogonal }\n");
    CHECK(coord(game, cell_name) == expected);
    CHECK(game.board.cells.size() == 112);
}

TEST_CASE("a zone may name a file past z", "[dsl][zones][labels]") {
    const auto game = game_of(
        "game \"T\"\nplayers A\nboard square { files a..ab ranks 1..4 }\nzone far = file aa\n"
        "piece King K { step orthogonal }\n");
    CHECK(names(game, zone(game, "far").cells[0]) == split("aa1 aa2 aa3 aa4"));
}

TEST_CASE("digits-then-letters cell names work in setups, zones, castlings and cell lists",
          "[dsl][labels]") {
    const auto game = game_of(
        "game \"T\"\nplayers A B\norient B rotate 180\n"
        "board square { files a..h ranks 1..8  label files 1..8 ranks a..h }\n"
        "zone home = 1a 2a rank b\n"
        "piece King K royal { step orthogonal diagonal }\npiece Rook R { slide orthogonal }\n"
        "castling A K { King 5a 7a  Rook 8a 6a  empty 6a 7a  safe 5a 6a 7a }\n"
        "setup A { King 5a  Rook 1a 8a }\nsetup B { King 5h  Rook 1h 8h }\nend checkmate win\n");
    CHECK(coord(game, "5a") == ir::Vec{4, 0});
    CHECK(names(game, zone(game, "home").cells[0]).size() == 10);
    CHECK(names(game, zone(game, "home").cells[1]) == split("7h 8h 1g 2g 3g 4g 5g 6g 7g 8g"));
    REQUIRE(game.castlings.size() == 1);
    CHECK(game.castlings[0].royal_from == cell(game, "5a"));
    CHECK(game.castlings[0].partner_to == cell(game, "6a"));
    CHECK(game.setup.size() == 6);

    const auto listed = game_of(
        "game \"T\"\nplayers A\nboard hex pointy { cells 1a (0, 0) 2a (1, 0) 1b (0, 1) }\n"
        "zone z = 1b\npiece King K { step orthogonal }\nsetup A { King 2a }\n");
    CHECK(coord(listed, "1b") == ir::Vec{0, 1});
    CHECK(names(listed, zone(listed, "z").cells[0]) == split("1b"));
}

TEST_CASE("a label's ranges are checked against each other and against the board",
          "[dsl][labels]") {
    const std::string head = "game \"T\"\nplayers A\nboard ";
    const std::string king = "\npiece King K { step orthogonal }\n";
    auto [board, message] = GENERATE(table<std::string, std::string>({
        {"hex pointy { hexagon 6  label files 10..1 ranks k..a }",
         "3:43: the board has 11 files but the labels give 10\n"},
        {"hex pointy { hexagon 6  label files 11..1 ranks k..b }",
         "3:55: the board has 11 ranks but the labels give 10\n"},
        {"square { files a..h ranks 1..8  label files 1..8 ranks 1..8 }",
         "3:39: the file and the rank labels are both numbers; one range must be numbers and the "
         "other letters\n"},
        {"square { files a..h ranks 1..8  label files a..h ranks a..h }",
         "3:39: the file and the rank labels are both letters; one range must be numbers and the "
         "other letters\n"},
        {"square { files a..h ranks 1..8  label files 1..h ranks a..h }",
         "3:51: the file labels run from a number to a letter; give both ends as numbers or both "
         "as letters\n"},
        {"square { files a..h ranks 1..8  label files a..h ranks 1001..994 }",
         "3:62: a rank label's number must lie between 0 and 1000, found 1001\n"},
        {"square { files a..h ranks 1..8  label files 1..8 ranks a..zzz }",
         "3:65: rank labels are lettered a to z, then aa to zz (at most two letters), found "
         "'zzz'\n"},
        {"square { files a..ab ranks 1..4  label files zz..a ranks 1..4 }",
         "3:52: the board has 28 files but the labels give 702\n"},
        {"square { cells a1 (0, 0)  label files 1..1 ranks a..a }",
         "3:33: 'label' renames the cells of a generated board, but 'cells' names each cell "
         "itself\n"},
    }));
    INFO(board);
    CHECK(errors_of(head + board + king) == message);
}

TEST_CASE("a zone's rank or file must name one on the board, in the board's own labels",
          "[dsl][zones][labels]") {
    CHECK(errors_of(hex91 + "zone z = rank 3 file a\npiece King K { step orthogonal }\n") ==
          "6:10: there is no rank 3 on the board\n6:17: there is no file a on the board\n");
    CHECK(errors_of("game \"T\"\nplayers A\nboard square { files a..h ranks 1..8 }\n"
                    "zone z = rank a file 3\npiece King K { step orthogonal }\n") ==
          "4:10: there is no rank a on the board\n4:17: there is no file 3 on the board\n");
}

}  // namespace dsl_labels_tests
