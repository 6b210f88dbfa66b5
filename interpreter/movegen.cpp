// Legal move generation. With one royal piece, checks and pins along straight lines are read off
// the rays around it and leaps off the reverse leap tables (the fast path); a move that touches a
// cell an attack no table holds could cross (a hop's screen, a lame leap's leg, a curve's path, a
// limited slide's line: walked_crossings) is made and tested, as is every move while such an
// attack gives check. With several royal pieces every move that could expose one
// (Tables::royal_influence) is made and tested. En passant and castling are always made and
// tested: they are rare. In a game whose royal pieces may be captured, every pseudo-legal move is
// legal. Capture sequences come last, made and tested like the others, and the game's jump rule
// may then leave only them. `captures compulsory` then keeps only the captures, when there are any.
// First moves (`unmoved`) are rare too: made and tested.
// Where every move of a type is a leap or short slide that adds the same to the cell index
// wherever it goes (Tables::shifts), all of a player's unpinned pieces of it move at once.
#include <algorithm>
#include <iterator>
#include <optional>

#include "interpreter/interpreter.hpp"
#include "interpreter/jumps.hpp"
#include "interpreter/reach.hpp"

namespace vari {
namespace {

template <class Set>
class Generator {
public:
    Generator(Position& pos, MoveList& list)
        : pos_(pos),
          t_(pos.tables()),
          pool_(t_.sets.data<Set>()),
          sets_(pos.sets<Set>()),
          list_(list),
          us_(pos.side_to_move()),
          our_rules_(t_.rules.data() + us_ * t_.type_count),
          own_(sets_.by_player[us_]),
          occupied_(sets_.occupied),
          landings_(own_, occupied_) {
        list_.size = 0;
        list_.overflow = false;
        if (!t_.royals_capturable)
            for (std::uint32_t types = t_.royal_types; types; types &= types - 1)
                royals_ |= sets_.of(us_, std::countr_zero(types));
    }

    void run() {
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

private:
    // Whether a royal piece of ours is attacked: known once fast() has looked.
    bool in_check() const { return check_known_ ? checked_ : pos_.in_check(); }

    bool attacked(int cell, Set occupied) const {
        for (int by = 0; by < t_.player_count; ++by)
            if (by != us_ && pos_.is_attacked(cell, by, occupied)) return true;
        return false;
    }

    const PieceRules& rules_on(int cell) const { return our_rules_[type_of(pos_.piece_on(cell))]; }

    void push(Move m) { list_.moves[list_.size++] = m; }

    // One move per target, or one per promotion choice (plus the plain move when optional);
    // `index` as Move::make takes it. The kind is a template argument so that ordinary moves, the
    // hot case, pack no run-time fields.
    template <Move::Kind kind = Move::normal>
    void emit(int from, Set targets, int index = 0) {
        emit<kind>(rules_on(from), from, targets, index);
    }
    // The same, the rules of the piece on `from` known.
    template <Move::Kind kind = Move::normal>
    void emit(const PieceRules& r, int from, Set targets, int index = 0) {
        emit_inline<kind>(r, from, targets, index);
    }
    // emit(), inlined into the loops over a position's pieces: with sets of three words or more
    // the compiler would not, and there the call costs more than the code it saves.
    template <Move::Kind kind = Move::normal>
    [[gnu::always_inline]] void emit_inline(const PieceRules& r, int from, Set targets,
                                            int index = 0) {
        if (r.lands_plainly || pool_[r.plain_from].has(from)) {
            for (int to : targets) push(Move::make(from, to, kind, -1, index));
            return;
        }
        if (r.becomes >= 0) return emit_as<kind>(r.becomes, from, targets, index);
        const bool leaving = pool_[r.promotion_leaving].has(from);
        const Set promoting = leaving ? targets : targets & pool_[r.promotion_zone];
        for (int to : targets & ~promoting & pool_[r.arrivals])
            push(Move::make(from, to, kind, -1, index));
        if (promoting) emit_promotions<kind>(from, promoting, r, leaving, index);
    }

    // Lists the moves of our pieces of shifted types (Tables::shifts) that stand on `from` and
    // where every move of theirs lands plainly, onto `to`, a type's pieces at once; returns those
    // pieces, whose moves are then listed. Only three or more: shifting every cell of the board
    // each step costs more than one or two pieces' targets read from their tables.
    Set shifted_moves(Set from, Set to) {
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
                Set at = pieces;
                // A slide's later steps go on from the empty cells only.
                for (int step = 1;; ++step) {
                    at = at.shifted(shift.offset) &
                         pool_[shift.lands + static_cast<std::uint32_t>(step - 1)];
                    for (int cell : at& targets) push(Move::make(cell - step * shift.offset, cell));
                    if (step == shift.steps || !(at &= ~occupied_)) break;
                }
            }
        }
        return listed;
    }

