// Legal move generation. With one royal piece, checks and pins along straight lines are read off
// the rays around it and leaps off the reverse leap tables (the fast path); a move that touches a
// cell an attack no table holds could cross (a hop's screen, a lame leap's leg, a curve's path, a
// limited slide's line: walked_crossings) is made and tested, as is every move that touches
// a cell such an attack giving check hangs on. With several royal pieces every move that could
// expose one (Tables::royal_influence) is made and tested. En passant and castling are always made
// and tested: they are rare. In a game whose royal pieces may be captured, every pseudo-legal move
// is legal. Capture sequences come last, made and tested like the others, and the game's jump rule
// may then leave only them. `captures compulsory` then keeps only the captures, when there are any.
// First moves (`unmoved`) are rare too: made and tested.
// Where every move of a type is a leap or short slide that adds the same to the cell index
// wherever it goes (Tables::shifts), all of a player's unpinned pieces of it move at once.
#include "interpreter/generator.hpp"

namespace vari {
namespace detail {

template <class Set>
void Generator<Set>::run() {
    if (t_.has_goals && goal_reached(pos_)) return;  // a goal ended the game
    // Royal pieces facing at this turn must be parted, or the player passes, even in check
    // (royals must-part): rare, so the moves are made and tested.
    const bool facing = t_.royals_must_part && royals_facing(pos_, us_);
    // Where jumping is compulsory, a position with a jump lists only its jumps: they are
    // looked for first, and the other moves only when there is none.
    const bool jumps_first = t_.has_jumps && t_.jump_rule != ir::JumpRule::optional;
    if (jumps_first) jumps();
    if (list_.size == 0) {
        if (t_.fast_legality && royals_.count() == 1)
            fast();
        else
            by_trial();
        if (t_.first_moves) first_moves();
        if (t_.gating) gatings();
        if (t_.has_in_place) in_place_promotions();
        if (t_.has_jumps && !jumps_first) jumps();
    }
    if (facing) keep_if([this](Move m) { return parts(m); });
    if (t_.checks_forbidden) keep_not_checking();
    if (t_.passing == ir::Passing::allowed ||
        (t_.passing == ir::Passing::forced && list_.size == 0) ||
        (t_.passing == ir::Passing::unless_in_check && (facing || !in_check())))
        push(Move::make_pass());
    if (t_.captures_compulsory) keep_captures();
    if (t_.drops_compulsory) keep_drops();
}

// Lists the moves of our pieces of shifted types (Tables::shifts) that stand on `from` and
// where every move of theirs lands plainly, onto `to`, a type's pieces at once; returns those
// pieces, whose moves are then listed. Only three or more: shifting every cell of the board
// each step costs more than one or two pieces' targets read from their tables.
template <class Set>
Set Generator<Set>::shifted_moves(Set from, Set to) {
    std::uint32_t many = 0;  // the shifted types of which we have three or more
    for (std::uint32_t types = t_.shifted_types[us_]; types; types &= types - 1) {
        const int type = std::countr_zero(types);
        many |= static_cast<std::uint32_t>(sets_.of(us_, type).count() >= 3) << type;
    }
    if (!many) return Set();
    const Set allowed[] = {landings_.by_mode[0] & to, landings_.by_mode[1] & to,
                           landings_.by_mode[2] & to};  // by ir::MoveMode
    Set listed;
    for (std::uint32_t types = many; types; types &= types - 1) {
        const int type = std::countr_zero(types);
        const PieceRules& r = our_rules_[type];
        const Set pieces = sets_.of(us_, type) & from & pool_[r.plain_from];
        if (pieces.count() < 3) continue;
        listed |= pieces;
        for (std::uint32_t k = 0; k < r.shift_count; ++k) {
            const Shift& shift = t_.shifts[r.shift_first + k];
            const Set targets = allowed[static_cast<int>(shift.mode)];
            detail::shift_steps(t_, shift, pieces, occupied_, [&](int step, Set landed) {
                for (int cell : landed& targets) push(Move::make(cell - step * shift.offset, cell));
            });
        }
    }
    return listed;
}

template <class Set>
void Generator<Set>::fast() {
    const int royal = royals_.first();
    // The royal piece's destinations, tested here with each player's sliders gathered once
    // for its checks and pins: those some attack, with the royal piece off its cell.
    const Set without_royal = occupied_ ^ Set::of(royal);
    const Set royal_to = detail::targets(t_, rules_on(royal), royal, landings_, pos_.board());
    Set unsafe;
    // Pieces whose attacks are walked: a walked check is answered by trial; else the moves
    // that touch a cell one of their attacks on the royal piece could cross are made and
    // tested. Their attacks on the royal piece and on its destinations are walked at once:
    // whether one reaches the royal piece's own cell does not hang on that cell's piece.
    // Their leaps and lines are read below with everyone's.
    Set walked;
    bool walkers = false;  // some walker_types[by]
    std::uint32_t walker_types[MAX_PLAYERS] = {};
    for (int by = 0; by < t_.player_count; ++by)
        if (by != us_)
            for (std::uint32_t types = t_.complex_types[by]; types; types &= types - 1)
                if (sets_.of(by, std::countr_zero(types))) walker_types[by] |= types & -types;
    for (int by = 0; by < t_.player_count; ++by) {
        if (!walker_types[by]) continue;
        const Set hit =
            pos_.walked_to(royal_to | Set::of(royal), by, without_royal, walker_types[by]);
        if (hit.has(royal)) return answer_walked_check(royal, walker_types);
        unsafe |= hit;
        walkers = true;
        walked |= walked_cells(by, walker_types[by], royal, false);
    }
    const Set enemy = occupied_ & ~own_;
    Set block = ~Set(), pinned;
    int check_count = 0;
    // Each pinned piece may move only along the line from the royal piece to its pinner.
    int pin_cell[MAX_PIN_LINES];
    UnsetArray<Set, MAX_PIN_LINES> pin_line;
    int pin_count = 0;

    for (int by = 0; by < t_.player_count; ++by) {
        if (by == us_) continue;
        if (const Set hit = detail::leaping_attackers(t_, sets_, pos_.board(), by, royal)) {
            check_count += hit.count();
            block = hit;
        }
        // The leaps of the player's pieces near enough to attack a destination, at once.
        if (const Set near = pool_[t_.leap_attackers_around_royal + by * t_.cell_count + royal] &
                             sets_.by_player[by])
            unsafe |= royal_to & detail::leap_attacks(t_, pos_.board(), by, near);
        for (std::uint32_t i = t_.attack_lines_first[by]; i < t_.attack_lines_first[by + 1]; ++i) {
            const AttackLines& lines = t_.attack_lines[i];
            const Set sliders = sets_.of_types(by, lines.types);
            if (!sliders) continue;
            if (pool_[lines.around_royal + royal] & sliders)
                for (int to : royal_to & ~unsafe)
                    if (detail::nearest_along(t_, lines, to, without_royal, sliders))
                        unsafe.add(to);
            if (!(pool_[lines.reach + royal] & sliders)) continue;
            for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
                // From the royal piece outward to the nearest piece, and past one of ours.
                const int out = t_.attack_line_dirs[lines.dir_first + k];
                const Set full = ray(out, royal);
                if (!(full & sliders)) continue;
                const Set line = full & occupied_;
                const int near = detail::nearest(t_, out, line);
                if (sliders.has(near)) {
                    ++check_count;
                    block = full & ~ray(out, near);
                    continue;
                }
                if (!own_.has(near)) continue;
                const Set beyond = ray(out, near) & occupied_;
                const int far = detail::nearest(t_, out, beyond);
                if (sliders.has(far)) {
                    pinned.add(near);
                    pin_cell[pin_count] = near;
                    pin_line[pin_count++] = full & ~ray(out, far);
                }
            }
        }
    }

