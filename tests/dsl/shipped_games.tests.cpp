// The shipped chess games load without diagnostics and lower to the IR facts their rules state.
#include <catch2/catch.hpp>

#include "game_facts.hpp"

namespace dsl_shipped_games_tests {

using namespace vari::dsl_test;

TEST_CASE("the shipped games are found by name and listed", "[dsl][games]") {
    const auto games = dsl::shipped_games();
    CHECK(std::find(games.begin(), games.end(), "chess") != games.end());
    CHECK(std::find(games.begin(), games.end(), "shafran-chess") != games.end());
    for (const char* name : {"capablanca",
                             "shogi",
                             "minishogi",
                             "hex-shogi-41",
                             "compact-hex-chess-wellisch",
                             "compact-hex-chess-revergent",
                             "compact-hex-chess-anglojewish",
                             "compact-hex-chess-shogi",
                             "compact-hex-chess-shogi-vs-revergent",
                             "compact-hex-chess-hexgi",
                             "compact-hex-draughts",
                             "crazyhouse",
                             "seirawan",
                             "antichess",
                             "horde",
                             "makruk",
                             "sittuyin",
                             "placement",
                             "shatranj",
                             "king-of-the-hill",
                             "three-check",
                             "racing-kings",
                             "janggi",
                             "heian-dai-shogi"})
        CHECK(std::find(games.begin(), games.end(), name) != games.end());
    // The files the games include are not games.
    CHECK(std::find(games.begin(), games.end(), "pieces") == games.end());
    CHECK(std::is_sorted(games.begin(), games.end()));
    CHECK(dsl::resolve_game("chess") == std::string(VARI_STDLIB_DIR) + "/chess.vari");
    CHECK(dsl::resolve_game(std::string(VARI_STDLIB_DIR) + "/chess.vari"));
    CHECK_FALSE(dsl::resolve_game("no-such-game"));
    CHECK_FALSE(dsl::resolve_game(""));
}

TEST_CASE("chess lowers to a 64-cell board with FIDE pieces, zones, castlings and ends",
          "[dsl][games]") {
    const auto game = load("chess");
    CHECK(game.name == "Chess");
    REQUIRE(game.players.size() == 2);
    CHECK(game.players[1].name == "Black");
    CHECK(game.players[1].source.line == 6);
    CHECK(game.board.geometry == ir::Geometry::square);
    REQUIRE(game.board.cells.size() == 64);
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "a1"))].coord == ir::Vec{0, 0});
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "e4"))].coord == ir::Vec{4, 3});
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "h8"))].coord == ir::Vec{7, 7});

    SECTION("lines are the ranks from the eighth down, each from the a-file") {
        REQUIRE(game.board.lines.size() == 8);
        CHECK(line_names(game, game.board.lines.front()) ==
              std::vector<std::string>{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"});
        CHECK(line_names(game, game.board.lines.back()).front() == "a1");
    }
    SECTION("the knight leaps to its 8 cells; the king steps in 8 directions") {
        const VecSet knight{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        const auto& n = piece(game, "Knight");
        REQUIRE(n.movements.size() == 1);
        CHECK(n.movements[0].kind == ir::MoveKind::leap);
        CHECK(n.movements[0].vectors[0].size() == 8);
        CHECK(as_set(n.movements[0].vectors[0]) == knight);
        CHECK(as_set(n.movements[0].vectors[1]) == knight);
        CHECK(piece(game, "King").royal);
        CHECK(piece(game, "King").movements[0].vectors[0].size() == 8);
        CHECK(n.source.line == 33);
    }
    SECTION("the pawn moves forward for each side, double-steps from its start and promotes") {
        const auto& pawn = piece(game, "Pawn");
        REQUIRE(pawn.movements.size() == 3);
        const auto& single = pawn.movements[0];
        CHECK(single.mode == ir::MoveMode::move_only);
        CHECK(single.vectors[0] == std::vector<ir::Vec>{{0, 1}});
        CHECK(single.vectors[1] == std::vector<ir::Vec>{{0, -1}});
        const auto& dbl = pawn.movements[1];
        CHECK(dbl.kind == ir::MoveKind::slide);
        CHECK(dbl.max_range == 2);
        CHECK(dbl.from_zone == static_cast<int>(&zone(game, "pawn-start") - game.zones.data()));
        CHECK(dbl.creates_en_passant);
        CHECK_FALSE(dbl.captures_en_passant);
        const auto& take = pawn.movements[2];
        CHECK(take.mode == ir::MoveMode::capture_only);
        CHECK(take.captures_en_passant);
        CHECK(as_set(take.vectors[1]) == VecSet{{-1, -1}, {1, -1}});
        REQUIRE(pawn.promotions.size() == 1);
        CHECK(pawn.promotions[0].compulsory);
        CHECK(pawn.promotions[0].choices ==
              std::vector<int>{piece_index(game, "Queen"), piece_index(game, "Rook"),
                               piece_index(game, "Bishop"), piece_index(game, "Knight")});
        CHECK(names(game, zone(game, "last-rank").cells[1]) == split("a1 b1 c1 d1 e1 f1 g1 h1"));
    }
    SECTION("castlings, setup and end conditions") {
        REQUIRE(game.castlings.size() == 4);
        const auto& k = game.castlings[0];
        CHECK(k.player == 0);
        CHECK(k.right == 'K');
        CHECK(k.royal_from == cell(game, "e1"));
        CHECK(k.royal_to == cell(game, "g1"));
        CHECK(k.partner_type == piece_index(game, "Rook"));
        CHECK(k.partner_from == cell(game, "h1"));
        CHECK(k.must_be_empty == std::vector<int>{cell(game, "f1"), cell(game, "g1")});
        CHECK(k.must_be_safe.size() == 3);
        CHECK(k.source.line == 45);
        CHECK(game.castlings[3].right == 'q');
        CHECK(game.setup.size() == 32);
        REQUIRE(game.ends.size() == 4);
        CHECK(game.ends[2].kind == ir::EndKind::repetition);
        CHECK(game.ends[2].count == 3);
        CHECK(game.ends[3].kind == ir::EndKind::ply_limit);
        CHECK(game.ends[3].count == 100);
        CHECK(game.ends[3].outcome == ir::Outcome::draw);
        CHECK(game.ends[3].reset_by_capture);
        CHECK(game.ends[3].reset_by_types == std::vector<int>{piece_index(game, "Pawn")});
    }
}

TEST_CASE("Shafran's chess lowers to 70 flat cells with the rules.md vectors and zones",
          "[dsl][games]") {
    const auto game = load("shafran-chess");
    CHECK(game.board.geometry == ir::Geometry::hex_flat);
    REQUIRE(game.board.cells.size() == 70);
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "a1"))].coord == ir::Vec{0, 1});
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "e10"))].coord == ir::Vec{4, 10});
    CHECK(game.board.cells[static_cast<std::size_t>(cell(game, "i5"))].coord == ir::Vec{8, 5});

    SECTION("lines are the files a to i, each from its top cell down") {
        REQUIRE(game.board.lines.size() == 9);
        CHECK(line_names(game, game.board.lines.front()) ==
              std::vector<std::string>{"a6", "a5", "a4", "a3", "a2", "a1"});
        std::vector<std::size_t> lengths;
        for (const auto& line : game.board.lines) lengths.push_back(line.size());
        CHECK(lengths == std::vector<std::size_t>{6, 7, 8, 9, 10, 9, 8, 7, 6});
        CHECK(line_names(game, game.board.lines.back()).front() == "i10");
    }
    SECTION("Black's forward is (0, -1) and the pawns capture towards 11 and 1 o'clock") {
        const auto& pawn = piece(game, "Pawn");
        CHECK(pawn.movements[0].vectors[0] == std::vector<ir::Vec>{{0, 1}});
        CHECK(pawn.movements[0].vectors[1] == std::vector<ir::Vec>{{0, -1}});
        CHECK(as_set(pawn.movements[2].vectors[0]) == VecSet{{-1, 1}, {1, 2}});
        CHECK(as_set(pawn.movements[2].vectors[1]) == VecSet{{1, -1}, {-1, -2}});
        CHECK(pawn.movements[1].stop_zone ==
              static_cast<int>(&zone(game, "middle") - game.zones.data()));
    }
    SECTION("the knight has the 12 leaps of rules.md 5.1") {
        const VecSet rules{{-1, 2}, {1, 3},   {2, 3},   {3, 2},   {3, 1},   {2, -1},
                           {1, -2}, {-1, -3}, {-2, -3}, {-3, -2}, {-3, -1}, {-2, 1}};
        const auto& knight = piece(game, "Knight").movements[0];
        CHECK(knight.vectors[0].size() == 12);
        CHECK(as_set(knight.vectors[0]) == rules);
        CHECK(as_set(knight.vectors[1]) == rules);
    }
    SECTION("orthogonal and diagonal directions are 6 each") {
        CHECK(as_set(piece(game, "Rook").movements[0].vectors[0]) ==
              VecSet{{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}});
        CHECK(as_set(piece(game, "Bishop").movements[0].vectors[0]) ==
              VecSet{{1, 2}, {2, 1}, {1, -1}, {-1, -2}, {-2, -1}, {-1, 1}});
    }
    SECTION("Black's zones are White's turned half round") {
        CHECK(names(game, zone(game, "last-cell").cells[1]) == split("i5 h4 g3 f2 e1 d1 c1 b1 a1"));
        CHECK(names(game, zone(game, "pawn-start").cells[1]) ==
              split("a5 b6 c7 d8 e9 f9 g9 h9 i9"));
        CHECK(names(game, zone(game, "middle").cells[1]) == split("a4 b4 c5 d5 e6 f6 g7 h7 i8"));
        CHECK(zone(game, "last-cell").source.line == 27);
    }
    SECTION("castlings with one partner share the right") {
        REQUIRE(game.castlings.size() == 8);
        CHECK(game.castlings[0].right == 'K');
        CHECK(game.castlings[1].right == 'K');
        CHECK(game.castlings[1].royal_to == cell(game, "h4"));
        CHECK(game.castlings[1].partner_from == cell(game, "i5"));
        CHECK(game.castlings[1].must_be_safe.size() == 4);
        CHECK(game.castlings[2].right == 'Q');
        CHECK(game.castlings[3].partner_from == cell(game, "a1"));
        CHECK(game.setup.size() == 36);
    }
}

