// Boards with files past z (aa, ab, ...): cell names of several letters in long and short
// notation, position strings and drawings.
#include <catch2/catch.hpp>
#include <set>

#include "runtime/inline_game.hpp"
#include "runtime/playouts.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace vari::runtime_wide_boards_tests {
namespace {

// 28 files by 4 ranks (112 cells): pawns with a double step and en passant, rooks and knights
// on files that short notation must tell apart past z.
const std::string WIDE = R"(game "Wide"
players White Black
orient Black rotate 180
board square { files a..ab ranks 1..4 }
direction forward = n
direction forward-diagonals = ne nw
zone pawn-start = rank 1
zone last-rank = rank 4
piece King K royal { step orthogonal diagonal }
piece Queen Q { slide orthogonal diagonal }
piece Rook R { slide orthogonal }
piece Knight N { leap (1, 2) symmetric }
piece Pawn P {
  move step forward
  move slide forward range 2 from pawn-start en-passant
  capture step forward-diagonals en-passant
  promote in last-rank to Queen Rook Knight
}
setup White { King n1  Queen m1  Rook a1 x1 z1 ab1  Knight b1 y1  Pawn c1 d1 w1 aa1 }
setup Black { King n4  Queen m4  Rook a4 x4 z4 ab4  Knight b4 y4  Pawn c4 d4 w4 aa4 }
end checkmate win
end stalemate draw
end ply-limit 200 draw
)";

std::string short_of(Position& pos, const std::string& from, const std::string& to) {
    return notation::format_short(pos, test::legal_move(pos, from, to));
}

}  // namespace

TEST_CASE("every legal move on a board past z is written and read back, long and short",
          "[runtime][notation][short][wide]") {
    const auto game = test::load_text(WIDE);
    int past_z = 0;
    test::for_each_playout_position(*game, test::scaled(8), 150, 28, [&](const runtime::Game& g) {
        Position pos = g.position();
        const std::string where = notation::to_position_string(pos);
        std::set<std::string> long_names, short_names;
        for (Move m : g.legal_moves()) {
            for (const auto notation :
                 {notation::Notation::long_form, notation::Notation::short_form}) {
                const std::string text = notation::format_move(pos, m, notation);
                INFO(where << " move " << text);
                auto& seen = notation == notation::Notation::long_form ? long_names : short_names;
                CHECK(seen.insert(text).second);  // no two legal moves share a name
                std::string error;
                const auto back = notation::parse_move(pos, text, error);
                INFO(error);
                REQUIRE(back);
                CHECK(*back == m);
            }
            if (!m.is_pass() && pos.game().ir().board.cells[m.to()].name[1] == 'a') ++past_z;
        }
    });
    CHECK(past_z > 0);
}

TEST_CASE("short notation writes a file before a destination past z only when it reads back",
          "[runtime][notation][short][wide]") {
    const auto game = test::load_text(WIDE);
    Position pos(*game);
    // Rooks on a3 and x1 both reach a1, and the x1 rook reaches aa1 too.
    test::place(pos, "Kn2 kn4 Ra3 Rx1 Raa3", 0);
    // "Raa1" would read as a rook to aa1, and "Rxa1" as any rook capturing on a1: the rank tells
    // them apart.
    CHECK(short_of(pos, "a3", "a1") == "R3a1");
    CHECK(short_of(pos, "x1", "a1") == "R1a1");
    // Rooks on aa3 and x1 both reach aa1: the file aa reads back, the file x does not.
    CHECK(short_of(pos, "aa3", "aa1") == "Raaaa1");
    CHECK(short_of(pos, "x1", "aa1") == "R1aa1");
    // A destination past z without rivals needs no origin.
    CHECK(short_of(pos, "aa3", "ab3") == "Rab3");
    std::string error;
    // The reader takes the longest destination that names a move: a rook to aa1.
    const auto move = notation::parse_move(pos, "Raa1", error);
    INFO(error);
    CHECK_FALSE(move);
    CHECK_THAT(error, Catch::Matchers::StartsWith("Raa1 is ambiguous: R"));
    // A whole origin cell is read as such.
    const Move a3_a1 = test::legal_move(pos, "a3", "a1");
    for (const std::string text : {"Ra3a1", "Ra3-a1", "R3a1"}) {
        INFO(text);
        const auto read = notation::parse_move(pos, text, error);
        REQUIRE(read);
        CHECK(*read == a3_a1);
    }
    // So is one on file x, whose letter is also the capture mark.
    CHECK(*notation::parse_move(pos, "Rx1y1", error) == test::legal_move(pos, "x1", "y1"));
}

TEST_CASE("positions on a board past z read back, en-passant cells past z included",
          "[runtime][position][wide]") {
    const auto game = test::load_text(WIDE);
    int en_passant = 0;
    test::for_each_playout_position(
        *game, test::scaled(20), 150, 2028, [&](const runtime::Game& g) {
            const Position& played = g.position();
            const std::string text = notation::to_position_string(played);
            Position parsed(*game);
            const auto error = notation::parse_position(parsed, text);
            INFO(text);
            REQUIRE(!error);
            CHECK(notation::to_position_string(parsed) == text);
            CHECK(parsed.hash() == played.hash());
            if (played.ep_victim() >= 0) ++en_passant;
        });
    CHECK(en_passant > 0);

    runtime::Game played(*game);
    std::string error;
    REQUIRE(runtime::play_moves(played, "aa1-aa3", error));
    const std::string text = notation::to_position_string(played.position());
    CHECK(text.find(" aa2 ") != std::string::npos);
    Position parsed(*game);
    REQUIRE(!notation::parse_position(parsed, text));
    CHECK(notation::to_position_string(parsed) == text);
    CHECK(parsed.ep_victim() == played.position().ep_victim());
}

TEST_CASE("a drawing labels every file past z", "[runtime][draw][wide]") {
    const auto game = test::load_text(WIDE);
    const std::string drawn = runtime::draw_board(Position(*game), {});
    CHECK(drawn.find(" y  z  aa ab\n") != std::string::npos);
}

}  // namespace vari::runtime_wide_boards_tests
