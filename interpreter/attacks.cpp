// Attack detection: is a cell attacked by a player, read backwards from the cell through the
// reverse leap tables and the slide rays, and forwards from the pieces whose attacks no table
// holds. A jump attacks the cell it would pass over (not the cells of a sequence's later jumps).
#include "interpreter/interpreter.hpp"
#include "interpreter/jumps.hpp"
#include "interpreter/kinds.hpp"
#include "interpreter/reach.hpp"

namespace vari {
namespace {

// The cells the attacks that no table holds (limited slides, walked rules, jumps) of a piece of
// rules `r` on `from` reach, whoever stands there.
template <class Set>
Set walked_reach(const Tables& t, const PieceRules& r, int from, Set occupied, const Piece* board) {
    Set reach;
#ifdef __BMI2__
    if constexpr (detail::has_lookups<Set>)
        for (std::uint32_t g = 0; g < r.group_count; ++g) {
            const SlideGroup& group = t.slide_groups[r.group_first + g];
            if (group.mode != ir::MoveMode::move_only)
                reach |= detail::grouped_reach<Set>(t, group.lookups + from, occupied);
        }
    if constexpr (detail::has_lookups<Set>)
        if (r.typed_group_count) reach |= detail::typed_group_attacks(t, r, from, occupied, board);
#endif
    for (std::uint32_t i = r.grouped_slides; i < r.slide_count; ++i) {
        const SlideRule& slide = t.slides[r.slide_first + i];
        if (slide.mode != ir::MoveMode::move_only)
            reach |= detail::slide_reach(t, slide, from, occupied);
    }
    for (std::uint32_t i = r.grouped_paths + r.typed_paths; i < r.path_count; ++i) {
        const PathRule& rule = t.paths[r.path_first + i];
        if (rule.mode != ir::MoveMode::move_only)
            reach |= detail::path_reach(t, rule, from, occupied, board);
    }
    if (r.jump_count) reach |= detail::jump_attacks(t, r, from, occupied);
    return reach;
}

}  // namespace

template <class Set>
bool Position::is_attacked(int cell, int by, Set occupied, std::uint32_t types) const {
    const Tables& t = *t_;
    const Set* pool = t.sets.data<Set>();
    const BoardSets<Set>& s = sets<Set>();
    const std::uint32_t leapers = t.leaper_types[by];
    if ((leapers & types) == leapers) {
        if (detail::leaping_attackers(t, s, board_, by, cell)) return true;
    } else {
        for (std::uint32_t some = leapers & types; some; some &= some - 1) {
            const int type = std::countr_zero(some);
            if (pool[t.rules_of(by, type).attackers + cell] & s.of(by, type)) return true;
        }
    }
    for (std::uint32_t i = t.attack_lines_first[by]; i < t.attack_lines_first[by + 1]; ++i) {
        const AttackLines& lines = t.attack_lines[i];
        const Set sliders = s.of_types(by, lines.types & types);
        if (sliders && detail::nearest_along(t, lines, cell, occupied, sliders)) return true;
    }
    return (t.complex_types[by] & types) && is_walked_to(cell, by, occupied, types);
}

template <class Set>
bool Position::is_walked_to(int cell, int by, Set occupied, std::uint32_t types) const {
    return walked_attacker(cell, by, occupied, types, true) >= 0;
}

template <class Set>
int Position::walked_attacker(int cell, int by, Set occupied, std::uint32_t types,
                              bool jumps) const {
    const Tables& t = *t_;
    const Set* pool = t.sets.data<Set>();
    const BoardSets<Set>& s = sets<Set>();
    for (std::uint32_t complex = t.complex_types[by] & types; complex; complex &= complex - 1) {
        const int type = std::countr_zero(complex);
        const PieceRules& r = t.rules_of(by, type);
        for (int from : s.of(by, type) & pool[r.walked_attackers + cell]) {
#ifdef __BMI2__
            if constexpr (detail::has_lookups<Set>)
                for (std::uint32_t g = 0; g < r.group_count; ++g) {
                    const SlideGroup& group = t.slide_groups[r.group_first + g];
                    if (group.mode != ir::MoveMode::move_only &&
                        detail::grouped_reach<Set>(t, group.lookups + from, occupied).has(cell))
                        return from;
                }
            if constexpr (detail::has_lookups<Set>)
                if (r.typed_group_count &&
                    detail::typed_group_attacks(t, r, from, occupied, board_).has(cell))
                    return from;
#endif
            for (std::uint32_t i = r.grouped_slides; i < r.slide_count; ++i) {
                const SlideRule& slide = t.slides[r.slide_first + i];
                if (slide.mode != ir::MoveMode::move_only &&
                    detail::slide_reach(t, slide, from, occupied).has(cell))
                    return from;
            }
            for (std::uint32_t i = r.grouped_paths + r.typed_paths; i < r.path_count; ++i) {
                const PathRule& rule = t.paths[r.path_first + i];
                if (rule.mode != ir::MoveMode::move_only &&
                    detail::path_reaches(t, rule, from, occupied, board_, cell))
                    return from;
            }
            if (jumps && r.jump_count && detail::jump_attacks(t, r, from, occupied).has(cell))
                return from;
        }
    }
    return -1;
}

template <class Set>
int Position::attacker_of(int cell, int by, std::span<const int> types, Set occupied) const {
    const Tables& t = *t_;
    const BoardSets<Set>& s = sets<Set>();
    // The sliders that attack the cell, read once for all the types asked.
    Set sliders;
    bool sliders_read = false;
    for (const int type : types) {
        const Set pieces = s.of(by, type);
        if (!pieces) continue;
        const std::uint32_t bit = 1u << type;
        if (t.royal_types & bit) {
            // Royal pieces attack along the lines where they may not face others, without a
            // move there: asked of their own targets (few pieces, and the last an exchange asks).
            for (const int from : pieces)
                if (piece_targets_in<Set>(*this, from).has(cell)) return from;
            continue;
        }
        if (!sliders_read) {
            for (std::uint32_t i = t.attack_lines_first[by]; i < t.attack_lines_first[by + 1];
                 ++i) {
                const AttackLines& lines = t.attack_lines[i];
                if (const Set of_lines = s.of_types(by, lines.types & ~t.royal_types))
                    sliders |= detail::along_lines(t, lines, cell, occupied) & of_lines;
            }
            sliders_read = true;
        }
        Set hit = sliders & pieces;
        if (t.leaper_types[by] & bit)
            hit |= t.sets.data<Set>()[t.rules_of(by, type).attackers + cell] & pieces;
        if (hit) return hit.first();
        // Jumps take what they pass over, not what stands where they land.
        if (t.complex_types[by] & bit)
            if (const int from = walked_attacker(cell, by, occupied, bit, false); from >= 0)
                return from;
    }
    return -1;
}

template <class Set>
Set Position::walked_to(Set cells, int by, Set occupied, std::uint32_t types) const {
    const Tables& t = *t_;
    const Set* pool = t.sets.data<Set>();
    const BoardSets<Set>& s = sets<Set>();
    Set hit;
    for (std::uint32_t complex = t.complex_types[by] & types; complex; complex &= complex - 1) {
        const int type = std::countr_zero(complex);
        const PieceRules& r = t.rules_of(by, type);
        const Set pieces = s.of(by, type);
        if (!pieces) continue;
        Set near;
        for (int cell : cells) near |= pool[r.walked_attackers + cell];
        for (int from : pieces& near) {
            hit |= walked_reach(t, r, from, occupied, board_) & cells;
            if (hit == cells) return hit;
        }
    }
    return hit;
}

template bool Position::is_attacked(int, int, CellSet64, std::uint32_t) const;
template bool Position::is_attacked(int, int, CellSet128, std::uint32_t) const;
template bool Position::is_attacked(int, int, CellSet192, std::uint32_t) const;
template bool Position::is_attacked(int, int, CellSet256, std::uint32_t) const;
template bool Position::is_attacked(int, int, CellSetWide, std::uint32_t) const;
template bool Position::is_walked_to(int, int, CellSet64, std::uint32_t) const;
template bool Position::is_walked_to(int, int, CellSet128, std::uint32_t) const;
template bool Position::is_walked_to(int, int, CellSet192, std::uint32_t) const;
template bool Position::is_walked_to(int, int, CellSet256, std::uint32_t) const;
template bool Position::is_walked_to(int, int, CellSetWide, std::uint32_t) const;
template int Position::attacker_of(int, int, std::span<const int>, CellSet64) const;
template int Position::attacker_of(int, int, std::span<const int>, CellSet128) const;
template int Position::attacker_of(int, int, std::span<const int>, CellSet192) const;
template int Position::attacker_of(int, int, std::span<const int>, CellSet256) const;
template int Position::attacker_of(int, int, std::span<const int>, CellSetWide) const;
template CellSet64 Position::walked_to(CellSet64, int, CellSet64, std::uint32_t) const;
template CellSet128 Position::walked_to(CellSet128, int, CellSet128, std::uint32_t) const;
template CellSet192 Position::walked_to(CellSet192, int, CellSet192, std::uint32_t) const;
template CellSet256 Position::walked_to(CellSet256, int, CellSet256, std::uint32_t) const;
template CellSetWide Position::walked_to(CellSetWide, int, CellSetWide, std::uint32_t) const;

bool Position::is_attacked(int cell, int by) const {
    return with_cell_set(t_->cell_words, [&]<class Set>(Set) {
        return is_attacked(cell, by, sets<Set>().occupied);
    });
}

template <class Set>
bool Position::royal_attacked_as(int player) const {
    const BoardSets<Set>& s = sets<Set>();
    Set royals;
    for (std::uint32_t types = t_->royal_types; types; types &= types - 1)
        royals |= s.of(player, std::countr_zero(types));
    for (int cell : royals)
        for (int by = 0; by < t_->player_count; ++by)
            if (by != player && is_attacked(cell, by, s.occupied)) return true;
    return false;
}

bool Position::royal_attacked(int player) const {
    return with_cell_set(t_->cell_words,
                         [&]<class Set>(Set) { return royal_attacked_as<Set>(player); });
}

template <class Set>
bool Position::gives_check_as(int by) const {
    const BoardSets<Set>& s = sets<Set>();
    for (std::uint32_t types = t_->royal_types; types; types &= types - 1)
        for (int player = 0; player < t_->player_count; ++player)
            if (player != by)
                for (int cell : s.of(player, std::countr_zero(types)))
                    if (is_attacked(cell, by, s.occupied)) return true;
    return false;
}

bool Position::gives_check(int by) const {
    return with_cell_set(t_->cell_words, [&]<class Set>(Set) { return gives_check_as<Set>(by); });
}

CellSet royals_left_attacked(const Position& pos) {
    const Tables& t = pos.tables();
    // A pass leaves the board as it was, so only where a pass answers check may a royal piece
    // stand attacked after its player's move.
    if (t.royals_capturable || !t.royal_types ||
        (t.passing != ir::Passing::never && t.passing != ir::Passing::unless_in_check))
        return {};
    const int mover = pos.last_mover();
    CellSet attacked;
    for (std::uint32_t types = t.royal_types; types; types &= types - 1)
        for (int cell : pos.pieces(mover, std::countr_zero(types)))
            for (int by = 0; by < t.player_count; ++by)
                if (by != mover && pos.is_attacked(cell, by)) attacked.add(cell);
    return attacked;
}

template <class Set>
Set piece_targets_in(const Position& pos, int from) {
    const Piece p = pos.piece_on(from);
    const int owner = owner_of(p);
    const BoardSets<Set>& s = pos.sets<Set>();
    return detail::targets(pos.tables(), pos.tables().rules_of(owner, type_of(p)), from,
                           s.by_player[owner], s.occupied, pos.board());
}

template <class Set>
int targets_count(const Position& pos, int player, int type, Set& reach) {
    const Tables& t = pos.tables();
    const BoardSets<Set>& s = pos.sets<Set>();
    const PieceRules& rules = t.rules_of(player, type);
    // Landing as if no piece were the player's own: the targets then hold the pieces it defends
    // as well, and less its own pieces they are its moves.
    const Set own = s.by_player[player];
    const detail::Landings<Set> land(Set(), s.occupied);
    const Set pieces = s.of(player, type);
    int count = 0;
    // Moves that decompose into shifts (pawn-like steps) are counted for three pieces or more at
    // once, as the generator lists them: a piece's shifts never land twice on one cell, so the
    // sum is the same.
    if (rules.shifted && pieces.count() >= 3) {
        for (std::uint32_t k = 0; k < rules.shift_count; ++k) {
            const Shift& shift = t.shifts[rules.shift_first + k];
            const Set allowed = land.by_mode[static_cast<int>(shift.mode)];
            detail::shift_steps(t, shift, pieces, s.occupied, [&](int, Set landed) {
                landed &= allowed;
                reach |= landed;
                count += (landed & ~own).count();
            });
        }
        return count;
    }
    for (const int from : pieces) {
        const Set landed = detail::targets(t, rules, from, land, pos.board());
        reach |= landed;
        count += (landed & ~own).count();
    }
    return count;
}

template <class Set>
int targets_count(const Position& pos, int player, int type) {
    Set reach;
    return targets_count<Set>(pos, player, type, reach);
}

template int targets_count<CellSet64>(const Position&, int, int);
template int targets_count<CellSet128>(const Position&, int, int);
template int targets_count<CellSet192>(const Position&, int, int);
template int targets_count<CellSet256>(const Position&, int, int);
template int targets_count<CellSetWide>(const Position&, int, int);
template int targets_count<CellSet64>(const Position&, int, int, CellSet64&);
template int targets_count<CellSet128>(const Position&, int, int, CellSet128&);
template int targets_count<CellSet192>(const Position&, int, int, CellSet192&);
template int targets_count<CellSet256>(const Position&, int, int, CellSet256&);
template int targets_count<CellSetWide>(const Position&, int, int, CellSetWide&);

template CellSet64 piece_targets_in(const Position&, int);
template CellSet128 piece_targets_in(const Position&, int);
template CellSet192 piece_targets_in(const Position&, int);
template CellSet256 piece_targets_in(const Position&, int);
template CellSetWide piece_targets_in(const Position&, int);

CellSet piece_targets(const Position& pos, int from) {
    return with_cell_set(pos.tables().cell_words, [&]<class Set>(Set) {
        return resized<CellSet>(piece_targets_in<Set>(pos, from));
    });
}

}  // namespace vari
