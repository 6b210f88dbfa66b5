// `royals must-part`: whether a player's royal pieces face another player's along the player's
// directions of the rule, with only empty cells between. Only games with the rule ask.
#include "interpreter/reach.hpp"

namespace vari {

bool royals_facing(const Position& pos, int us) {
    const Tables& t = pos.tables();
    return with_cell_set(t.cell_words, [&]<class Set>(Set) {
        const BoardSets<Set>& s = pos.sets<Set>();
        for (std::uint32_t types = t.royal_types; types; types &= types - 1)
            for (int royal : s.of(us, std::countr_zero(types)))
                for (std::uint8_t dir : t.part_dirs[static_cast<std::size_t>(us)]) {
                    const Set blockers = detail::ray<Set>(t, dir, royal) & s.occupied;
                    if (!blockers) continue;
                    const Piece near =
                        pos.piece_on(t.dir_positive[dir] ? blockers.first() : blockers.last());
                    if (owner_of(near) != us && (t.royal_types >> type_of(near) & 1u)) return true;
                }
        return false;
    });
}

}  // namespace vari
