// Positions: piece placement, make/unmake with an incremental Zobrist hash, consistency checks.
#include <algorithm>
#include <iterator>

#include "interpreter/interpreter.hpp"
#include "interpreter/reach.hpp"

namespace vari {

namespace {

// Calls f(Set()) in the width of `pos`'s game.
template <class F>
decltype(auto) in_width(const Position& pos, F&& f) {
    return with_cell_set(pos.tables().cell_words, std::forward<F>(f));
}

}  // namespace

Position::Position(const CompiledGame& game) : game_(&game), t_(&game.tables()) {
    if (t_->cell_words == 1) narrow_.w64 = BoardSets<CellSet64>();
    if (t_->cell_words == 3) w192_.make();
    if (t_->cell_words == 4) w256_.make();
    if (t_->cell_words > 4) wide_.make();
    set_start();
}

CellSet Position::pieces(int player) const {
    return in_width(
        *this, [&]<class Set>(Set) { return resized<CellSet>(sets<Set>().by_player[player]); });
}

CellSet Position::pieces(int player, int type) const {
    return in_width(*this,
                    [&]<class Set>(Set) { return resized<CellSet>(sets<Set>().of(player, type)); });
}

CellSet Position::occupied() const {
    return in_width(*this, [&]<class Set>(Set) { return resized<CellSet>(sets<Set>().occupied); });
}

int Position::count(int player, int type) const {
    return in_width(*this, [&]<class Set>(Set) { return sets<Set>().of(player, type).count(); });
}

CellSet Position::gates() const {
    return in_width(*this, [&]<class Set>(Set) { return resized<CellSet>(sets<Set>().gates); });
}

CellSet Position::ep_cells() const {
    return in_width(*this, [&]<class Set>(Set) { return resized<CellSet>(sets<Set>().ep_cells); });
}

template <class Set>
void Position::add_piece(int cell, Piece piece) {
    BoardSets<Set>& s = writable_sets<Set>();
    board_[cell] = piece;
    const Set bit = Set::of(cell);
    s.occupied |= bit;
    s.by_player[owner_of(piece)] |= bit;
    s.by_type[owner_of(piece) * MAX_TYPES + type_of(piece)] |= bit;
    hash_ ^= t_->piece_key(piece, cell);
}

template <class Set>
void Position::remove_piece(int cell) {
    BoardSets<Set>& s = writable_sets<Set>();
    const Piece piece = board_[cell];
    const Set bit = Set::of(cell);
    board_[cell] = NO_PIECE;
    s.occupied ^= bit;
    s.by_player[owner_of(piece)] ^= bit;
    s.by_type[owner_of(piece) * MAX_TYPES + type_of(piece)] ^= bit;
    hash_ ^= t_->piece_key(piece, cell);
}

template <class Set>
Piece Position::take_on_board(int from, int to) {
    const Piece mover = board_[from], taken = board_[to];
    remove_piece<Set>(to);
    remove_piece<Set>(from);
    add_piece<Set>(to, mover);
    return taken;
}

template <class Set>
void Position::untake_on_board(int from, int to, Piece taken) {
    const Piece mover = board_[to];
    remove_piece<Set>(to);
    add_piece<Set>(from, mover);
    add_piece<Set>(to, taken);
}

#define VARI_INSTANTIATE(Set)                              \
    template Piece Position::take_on_board<Set>(int, int); \
    template void Position::untake_on_board<Set>(int, int, Piece);
VARI_EACH_CELL_SET(VARI_INSTANTIATE)
#undef VARI_INSTANTIATE

void Position::clear() {
    for (int c = 0; c < t_->cell_count; ++c) remove(c);
    for (int p = 0; p < t_->player_count; ++p)
        for (int type = 0; type < t_->type_count; ++type) set_in_hand(p, type, 0);
    set_rights(0);
    set_gates(CellSet());
    set_en_passant(CellSet(), -1);
    set_side_to_move(0);
    set_counters(0, 1);
    passes_in_a_row_ = 0;
    for (int p = 0; p < t_->player_count; ++p) set_checks_given(p, 0);
}

void Position::put(int cell, Piece piece) {
    in_width(*this, [&]<class Set>(Set) {
        if (board_[cell]) remove_piece<Set>(cell);
        if (piece) add_piece<Set>(cell, piece);
    });
}

void Position::remove(int cell) {
    if (board_[cell]) in_width(*this, [&]<class Set>(Set) { remove_piece<Set>(cell); });
}

void Position::set_side_to_move(int player) {
    hash_ ^= t_->side_keys[side_] ^ t_->side_keys[player];
    side_ = player;
}

void Position::set_rights(std::uint32_t rights) {
    for (std::size_t bit = 0; bit < t_->right_keys.size(); ++bit)
        if ((rights_ ^ rights) >> bit & 1) hash_ ^= t_->right_keys[bit];
    rights_ = rights;
}

void Position::set_gates(const CellSet& gates) {
    in_width(*this, [&]<class Set>(Set) {
        Set& held = writable_sets<Set>().gates;
        const Set now = resized<Set>(gates);
        for (int cell : held ^ now) hash_ ^= t_->gate_keys[cell];
        held = now;
    });
}

void Position::set_en_passant(const CellSet& cells, int victim) {
    if (ep_victim_ >= 0) hash_ ^= t_->ep_keys[ep_victim_];
    in_width(*this, [&]<class Set>(Set) {
        writable_sets<Set>().ep_cells = victim >= 0 ? resized<Set>(cells) : Set();
    });
    ep_victim_ = victim;
    if (ep_victim_ >= 0) hash_ ^= t_->ep_keys[ep_victim_];
}

void Position::set_counters(int ply_clock, int move_number) {
    ply_clock_ = ply_clock;
    move_number_ = move_number;
}

void Position::set_in_hand(int player, int type, int count) {
    assert(count >= 0 && count < MAX_HAND);
    std::uint8_t& held = hands_[player * MAX_TYPES + type];
    hash_ ^= t_->hand_key(player, type, held) ^ t_->hand_key(player, type, count);
    held = static_cast<std::uint8_t>(count);
}

void Position::set_checks_given(int player, int count) {
    assert(count >= 0 && count <= t_->checks_to_win);
    hash_ ^= t_->check_key(player, checks_given_[player]) ^ t_->check_key(player, count);
    checks_given_[player] = static_cast<std::uint8_t>(count);
}

void Position::set_start() {
    for (int c = 0; c < t_->cell_count; ++c) remove(c);
    std::fill(std::begin(hands_), std::end(hands_), 0);
    std::fill(std::begin(checks_given_), std::end(checks_given_), 0);
    passes_in_a_row_ = 0;
    hash_ = t_->side_keys[side_];
    for (const auto& p : game_->ir().setup) put(p.cell, make_piece(p.player, p.type));
    set_side_to_move(0);
    // A right is held when its two pieces stand on their start cells.
    std::uint32_t rights = 0;
    for (const auto& c : t_->castlings)
        if (board_[c.royal_from] == c.royal && board_[c.partner_from] == c.partner)
            rights |= 1u << c.right;
    set_rights(rights);
    for (const auto& held : game_->ir().hand_setup)
        set_in_hand(held.player, held.type, in_hand(held.player, held.type) + 1);
    // A gate right is held on each cell of a player's gating zones where its own piece stands,
    // while the player has a piece in hand.
    in_width(*this, [&]<class Set>(Set) { writable_sets<Set>().gates = Set(); });
    CellSet gates;
    for (int p = 0; p < t_->player_count && t_->gating; ++p)
        if (holds_any(p)) gates |= t_->set(t_->gate_zone + p) & pieces(p);
    // A first-move right is held on each cell where a piece that has first moves starts.
    for (int p = 0; p < t_->player_count && t_->first_moves; ++p)
        gates |= t_->set(t_->gate_zone + p) & pieces(p);
    set_gates(gates);
    set_en_passant(CellSet(), -1);
    set_counters(0, 1);
}

bool Position::holds_any(int player) const {
    for (int type = 0; type < t_->type_count; ++type)
        if (in_hand(player, type)) return true;
    return false;
}

// Gating rights after a move of the side to move from `from` (a castling's royal start cell),
// and the gated piece put down: the mover loses its right on each cell a piece of its left (an
// own piece landing on an own gate cell keeps the right there), the other player its right on
// the cell the move lands on, and a player whose hand is empty after it every right (it could
// not gate again), unless captured pieces may refill it.
template <class Set>
void Position::gate(Move move, int from) {
    const Set own = detail::pooled<Set>(*t_, t_->gate_zone + side_);
    Set lost = (Set::of(from) & own) | (Set::of(move.to()) & ~own);
    int gate_cell = from;
    if (move.kind() == Move::castling) {
        const CastlingRule& c = t_->castlings[move.castling_index()];
        lost = (Set::of(c.royal_from) | Set::of(c.partner_from)) & own;
        if (move.gates_on_partner()) gate_cell = c.partner_from;
    }
    const int gated = move.gated_type();
    if (gated >= 0) {
        add_piece<Set>(gate_cell, make_piece(side_, gated));
        set_in_hand(side_, gated, in_hand(side_, gated) - 1);
    }
    if (!t_->hands && !holds_any(side_)) lost |= own;
    lose_gates<Set>(lost);
}

// First-move rights after a move of the side to move from `from` (a castling's royal start cell):
// lost on the cells its pieces left, on the cell it lands on, and on cells a capture emptied (en
// passant, a capture sequence).
template <class Set>
void Position::lose_first_rights(Move move, int from) {
    Set& gates = writable_sets<Set>().gates;
    Set lost = Set::of(from) | Set::of(move.to()) | (gates & ~writable_sets<Set>().occupied);
    if (move.kind() == Move::castling) {
        const CastlingRule& c = t_->castlings[move.castling_index()];
        lost |= Set::of(c.partner_from);
    }
    lose_gates<Set>(lost);
}

template <class Set>
void Position::lose_gates(Set lost) {
    Set& gates = writable_sets<Set>().gates;
    if (gates & lost) {
        for (int cell : gates& lost) hash_ ^= t_->gate_keys[cell];
        gates &= ~lost;
    }
}

void Position::do_move(Move move, Undo& undo) {
    in_width(*this, [&]<class Set>(Set) { do_move_as<Set>(move, undo); });
}

void Position::undo_move(Move move, const Undo& undo) {
    in_width(*this, [&]<class Set>(Set) { undo_move_as<Set>(move, undo); });
}

template <class Set>
void Position::do_move_as(Move move, Undo& undo) {
    BoardSets<Set>& s = writable_sets<Set>();
    undo.hash = hash_;
    undo.ep_cells.as<Set>() = s.ep_cells;
    undo.rights = rights_;
    undo.ep_victim = ep_victim_;
    undo.ply_clock = ply_clock_;
    undo.passes_in_a_row = passes_in_a_row_;
    passes_in_a_row_ = move.is_pass() ? passes_in_a_row_ + 1 : 0;
    undo.move_number = move_number_;
    undo.captured = NO_PIECE;
    undo.captured_cell = -1;
    if (t_->cell_rights()) undo.gates.as<Set>() = s.gates;

    const int to = move.to();
    if (ep_victim_ >= 0) hash_ ^= t_->ep_keys[ep_victim_];
    s.ep_cells = Set();
    ep_victim_ = -1;
    if (move.is_pass()) {
        undo.moved = NO_PIECE;
        ++ply_clock_;
        finish_move(undo);
        return;
    }
    if (move.is_drop()) {
        const int dropped = move.dropped_type();
        set_in_hand(side_, dropped, in_hand(side_, dropped) - 1);
        // A drop with a promotion puts the piece down as that type (`drop promoted`).
        add_piece<Set>(to, make_piece(side_, move.is_promotion() ? move.promotion() : dropped));
        // A drop onto another player's gate cell takes its right.
        if (t_->gating && s.gates.has(to) &&
            !detail::pooled<Set>(*t_, t_->gate_zone + side_).has(to)) {
            s.gates.remove(to);
            hash_ ^= t_->gate_keys[to];
        }
        if (t_->castling_by_drop) gain_rights_by_drop(to);
        undo.moved = NO_PIECE;
        // A drop captures nothing; it resets the clock as a move of its piece would.
        ply_clock_ = t_->reset_clock_types >> dropped & 1 ? 0 : ply_clock_ + 1;
        finish_move(undo);
        return;
    }

    const int from = move.from();
    const Piece piece = board_[from];
    const int type = type_of(piece);
    undo.moved = piece;
    if (move.kind() == Move::castling) {
        const CastlingRule& c = t_->castlings[move.castling_index()];
        remove_piece<Set>(c.royal_from);
        remove_piece<Set>(c.partner_from);
        add_piece<Set>(c.royal_to, c.royal);
        add_piece<Set>(c.partner_to, c.partner);
    } else {
        const int captured_cell = move.kind() == Move::en_passant ? undo.ep_victim : to;
        if (move.is_jumps()) {
            capture_jumped<Set>(move, undo);
        } else if (board_[captured_cell] && captured_cell != from) {  // not an in-place promotion
            undo.captured = board_[captured_cell];
            undo.captured_cell = captured_cell;
            capture<Set>(captured_cell);
        }
        remove_piece<Set>(from);
        add_piece<Set>(to,
                       move.is_promotion() ? make_piece(owner_of(piece), move.promotion()) : piece);
        // Only a quiet move that an en-passant slide makes on this board leaves cells behind.
        const PieceRules& r = t_->rules_of(side_, type);
        if (r.has_ep_create && !undo.captured &&
            detail::pooled<Set>(*t_, r.ep_create + from).has(to)) {
            const Set passed = detail::en_passant_passed<Set>(*t_, r, from, to);
            if (passed && !(passed & s.occupied)) {
                s.ep_cells = passed;
                ep_victim_ = to;
                hash_ ^= t_->ep_keys[to];
            }
        }
    }

    const std::uint32_t lost = rights_ & (t_->rights_lost[from] | t_->rights_lost[to]);
    if (lost) set_rights(rights_ ^ lost);
    if (t_->gating) gate<Set>(move, from);
    if (t_->first_moves) lose_first_rights<Set>(move, from);
    const bool resets =
        (undo.captured && t_->reset_clock_on_capture) || (t_->reset_clock_types >> type & 1);
    ply_clock_ = resets ? 0 : ply_clock_ + 1;
    finish_move(undo);
}

// A castling right `by-drop` is gained when the drop on `to` leaves its two pieces on their start
// cells (the other dropped or standing there before).
void Position::gain_rights_by_drop(int to) {
    std::uint32_t rights = rights_;
    for (const CastlingRule& c : t_->castlings)
        if (c.gained_by_drop && (to == c.royal_from || to == c.partner_from) &&
            board_[c.royal_from] == c.royal && board_[c.partner_from] == c.partner)
            rights |= 1u << c.right;
    if (rights != rights_) set_rights(rights);
}

template <class Set>
void Position::capture(int cell) {
    const Piece piece = board_[cell];
    remove_piece<Set>(cell);
    const int as = t_->taken_as(side_, piece);
    if (as >= 0) set_in_hand(side_, as, in_hand(side_, as) + 1);
}

// Called with side_ back on the player who captured.
template <class Set>
void Position::uncapture(int cell, Piece piece) {
    add_piece<Set>(cell, piece);
    const int as = t_->taken_as(side_, piece);
    if (as >= 0) hands_[side_ * MAX_TYPES + as] -= 1;
}

// Takes the pieces of a capture sequence, found again from the position before it.
template <class Set>
void Position::capture_jumped(Move move, Undo& undo) {
    [[maybe_unused]] const bool found = jump_path(*this, move, undo.path);
    assert(found);
    for (int i = 0; i < undo.path.length; ++i) {
        const int cell = undo.path.jumped[i];
        undo.jumped[i] = board_[cell];
        capture<Set>(cell);
    }
    if (undo.path.length) {
        undo.captured = undo.jumped[0];
        undo.captured_cell = undo.path.jumped[0];
    }
}

void Position::finish_move(Undo& undo) {
    undo.gave_check =
        t_->checks_to_win && checks_given_[side_] < t_->checks_to_win && gives_check(side_);
    if (undo.gave_check) set_checks_given(side_, checks_given_[side_] + 1);
    const int next = next_player(side_);
    if (next == 0) ++move_number_;
    hash_ ^= t_->side_keys[side_] ^ t_->side_keys[next];
    side_ = next;
    assert(is_consistent());
}

template <class Set>
void Position::undo_move_as(Move move, const Undo& undo) {
    BoardSets<Set>& s = writable_sets<Set>();
    const int from = move.from(), to = move.to();
    side_ = previous_player(side_);
    if (undo.gave_check) --checks_given_[side_];
    if (move.is_pass()) {
        // Nothing moved.
    } else if (move.is_drop()) {
        remove_piece<Set>(to);
        hands_[side_ * MAX_TYPES + move.dropped_type()] += 1;
    } else if (move.kind() == Move::castling) {
        const CastlingRule& c = t_->castlings[move.castling_index()];
        if (const int gated = move.gated_type(); gated >= 0) {
            remove_piece<Set>(move.gates_on_partner() ? c.partner_from : c.royal_from);
            hands_[side_ * MAX_TYPES + gated] += 1;
        }
        remove_piece<Set>(c.royal_to);
        remove_piece<Set>(c.partner_to);
        add_piece<Set>(c.royal_from, c.royal);
        add_piece<Set>(c.partner_from, c.partner);
    } else {
        remove_piece<Set>(to);
        if (const int gated = move.gated_type(); gated >= 0) {
            remove_piece<Set>(from);
            hands_[side_ * MAX_TYPES + gated] += 1;
        }
        add_piece<Set>(from, undo.moved);
        if (move.is_jumps()) {
            for (int i = undo.path.length - 1; i >= 0; --i)
                uncapture<Set>(undo.path.jumped[i], undo.jumped[i]);
        } else if (undo.captured) {
            uncapture<Set>(undo.captured_cell, undo.captured);
        }
    }
    s.ep_cells = undo.ep_cells.as<Set>();
    ep_victim_ = undo.ep_victim;
    rights_ = undo.rights;
    if (t_->cell_rights()) s.gates = undo.gates.as<Set>();
    ply_clock_ = undo.ply_clock;
    passes_in_a_row_ = undo.passes_in_a_row;
    move_number_ = undo.move_number;
    hash_ = undo.hash;
    assert(is_consistent());
}

CellSet en_passant_passed(const Tables& t, const PieceRules& rules, int from, int to) {
    return with_cell_set(t.cell_words, [&]<class Set>(Set) {
        return resized<CellSet>(detail::en_passant_passed<Set>(t, rules, from, to));
    });
}

std::uint64_t Position::compute_hash() const {
    std::uint64_t h = t_->side_keys[side_];
    for (int c = 0; c < t_->cell_count; ++c)
        if (board_[c]) h ^= t_->piece_key(board_[c], c);
    for (std::size_t bit = 0; bit < t_->right_keys.size(); ++bit)
        if (rights_ >> bit & 1) h ^= t_->right_keys[bit];
    if (ep_victim_ >= 0) h ^= t_->ep_keys[ep_victim_];
    for (int cell : gates()) h ^= t_->gate_keys[cell];
    for (int p = 0; p < t_->player_count; ++p)
        for (int type = 0; type < t_->type_count; ++type)
            h ^= t_->hand_key(p, type, in_hand(p, type));
    for (int p = 0; p < t_->player_count; ++p) h ^= t_->check_key(p, checks_given_[p]);
    return h;
}

bool Position::is_consistent() const {
    return in_width(*this, [&]<class Set>(Set) {
        const BoardSets<Set>& s = sets<Set>();
        Set occupied;
        for (int c = 0; c < t_->cell_count; ++c) {
            const Piece p = board_[c];
            if (!p) continue;
            if (owner_of(p) >= t_->player_count || type_of(p) < 0 || type_of(p) >= t_->type_count)
                return false;
            if (!s.by_player[owner_of(p)].has(c) || !s.of(owner_of(p), type_of(p)).has(c))
                return false;
            occupied.add(c);
        }
        Set players;
        for (int p = 0; p < t_->player_count; ++p) players |= s.by_player[p];
        return occupied == s.occupied && players == s.occupied && hash_ == compute_hash();
    });
}

}  // namespace vari
