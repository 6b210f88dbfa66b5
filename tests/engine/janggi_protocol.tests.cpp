// Janggi in UCI's text, as Fairy-Stockfish writes it: its FEN, and a pass read both as UCI's
// `0000` and as the General's move to its own point.
#include <catch2/catch.hpp>

#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace engine_janggi_protocol_tests {

using namespace vari;
using notation::Protocol;
using notation::ProtocolText;

TEST_CASE("UCI reads a janggi pass as 0000 or as Fairy-Stockfish's e2e2, and not in check",
          "[engine][protocol]") {
    const auto janggi = test::load_shipped("janggi");
    std::string why;
    const auto uci = ProtocolText::make(*janggi, Protocol::uci, why);
    INFO(why);
    REQUIRE(uci);
    Position pos(*janggi);
    CHECK(uci->write_position(pos) ==
          "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    std::string error;
    for (const char* text : {"0000", "e2e2"}) {
        const auto move = uci->read_move(pos, text, error);
        INFO(text << ": " << error);
        REQUIRE(move);
        CHECK(move->is_pass());
        CHECK(uci->write_move(pos, *move) == "0000");
    }
    // In check from the Chariot on e6: no pass.
    REQUIRE_FALSE(uci->read_position(pos, "4k4/9/9/9/4r4/9/9/9/4K4/9 w - - 0 1"));
    CHECK_FALSE(uci->read_move(pos, "e2e2", error));
    CHECK(error == "a pass is not allowed in check");
}

}  // namespace engine_janggi_protocol_tests
