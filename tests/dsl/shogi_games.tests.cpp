// The shipped shogi games load without diagnostics and lower to the hands, drops, promotions and
// files their rules state.
#include <catch2/catch.hpp>

#include "game_facts.hpp"

namespace dsl_shogi_games_tests {

using namespace vari::dsl_test;

namespace {

// What shogi and minishogi share: the promoted pieces, what a captor gets, the drop rules.
void check_shogi_pieces(const ir::Game& game, const std::string& promoting,
                        const std::string& promoted) {
    CHECK(game.hands);
    CHECK(game.drop_first.empty());
    const auto base = indices(game, promoting);
    const auto plus = indices(game, promoted);
    REQUIRE(base.size() == plus.size());
    for (std::size_t i = 0; i < base.size(); ++i) {
        const auto& from = game.pieces[static_cast<std::size_t>(base[i])];
        const auto& to = game.pieces[static_cast<std::size_t>(plus[i])];
        INFO(from.name << " promotes to " << to.name);
        CHECK(to.plus);
        CHECK(to.letter == from.letter);
        CHECK_FALSE(from.plus);
        CHECK(to.captured_as == base[i]);
        CHECK(from.captured_as == base[i]);
        CHECK_FALSE(to.drop.allowed);
        CHECK(from.drop.allowed);
        CHECK(to.promotions.empty());
        REQUIRE(from.promotions.size() == 1);
        CHECK(from.promotions[0].choices == std::vector<int>{plus[i]});
        CHECK_FALSE(from.promotions[0].compulsory);
        CHECK(from.promotions[0].on_leaving);
    }
    const auto& king = piece(game, "King");
    CHECK(king.royal);
    CHECK_FALSE(king.drop.allowed);
    CHECK(king.captured_as == piece_index(game, "King"));
    CHECK(piece(game, "Gold").drop.allowed);
    CHECK(piece(game, "Gold").promotions.empty());
    const auto& pawn = piece(game, "Pawn").drop;
    CHECK(pawn.only_where_movable);
    CHECK(pawn.not_on_file_with == std::vector<int>{piece_index(game, "Pawn")});
    CHECK(pawn.not_defended_by.empty());
    CHECK(pawn.may_not_mate);
    CHECK_FALSE(pawn.may_not_check);
    CHECK(pawn.forbidden_zones.empty());
    for (const char* name : {"Rook", "Bishop", "Gold", "Silver"})
        CHECK_FALSE(piece(game, name).drop.only_where_movable);
}

void check_shogi_ends(const ir::Game& game) {
    REQUIRE(game.ends.size() == 3);
    CHECK(game.ends[0].kind == ir::EndKind::checkmate);
    CHECK(game.ends[1].kind == ir::EndKind::stalemate);
    CHECK(game.ends[1].outcome == ir::Outcome::win);  // the player left without a move loses
    CHECK(game.ends[2].kind == ir::EndKind::repetition);
    CHECK(game.ends[2].count == 4);
    CHECK(game.ends[2].outcome == ir::Outcome::draw);
}

}  // namespace

TEST_CASE("shogi lowers to 81 cells, hands, promoted pieces and the drop rules", "[dsl][games]") {
    const auto game = load("shogi");
    REQUIRE(game.players.size() == 2);
    CHECK(game.players[0].name == "Black");
    REQUIRE(game.board.cells.size() == 81);
    CHECK(game.pieces.size() == 14);
    CHECK(game.setup.size() == 40);

    SECTION("the files are 9 lines of 9, each from rank i (Black.s side) up") {
        REQUIRE(game.board.files.size() == 9);
        for (const auto& file : game.board.files) CHECK(file.size() == 9);
        CHECK(line_names(game, game.board.files.front()) ==
              std::vector<std::string>{"9i", "9h", "9g", "9f", "9e", "9d", "9c", "9b", "9a"});
        CHECK(line_names(game, game.board.files.back()).front() == "1i");
    }
    SECTION("promoted pieces are '+' letters, captured as what they came from") {
        check_shogi_pieces(game, "Rook Bishop Silver Knight Lance Pawn",
                           "Dragon Horse PromotedSilver PromotedKnight PromotedLance Tokin");
        CHECK(piece(game, "Knight").drop.only_where_movable);
        CHECK(piece(game, "Lance").drop.only_where_movable);
    }
    SECTION("the promotion zone is the far three ranks for each side") {
        const auto& z = zone(game, "promotion-zone");
        CHECK(piece(game, "Pawn").promotions[0].zone == static_cast<int>(&z - game.zones.data()));
        CHECK(names(game, z.cells[0]).size() == 27);
        CHECK(names(game, z.cells[0]).count("5c") == 1);
        CHECK(names(game, z.cells[0]).count("5d") == 0);
        CHECK(names(game, z.cells[1]).count("9i") == 1);
        CHECK(names(game, z.cells[1]).count("9f") == 0);
    }
    SECTION("the knight leaps two forward and one sideways, for each side") {
        const auto& knight = piece(game, "Knight").movements[0];
        CHECK(as_set(knight.vectors[0]) == VecSet{{1, 2}, {-1, 2}});
        CHECK(as_set(knight.vectors[1]) == VecSet{{1, -2}, {-1, -2}});
        CHECK(piece(game, "Tokin").movements[0].vectors[0].size() == 6);
    }
    SECTION("the end conditions") { check_shogi_ends(game); }
}

TEST_CASE("minishogi lowers to 25 cells with the last rank as its promotion zone", "[dsl][games]") {
    const auto game = load("minishogi");
    REQUIRE(game.board.cells.size() == 25);
    REQUIRE(game.board.files.size() == 5);
    CHECK(line_names(game, game.board.files[4]) ==
          std::vector<std::string>{"1e", "1d", "1c", "1b", "1a"});
    CHECK(game.pieces.size() == 10);
    CHECK(game.setup.size() == 12);
    check_shogi_pieces(game, "Rook Bishop Silver Pawn", "Dragon Horse PromotedSilver Tokin");
    const auto& z = zone(game, "promotion-zone");
    CHECK(names(game, z.cells[0]) == split("5a 4a 3a 2a 1a"));
    CHECK(names(game, z.cells[1]) == split("5e 4e 3e 2e 1e"));
    check_shogi_ends(game);
}

TEST_CASE("Hex Shogi 41 lowers to the pieces, zones, drops and ends of rules.md 2",
          "[dsl][games]") {
    const auto game = load("hex-shogi-41");
    CHECK(game.board.geometry == ir::Geometry::hex_pointy);
    REQUIRE(game.board.cells.size() == 41);
    CHECK(game.players[0].name == "Black");
    CHECK(game.setup.size() == 24);
    CHECK(game.hands);

    SECTION("the knight has the four forward root-7 leaps of 2.4") {
        const auto& knight = piece(game, "Knight").movements[0];
        CHECK(knight.kind == ir::MoveKind::leap);
        CHECK(as_set(knight.vectors[0]) == VecSet{{-1, 3}, {1, 2}, {-2, 3}, {-3, 2}});
        CHECK(as_set(knight.vectors[1]) == VecSet{{1, -3}, {-1, -2}, {2, -3}, {3, -2}});
        CHECK(targets(game, "c5", knight.vectors[0]) == split("a7 b8 c8 e7"));
    }
    SECTION("the other pieces reach the empty-board targets of 2.4 from c5") {
        const auto reach = [&](const std::string& name) {
            std::set<std::string> out;
            for (const auto& m : piece(game, name).movements)
                if (m.kind == ir::MoveKind::leap)
                    for (const auto& c : targets(game, "c5", m.vectors[0])) out.insert(c);
            return out;
        };
        CHECK(reach("King") == split("a4 a6 b4 b5 b6 c3 c4 c6 c7 d4 d5 d6"));
        CHECK(reach("Gold") == split("a6 b4 b5 b6 c4 c6 c7 d5 d6"));
        CHECK(reach("Silver") == split("a4 a6 b6 c3 c6 c7 d4 d6"));
        CHECK(reach("Pawn") == split("b6 c6"));
        CHECK(reach("Tokin") == reach("Gold"));
    }
    SECTION("the promotion zone is the far three ranks, 14 cells, for each side") {
        const auto& z = zone(game, "promotion-zone");
        CHECK(names(game, z.cells[0]) == split("a7 b7 c7 d7 e7 a8 b8 c8 d8 a9 b9 c9 d9 e9"));
        CHECK(names(game, z.cells[1]) == split("a1 b1 c1 d1 e1 a2 b2 c2 d2 a3 b3 c3 d3 e3"));
        for (const char* name : {"Rook", "Bishop", "Silver", "Knight", "Lance", "Pawn"}) {
            INFO(name);
            REQUIRE(piece(game, name).promotions.size() == 1);
            CHECK(piece(game, name).promotions[0].on_leaving);
            CHECK_FALSE(piece(game, name).promotions[0].compulsory);
        }
        CHECK(piece(game, "Gold").promotions.empty());
        CHECK(piece(game, "King").promotions.empty());
    }
    SECTION("the drops of 2.6: where movable; a Pawn not defended by a Pawn and never checking") {
        for (const char* name : {"Rook", "Bishop", "Gold", "Silver", "Knight", "Lance", "Pawn"}) {
            INFO(name);
            CHECK(piece(game, name).drop.allowed);
            CHECK(piece(game, name).drop.only_where_movable);
        }
        const auto& pawn = piece(game, "Pawn").drop;
        CHECK(pawn.not_defended_by == std::vector<int>{piece_index(game, "Pawn")});
        CHECK(pawn.may_not_check);
        CHECK_FALSE(pawn.may_not_mate);
        CHECK(pawn.not_on_file_with.empty());  // no nifu
        CHECK_FALSE(piece(game, "King").drop.allowed);
        CHECK(piece(game, "Tokin").captured_as == piece_index(game, "Pawn"));
        CHECK(piece(game, "DragonKing").captured_as == piece_index(game, "Rook"));
        CHECK(piece(game, "DragonKing").plus);
        CHECK(piece(game, "DragonKing").letter == 'R');
    }
    SECTION("the ends of 2.7") {
        REQUIRE(game.ends.size() == 4);
        CHECK(game.ends[1].kind == ir::EndKind::stalemate);
        CHECK(game.ends[1].outcome == ir::Outcome::draw);
        CHECK(game.ends[2].count == 3);
        CHECK(game.ends[3].kind == ir::EndKind::ply_limit);
        CHECK(game.ends[3].count == 100);
        CHECK(game.ends[3].reset_by_capture);
        CHECK(game.ends[3].reset_by_types.empty());
    }
    SECTION("the files are the nine 1 o'clock lines") {
        REQUIRE(game.board.files.size() == 9);
        CHECK(line_names(game, game.board.files[4]) ==
              std::vector<std::string>{"a1", "a2", "b3", "b4", "c5", "c6", "d7", "d8", "e9"});
    }
}

}  // namespace dsl_shogi_games_tests