TEST_CASE("king of the hill, three-check and racing kings lower their goals to end conditions",
          "[dsl][games]") {
    const auto hill = load("king-of-the-hill");
    REQUIRE_FALSE(hill.ends.empty());
    CHECK(hill.ends[0].kind == ir::EndKind::royal_reaches);
    CHECK(hill.zones[static_cast<std::size_t>(hill.ends[0].zone)].name == "hill");
    CHECK_FALSE(hill.ends[0].answer);
    CHECK_FALSE(hill.checks_forbidden);

    const auto checks = load("three-check");
    REQUIRE_FALSE(checks.ends.empty());
    CHECK(checks.ends[0].kind == ir::EndKind::checks);
    CHECK(checks.ends[0].count == 3);
    CHECK(checks.ends[0].outcome == ir::Outcome::win);

    const auto race = load("racing-kings");
    CHECK(race.checks_forbidden);
    const auto reach = std::find_if(race.ends.begin(), race.ends.end(), [](const auto& e) {
        return e.kind == ir::EndKind::royal_reaches;
    });
    REQUIRE(reach != race.ends.end());
    CHECK(reach->outcome == ir::Outcome::win);
    CHECK(reach->answer == ir::Outcome::draw);
    // The same rank for both players.
    const auto& goal = race.zones[static_cast<std::size_t>(reach->zone)].cells;
    CHECK(goal[0] == goal[1]);
    CHECK(goal[0].size() == 8);
}

}  // namespace dsl_shipped_games_tests
