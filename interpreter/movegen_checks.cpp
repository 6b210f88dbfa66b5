// Whether a move gives check, for `checks forbidden`, drops that may not check or mate, and the
// search (move_gives_check): read off the cells each type would check from where the tables
// tell, made and tested where not.
#include "interpreter/generator.hpp"

namespace vari::detail {

// `checks forbidden`. Out of line: only such games pay for its code.
template <class Set>
void Generator<Set>::keep_not_checking() {
    CheckingCells checking;
    keep_if([&](Move m) { return !checks(m, checking); });
}

// Whether `m` gives check. Where no piece of ours attacks by walking, the cells its type
// would check from tell exactly, and a move from a cell of uncovering_cells() is read off
// the line it leaves (checks_leaving); where some does, they only tell which moves surely do
// not, and so do the cells an attack on a royal piece could cross
// (Tables::royal_influence), which it must not leave. The others, and moves that are not
// plain moves or drops, are made to find out.
template <class Set>
bool Generator<Set>::checks(Move m, CheckingCells& checking) {
    // A plain move where none of our pieces attacks by walking, the common case: as below,
    // with fewer tests.
    if (m.is_plain() && !t_.complex_types[us_]) {
        const int type = type_of(pos_.piece_on(m.from()));
        return checking_cells(type, checking).has(m.to()) ||
               (uncovering_cells(checking).has(m.from()) && checks_leaving(m, type, checking));
    }
    const bool drop = m.is_drop();
    if ((!drop && m.kind() != Move::normal) || m.gated_type() >= 0) return gives_check(m);
    const int type = m.promotion() >= 0 ? m.promotion()
                     : drop             ? m.dropped_type()
                                        : type_of(pos_.piece_on(m.from()));
    const bool lands_checking = checking_cells(type, checking).has(m.to());
    if (!t_.complex_types[us_]) {
        if (!drop && uncovering_cells(checking).has(m.from()))
            return lands_checking || checks_leaving(m, type, checking);
        return lands_checking;
    }
    if (lands_checking) return gives_check(m);
    if (drop) return false;
    for (int p = 0; p < t_.player_count; ++p)
        if (p != us_)
            for (std::uint32_t types = t_.royal_types; types; types &= types - 1)
                for (int royal : sets_.of(p, std::countr_zero(types)))
                    if (pool_[t_.royal_influence +
                              static_cast<std::uint32_t>(p * t_.cell_count + royal)]
                            .has(m.from()))
                        return gives_check(m);
    return false;
}

// Whether a plain move from a cell of uncovering_cells(), of a piece that lands as `type`
// and not on a cell checking_cells() gives, checks another player's royal piece. Leaving
// `from` opens only the ray from the royal piece through it: to the next piece past it, an
// attack by our slider there unless the move lands between, or the piece's own attack from
// `to` along the ray. Made and tested where several royal pieces could be uncovered.
template <class Set>
bool Generator<Set>::checks_leaving(Move m, int type, CheckingCells& checking) {
    const Set royals = enemy_royals(checking);
    if (royals.count() != 1) return gives_check(m);
    const int royal = royals.first(), from = m.from(), to = m.to();
    for (std::uint32_t i = t_.attack_lines_first[us_]; i < t_.attack_lines_first[us_ + 1]; ++i) {
        const AttackLines& lines = t_.attack_lines[i];
        for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
            const int out = t_.attack_line_dirs[lines.dir_first + k];
            const Set full = ray(out, royal);
            if (!full.has(from)) continue;
            const Set beyond = ray(out, from), past = beyond & occupied_;
            const int next = past ? detail::nearest(t_, out, past) : -1;
            // The cells between the royal piece and the next piece past `from`.
            const Set between = next < 0 ? full : detail::passed<Set>(t_, out, royal, next);
            if (next >= 0 && own_.has(next) && (lines.types >> type_of(pos_.piece_on(next)) & 1) &&
                !between.has(to))
                return true;
            if ((lines.types >> type & 1) && beyond.has(to) && (between.has(to) || to == next))
                return true;
        }
    }
    return false;
}

// Our pieces nearest to another player's royal piece along a line one of our sliders attacks
// along. Only by leaving such a cell may a move uncover a slider's attack on it, or open the
// line for its own slide past where it stood.
template <class Set>
Set Generator<Set>::uncovering_cells(CheckingCells& checking) {
    if (checking.uncovering) return *checking.uncovering;
    Set cells;
    for (int royal : enemy_royals(checking))
        for (std::uint32_t i = t_.attack_lines_first[us_]; i < t_.attack_lines_first[us_ + 1];
             ++i) {
            const AttackLines& lines = t_.attack_lines[i];
            for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
                const int out = t_.attack_line_dirs[lines.dir_first + k];
                const Set line = ray(out, royal) & occupied_;
                if (line) cells.add(detail::nearest(t_, out, line));
            }
        }
    return *(checking.uncovering = cells & own_);
}

// The cells from which a piece of ours of `type` would attack another player's royal piece,
// the board as it stands: its leaps' exactly, its rays' up to and onto the nearest piece, and
// every cell its walked attacks could start from. Worked out once per position and type.
template <class Set>
Set Generator<Set>::checking_cells(int type, CheckingCells& checking) {
    if (!(checking.known >> type & 1)) work_out_checking_cells(type, checking);
    return checking.of[type];
}

// Out of line: asked once per move, worked out once per type.
template <class Set>
void Generator<Set>::work_out_checking_cells(int type, CheckingCells& checking) {
    checking.known |= 1u << type;
    const PieceRules& r = t_.rules_of(us_, type);
    Set cells;
    for (int royal : enemy_royals(checking)) {
        cells |= pool_[r.attackers + royal];
        if (r.complex_attacks) cells |= pool_[r.walked_attackers + royal];
        for (std::uint32_t i = t_.attack_lines_first[us_]; i < t_.attack_lines_first[us_ + 1]; ++i)
            if (t_.attack_lines[i].types >> type & 1)
                cells |= detail::along_lines(t_, t_.attack_lines[i], royal, occupied_);
    }
    checking.of[type] = cells;
}

#define VARI_INSTANTIATE(Set)                          \
    template void Generator<Set>::keep_not_checking(); \
    template Set Generator<Set>::checking_cells(int, CheckingCells&);
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

}  // namespace vari::detail

namespace vari {

bool move_gives_check(Position& pos, Move m, CheckCells& known) {
    return with_cell_set(pos.tables().cell_words, [&]<class Set>(Set) {
        auto* checking = std::get_if<detail::CheckingCells<Set>>(&known.known_);
        if (!checking) checking = &known.known_.template emplace<detail::CheckingCells<Set>>();
        MoveList unused;  // the generator's list, which asking about checks leaves alone
        return detail::Generator<Set>(pos, unused).checks(m, *checking);
    });
}

}  // namespace vari
