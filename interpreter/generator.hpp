// Internal: the legal move generator behind generate_legal(), a class template over the cell-set
// type of the game's width (Tables::cell_words), written once and compiled for each width. Its
// small shared steps (listing a move, legality by trial) are defined here, so that every part
// inlines them; each concern defines its members in a file of its own, which instantiates them
// for every width:
//   movegen.cpp              the driver (run), legality read off the tables or by trial, shifts
//   movegen_promotions.cpp   promotion choices, and promotions that are moves of their own
//   movegen_checks.cpp       whether a move gives check (`checks forbidden`, drops that may not)
//   movegen_drops.cpp        drops from hand
//   movegen_en_passant.cpp   en-passant captures
//   movegen_castling.cpp     castlings
//   movegen_first_moves.cpp  first moves (`unmoved`)
//   movegen_gating.cpp       gating
//   movegen_jumps.cpp        capture sequences
#pragma once

#include <optional>

#include "interpreter/interpreter.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {

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

    using CheckingCells = detail::CheckingCells<Set>;

    // Lists the legal moves of the side to move.
    [[gnu::always_inline]] inline void run();

    // movegen_checks.cpp: whether a move gives check, `checking` kept from move to move.
    bool checks(Move m, CheckingCells& checking);

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
    // The same, the rules of the piece on `from` known. Out of line: the loops over a position's
    // pieces call emit_inline(), and this one inlined would cost fast() registers.
    template <Move::Kind kind = Move::normal>
    [[gnu::noinline]] void emit(const PieceRules& r, int from, Set targets, int index = 0) {
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

    // For a move fast() lists, whose leaps and lines the checks and pins read off the tables
    // have judged: whether, made, it leaves our royal piece (on `royal`) out of every walked
    // attack.
    bool walkers_spare_royal(Move m, int royal) {
        const int cell = !m.is_drop() && m.from() == royal ? m.to() : royal;
        // A move or drop onto an empty cell only moves a piece: unless a hop reads its type,
        // the occupancy it leaves is all the test needs, and the move is not made.
        const int to = m.to();
        if (!t_.gating && (m.is_drop() || m.kind() == Move::normal) && !occupied_.has(to)) {
            const bool drop = m.is_drop();
            const int placed = m.is_promotion() ? m.promotion()
                               : drop           ? m.dropped_type()
                                                : type_of(pos_.piece_on(m.from()));
            if (!(t_.hop_typed >> placed & 1))
                return !walked_to(cell,
                                  (drop ? occupied_ : occupied_ ^ Set::of(m.from())) | Set::of(to));
        }
        Undo undo;
        pos_.do_move(m, undo);
        const bool safe = !walked_to(cell, sets_.occupied);
        pos_.undo_move(m, undo);
        return safe;
    }

    // Whether some other player's walked attack reaches `cell`, the pieces standing in `occupied`.
    bool walked_to(int cell, Set occupied) const {
        for (int by = 0; by < t_.player_count; ++by)
            if (by != us_ && t_.complex_types[by] &&
                pos_.is_walked_to(cell, by, occupied, t_.complex_types[by]))
                return true;
        return false;
    }

    // Keeps only the moves from `first` on that do not leave a royal piece attacked. Only those
    // that could are made to find out. A move that touches (leaves, lands on) no cell of
    // `answers` is dropped unmade: the caller knows it leaves some attack where it is.
    void filter_from(int first, Set answers = ~Set()) {
        if (!royals_ || first == list_.size) return;
        int kept = first;
        for (int i = first; i < list_.size; ++i) {
            const Move m = list_.moves[i];
            if (!answers.has(m.to()) && (m.is_drop() || !answers.has(m.from()))) continue;
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

    // The common case, nothing to capture en passant and no castling right, costs no call.
    [[gnu::always_inline]] void en_passant() {
        const int victim = pos_.ep_victim();
        if (victim >= 0 && owner_of(pos_.piece_on(victim)) != us_) en_passant_captures();
    }
    [[gnu::always_inline]] void castlings() {
        if (const std::uint32_t rights = pos_.rights() & t_.rights_of[us_]) castlings(rights);
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

    bool overflow() {
        list_.overflow = true;
        return false;
    }

    Set ray(int dir, int cell) const { return detail::ray<Set>(t_, dir, cell); }

    // movegen.cpp: the driver; legality read off the tables (fast) or by trial; shifts
    Set shifted_moves(Set from, Set to);
    void fast();
    void filter_crossing(int first, Set crossed, int royal);
    Set walked_cells(int by, std::uint32_t types, int royal, bool answers) const;
    void answer_walked_check(int royal, const std::uint32_t* walker_types);
    void by_trial(Set answers = ~Set());
    void keep_captures();

    // movegen_promotions.cpp: promotion choices, and in-place promotions
    template <Move::Kind kind>
    [[gnu::noinline]] void emit_as(int type, int from, Set targets, int index);
    template <Move::Kind kind>
    [[gnu::noinline]] void emit_promotions(int from, Set promoting, const PieceRules& r,
                                           bool leaving, int index);
    void in_place_promotions();

    // movegen_checks.cpp: which moves give check (`checks forbidden`, drops)
    [[gnu::noinline]] void keep_not_checking();
    bool checks_leaving(Move m, int type, CheckingCells& checking);
    Set uncovering_cells(CheckingCells& checking);
    Set checking_cells(int type, CheckingCells& checking);
    [[gnu::noinline]] void work_out_checking_cells(int type, CheckingCells& checking);

    // movegen_drops.cpp: drops from hand
    void keep_drops();
    void drops(Set allowed);
    Set colour_balanced_cells(int type, Set empty) const;
    void drops_as(int type, int face, const PieceRules& r, const PieceRules& placed, Set open,
                  CheckingCells& checking);
    std::optional<Set> leaped_by_us(std::uint32_t types) const;
    bool check_allowed(int type, int face, const PieceRules& r, const PieceRules& placed, int cell);

    // movegen_en_passant.cpp
    [[gnu::noinline]] void en_passant_captures();
    int drop_moves(int from, int to, int end);

    // movegen_castling.cpp
    [[gnu::noinline]] void castlings(std::uint32_t rights);

    // movegen_first_moves.cpp
    [[gnu::noinline]] void first_moves();

    // movegen_gating.cpp
    void gatings();
    void gate_all(Move m, std::uint32_t held, int cell, bool on_partner);

    // movegen_jumps.cpp: capture sequences
    void jumps();

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

}  // namespace vari::detail
