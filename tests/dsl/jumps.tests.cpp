// Jumps: 'jump DIR ...' lowered to capturing movements turned per player, the game-wide 'jumps'
// rule, 'end no-pieces', and the errors the checks report.
#include <catch2/catch.hpp>
#include <string>

#include "dsl/game_facts.hpp"

namespace dsl_jumps_tests {

namespace {

namespace ir = vari::ir;
using vari::dsl_test::as_set;
using vari::dsl_test::errors_of;
using vari::dsl_test::game_of;
using vari::dsl_test::VecSet;

std::string hex_game(const std::string& rest) {
    return "game \"T\"\nplayers White Black\norient Black rotate 180\n"
           "board hex pointy { hexagon 5 }\nzone home = rank 1 rank 2\n" +
           rest;
}

}  // namespace

TEST_CASE("a jump lowers to a capturing movement turned per player", "[dsl][jumps]") {
    const auto game =
        game_of(hex_game("piece Man M { move step clock1  jump clock11 clock1 }\n"
                         "piece King K { capture jump orthogonal from home }\n"));
    const ir::Movement& man = game.pieces[0].movements[1];
    CHECK(man.kind == ir::MoveKind::jump);
    CHECK(man.mode == ir::MoveMode::capture_only);
    CHECK(man.from_zone == -1);
    REQUIRE(man.vectors.size() == 2);
    CHECK(as_set(man.vectors[0]) == VecSet{{-1, 1}, {0, 1}});
    CHECK(as_set(man.vectors[1]) == VecSet{{1, -1}, {0, -1}});  // turned half round for Black
    const ir::Movement& king = game.pieces[1].movements[0];
    CHECK(king.kind == ir::MoveKind::jump);
    CHECK(king.mode == ir::MoveMode::capture_only);
    CHECK(king.from_zone == 0);
    CHECK(king.vectors[0].size() == 6);
    CHECK(game.jump_rule == ir::JumpRule::optional);
}

TEST_CASE("'jumps compulsory', 'jumps maximum' and 'end no-pieces' lower", "[dsl][jumps]") {
    const std::string man = "piece Man M { jump clock1 }\n";
    CHECK(game_of(hex_game(man + "jumps compulsory\n")).jump_rule == ir::JumpRule::compulsory);
    CHECK(game_of(hex_game(man + "jumps maximum\n")).jump_rule == ir::JumpRule::maximum);
    const auto game = game_of(hex_game(man + "end no-pieces win\nend stalemate loss\n"));
    REQUIRE(game.ends.size() == 2);
    CHECK(game.ends[0].kind == ir::EndKind::no_pieces);
    CHECK(game.ends[0].outcome == ir::Outcome::win);
    CHECK(game.ends[0].source.line == 7);
}

TEST_CASE("jumps: 'move jump', modifiers, a rule twice or without jumps are errors",
          "[dsl][jumps]") {
    SECTION("a jump always captures") {
        CHECK(errors_of(hex_game("piece Man M { move jump clock1 }\n")) ==
              "6:15: 'move jump' cannot be: a jump always captures the piece it passes over\n");
    }
    SECTION("only 'from' applies") {
        CHECK(errors_of(hex_game("piece Man M { jump clock1 range 2 until home symmetric }\n")) ==
              "6:27: 'range' is not for a jump: a jump passes over one piece to the empty cell "
              "beyond, and may jump again from there\n"
              "6:35: 'until' is not for a jump: a jump passes over one piece to the empty cell "
              "beyond, and may jump again from there\n"
              "6:46: 'symmetric' is not for a jump: a jump passes over one piece to the empty "
              "cell beyond, and may jump again from there\n");
        CHECK(errors_of(hex_game("piece Man M { capture jump clock1 en-passant from home "
                                 "from home }\n")) ==
              "6:35: 'en-passant' is not for a jump: a jump passes over one piece to the empty "
              "cell beyond, and may jump again from there\n"
              "6:56: 'from' is already given at 6:46\n");
    }
    SECTION("the rule once, and only with a jumping piece") {
        CHECK(
            errors_of(hex_game("piece Man M { jump clock1 }\njumps maximum\njumps compulsory\n")) ==
            "8:1: 'jumps' is already defined at 7:1\n");
        CHECK(
            errors_of(hex_game("piece Man M { step clock1 }\njumps compulsory\n")) ==
            "7:1: 'jumps compulsory' says how capture sequences are chosen, but no piece jumps\n");
    }
    SECTION("'end no-pieces' once") {
        CHECK(errors_of(hex_game("piece Man M { jump clock1 }\nend no-pieces win\n"
                                 "end no-pieces draw\n")) ==
              "8:1: 'end no-pieces' is already defined at 7:1\n");
    }
}

}  // namespace dsl_jumps_tests
