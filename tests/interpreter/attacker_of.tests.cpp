// Position::attacker_of() against the pieces' own targets, along random games of every shipped
// game: the piece it names can move onto the cell, and it names none only where no piece of that
// type could (a royal piece that only faces the cell, a jump that passes over it); asked of
// several types, it answers for the first that has one.
#include <catch2/catch.hpp>
#include <numeric>
#include <random>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"
#include "support/shipped_games.hpp"

namespace vari::attacker_of_tests {

TEST_CASE("the attacker of a cell is a piece that can take there", "[interpreter][attacks]") {
    int games = 0, found = 0;
    for (const std::string& name : test::shipped_game_names()) {
        const auto game = test::load_shipped(name);
        const Tables& t = game->tables();
        std::vector<int> all_types(static_cast<std::size_t>(t.type_count));
        std::iota(all_types.begin(), all_types.end(), 0);
        ++games;
        runtime::Game played(*game);
        std::mt19937_64 rng(9);
        for (int ply = 0; ply < 80 && !played.result(); ++ply) {
            const Position& pos = played.position();
            with_cell_set(t.cell_words, [&]<class Set>(Set) {
                const Set occupied = pos.sets<Set>().occupied;
                for (const int cell : occupied) {
                    const int owner = owner_of(pos.piece_on(cell));
                    for (int by = 0; by < t.player_count; ++by) {
                        if (by == owner) continue;
                        // Asked of every type in order, the first type that has one answers.
                        int first_type = -1;
                        for (int type = 0; type < t.type_count; ++type) {
                            const int one[] = {type};
                            const int from = pos.attacker_of(cell, by, one, occupied);
                            bool can_take = false;
                            for (const int at : pos.sets<Set>().of(by, type))
                                can_take |= piece_targets_in<Set>(pos, at).has(cell);
                            INFO(name << " ply " << ply << " cell " << cell << " by " << by
                                      << " type " << type << " from " << from);
                            REQUIRE((from >= 0) == can_take);
                            if (from < 0) continue;
                            ++found;
                            REQUIRE(pos.piece_on(from) == make_piece(by, type));
                            REQUIRE(piece_targets_in<Set>(pos, from).has(cell));
                            if (first_type < 0) first_type = type;
                        }
                        const int from = pos.attacker_of(cell, by, all_types, occupied);
                        REQUIRE(from == (first_type < 0
                                             ? -1
                                             : pos.attacker_of(cell, by, std::span(&first_type, 1),
                                                               occupied)));
                    }
                }
                return 0;
            });
            played.play(runtime::random_move(played, rng));
        }
    }
    CHECK(games >= 20);
    CHECK(found >= 1000);
}

}  // namespace vari::attacker_of_tests