    // The moves of a piece every move of which ends as `type`. Out of line, as promotions below.
    template <Move::Kind kind>
    [[gnu::noinline]] void emit_as(int type, int from, Set targets, int index) {
        for (int to : targets) push(Move::make(from, to, kind, type, index));
    }

    // Out of line: promotions are rare, and inlined they would cost emit's loop its registers.
    template <Move::Kind kind>
    [[gnu::noinline]] void emit_promotions(int from, Set promoting, const PieceRules& r,
                                           bool leaving, int index) {
        for (int to : promoting) {
            std::uint32_t bits = t_.promotions[r.promotions + to];
            if (leaving) bits |= t_.promotions[r.promotions_out + from];
            if (r.promotion_lost_only) bits &= ~kept_types(r.promotion_lost_only);
            for (std::uint32_t choices = bits & ~PROMOTION_COMPULSORY; choices;
                 choices &= choices - 1)
                push(Move::make(from, to, kind, std::countr_zero(choices), index));
            // A piece that could never move again from `to` must promote there.
            if (!(bits & PROMOTION_COMPULSORY) && !pool_[r.stuck].has(to))
                push(Move::make(from, to, kind, -1, index));
        }
    }

    // The types of `types` of which we have on the board as many as the setup placed, or more.
    std::uint32_t kept_types(std::uint32_t types) const {
        std::uint32_t kept = 0;
        for (; types; types &= types - 1) {
            const int type = std::countr_zero(types);
            if (sets_.of(us_, type).count() >= t_.start_count[us_ * t_.type_count + type])
                kept |= 1u << type;
        }
        return kept;
    }

    // Keeps, of the moves from `first` on, those `keep` approves.
    template <class Keep>
    void keep_if(const Keep& keep, int first = 0) {
        int kept = first;
        for (int i = first; i < list_.size; ++i)
            if (keep(list_.moves[i])) list_.moves[kept++] = list_.moves[i];
        list_.size = kept;
    }

    // `checks forbidden`. Out of line: only such games pay for its code.
    [[gnu::noinline]] void keep_not_checking() {
        CheckingCells checking;
        keep_if([&](Move m) { return !checks(m, checking); });
    }

    // checking_cells() of each type, and uncovering_cells(), once worked out in a position.
    struct CheckingCells {
        std::uint32_t known = 0;        // a bit per type
        UnsetArray<Set, MAX_TYPES> of;  // set where `known` says
        std::optional<Set> uncovering;
        std::optional<Set> royals;  // enemy_royals()
    };

