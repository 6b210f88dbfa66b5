// Drops from hand: where each piece in hand may go down, by its drop rules.
#include <optional>

#include "interpreter/generator.hpp"
#include "interpreter/jumps.hpp"

namespace vari::detail {

// `drops compulsory`: where some legal move is a drop, only drops are legal.
template <class Set>
void Generator<Set>::keep_drops() {
    bool any = false;
    for (int i = 0; i < list_.size && !any; ++i) any = list_.moves[i].is_drop();
    if (any) keep_if([](Move m) { return m.is_drop(); });
}

// Drops of the pieces in hand onto empty cells of `allowed`, by the piece's drop rules; a
// piece that may also be dropped promoted (its faces) goes down as each face by the same
// rules, where-movable, check and mate judged for the face.
template <class Set>
void Generator<Set>::drops(Set allowed) {
    std::uint32_t types = 0;
    for (std::uint32_t droppable = t_.droppable_types[us_]; droppable; droppable &= droppable - 1) {
        const int type = std::countr_zero(droppable);
        types |= static_cast<std::uint32_t>(pos_.in_hand(us_, type) > 0) << type;
    }
    if (types & t_.drop_first) types &= t_.drop_first;
    const Set empty = pool_[t_.all_cells] & ~occupied_ & allowed;
    CheckingCells checking;
    for (; types; types &= types - 1) {
        const int type = std::countr_zero(types);
        const PieceRules& r = t_.rules_of(us_, type);
        Set open = empty & pool_[r.drop_open];
        for (std::uint32_t rival = r.drop_not_on_file_with; rival; rival &= rival - 1)
            for (int cell : sets_.of(us_, std::countr_zero(rival)))
                open &= ~pool_[t_.file_of + cell];
        // Judged on every empty cell: in check, `allowed` narrows where this drop goes, not
        // where the balanced pieces may go later.
        if (t_.colour_balanced_types)
            open &= colour_balanced_cells(type, pool_[t_.all_cells] & ~occupied_);
        drops_as(type, -1, r, r, open, checking);
        for (std::uint32_t faces = r.drop_faces; faces; faces &= faces - 1) {
            const int face = std::countr_zero(faces);
            drops_as(type, face, r, t_.rules_of(us_, face), open, checking);
        }
    }
}

// `colour-balanced`: a player's pieces of such a type, on the board and in hand, end half on
// each colour. Its own drop may not put more than half (rounded up) on one colour; a drop of
// another type may not take a cell that leaves fewer cells of a colour (its pieces there and
// the empty cells it may be dropped on) than half of them (rounded down).
template <class Set>
Set Generator<Set>::colour_balanced_cells(int type, Set empty) const {
    Set open = ~Set();
    for (std::uint32_t types = t_.colour_balanced_types; types; types &= types - 1) {
        const int balanced = std::countr_zero(types);
        const int held = pos_.in_hand(us_, balanced);
        if (!held) continue;
        const Set placed = sets_.of(us_, balanced);
        const int total = placed.count() + held;
        const Set free = empty & pool_[t_.rules_of(us_, balanced).drop_cells];
        for (const SetRef colour_ref : t_.colours) {
            const Set colour = pool_[colour_ref];
            if (balanced == type) {
                if ((placed & colour).count() + 1 > (total + 1) / 2) open &= ~colour;
            } else if (((placed | free) & colour).count() - 1 < total / 2) {
                open &= ~(colour & free);  // taking one of these leaves too few
                if (((placed | free) & colour).count() < total / 2) open = Set();
            }
        }
    }
    return open;
}

// Drops of `type` from hand as `face` (-1: itself) onto the cells of `open` its rules allow.
// Rules of check and mate are judged only where the dropped piece could give check.
template <class Set>
void Generator<Set>::drops_as(int type, int face, const PieceRules& r, const PieceRules& placed,
                              Set open, CheckingCells& checking) {
    if (r.drop_where_movable) open &= ~pool_[placed.stuck];
    const Set checks = r.drop_may_not_check || r.drop_may_not_mate
                           ? open & checking_cells(face < 0 ? type : face, checking)
                           : Set();
    bool defended_per_cell = false;
    if (r.drop_not_defended_by) {
        if (const auto reach = leaped_by_us(r.drop_not_defended_by))
            open &= ~*reach;
        else
            defended_per_cell = true;
    }
    if (!defended_per_cell && !checks) {
        for (int cell : open) push(Move::make_drop(type, cell, face));
        return;
    }
    for (int cell : open) {
        if (defended_per_cell && pos_.is_attacked(cell, us_, occupied_, r.drop_not_defended_by))
            continue;
        if (checks.has(cell) && !check_allowed(type, face, r, placed, cell)) continue;
        push(Move::make_drop(type, cell, face));
    }
}

// The cells our pieces of `types` attack, when they only leap (none when one does more).
template <class Set>
std::optional<Set> Generator<Set>::leaped_by_us(std::uint32_t types) const {
    for (std::uint32_t rest = types; rest; rest &= rest - 1) {
        const PieceRules& r = our_rules_[std::countr_zero(rest)];
        if (r.slide_count || r.path_count || r.jump_count) return std::nullopt;
    }
    return detail::leap_attacks(t_, pos_.board(), us_, sets_.of_types(us_, types));
}

// Whether a drop onto a cell from which `placed` could give check is allowed: it does not
// give check, or it may and, under `no-mate`, leaves the opponent an answer.
template <class Set>
bool Generator<Set>::check_allowed(int type, int face, const PieceRules& r,
                                   const PieceRules& placed, int cell) {
    const Set reach = detail::targets(t_, placed, cell, own_ | Set::of(cell),
                                      occupied_ | Set::of(cell), pos_.board()) |
                      detail::jump_attacks(t_, placed, cell, occupied_ | Set::of(cell));
    if (!(reach & enemy_royals())) return true;
    if (r.drop_may_not_check) return false;
    const Move drop = Move::make_drop(type, cell, face);
    Undo undo;
    pos_.do_move(drop, undo);
    MoveList replies;
    generate_legal(pos_, replies);
    pos_.undo_move(drop, undo);
    return replies.size > 0;
}

#define VARI_INSTANTIATE(Set)                   \
    template void Generator<Set>::keep_drops(); \
    template void Generator<Set>::drops(Set);
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail
