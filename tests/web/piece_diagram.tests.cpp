// The marks of a piece's moves the board page draws, derived from the rules, and the JSON that
// carries them.
#include "tools/web/piece_diagram.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/shipped_games.hpp"
#include "tools/web/session.hpp"

namespace web_piece_diagram_tests {

using vari::ir::Geometry;
using vari::ir::Vec;
using vari::web::DiagramMark;
using vari::web::MarkKind;

namespace {

const char* kind_name(MarkKind kind) {
    switch (kind) {
        case MarkKind::step:
            return "step";
        case MarkKind::leap:
            return "leap";
        case MarkKind::lame_leap:
            return "lame";
        case MarkKind::slide:
            return "slide";
        case MarkKind::hop:
            return "hop";
        case MarkKind::curve:
            return "curve";
        case MarkKind::jump:
            return "jump";
    }
    return "?";
}

// A mark as "slide(0,1)", with "/move" or "/capture" when it only moves or only captures, ":N"
// for a range and "!" for a first or zoned move.
std::string written(const DiagramMark& m) {
    std::ostringstream out;
    out << kind_name(m.kind) << '(' << m.to.x << ',' << m.to.y << ')';
    if (m.mode == vari::ir::MoveMode::move_only) out << "/move";
    if (m.mode == vari::ir::MoveMode::capture_only) out << "/capture";
    if (m.range) out << ':' << m.range;
    if (m.first || m.zoned) out << '!';
    return out.str();
}

// The marks of the piece called `name` for `player`, written and sorted, space-separated.
std::string marks_of(const vari::CompiledGame& game, const std::string& name, int player) {
    const auto& pieces = game.ir().pieces;
    const auto piece = std::find_if(pieces.begin(), pieces.end(),
                                    [&](const vari::ir::Piece& p) { return p.name == name; });
    INFO("piece " << name);
    REQUIRE(piece != pieces.end());
    const auto marks = vari::web::piece_marks(game.ir(), *piece);
    REQUIRE(marks.size() == game.ir().players.size());
    std::vector<std::string> words;
    for (const DiagramMark& m : marks[static_cast<std::size_t>(player)])
        words.push_back(written(m));
    std::sort(words.begin(), words.end());
    std::string all;
    for (const std::string& w : words) all += (all.empty() ? "" : " ") + w;
    return all;
}

}  // namespace

TEST_CASE("piece diagram: chess pieces leap, slide and step as their rules say", "[web]") {
    const auto chess = vari::test::load_shipped("chess");
    CHECK(marks_of(*chess, "Knight", 0) ==
          "leap(-1,-2) leap(-1,2) leap(-2,-1) leap(-2,1) leap(1,-2) leap(1,2) leap(2,-1) "
          "leap(2,1)");
    CHECK(marks_of(*chess, "Rook", 0) == "slide(-1,0) slide(0,-1) slide(0,1) slide(1,0)");
    CHECK(marks_of(*chess, "King", 1) ==
          "step(-1,-1) step(-1,0) step(-1,1) step(0,-1) step(0,1) step(1,-1) step(1,0) step(1,1)");
    SECTION("a pawn steps forward, captures to the forward diagonals, and flips for Black") {
        CHECK(marks_of(*chess, "Pawn", 0) ==
              "slide(0,1)/move:2! step(-1,1)/capture step(0,1)/move step(1,1)/capture");
        CHECK(marks_of(*chess, "Pawn", 1) ==
              "slide(0,-1)/move:2! step(-1,-1)/capture step(0,-1)/move step(1,-1)/capture");
    }
}

TEST_CASE("piece diagram: hex pieces in their own geometry, turned for the second player",
          "[web]") {
    const auto shogi = vari::test::load_shipped("hex-shogi-41");
    // Black's forward orthogonals are 1 and 11 o'clock; White's the board turned half round.
    CHECK(marks_of(*shogi, "Lance", 0) == "slide(-1,1) slide(0,1)");
    CHECK(marks_of(*shogi, "Lance", 1) == "slide(0,-1) slide(1,-1)");
    CHECK(marks_of(*shogi, "Knight", 0) == "leap(-1,3) leap(-2,3) leap(-3,2) leap(1,2)");
    CHECK(marks_of(*shogi, "Knight", 1) == "leap(-1,-2) leap(1,-3) leap(2,-3) leap(3,-2)");
    // Six neighbours and six diagonal cells, all steps.
    CHECK(marks_of(*shogi, "King", 0) ==
          "step(-1,-1) step(-1,0) step(-1,1) step(-1,2) step(-2,1) step(0,-1) step(0,1) "
          "step(1,-1) step(1,-2) step(1,0) step(1,1) step(2,-1)");

    const auto compact = vari::test::load_shipped("compact-hex-chess-anglojewish");
    CHECK(marks_of(*compact, "Sennight", 0) ==
          "leap(-1,-2) leap(-1,3) leap(-2,-1) leap(-2,3) leap(-3,1) leap(-3,2) leap(1,-3) "
          "leap(1,2) leap(2,-3) leap(2,1) leap(3,-1) leap(3,-2)");
    SECTION("a curve turns the same way at every cell, each way a mark of its own") {
        const auto& pieces = compact->ir().pieces;
        const auto finch = std::find_if(pieces.begin(), pieces.end(),
                                        [](const vari::ir::Piece& p) { return p.name == "Finch"; });
        REQUIRE(finch != pieces.end());
        const auto marks = vari::web::piece_marks(compact->ir(), *finch)[0];
        CHECK(marks.size() == 12);  // six orthogonals, each turning either way
        const auto right = std::find_if(marks.begin(), marks.end(), [](const DiagramMark& m) {
            return m.to == Vec{1, 0} && m.path.size() > 1 && m.path[1] == Vec{2, -1};
        });
        REQUIRE(right != marks.end());
        CHECK(right->kind == MarkKind::curve);
        // 3 o'clock, then 5, 7, 9, 11: five cells round a hexagon.
        CHECK(right->path == std::vector<Vec>{{1, 0}, {2, -1}, {2, -2}, {1, -2}, {0, -1}});
    }
}

TEST_CASE("piece diagram: lame leaps, hops and jumps", "[web]") {
    const auto xiangqi = vari::test::load_shipped("xiangqi");
    const std::string cannon = marks_of(*xiangqi, "Cannon", 0);
    CHECK(cannon.find("slide(0,1)/move") != std::string::npos);
    CHECK(cannon.find("hop(0,1)/capture") != std::string::npos);
    CHECK(marks_of(*xiangqi, "Horse", 0).find("lame(1,2)") != std::string::npos);
    const auto draughts = vari::test::load_shipped("compact-hex-draughts");
    bool jumps = false;
    for (const auto& piece : draughts->ir().pieces) {
        const auto marks = vari::web::piece_marks(draughts->ir(), piece);
        for (const DiagramMark& m : marks[0])
            if (m.kind == MarkKind::jump) {
                jumps = true;
                CHECK(m.to == Vec{2 * m.path.at(0).x, 2 * m.path.at(0).y});
            }
    }
    CHECK(jumps);
}

TEST_CASE("piece diagram: the panel's board is the game's geometry around the piece", "[web]") {
    CHECK(vari::web::panel_cells(Geometry::square, 3).size() == 49);
    CHECK(vari::web::panel_cells(Geometry::hex_pointy, 3).size() == 37);
    CHECK(vari::web::panel_cells(Geometry::hex_flat, 3).size() == 37);
    CHECK(vari::web::step_distance(Geometry::hex_pointy, {-1, 2}) == 2);  // a diagonal
    CHECK(vari::web::step_distance(Geometry::hex_flat, {1, 1}) == 1);     // a neighbour
    CHECK(vari::web::step_distance(Geometry::square, {1, 2}) == 2);
}

TEST_CASE("piece diagram: the board's JSON carries each type's marks per player", "[web]") {
    const auto shogi = vari::test::load_shipped("hex-shogi-41");
    const nlohmann::json board = vari::web::board_json(shogi->ir());
    const auto& types = board["types"];
    const auto lance = std::find_if(types.begin(), types.end(),
                                    [](const nlohmann::json& t) { return t["name"] == "Lance"; });
    REQUIRE(lance != types.end());
    REQUIRE((*lance)["moves"].size() == 2);
    CHECK((*lance)["moves"][1][0] == nlohmann::json{{"kind", "slide"}, {"to", {0, -1}}});
    CHECK(board["panel"].size() == 37);
    // White's view is Black's turned half round: the axes point the other way.
    const auto& black = board["views"][0]["axes"];
    const auto& white = board["views"][1]["axes"];
    CHECK(black[0][0].get<double>() == Approx(-white[0][0].get<double>()));
    CHECK(black[1][1].get<double>() == Approx(-white[1][1].get<double>()));
    CHECK(black[1][1].get<double>() > 0);  // 1 o'clock is up the board for Black
}

}  // namespace web_piece_diagram_tests