    // Whether `m` gives check. Where no piece of ours attacks by walking, the cells its type
    // would check from tell exactly, and a move from a cell of uncovering_cells() is read off
    // the line it leaves (checks_leaving); where some does, they only tell which moves surely do
    // not, and so do the cells an attack on a royal piece could cross
    // (Tables::royal_influence), which it must not leave. The others, and moves that are not
    // plain moves or drops, are made to find out.
    bool checks(Move m, CheckingCells& checking) {
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
    bool checks_leaving(Move m, int type, CheckingCells& checking) {
        const Set royals = enemy_royals(checking);
        if (royals.count() != 1) return gives_check(m);
        const int royal = royals.first(), from = m.from(), to = m.to();
        for (std::uint32_t i = t_.attack_lines_first[us_]; i < t_.attack_lines_first[us_ + 1];
             ++i) {
            const AttackLines& lines = t_.attack_lines[i];
            for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
                const int out = t_.attack_line_dirs[lines.dir_first + k];
                const Set full = ray(out, royal);
                if (!full.has(from)) continue;
                const Set beyond = ray(out, from), past = beyond & occupied_;
                const int next = past ? detail::nearest(t_, out, past) : -1;
                // The cells between the royal piece and the next piece past `from`.
                const Set between = next < 0 ? full : detail::passed<Set>(t_, out, royal, next);
                if (next >= 0 && own_.has(next) &&
                    (lines.types >> type_of(pos_.piece_on(next)) & 1) && !between.has(to))
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
    Set uncovering_cells(CheckingCells& checking) {
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
    Set checking_cells(int type, CheckingCells& checking) {
        if (!(checking.known >> type & 1)) work_out_checking_cells(type, checking);
        return checking.of[type];
    }
    // Out of line: asked once per move, worked out once per type.
    [[gnu::noinline]] void work_out_checking_cells(int type, CheckingCells& checking) {
        checking.known |= 1u << type;
        const PieceRules& r = t_.rules_of(us_, type);
        Set cells;
        for (int royal : enemy_royals(checking)) {
            cells |= pool_[r.attackers + royal];
            if (r.complex_attacks) cells |= pool_[r.walked_attackers + royal];
            for (std::uint32_t i = t_.attack_lines_first[us_]; i < t_.attack_lines_first[us_ + 1];
                 ++i)
                if (t_.attack_lines[i].types >> type & 1)
                    cells |= detail::along_lines(t_, t_.attack_lines[i], royal, occupied_);
        }
        checking.of[type] = cells;
    }

    bool gives_check(Move m) {
        Undo undo;
        pos_.do_move(m, undo);
        const bool check = pos_.gives_check(us_);
        pos_.undo_move(m, undo);
        return check;
    }

    bool parts(Move m) {
        Undo undo;
        pos_.do_move(m, undo);
        const bool parted = !royals_facing(pos_, us_);
        pos_.undo_move(m, undo);
        return parted;
    }

    bool leaves_royal_safe(Move m) {
        Undo undo;
        pos_.do_move(m, undo);
        const bool safe = !pos_.royal_attacked(us_);
        pos_.undo_move(m, undo);
        return safe;
    }

    // Keeps only the moves from `first` on that do not leave a royal piece attacked. Only those
    // that could are made to find out.
    void filter_from(int first) {
        if (!royals_ || first == list_.size) return;
        int kept = first;
        for (int i = first; i < list_.size; ++i) {
            const Move m = list_.moves[i];
            if (keeps_royals_safe(m) || leaves_royal_safe(m)) list_.moves[kept++] = m;
        }
        list_.size = kept;
    }

    // Whether `m` surely leaves every royal piece as safe as it stands: no royal piece of ours is
    // attacked, and the move is a plain one or a drop that neither moves nor makes a royal piece
    // and touches no cell an attack on one could cross (Tables::royal_influence).
    bool keeps_royals_safe(Move m) {
        const bool drop = m.is_drop();
        if (!drop && m.kind() != Move::normal) return false;
        if (makes_royal(m.promotion()) || makes_royal(m.gated_type()) ||
            (drop && makes_royal(m.dropped_type())))
            return false;
        const Set exposed = exposing_cells();
        return !exposed.has(m.to()) && (drop || !exposed.has(m.from()));
    }

    bool makes_royal(int type) const { return type >= 0 && (t_.royal_types >> type & 1); }

    // Every cell while a royal piece of ours is attacked (or about to move); else the cells whose
    // change could expose one. Worked out once per position, when first asked.
    Set exposing_cells() {
        if (exposing_known_) return exposing_;
        exposing_known_ = true;
        exposing_ = royals_;
        for (int royal : royals_) {
            if (attacked(royal, occupied_)) return exposing_ = ~Set();
            exposing_ |=
                pool_[t_.royal_influence + static_cast<std::uint32_t>(us_ * t_.cell_count + royal)];
        }
        return exposing_;
    }

    // Removes the moves from `from` to `to` generated before index `end`; returns how many.
    int drop_moves(int from, int to, int end) {
        int kept = 0;
        for (int i = 0; i < list_.size; ++i) {
            const Move m = list_.moves[i];
            if (i < end && m.from() == from && m.to() == to) continue;
            list_.moves[kept++] = m;
        }
        const int dropped = list_.size - kept;
        list_.size = kept;
        return dropped;
    }

    // The common case, nothing to capture en passant and no castling right, costs no call.
    [[gnu::always_inline]] void en_passant() {
        const int victim = pos_.ep_victim();
        if (victim >= 0 && owner_of(pos_.piece_on(victim)) != us_) en_passant_captures();
    }
    [[gnu::always_inline]] void castlings() {
        if (const std::uint32_t rights = pos_.rights() & t_.rights_of[us_]) castlings(rights);
    }

    [[gnu::noinline]] void en_passant_captures() {
        int first = list_.size;
        for (int type = 0; type < t_.type_count; ++type) {
            const PieceRules& r = t_.rules_of(us_, type);
            if (!r.has_ep_capture) continue;
            for (int from : sets_.of(us_, type)) {
                const Set to = pool_[r.ep_capture + from] & sets_.ep_cells & ~occupied_;
                for (int cell : to) {
                    // Another rule may reach the same empty cell: the move is one, and captures.
                    first -= drop_moves(from, cell, first);
                    const int before = list_.size;
                    emit(from, Set::of(cell));
                    for (int i = before; i < list_.size; ++i) {
                        const Move m = list_.moves[i];
                        list_.moves[i] =
                            Move::make(m.from(), m.to(), Move::en_passant, m.promotion());
                    }
                }
            }
        }
        filter_from(first);
    }

    // Castlings by the rights of `rights`, which the side to move holds.
    [[gnu::noinline]] void castlings(std::uint32_t rights) {
        const int first = list_.size;
        for (std::uint32_t k = t_.castlings_first[us_]; k < t_.castlings_first[us_ + 1]; ++k) {
            const std::uint32_t i = t_.castlings_by_player[k];
            const CastlingRule& c = t_.castlings[i];
            if (!(rights >> c.right & 1) || (occupied_ & pool_[c.must_be_empty])) continue;
            if (pos_.piece_on(c.royal_from) != c.royal ||
                pos_.piece_on(c.partner_from) != c.partner)
                continue;
            bool safe = true;
            for (int cell : pool_[c.must_be_safe]) safe = safe && !attacked(cell, occupied_);
            if (safe)
                push(Move::make(c.royal_from, c.royal_to, Move::castling, -1, static_cast<int>(i)));
        }
        filter_from(first);
    }

    // Promotions that are moves of their own: a piece standing in its zone (anywhere, when it is
    // the player's only one of its type and the rule says `last-anywhere`) becomes one of its
    // choices where it stands, or makes a move of the new type onto an empty cell as it. With
    // `no-attack` the new piece may not attack another player's piece where it ends, and the
    // promotion may not give check. Made and tested like other rare moves.
    void in_place_promotions() {
        const int first = list_.size;
        bool any_no_attack = false;
        const Set enemy = occupied_ & ~own_;
        for (int type = 0; type < t_.type_count; ++type) {
            const PieceRules& r = t_.rules_of(us_, type);
            if (!r.in_place_choices) continue;
            const Set pieces = sets_.of(us_, type);
            const Set from_cells = r.in_place_last_anywhere && pieces.count() == 1
                                       ? pieces
                                       : pieces & pool_[r.in_place_zone];
            if (!from_cells) continue;
            any_no_attack = any_no_attack || r.in_place_no_attack;
            std::uint32_t choices = r.in_place_choices;
            if (r.promotion_lost_only) choices &= ~kept_types(r.promotion_lost_only & choices);
            for (int from : from_cells)
                for (std::uint32_t c = choices; c; c &= c - 1) {
                    const int choice = std::countr_zero(c);
                    const PieceRules& becomes = t_.rules_of(us_, choice);
                    const Set to =
                        (detail::targets(t_, becomes, from, landings_, pos_.board()) & ~occupied_) |
                        Set::of(from);
                    for (int cell : to) {
                        if (r.in_place_no_attack) {
                            // The board is read only for the types of hops' screens and targets,
                            // which the promoting piece is neither.
                            const Set moved = Set::of(from) ^ Set::of(cell);
                            if (detail::targets(t_, becomes, cell, own_ ^ moved, occupied_ ^ moved,
                                                pos_.board()) &
                                enemy)
                                continue;
                        }
                        push(Move::make(from, cell, Move::normal, choice));
                    }
                }
        }
        filter_from(first);
        // Nor may such a promotion give check, by the new piece or by a line it opens.
        if (any_no_attack) keep_if([this](Move m) { return !gives_check(m); }, first);
    }

    // `drops compulsory`: where some legal move is a drop, only drops are legal.
    void keep_drops() {
        bool any = false;
        for (int i = 0; i < list_.size && !any; ++i) any = list_.moves[i].is_drop();
        if (any) keep_if([](Move m) { return m.is_drop(); });
    }

    // Drops of the pieces in hand onto empty cells of `allowed`, by the piece's drop rules; a
    // piece that may also be dropped promoted (its faces) goes down as each face by the same
    // rules, where-movable, check and mate judged for the face.
    void drops(Set allowed) {
        std::uint32_t types = 0;
        for (std::uint32_t droppable = t_.droppable_types[us_]; droppable;
             droppable &= droppable - 1) {
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
    Set colour_balanced_cells(int type, Set empty) const {
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
    void drops_as(int type, int face, const PieceRules& r, const PieceRules& placed, Set open,
                  CheckingCells& checking) {
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
    std::optional<Set> leaped_by_us(std::uint32_t types) const {
        for (std::uint32_t rest = types; rest; rest &= rest - 1) {
            const PieceRules& r = our_rules_[std::countr_zero(rest)];
            if (r.slide_count || r.path_count || r.jump_count) return std::nullopt;
        }
        return detail::leap_attacks(t_, pos_.board(), us_, sets_.of_types(us_, types));
    }

    // Whether a drop onto a cell from which `placed` could give check is allowed: it does not
    // give check, or it may and, under `no-mate`, leaves the opponent an answer.
    bool check_allowed(int type, int face, const PieceRules& r, const PieceRules& placed,
                       int cell) {
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

    Set enemy_royals(CheckingCells& checking) const {
        if (!checking.royals) checking.royals = enemy_royals();
        return *checking.royals;
    }
    Set enemy_royals() const {
        Set royals;
        for (std::uint32_t types = t_.royal_types; types; types &= types - 1)
            for (int p = 0; p < t_.player_count; ++p)
                if (p != us_) royals |= sets_.of(p, std::countr_zero(types));
        return royals;
    }

    void fast() {
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
            if (hit.has(royal)) return by_trial();
            unsafe |= hit;
            walkers = true;
            for (std::uint32_t types = walker_types[by]; types; types &= types - 1) {
                const PieceRules& r = t_.rules_of(by, std::countr_zero(types));
                for (int from :
                     sets_.of(by, std::countr_zero(types)) & pool_[r.walked_attackers + royal])
                    walked |= detail::walked_crossings<Set>(t_, r, from, royal);
            }
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
            if (const Set near =
                    pool_[t_.leap_attackers_around_royal + by * t_.cell_count + royal] &
                    sets_.by_player[by])
                unsafe |= royal_to & detail::leap_attacks(t_, pos_.board(), by, near);
            for (std::uint32_t i = t_.attack_lines_first[by]; i < t_.attack_lines_first[by + 1];
                 ++i) {
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
            if (walked) filter_crossing(first, walked);
        }
        const int royal_first = list_.size;
        if (const Set safe = royal_to & ~unsafe) emit(royal, safe);
        // Attack tests read a hop's screen and target types off the board, where a capture's
        // victim still stands: those moves are made.
        if (walkers)
            keep_if([&](Move m) { return !enemy.has(m.to()) || leaves_royal_safe(m); },
                    royal_first);
        en_passant();
        castlings();  // out of check too, when the game's safe cells allow it
        // A drop cannot uncover the royal piece to a ray: it only has to block a single slider's
        // check. It may give a hop its screen.
        if (check_count < 2 && t_.drops) {
            const int first = list_.size;
            drops(block);
            if (walked) filter_crossing(first, walked);
        }
    }

    // Keeps, of the moves from `first` on, those that touch no cell of `crossed` and those that
    // do and leave the royal piece safe, made and tested.
    void filter_crossing(int first, Set crossed) {
        int kept = first;
        for (int i = first; i < list_.size; ++i) {
            const Move m = list_.moves[i];
            const bool touches = crossed.has(m.to()) || (!m.is_drop() && crossed.has(m.from()));
            if (!touches || leaves_royal_safe(m)) list_.moves[kept++] = m;
        }
        list_.size = kept;
    }

    void by_trial() {
        const Set listed = shifted_moves(~Set(), ~Set());
        for (int from : own_ & ~listed) {
            const PieceRules& r = rules_on(from);
            const Set to = detail::targets(t_, r, from, landings_, pos_.board());
            if (to) emit_inline(r, from, to);
        }
        if (t_.drops) drops(~Set());
        filter_from(0);
        en_passant();
        castlings();
    }

    // Moves a piece may make only while it has not moved (Tables::first_rules), from the cells on
    // which we hold the right, those marked `not-in-check` only out of check. A move another rule
    // of the piece also makes is listed once. Rare: made and tested.
    [[gnu::noinline]] void first_moves() {
        const Set held = sets_.gates & own_;
        if (!held) return;
        const int first = list_.size;
        for (int from : held) {
            const int type = type_of(pos_.piece_on(from));
            Set to;
            for (const bool guarded : {false, true})
                if (!guarded || !in_check())
                    to |= detail::targets(t_, t_.first_rules_of(us_, type, guarded), from,
                                          landings_, pos_.board());
            const PieceRules& r = our_rules_[type];
            if (to) to &= ~detail::targets(t_, r, from, landings_, pos_.board());
            if (to) emit(r, from, to);
        }
        filter_from(first);
    }

    // Each legal move that leaves a cell on which we hold the gate right again with every piece
    // in hand that may be gated onto that cell; a castling onto the royal piece's start cell or
    // the partner's, when that one is left empty. A move that may not be made without gating may
    // not be made with it either (the gated piece is not counted as shielding the royal piece).
    // The gated piece only blocks lines, so the moves stay legal, but where a hop may take its
    // screen: those are made and tested.
    void gatings() {
        const Set gates = sets_.gates & pool_[t_.gate_zone + us_] & own_;
        if (!gates) return;
        std::uint32_t held = 0;
        for (std::uint32_t types = t_.gating_types; types; types &= types - 1)
            if (pos_.in_hand(us_, std::countr_zero(types))) held |= 1u << std::countr_zero(types);
        if (!held) return;
        const int end = list_.size;
        for (int i = 0; i < end; ++i) {
            const Move m = list_.moves[i];
            if (m.kind() == Move::castling) {
                const CastlingRule& c = t_.castlings[m.castling_index()];
                for (const int cell : {c.royal_from, c.partner_from})
                    if (gates.has(cell) && cell != c.royal_to && cell != c.partner_to)
                        gate_all(m, held, cell, cell == c.partner_from);
            } else if ((m.kind() == Move::normal || m.kind() == Move::en_passant) &&
                       gates.has(m.from())) {
                gate_all(m, held, m.from(), false);
            }
        }
        if (!t_.hops.empty()) filter_from(end);
    }

    void gate_all(Move m, std::uint32_t held, int cell, bool on_partner) {
        for (; held; held &= held - 1) {
            const int type = std::countr_zero(held);
            if (pool_[t_.rules_of(us_, type).gate_cells].has(cell))
                push(Move::with_gating(m, type, on_partner));
        }
    }

    // Capture sequences of every piece, appended after all other moves; with royal pieces each is
    // made and tested. `jumps compulsory` then leaves only them when there are any, and only
    // sequences that cannot go on; `jumps maximum` only those that capture the most.
    void jumps() {
        const int first = list_.size;
        const ir::JumpRule rule = t_.jump_rule;
        const bool prune = rule == ir::JumpRule::maximum && !royals_;  // nothing can be refused
        const Set enemy = occupied_ & ~own_;
        std::uint8_t length[MAX_MOVES];  // [i - first]: captures of the move at i
        int ordinal[MAX_CELLS];          // per destination: sequences found so far (of cell_count)
        int best = 0;
        JumpPath path;
        for (int from : own_) {
            const PieceRules& r = rules_on(from);
            if (!r.jump_count || !(pool_[r.jump_over + from] & enemy) ||
                !detail::can_jump(t_, r, from, enemy, occupied_))
                continue;
            std::fill(ordinal, ordinal + t_.cell_count, 0);
            detail::walk_jumps(t_, r, from, enemy, occupied_, path,
                               [&](const JumpPath& p, bool complete) {
                                   const int to = p.landings[p.length - 1];
                                   // Past the encoding (types.hpp) or the list (one move per
                                   // promotion choice at most), the caller learns that the list is
                                   // not the whole answer. The ordinal counts every sequence
                                   // walked, so it also bounds the walk: at most 256 per cell.
                                   const int index = ordinal[to]++;
                                   if (index > MAX_JUMP_ORDINAL) return overflow();
                                   if (rule != ir::JumpRule::optional && !complete) return true;
                                   if (prune && p.length < best) return true;
                                   if (prune && p.length > best) list_.size = first;
                                   best = std::max(best, p.length);
                                   if (list_.size + MAX_TYPES + 1 > MAX_MOVES) return overflow();
                                   const int before = list_.size;
                                   emit<Move::jumps>(from, Set::of(to), index);
                                   for (int i = before; i < list_.size; ++i)
                                       length[i - first] = static_cast<std::uint8_t>(p.length);
                                   return true;
                               });
        }
        if (royals_ || rule == ir::JumpRule::maximum) {
            best = 0;
            int kept = first;
            for (int i = first; i < list_.size; ++i) {
                if (royals_ && !leaves_royal_safe(list_.moves[i])) continue;
                length[kept - first] = length[i - first];
                list_.moves[kept++] = list_.moves[i];
                best = std::max<int>(best, length[i - first]);
            }
            list_.size = kept;
            if (rule == ir::JumpRule::maximum) {
                kept = first;
                for (int i = first; i < list_.size; ++i)
                    if (length[i - first] == best) list_.moves[kept++] = list_.moves[i];
                list_.size = kept;
            }
        }
        if (rule != ir::JumpRule::optional && list_.size > first) {
            std::copy(list_.moves + first, list_.moves + list_.size, list_.moves);
            list_.size -= first;
        }
    }

    // `captures compulsory`: when some legal move captures, only the captures stay.
    void keep_captures() {
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

    bool overflow() {
        list_.overflow = true;
        return false;
    }

    Set ray(int dir, int cell) const { return detail::ray<Set>(t_, dir, cell); }

    Position& pos_;
    const Tables& t_;
    const Set* pool_;
    const BoardSets<Set>& sets_;  // the position's, as moves made and taken back leave them
    MoveList& list_;
    const int us_;
    const PieceRules* our_rules_;  // by type
    const Set own_, occupied_;
    const detail::Landings<Set> landings_;  // of own_ and occupied_
    Set royals_;
    bool exposing_known_ = false;
    Set exposing_;                                // exposing_cells(), once known
    bool check_known_ = false, checked_ = false;  // in_check(), once fast() has found it
};

}  // namespace

void generate_legal(Position& pos, MoveList& list) {
    with_cell_set(pos.tables().cell_words,
                  [&]<class Set>(Set) { Generator<Set>(pos, list).run(); });
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
