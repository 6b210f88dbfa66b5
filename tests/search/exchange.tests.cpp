// Static exchange evaluation against exchanges counted by hand, on each kind of movement: slides
// with a piece behind, hops that find or lose their screen, lame leaps that are blocked or
// freed, drops, and a royal piece that may not take onto a defended cell.
#include "runtime/search/exchange.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <sstream>

#include "runtime/runtime.hpp"
#include "runtime/search/ordering.hpp"
#include "support/shipped_games.hpp"

namespace search_exchange_tests {

using namespace vari;

namespace {

// What an exchange is worth, given by hand as the pieces its captures take in turn ("-" where
// the first move takes nothing): each side takes only when it gains by it.
int counted(const CompiledGame& game, const std::vector<search::PieceValue>& values,
            const std::string& taken_in_turn) {
    std::istringstream names(taken_in_turn);
    std::vector<int> taken;
    for (std::string name; names >> name;)
        taken.push_back(
            name == "-" ? 0 : values[static_cast<std::size_t>(test::type_named(game, name))].board);
    int rest = 0;
    for (std::size_t k = taken.size(); k-- > 1;) rest = std::max(0, taken[k] - rest);
    return taken.empty() ? 0 : taken[0] - rest;
}

}  // namespace

TEST_CASE("an exchange is worth what the captures on its cell win, counted by hand",
          "[search][exchange]") {
    auto [name, position, move, taken] =
        GENERATE(table<std::string, std::string, std::string, std::string>({
            // Slides, with a Queen behind the Rook that takes first.
            {"chess", "4k3/8/2n5/4p3/8/8/4R3/4QK2 w - - 0 1", "Rxe5", "Pawn Rook Knight"},
            {"chess", "4k3/8/2n5/4p3/8/8/4R3/5K2 w - - 0 1", "Rxe5", "Pawn Rook"},
            {"chess", "4k3/8/8/4n3/8/8/4R3/5K2 w - - 0 1", "Rxe5", "Knight"},
            {"chess", "4k3/8/3p4/4n3/3P4/8/8/5K2 w - - 0 1", "dxe5", "Knight Pawn"},
            // Quiet moves: onto a cell a Pawn takes, onto a safe one, onto a defended one.
            {"chess", "4k3/8/3p4/8/8/2B5/8/5K2 w - - 0 1", "Be5", "- Bishop"},
            {"chess", "4k3/8/3p4/8/8/2B5/8/5K2 w - - 0 1", "Bd4", "-"},
            {"chess", "4k3/8/3p4/8/5P2/2B5/8/5K2 w - - 0 1", "Be5", "- Bishop Pawn"},
            // A King retakes, but not onto a cell the Rook on e8 still attacks.
            {"chess", "7k/8/8/3p4/4P3/5K2/8/8 b - - 0 1", "dxe4", "Pawn Pawn"},
            {"chess", "4r2k/8/8/3p4/4P3/5K2/8/8 b - - 0 1", "dxe4", "Pawn"},
            // Hops: the Red Cannon on e1 has the Chariot for its screen until the Chariot takes;
            // Black's Cannon on e10 finds its screen when the one on e9 has taken.
            {"xiangqi", "5k3/4c4/4b4/9/4n4/9/4R4/9/9/3KC4 r - - 0 1", "Rxe6", "Horse Chariot"},
            {"xiangqi", "4ck3/4c4/4b4/9/4n4/9/3NR4/9/9/3KC4 r - - 0 1", "Rxe6",
             "Horse Chariot Cannon Horse"},
            // Lame leaps: Black's Horse on e10 is blocked by the Advisor on e9 until it takes.
            {"xiangqi", "4nk3/4a4/3c5/9/2N6/9/9/9/3R5/4K4 r - - 0 1", "Rxd8",
             "Cannon Chariot Advisor Horse"},
            // Drops: onto a cell a Pawn takes, undefended and defended.
            {"shogi", "4k4/9/9/4p4/9/9/9/9/4K4[G] b - - 0 1", "G*5e", "- Gold"},
            {"shogi", "4k4/9/9/4p4/9/4P4/9/9/4K4[G] b - - 0 1", "G*5e", "- Gold Pawn"},
        }));
    INFO(name << " " << position << " " << move);
    const auto game = test::load_shipped(name);
    search::Evaluation evaluation(*game);
    search::Exchange exchange(game->tables(), evaluation.values());
    Position pos(*game);
    test::set_position(pos, position);
    std::string error;
    const auto m = notation::parse_move(pos, move, error);
    INFO(error);
    REQUIRE(m);
    const std::uint64_t hash = pos.hash();
    CHECK(exchange.evaluate(pos, *m) == counted(*game, evaluation.values(), taken));
    CHECK(pos.hash() == hash);
    CHECK(pos.is_consistent());
}

TEST_CASE("whether an exchange loses is what its full worth says", "[search][exchange]") {
    for (const char* name : {"chess", "xiangqi", "shogi", "crazyhouse", "shafran-chess",
                             "hex-shogi-41", "janggi", "compact-hex-chess-shogi"}) {
        const auto game = test::load_shipped(name);
        search::Evaluation evaluation(*game);
        search::Exchange exchange(game->tables(), evaluation.values());
        runtime::Game played(*game);
        std::mt19937_64 rng(3);
        int losing = 0, deep = 0;
        for (int ply = 0; ply < 80 && !played.result(); ++ply) {
            Position pos = played.position();
            const std::uint64_t hash = pos.hash();
            for (const Move m : played.legal_moves()) {
                const int worth = exchange.evaluate(pos, m);
                INFO(name << " ply " << ply << " from " << m.from() << " to " << m.to() << " worth "
                          << worth);
                REQUIRE(exchange.loses(pos, m) == (worth < 0));
                REQUIRE(pos.hash() == hash);
                losing += worth < 0;
                deep += worth < 0 && search::move_gain(pos, m, evaluation.values()).capture;
            }
            played.play(runtime::random_move(played, rng));
        }
        INFO(name);
        CHECK(losing > 0);
        CHECK(deep > 0);  // losing captures, not only quiet moves onto attacked cells
    }
}

}  // namespace search_exchange_tests
