// The pieces of Compact Hex Chess as shipped (stdlib-games/compact-hex/pieces.vari): every
// piece's targets from e5 of the empty 61-cell board, as rules.md §4.3 lists them, and Black's
// the same turned half round.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "support/shipped_games.hpp"

namespace interpreter_compact_hex_pieces_tests {

using namespace vari;
using vari::test::legal_targets;
using vari::test::place;

namespace {

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    std::sort(out.begin(), out.end());
    return out;
}

std::string joined(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
    return out;
}

// A cell of the 61-cell board turned half round about e5: rank k becomes 10 - k, and the i-th
// cell from the left of a rank of n cells the i-th from the right.
std::string turned(const std::string& cell) {
    const int rank = std::stoi(cell.substr(1));
    const int length = 9 - std::abs(rank - 5);
    const int index = cell[0] - 'a';
    return std::string(1, static_cast<char>('a' + length - 1 - index)) + std::to_string(10 - rank);
}

struct Anchor {
    const char* letter;
    const char* name;
    const char* targets;  // White's, from e5
    int count;
};

// rules.md §4.3; where the table gives only a count, the set is the union of its parts.
const Anchor anchors[] = {
    {"K", "Granduke", "c4 c6 d3 d4 d5 d6 d7 e4 e6 f4 f5 f6", 12},
    {"G", "General", "d4 d5 d6 e4 e6 f5", 6},
    {"Q", "Duchess",
     "a1 a5 a9 b2 b5 b8 c3 c5 c7 d4 d5 d6 e1 e2 e3 e4 e6 e7 e8 e9 f5 g5 h5 i5 "
     "a3 a7 c1 c4 c6 c9 d3 d7 f4 f6 g3 g7",
     36},
    {"C", "Cohen",
     "a3 a7 b2 b5 b8 c1 c3 c4 c5 c6 c7 c9 d3 d4 d5 d6 d7 e2 e3 e4 e6 e7 e8 f4 f5 f6 g3 g5 g7 h5",
     30},
    {"V", "Vicereine",
     "a1 a5 a9 b2 b5 b8 c3 c5 c7 d4 d5 d6 e1 e2 e3 e4 e6 e7 e8 e9 f5 g5 h5 i5 c4 c6 d3 d7 f4 f6",
     30},
    {"R", "Rook", "a1 a5 a9 b2 b5 b8 c3 c5 c7 d4 d5 d6 e1 e2 e3 e4 e6 e7 e8 e9 f5 g5 h5 i5", 24},
    {"F", "Finch", "c3 c4 c5 c6 c7 d3 d4 d5 d6 d7 e3 e4 e6 e7 f4 f5 f6 g5", 18},
    {"E", "Besieger", "a3 a7 c1 c4 c6 c9 d3 d7 f4 f6 g3 g7 d4 d5 d6 e4 e6 f5", 18},
    {"U", "Unicorn", "a3 a7 c1 c4 c6 c9 d3 d7 f4 f6 g3 g7", 12},
    {"A", "Rabbi", "a3 a7 b2 b5 b8 c1 c4 c6 c9 d3 d7 e2 e8 f4 f6 g3 g7 h5", 18},
    {"N", "Sennight", "b3 b4 b6 b7 c2 c8 d2 d8 f3 f7 g4 g6", 12},
    {"B", "Brassgeneral", "d4 d5 d6 d7 e4 e6 f5", 7},
    {"Z", "Azuregeneral", "c4 c6 d3 d6 d7 e6 f4 f6", 8},
    {"W", "Wazirranker", "d4 d6 e4 e6", 4},
    {"D", "Dexter", "d5 e4 e6 f5", 4},
    {"S", "Sinister", "d4 d5 d6 f5", 4},
    {"Y", "Viceroy", "c4 c6 d3 d7 f4 f6", 6},
    {"L", "Wing", "a9 b8 c7 d6 e6 e7 e8 e9", 8},
    {"H", "Senhelm", "c8 d8", 2},
    {"P", "Point", "d6 e6", 2},
};

}  // namespace

TEST_CASE("every Compact Hex Chess piece reaches the rules.md cells from e5, for both players",
          "[interpreter][compact-hex]") {
    // Every game of the family includes the same pieces. In this one both players may promote a
    // Senhelm where it could never move again, so its moves into the far ranks are legal.
    const auto game = vari::test::load_shipped("compact-hex-chess-shogi");
    Position pos(*game);
    for (const Anchor& anchor : anchors) {
        INFO(anchor.name);
        CHECK(game->ir().pieces[vari::test::type_named(*game, anchor.name)].letter ==
              anchor.letter[0]);
        const auto expected = words(anchor.targets);
        CHECK(static_cast<int>(expected.size()) == anchor.count);
        place(pos, std::string(anchor.letter) + "e5", 0);
        CHECK(words(legal_targets(pos, "e5")) == expected);
        std::vector<std::string> black;
        for (const auto& cell : expected) black.push_back(turned(cell));
        place(pos, std::string(1, static_cast<char>(anchor.letter[0] + 32)) + "e5", 1);
        CHECK(legal_targets(pos, "e5") == joined(black));
    }
}

TEST_CASE("a Finch on e5 with a friendly piece on f5 still reaches 17 cells",
          "[interpreter][compact-hex]") {
    const auto game = vari::test::load_shipped("compact-hex-chess-anglojewish");
    Position pos(*game);
    place(pos, "Fe5 Pf5", 0);
    CHECK(words(legal_targets(pos, "e5")).size() == 17);
}

}  // namespace interpreter_compact_hex_pieces_tests
