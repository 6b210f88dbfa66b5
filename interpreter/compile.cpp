// Compiling the IR into Tables: every movement rule becomes per-cell cell sets, once per game.
// This file holds what every game compiles; each movement kind's own step is in its room
// (kinds.hpp).
#include <algorithm>
#include <bit>
#include <map>
#include <utility>

#include "interpreter/compiler.hpp"
#include "interpreter/kinds.hpp"

namespace vari {
namespace detail {

Compiler::Compiler(const ir::Game& game) : game_(game) {
    t_.cell_count = static_cast<int>(game.board.cells.size());
    t_.player_count = static_cast<int>(game.players.size());
    t_.type_count = static_cast<int>(game.pieces.size());
    t_.cell_words = cell_words_for(t_.cell_count);
    t_.pool.emplace_back();  // entry 0: the empty set, which a SetRef of 0 names
    t_.all_cells = new_set();
    for (int c = 0; c < t_.cell_count; ++c) {
        const ir::Vec v = game.board.cells[c].coord;
        by_coord_[{v.x, v.y}] = c;
        set(t_.all_cells).add(c);
    }
}

Tables Compiler::run(bool slide_lookups) {
    collect_directions();
    build_rays();
    t_.rules.resize(t_.player_count * t_.type_count);
    t_.slider_types.assign(t_.player_count * t_.dirs.size(), 0);
    t_.complex_types.assign(t_.player_count, 0);
    t_.leaper_types.assign(t_.player_count, 0);
    t_.droppable_types.assign(t_.player_count, 0);
    t_.start_count.assign(t_.player_count * t_.type_count, 0);
    for (const auto& placed : game_.setup)
        ++t_.start_count[placed.player * t_.type_count + placed.type];
    t_.start_hand_types.assign(t_.player_count, 0);
    for (const auto& placed : game_.hand_setup) {
        ++t_.start_count[placed.player * t_.type_count + placed.type];
        t_.start_hand_types[placed.player] |= 1u << placed.type;
    }
    t_.shifted_types.assign(t_.player_count, 0);
    for (int p = 0; p < t_.player_count; ++p)
        for (int type = 0; type < t_.type_count; ++type) {
            compile_piece(p, type);
            compile_shifts(p, type);
        }
    compile_royal_facing();
    compile_royal_parting();
    compile_attack_lines();
    compile_leap_attackers();
    compile_royal_influence();
    // The fast path keeps one pin per direction on the stack.
    if (t_.dirs.size() > MAX_PIN_LINES) t_.fast_legality = false;
    compile_castlings();
    compile_hands();
    compile_first_moves();
    compile_clock();
    compile_goals();
    make_keys();
    t_.sets = SetPool(t_.cell_words, t_.pool);
    if (slide_lookups) compile_slide_lookups();
    return std::move(t_);
}

// Royal pieces that may not face each other attack along those lines as sliders do, so that a
// move leaving two facing leaves a royal piece attacked, and pins and checks read the rays. (An
// attack test of another cell along such a line sees the royal piece too: only the move-ordering
// guess of the search asks one, where that is harmless.)
void Compiler::compile_royal_facing() {
    for (std::size_t p = 0; p < game_.royals_may_not_face.size(); ++p)
        for (ir::Vec v : game_.royals_may_not_face[p])
            t_.slider_types[p * t_.dirs.size() + static_cast<std::size_t>(dir_index(v))] |=
                t_.royal_types;
}

// slider_types as lines: for each player, the directions from a cell outward along which the same
// types attack it, a direction and its reverse side by side (add_dir makes them neighbours).
void Compiler::compile_attack_lines() {
    const std::size_t dir_count = t_.dirs.size();
    for (int p = 0; p < t_.player_count; ++p) {
        t_.attack_lines_first.push_back(static_cast<std::uint32_t>(t_.attack_lines.size()));
        std::map<std::uint32_t, std::vector<std::uint8_t>> outward_by_types;
        for (std::size_t out = 0; out < dir_count; ++out)
            if (const std::uint32_t types = t_.slider_types[p * dir_count + t_.dir_reverse[out]])
                outward_by_types[types].push_back(static_cast<std::uint8_t>(out));
        for (const auto& [types, outward] : outward_by_types) {
            AttackLines lines;
            lines.types = types;
            lines.dir_first = static_cast<std::uint32_t>(t_.attack_line_dirs.size());
            lines.dir_count = static_cast<std::uint32_t>(outward.size());
            lines.reach = new_table();
            for (int c = 0; c < t_.cell_count; ++c)
                for (const std::uint8_t out : outward)
                    at(lines.reach, c) |= at(t_.rays + out * t_.cell_count, c);
            lines.around_royal = new_table();
            add_around_royal(lines.reach, p, lines.around_royal);
            t_.attack_line_dirs.insert(t_.attack_line_dirs.end(), outward.begin(), outward.end());
            t_.attack_lines.push_back(lines);
        }
    }
    t_.attack_lines_first.push_back(static_cast<std::uint32_t>(t_.attack_lines.size()));
}

void Compiler::compile_leap_attackers() {
    const int n = t_.cell_count;
    t_.leap_attackers = new_table(t_.player_count * n);
    for (int p = 0; p < t_.player_count; ++p)
        for (std::uint32_t types = t_.leaper_types[p]; types; types &= types - 1) {
            const TableRef attackers = t_.rules_of(p, std::countr_zero(types)).attackers;
            for (int c = 0; c < n; ++c) at(t_.leap_attackers, p * n + c) |= t_.pool[attackers + c];
        }
    t_.leap_attackers_around_royal = new_table(t_.player_count * n);
    for (int p = 0; p < t_.player_count; ++p) {
        const auto first = static_cast<TableRef>(p * n);
        add_around_royal(t_.leap_attackers + first, p, t_.leap_attackers_around_royal + first);
    }
}

void Compiler::add_around_royal(TableRef table, int p, TableRef into) {
    if (royal_reach_.empty()) {
        royal_reach_.assign(t_.player_count, std::vector<CellSet>(t_.cell_count));
        for (int q = 0; q < t_.player_count; ++q)
            for (std::uint32_t types = t_.royal_types; types; types &= types - 1)
                for (int c = 0; c < t_.cell_count; ++c)
                    royal_reach_[q][c] |=
                        empty_board_reach(t_.rules_of(q, std::countr_zero(types)), c);
    }
    for (int q = 0; q < t_.player_count; ++q)
        if (q != p)
            for (int c = 0; c < t_.cell_count; ++c)
                for (int to : royal_reach_[q][c]) at(into, c) |= t_.pool[table + to];
}

// Royal pieces that must part: the directions, as indices, along which each player's face others'.
void Compiler::compile_royal_parting() {
    t_.royals_must_part = !game_.royals_must_part.empty();
    t_.part_dirs.resize(static_cast<std::size_t>(t_.player_count));
    for (std::size_t p = 0; p < game_.royals_must_part.size(); ++p)
        for (ir::Vec v : game_.royals_must_part[p])
            t_.part_dirs[p].push_back(static_cast<std::uint8_t>(dir_index(v)));
}

void Compiler::add_dir(ir::Vec v) {
    if (dir_index(v) >= 0) return;
    t_.dirs.push_back(v);
    t_.dirs.push_back({-v.x, -v.y});
    t_.dir_positive.push_back(v.y > 0 || (v.y == 0 && v.x > 0));
    t_.dir_positive.push_back(t_.dir_positive.back() ^ 1);
    const auto n = static_cast<std::uint8_t>(t_.dirs.size());
    t_.dir_reverse.push_back(n - 1);
    t_.dir_reverse.push_back(n - 2);
}

void Compiler::collect_directions() {
    for (const auto& piece : game_.pieces)
        for (const auto* movements : {&piece.movements, &piece.first_movements})
            for (const auto& m : *movements)
                if (runs_along_dirs(m.kind))
                    for (const auto& per_player : m.vectors)
                        for (ir::Vec v : per_player) add_dir(v);
    for (const auto& per_player : game_.royals_may_not_face)
        for (ir::Vec v : per_player) add_dir(v);
    for (const auto& per_player : game_.royals_must_part)
        for (ir::Vec v : per_player) add_dir(v);
}

void Compiler::build_rays() {
    const int n = t_.cell_count;
    t_.rays = static_cast<TableRef>(t_.pool.size());
    t_.pool.resize(t_.pool.size() + t_.dirs.size() * n);
    for (std::size_t d = 0; d < t_.dirs.size(); ++d) {
        for (int c = 0; c < n; ++c) {
            CellSet ray;
            for (int to = cell_at(add(coord(c), t_.dirs[d])); to >= 0;
                 to = cell_at(add(coord(to), t_.dirs[d])))
                ray.add(to);
            t_.pool[t_.rays + d * n + c] = ray;
        }
    }
}

void Compiler::compile_piece(int p, int type) {
    const ir::Piece& piece = game_.pieces[type];
    PieceRules& r = t_.rules[p * t_.type_count + type];
    compile_movements(p, type, piece.movements, r);
    r.royal = piece.royal;
    if (piece.royal) t_.royal_types |= 1u << type;
    compile_jumps(p, type, piece, r);
    if (r.complex_attacks) compile_walked_attackers(r);
    CellSet stuck;
    for (int c = 0; c < t_.cell_count; ++c)
        if (!empty_board_reach(r, c)) stuck.add(c);
    r.stuck = new_set(stuck);
    r.arrivals =
        new_set(piece.arrive_only_where_movable ? set(t_.all_cells) & ~stuck : set(t_.all_cells));
    compile_promotions(p, piece, r);
    r.lands_plainly =
        !set(r.promotion_zone) && !set(r.promotion_leaving) && set(r.arrivals) == set(t_.all_cells);
    // A capture sequence lands past its first jump: pieces with jumps are never plain from a cell.
    CellSet plain_from;
    const CellSet unplain = set(r.promotion_zone) | ~set(r.arrivals);
    for (int c = 0; c < t_.cell_count && !r.jump_count; ++c)
        if (!set(r.promotion_leaving).has(c) && !(empty_board_reach(r, c) & unplain))
            plain_from.add(c);
    r.plain_from = new_set(plain_from);
    r.becomes = one_promotion(r);
    compile_drop(p, piece, r);
    if (r.droppable) t_.droppable_types[p] |= 1u << type;
}

void Compiler::compile_movements(int p, int type, const std::vector<ir::Movement>& movements,
                                 PieceRules& r) {
    r.leap_any = new_table();
    r.leap_move = new_table();
    r.leap_capture = new_table();
    r.attackers = new_table();
    r.ep_capture = new_table();
    r.ep_create = new_table();
    r.slide_first = static_cast<std::uint32_t>(t_.slides.size());
    r.path_first = static_cast<std::uint32_t>(t_.paths.size());
    for (const auto& m : movements)
        with_kind(m.kind, [&](auto room) { room.compile(*this, p, type, m, r); });
}

void Compiler::compile_walked_attackers(PieceRules& r) {
    r.walked_attackers = new_table();
    Cell cells[MAX_CELLS];
    for (int from = 0; from < t_.cell_count; ++from) {
        CellSet reach;
        for (std::uint32_t i = 0; i < r.slide_count; ++i) {
            const SlideRule& s = t_.slides[r.slide_first + i];
            if (s.mode != ir::MoveMode::move_only) reach |= t_.pool[s.reach + from];
        }
        for (std::uint32_t i = 0; i < r.path_count; ++i) {
            const PathRule& rule = t_.paths[r.path_first + i];
            if (rule.mode == ir::MoveMode::move_only) continue;
            const int count = path_cells(t_, rule, from, cells);
            for (int k = 0; k < count; ++k) reach.add(cells[k]);
        }
        for (std::uint32_t k = 0; k < r.jump_count; ++k) {
            const JumpStep& step = t_.jump_steps[r.jump_first + k * t_.cell_count + from];
            if (step.land != NO_CELL) reach.add(step.over);
        }
        for (int to : reach) at(r.walked_attackers, to).add(from);
    }
}

CellSet Compiler::empty_board_reach(const PieceRules& r, int c) const {
    CellSet reach =
        t_.pool[r.leap_any + c] | t_.pool[r.leap_move + c] | t_.pool[r.leap_capture + c];
    for (std::uint32_t i = 0; i < r.slide_count; ++i)
        reach |= t_.pool[t_.slides[r.slide_first + i].reach + c];
    Cell cells[MAX_CELLS];
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const int count = path_cells(t_, t_.paths[r.path_first + i], c, cells);
        for (int k = 0; k < count; ++k) reach.add(cells[k]);
    }
    for (std::uint32_t k = 0; k < r.jump_count; ++k)
        if (const int land = t_.jump_steps[r.jump_first + k * t_.cell_count + c].land;
            land != NO_CELL)
            reach.add(land);
    return reach;
}

void Compiler::compile_promotions(int p, const ir::Piece& piece, PieceRules& r) {
    r.promotions = static_cast<std::uint32_t>(t_.promotions.size());
    r.promotions_out = r.promotions + t_.cell_count;
    t_.promotions.resize(t_.promotions.size() + 2 * t_.cell_count, 0);
    r.in_place_zone = new_set();
    r.promotion_zone = new_set();
    r.promotion_leaving = new_set();
    for (const auto& promo : piece.promotions) {
        if (!(promo.players >> p & 1)) continue;
        const CellSet zone = promo.zone < 0 ? set(t_.all_cells) : zone_cells(promo.zone, p);
        if (promo.in_place) {
            set(r.in_place_zone) |= zone;
            for (int choice : promo.choices) r.in_place_choices |= 1u << choice;
            if (promo.lost_only)
                for (int choice : promo.choices) r.promotion_lost_only |= 1u << choice;
            r.in_place_last_anywhere = r.in_place_last_anywhere || promo.last_anywhere;
            r.in_place_no_attack = r.in_place_no_attack || promo.no_attack;
            t_.has_in_place = true;
            continue;
        }
        set(r.promotion_zone) |= zone;
        if (promo.on_leaving) set(r.promotion_leaving) |= zone;
        for (int cell : zone) {
            for (std::uint32_t table : {r.promotions, r.promotions_out}) {
                if (table == r.promotions_out && !promo.on_leaving) continue;
                std::uint32_t& bits = t_.promotions[table + cell];
                for (int choice : promo.choices) bits |= 1u << choice;
                if (promo.lost_only)
                    for (int choice : promo.choices) r.promotion_lost_only |= 1u << choice;
                if (promo.compulsory) bits |= PROMOTION_COMPULSORY;
            }
        }
    }
}

int Compiler::one_promotion(const PieceRules& r) const {
    const std::uint32_t first = t_.promotions[r.promotions];
    if (r.jump_count || r.promotion_lost_only || !(first & PROMOTION_COMPULSORY) ||
        std::popcount(first & ~PROMOTION_COMPULSORY) != 1)
        return -1;
    for (int c = 0; c < t_.cell_count; ++c) {
        const std::uint32_t leaving = t_.promotions[r.promotions_out + c];
        if (t_.promotions[r.promotions + c] != first || (leaving && leaving != first)) return -1;
    }
    return std::countr_zero(first & ~PROMOTION_COMPULSORY);
}

void Compiler::compile_drop(int p, const ir::Piece& piece, PieceRules& r) {
    const ir::Drop& drop = piece.drop;
    if (drop.gating_zone >= 0) r.gate_cells = new_set(zone_cells(drop.gating_zone, p));
    // Without `hands`, what a setup puts in hand (captured pieces leave the game).
    r.droppable = game_.holds_hands() && drop.allowed;
    if (!r.droppable) return;
    t_.drops = true;
    CellSet cells = set(t_.all_cells);
    for (int zone : drop.forbidden_zones) cells &= ~zone_cells(zone, p);
    r.drop_open = new_set(cells);
    r.drop_where_movable = drop.only_where_movable;
    if (drop.only_where_movable) cells &= ~set(r.stuck);
    r.drop_cells = new_set(cells);
    if (drop.promoted)
        for (const auto& promo : piece.promotions)
            if (promo.players >> p & 1)
                for (int choice : promo.choices) r.drop_faces |= 1u << choice;
    for (int type : drop.not_on_file_with) r.drop_not_on_file_with |= 1u << type;
    for (int type : drop.not_defended_by) r.drop_not_defended_by |= 1u << type;
    r.drop_colour_balanced = drop.colour_balanced;
    if (drop.colour_balanced)
        t_.colour_balanced_types |= 1u << static_cast<int>(&piece - game_.pieces.data());
    r.drop_may_not_check = drop.may_not_check;
    r.drop_may_not_mate = drop.may_not_mate;
}

void Compiler::compile_hands() {
    t_.hands = game_.hands;
    t_.royals_capturable = game_.royals_capturable;
    t_.passing = game_.passing;
    t_.jump_rule = game_.jump_rule;
    t_.captures_compulsory = game_.captures_compulsory;
    t_.drops_compulsory = game_.drops_compulsory;
    for (int type : game_.drop_first) t_.drop_first |= 1u << type;
    for (int captor = 0; captor < t_.player_count; ++captor)
        for (int type = 0; type < t_.type_count; ++type)
            t_.hand_type.push_back(game_.hands ? game_.captured_into(captor, type) : -1);
    t_.gate_zone = new_table(t_.player_count);
    for (int type = 0; type < t_.type_count; ++type)
        for (int p = 0; p < t_.player_count; ++p)
            if (const CellSet cells = t_.set(t_.rules_of(p, type).gate_cells)) {
                t_.gating = true;
                t_.gating_types |= 1u << type;
                at(t_.gate_zone, p) |= cells;
            }
    t_.file_of = new_table();
    for (const auto& file : game_.board.files) {
        CellSet cells;
        for (int c : file) cells.add(c);
        for (int c : file) at(t_.file_of, c) = cells;
    }
    // The square board chequered: a cell's colour is (x + y) mod 2.
    for (SetRef& colour : t_.colours) colour = new_set();
    for (int c = 0; c < t_.cell_count; ++c) {
        const ir::Vec v = game_.board.cells[c].coord;
        set(t_.colours[((v.x + v.y) % 2 + 2) % 2]).add(c);
    }
}

void Compiler::compile_castlings() {
    t_.rights_lost.assign(t_.cell_count, 0);
    t_.rights_of.assign(t_.player_count, 0);
    for (const auto& c : game_.castlings) {
        auto it = std::find(t_.right_names.begin(), t_.right_names.end(), c.right);
        const int bit = static_cast<int>(it - t_.right_names.begin());
        if (it == t_.right_names.end()) {
            t_.right_names.push_back(c.right);
            t_.right_owner.push_back(c.player);
        }
        t_.rights_of[c.player] |= 1u << bit;
        CastlingRule rule;
        rule.player = c.player;
        rule.right = bit;
        rule.royal = make_piece(c.player, c.royal_type);
        rule.partner = make_piece(c.player, c.partner_type);
        rule.royal_from = c.royal_from;
        rule.royal_to = c.royal_to;
        rule.partner_from = c.partner_from;
        rule.partner_to = c.partner_to;
        CellSet empty, safe;
        for (int cell : c.must_be_empty) empty.add(cell);
        empty.add(c.royal_to);
        empty.add(c.partner_to);
        empty.remove(c.royal_from);
        empty.remove(c.partner_from);
        for (int cell : c.must_be_safe) safe.add(cell);
        rule.must_be_empty = new_set(empty);
        rule.must_be_safe = new_set(safe);
        rule.gained_by_drop = c.gained_by_drop;
        t_.castling_by_drop = t_.castling_by_drop || c.gained_by_drop;
        t_.rights_lost[c.royal_from] |= 1u << bit;
        t_.rights_lost[c.partner_from] |= 1u << bit;
        t_.castlings.push_back(rule);
    }
    // By player, so that the generator reads only the mover's.
    for (int p = 0; p < t_.player_count; ++p) {
        t_.castlings_first.push_back(static_cast<std::uint32_t>(t_.castlings_by_player.size()));
        for (std::size_t i = 0; i < t_.castlings.size(); ++i)
            if (t_.castlings[i].player == p)
                t_.castlings_by_player.push_back(static_cast<std::uint32_t>(i));
    }
    t_.castlings_first.push_back(static_cast<std::uint32_t>(t_.castlings_by_player.size()));
    // Moving the royal piece loses every right of its owner that starts from that cell.
    for (const auto& rule : t_.castlings)
        for (const auto& other : t_.castlings)
            if (other.player == rule.player && other.royal_from == rule.royal_from)
                t_.rights_lost[rule.royal_from] |= 1u << other.right;
}

void Compiler::compile_clock() {
    for (const auto& end : game_.ends) {
        if (end.kind != ir::EndKind::ply_limit) continue;
        t_.reset_clock_on_capture = end.reset_by_capture;
        for (int type : end.reset_by_types) t_.reset_clock_types |= 1u << type;
    }
}

void Compiler::compile_goals() {
    t_.checks_forbidden = game_.checks_forbidden;
    for (const auto& end : game_.ends) {
        t_.end_phases |=
            static_cast<std::uint8_t>(1u << static_cast<int>(end_rule(end.kind).phase));
        if (end.kind == ir::EndKind::checks) t_.checks_to_win = end.count;
        if (end.kind == ir::EndKind::passes) t_.passes_to_end = end.count;
        if (end.kind == ir::EndKind::facing) t_.facing_ends = true;
        if (end.kind != ir::EndKind::royal_reaches) continue;
        t_.goal_answer = end.answer.has_value();
        t_.goal_types = t_.royal_types;
        if (!end.goal_types.empty()) t_.goal_types = 0;
        for (int type : end.goal_types) t_.goal_types |= 1u << type;
        const auto& zone = game_.zones[static_cast<std::size_t>(end.zone)];
        t_.has_goal_zones = true;
        t_.goal = new_table(t_.player_count);
        for (int p = 0; p < t_.player_count; ++p)
            for (int cell : zone.cells[static_cast<std::size_t>(p)]) at(t_.goal, p).add(cell);
    }
    t_.has_goals =
        t_.checks_to_win > 0 || t_.has_goal_zones || t_.passes_to_end > 0 || t_.facing_ends;
}

void Compiler::make_keys() {
    std::uint64_t state = 0x5eed0f0a1a2b3c4dULL;
    auto next = [&state] {  // splitmix64
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    auto fill = [&](std::vector<std::uint64_t>& keys, std::size_t n) {
        keys.resize(n);
        for (auto& k : keys) k = next();
    };
    fill(t_.piece_keys, static_cast<std::size_t>(t_.player_count) * t_.type_count * t_.cell_count);
    fill(t_.side_keys, t_.player_count);
    fill(t_.right_keys, t_.right_names.size());
    fill(t_.ep_keys, t_.cell_count);
    fill(t_.hand_keys, static_cast<std::size_t>(t_.player_count) * t_.type_count * MAX_HAND);
    fill(t_.check_keys, static_cast<std::size_t>(t_.player_count) * (t_.checks_to_win + 1));
    // Last, so that the keys before are those of a game without cell rights.
    if (t_.cell_rights()) fill(t_.gate_keys, t_.cell_count);
}

}  // namespace detail

CompiledGame::CompiledGame(ir::Game game, bool slide_lookups)
    : ir_(std::move(game)), tables_(detail::Compiler(ir_).run(slide_lookups)) {
    for (int c = 0; c < tables_.cell_count; ++c) cell_names_[ir_.board.cells[c].name] = c;
}

int CompiledGame::piece_limit() const {
    std::call_once(piece_limit_found_, [this] { piece_limit_ = vari::piece_limit(tables_); });
    return piece_limit_;
}

int CompiledGame::cell_index(std::string_view name) const {
    auto it = cell_names_.find(name);
    return it == cell_names_.end() ? -1 : it->second;
}

}  // namespace vari
