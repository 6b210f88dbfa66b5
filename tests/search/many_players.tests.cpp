// The searches for more than two players, on Three Player Hex Shogi 91: each takes the win when it
// can, and never hands the next player a win it can avoid; a level names which one plays.
#include <catch2/catch.hpp>

#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::search_many_players_tests {
namespace {

constexpr int BLACK = 0, WHITE = 1, GRAY = 2;

search::Level level(const std::string& text) {
    std::string error;
    const auto parsed = search::parse_level(text, error);
    REQUIRE(parsed);
    return *parsed;
}

Move ai_move(const CompiledGame& game, const Position& pos, const std::string& at) {
    runtime::Game play(game, pos);
    REQUIRE(!play.result());
    runtime::AiPlayer ai(game, level(at), 1);
    const search::Outcome out = ai.choose(play);
    REQUIRE(out.error.empty());
    return out.best;
}

// Whether the player to move in `pos` can capture a King of `owner`.
bool can_take_king(Position& pos, int owner, int king) {
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move m : moves)
        if (!m.is_drop() && !m.is_pass() && pos.piece_on(m.to()) == make_piece(owner, king))
            return true;
    return false;
}

// Whether `threat` could take a King of Black once Black has played the AI's move (`at`) in
// `pos`, the players between passing.
bool leaves_king_to(const CompiledGame& game, const Position& pos, const std::string& at,
                    int threat) {
    const Move m = ai_move(game, pos, at);
    UNSCOPED_INFO(at << " plays " << notation::format_move(pos, m));
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    after.set_side_to_move(threat);
    return can_take_king(after, BLACK, test::type_named(game, "King"));
}

}  // namespace

TEST_CASE("the AI of a three-player game takes the third King rather than a piece",
          "[search][three-player]") {
    // Each search a level may name; "" is the default.
    const std::string search = GENERATE(as<std::string>{}, "", ":paranoid", ":maxn", ":brs");
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    Position pos(*game);
    // Black holds White's King: taking Gray's wins; Gray's Rook is the bait.
    test::place_named(pos, "b:King:4j b:Rook:6h g:King:6e g:Rook:2h g:Pawn:1g", BLACK);
    pos.set_in_hand(BLACK, test::type_named(*game, "King"), 1);
    for (const char* limit : {":1", ":depth=1", ":depth=3"}) {
        const std::string at = limit + search;
        INFO(at);
        const Move m = ai_move(*game, pos, at);
        CHECK(notation::format_move(pos, m) == "6hx6e");
    }
}

TEST_CASE("the AI of a three-player game keeps its King from the next player's winning capture",
          "[search][three-player]") {
    // Each search a level may name; "" is the default.
    const std::string search = GENERATE(as<std::string>{}, "", ":paranoid", ":maxn", ":brs");
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    const int king = test::type_named(*game, "King");
    Position pos(*game);
    // White holds Gray's King and its Rook eyes Black's; a White Silver is the bait.
    test::place_named(pos,
                      "b:King:4j b:Gold:2j b:Pawn:7j w:King:10d w:Rook:4f w:Silver:2i "
                      "g:Pawn:1g",
                      BLACK);
    pos.set_in_hand(WHITE, king, 1);
    for (const char* limit : {":1", ":depth=2", ":depth=3"})
        CHECK_FALSE(leaves_king_to(*game, pos, limit + search, WHITE));
}

TEST_CASE("the AI of a three-player game keeps its King from the winning capture two turns away",
          "[search][three-player]") {
    // The threat comes from the player after next: paranoid and max-n see it from three plies,
    // best-reply (the default) from two, where one reply of either other player follows the move.
    const auto [search, limit] =
        GENERATE(table<std::string, std::string>({{"", ":1"},
                                                  {":brs", ":1"},
                                                  {":brs", ":depth=2"},
                                                  {"", ":depth=3"},
                                                  {":paranoid", ":depth=3"},
                                                  {":maxn", ":depth=3"}}));
    const auto game = test::load_shipped("three-player-hex-shogi-91");
    const int king = test::type_named(*game, "King");
    Position pos(*game);
    // Gray holds White's King and its Rook eyes Black's; a Gray Silver is the bait.
    test::place_named(pos,
                      "b:King:4j b:Gold:2j b:Pawn:7j g:King:6b g:Rook:4f g:Silver:2i "
                      "w:Gold:10b w:Pawn:9d",
                      BLACK);
    pos.set_in_hand(GRAY, king, 1);
    // White's two pieces are far away: whatever it plays, Gray moves on this board.
    CHECK_FALSE(leaves_king_to(*game, pos, limit + search, GRAY));
}

TEST_CASE("a level names the search for more than two players after its limit",
          "[search][three-player]") {
    using search::ManyPlayerSearch;
    std::string error;
    CHECK(search::parse_level(":5:maxn", error)->limits.many_players == ManyPlayerSearch::max_n);
    CHECK(search::parse_level(":brs", error)->limits.many_players == ManyPlayerSearch::best_reply);
    const auto deep = search::parse_level(":depth=3:paranoid", error);
    REQUIRE(deep);
    CHECK(deep->limits.depth == 3);
    CHECK(deep->limits.many_players == ManyPlayerSearch::paranoid);
    CHECK(search::parse_level(":maxn", error)->limits.nodes ==
          search::parse_level("", error)->limits.nodes);

    CHECK_FALSE(search::parse_level(":5:minimax", error));
    CHECK(error ==
          "'minimax' is not a search (paranoid, maxn or brs), and a level or limit is given "
          "already");
    CHECK_FALSE(search::parse_level(":maxn:brs", error));
    CHECK(error == "two searches named: give one of paranoid, maxn or brs");
    CHECK_FALSE(search::parse_level(":best", error));
    CHECK(error ==
          "'best' is neither a level (1 to 10), a limit (depth=N, time=MS, nodes=N) nor a search "
          "(paranoid, maxn or brs)");
    CHECK_FALSE(search::parse_level(":5:", error));
    CHECK(error.starts_with("expected a level, a limit or a search after ':'"));
}

}  // namespace vari::search_many_players_tests
