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
    const CellSet occupied = pos.occupied();
    int before = move.jump_ordinal();
    bool found = false;
    detail::walk_jumps(pos.tables(), r, from, occupied & ~pos.pieces(owner), occupied, path,
                       [&](const JumpPath& p, bool) {
                           found = p.landings[p.length - 1] == to && before-- == 0;
                           return !found;
                       });
    return found;
}

}  // namespace vari
