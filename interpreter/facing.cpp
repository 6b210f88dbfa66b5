// `royals must-part`: whether a player's royal pieces face another player's along the player's
// directions of the rule, with only empty cells between. Only games with the rule ask.
#include "interpreter/interpreter.hpp"

namespace vari {

bool royals_facing(const Position& pos, int us) {
    const Tables& t = pos.tables();
    const CellSet occupied = pos.occupied();
    for (std::uint32_t types = t.royal_types; types; types &= types - 1)
        for (int royal : pos.pieces(us, std::countr_zero(types)))
            for (std::uint8_t dir : t.part_dirs[static_cast<std::size_t>(us)]) {
                const CellSet blockers = t.ray(dir, royal) & occupied;
                if (!blockers) continue;
                const Piece near =
                    pos.piece_on(t.dir_positive[dir] ? blockers.first() : blockers.last());
                if (owner_of(near) != us && (t.royal_types >> type_of(near) & 1u)) return true;
            }
    return false;
}

}  // namespace vari
