// Armies: what each player fields, its promotions (in place of the pieces' own, `others`), and
// what its captures become in hand.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "dsl/game_facts.hpp"
#include "interpreter/interpreter.hpp"
#include "support/shipped_games.hpp"

namespace dsl_armies_tests {

namespace {

using namespace vari::dsl_test;
using vari::CompiledGame;
using vari::Move;
using vari::MoveList;
using vari::Position;

// Two armies on a small board: a chess-like one whose Pawn promotes to "others", and a shogi-like
// one whose Pawn promotes to a Tokin and whose captures of the other army's Rooks become Wings.
const std::string RULES = R"(
game "Two Armies"
players White Black
orient Black rotate 180
board square { files a..e ranks 1..6 }
zone far = rank 6
zone camp = rank 5 rank 6
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal  drop }
piece Knight N { leap (1, 2) symmetric }
piece Wing W { slide n  drop }
piece Pawn P { step n  drop  promote in far to Rook }
piece Tokin +P { step orthogonal  captured-as Pawn }
army Chess { King Rook Knight Pawn
  promote Pawn in far to others
}
army Shogi { King Rook Wing Pawn
  promote Pawn optional touching in camp to Tokin
}
armies Chess Shogi
hands
captures Chess removed
captures Shogi { Rook as Wing }
setup White { King a1  Rook e1  Pawn c2 }
setup Black { King a6  Rook e6  Pawn c5 }
)";

int index_of(const ir::Game& game, const std::string& name) {
    for (std::size_t i = 0; i < game.pieces.size(); ++i)
        if (game.pieces[i].name == name) return static_cast<int>(i);
    FAIL("no piece " << name);
    return -1;
}

}  // namespace

TEST_CASE("an army's promotions replace its pieces' own for its players", "[dsl][armies]") {
    const auto game = game_of(RULES);
    const auto& pawn = game.pieces[static_cast<std::size_t>(index_of(game, "Pawn"))];
    REQUIRE(pawn.promotions.size() == 3);
    // The Pawn's own promotion applies to nobody: both players' armies give it theirs.
    CHECK((pawn.promotions[0].players & 3u) == 0);
    // "others": the Chess army's pieces but the royal King and the Pawn itself.
    CHECK(pawn.promotions[1].players == 1u);
    CHECK(pawn.promotions[1].choices ==
          std::vector<int>{index_of(game, "Rook"), index_of(game, "Knight")});
    CHECK(pawn.promotions[1].compulsory);
    CHECK(pawn.promotions[2].players == 2u);
    CHECK(pawn.promotions[2].choices == std::vector<int>{index_of(game, "Tokin")});
    CHECK_FALSE(pawn.promotions[2].compulsory);
    CHECK(game.players[0].army == "Chess");
    CHECK(game.players[1].army == "Shogi");
}

TEST_CASE("captures become in hand what the captor's army says", "[dsl][armies]") {
    const auto game = game_of(RULES);
    for (int type = 0; type < static_cast<int>(game.pieces.size()); ++type)
        CHECK(game.captured_into(0, type) == -1);  // Chess: removed
    CHECK(game.captured_into(1, index_of(game, "Rook")) == index_of(game, "Wing"));
    CHECK(game.captured_into(1, index_of(game, "Pawn")) == index_of(game, "Pawn"));
    CHECK(game.captured_into(1, index_of(game, "Tokin")) == index_of(game, "Pawn"));
}

TEST_CASE("each player promotes and takes prisoners by its own army", "[interpreter][armies]") {
    CompiledGame game(game_of(RULES));
    const int rook = index_of(game.ir(), "Rook"), wing = index_of(game.ir(), "Wing");
    Position pos(game);
    // White's Pawn on c5 must promote on c6, to a Rook or a Knight.
    vari::test::place(pos, "Ka1 Pc5 ka6", 0);
    MoveList list;
    vari::generate_legal(pos, list);
    int promotions = 0;
    for (Move m : list)
        if (m.from() == game.cell_index("c5")) {
            CHECK(m.is_promotion());
            ++promotions;
        }
    CHECK(promotions == 2);
    // Black's Pawn entering its camp (ranks 2 and 1 as Black sees them) may promote or not.
    vari::test::place(pos, "Ka1 ke6 pc3", 1);
    vari::generate_legal(pos, list);
    int from_c3 = 0;
    for (Move m : list) from_c3 += m.from() == game.cell_index("c3");
    CHECK(from_c3 == 2);  // c3-c2 plain and promoted
    // Black takes White's Rook as a Wing; White takes Black's Rook into nothing.
    vari::test::place(pos, "Ka1 Rc2 ke6 rc3", 1);
    vari::Undo undo;
    const Move take = vari::test::legal_move(pos, "c3", "c2");
    pos.do_move(take, undo);
    CHECK(pos.in_hand(1, wing) == 1);
    CHECK(pos.in_hand(1, rook) == 0);
    pos.undo_move(take, undo);
    CHECK(pos.in_hand(1, wing) == 0);
    vari::test::place(pos, "Ka1 Rc2 ke6 rc3", 0);
    const Move back = vari::test::legal_move(pos, "c2", "c3");
    pos.do_move(back, undo);
    for (int type = 0; type < static_cast<int>(game.ir().pieces.size()); ++type)
        CHECK(pos.in_hand(0, type) == 0);
}

}  // namespace dsl_armies_tests
