// Capture sequences found again from their move: the ordinal-th sequence (in the walk's order)
// from the move's origin to its destination.
#include "interpreter/jumps.hpp"

namespace vari {

bool jump_path(const Position& pos, Move move, JumpPath& path) {
    const int from = move.from(), to = move.to();
    const Piece piece = pos.piece_on(from);
    if (!move.is_jumps() || !piece) return false;
    const int owner = owner_of(piece);
    const PieceRules& r = pos.tables().rules_of(owner, type_of(piece));
    int before = move.jump_ordinal();
    bool found = false;
    with_cell_set(pos.tables().cell_words, [&]<class Set>(Set) {
        const BoardSets<Set>& s = pos.sets<Set>();
        detail::walk_jumps(pos.tables(), r, from, s.occupied & ~s.by_player[owner], s.occupied,
                           path, [&](const JumpPath& p, bool) {
                               found = p.landings[p.length - 1] == to && before-- == 0;
                               return !found;
                           });
    });
    return found;
}

}  // namespace vari