    check_known_ = true;
    checked_ = check_count > 0;
    if (check_count < 2) {
        const int first = list_.size;
        const Set listed = shifted_moves(~pinned, block);
        for (int from : own_ & ~royals_ & ~listed) {
            const PieceRules& r = rules_on(from);
            Set to = detail::targets(t_, r, from, landings_, pos_.board()) & block;
            if (pinned.has(from))
                for (int i = 0; i < pin_count; ++i)
                    if (pin_cell[i] == from) to &= pin_line[i];
            if (to) emit_inline(r, from, to);
        }
        if (walked) filter_crossing(first, walked, royal);
    }
    const int royal_first = list_.size;
    if (const Set safe = royal_to & ~unsafe) emit(royal, safe);
    // Attack tests read a hop's screen and target types off the board, where a capture's
    // victim still stands: those moves are made.
    if (walkers)
        keep_if([&](Move m) { return !enemy.has(m.to()) || walkers_spare_royal(m, royal); },
                royal_first);
    en_passant();
    castlings();  // out of check too, when the game's safe cells allow it
    // A drop cannot uncover the royal piece to a ray: it only has to block a single slider's
    // check. It may give a hop its screen.
    if (check_count < 2 && t_.drops) {
        const int first = list_.size;
        drops(block);
        if (walked) filter_crossing(first, walked, royal);
    }
}

// The cells that the walked attacks of `by`'s pieces of `types` on the royal piece (on `royal`)
// cross; with `answers`, also those their rays pass (walked_to() follows them as well) and the
// attackers' own: the cells a move must touch to answer such a check.
template <class Set>
Set Generator<Set>::walked_cells(int by, std::uint32_t types, int royal, bool answers) const {
    Set cells;
    for (; types; types &= types - 1) {
        const int type = std::countr_zero(types);
        const PieceRules& r = t_.rules_of(by, type);
        const Set near = sets_.of(by, type) & pool_[r.walked_attackers + royal];
        if (answers) cells |= near;
        for (int from : near) cells |= detail::walked_crossings<Set>(t_, r, from, royal, answers);
    }
    return cells;
}

// While a walked attack gives check to the royal piece on `royal`: the moves listed by trial, of
// which only those that touch a cell some walked attack on it hangs on are made and tested; the
// others leave the check where it is.
template <class Set>
void Generator<Set>::answer_walked_check(int royal, const std::uint32_t* walker_types) {
    Set answers = Set::of(royal);
    for (int by = 0; by < t_.player_count; ++by)
        answers |= walked_cells(by, walker_types[by], royal, true);
    by_trial(answers);
}

// Keeps, of the moves from `first` on, those that touch no cell of `crossed` and those that
// do and leave the royal piece (on `royal`) out of the walked attacks, made and tested.
template <class Set>
void Generator<Set>::filter_crossing(int first, Set crossed, int royal) {
    int kept = first;
    for (int i = first; i < list_.size; ++i) {
        const Move m = list_.moves[i];
        const bool touches = crossed.has(m.to()) || (!m.is_drop() && crossed.has(m.from()));
        if (!touches || walkers_spare_royal(m, royal)) list_.moves[kept++] = m;
    }
    list_.size = kept;
}

// Lists the moves and makes each to test it; only those that touch a cell of `answers` can be
// legal (filter_from).
template <class Set>
void Generator<Set>::by_trial(Set answers) {
    const Set listed = shifted_moves(~Set(), ~Set());
    for (int from : own_ & ~listed) {
        const PieceRules& r = rules_on(from);
        const Set to = detail::targets(t_, r, from, landings_, pos_.board());
        if (to) emit_inline(r, from, to);
    }
    if (t_.drops) drops(~Set());
    filter_from(0, answers);
    en_passant();
    castlings();
}

// `captures compulsory`: when some legal move captures, only the captures stay.
template <class Set>
void Generator<Set>::keep_captures() {
    // A plain move, the common kind, captures when it lands on another player's piece.
    const Set enemy = occupied_ & ~own_;
    int kept = 0;
    for (int i = 0; i < list_.size; ++i) {
        const Move m = list_.moves[i];
        if (m.kind() == Move::normal ? enemy.has(m.to()) : captures(pos_, m))
            list_.moves[kept++] = m;
    }
    if (kept > 0) list_.size = kept;
}

}  // namespace detail

void generate_legal(Position& pos, MoveList& list) {
    with_cell_set(pos.tables().cell_words,
                  [&]<class Set>(Set) { detail::Generator<Set>(pos, list).run(); });
}

bool captures(const Position& pos, Move m) {
    switch (m.kind()) {
        case Move::en_passant:
        case Move::jumps:
            return true;
        case Move::normal: {
            const Piece target = pos.piece_on(m.to());
            return target && owner_of(target) != owner_of(pos.piece_on(m.from()));
        }
        case Move::castling:
        case Move::drop:
        case Move::pass:
            return false;
    }
    return false;
}

std::uint64_t perft(Position& pos, int depth, bool* overflow) {
    if (depth == 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    if (list.overflow && overflow) *overflow = true;
    if (depth == 1) return static_cast<std::uint64_t>(list.size);
    std::uint64_t nodes = 0;
    Undo undo;
    for (Move m : list) {
        if (overflow && *overflow) break;  // the count is short already: stop at once
        pos.do_move(m, undo);
        nodes += perft(pos, depth - 1, overflow);
        pos.undo_move(m, undo);
    }
    return nodes;
}

}  // namespace vari
