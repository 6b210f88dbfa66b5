// The reference move generator: walks every movement rule cell by cell on the mailbox, and judges
// legality by playing each move on a copy and looking for an attacked royal piece. Capture
// sequences are found by recursion over the mailbox, each with its list of landing cells. Slow and
// plain on purpose; it shares nothing with the interpreter but the IR.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "reference/mailbox.hpp"

namespace vari::reference {

class Generator {
public:
    explicit Generator(const ir::Game& game) : game_(game), geometry_(game.board) {}

    State start() const {
        State s;
        s.board.assign(game_.board.cells.size(), Occupant{});
        s.hands.assign(game_.players.size() * game_.pieces.size(), 0);
        s.checks.assign(game_.players.size(), 0);
        for (const auto& p : game_.setup) s.board[p.cell] = {p.player, p.type};
        for (const auto& h : game_.hand_setup) ++hand(s, h.player, h.type);
        // A player with a piece in hand holds the gate right on each cell of its gating zones
        // where one of its own pieces stands.
        for (int cell = 0; cell < static_cast<int>(s.board.size()); ++cell) {
            const Occupant o = s.board[cell];
            if (!o.empty() && holds_any(s, o.player) && gate_cell_of(o.player, cell))
                s.gates.push_back(cell);
        }
        // A piece with first moves holds their right on the cell where it starts (kept with the
        // gate rights: a game has one kind or the other).
        for (const auto& p : game_.setup)
            if (!game_.pieces[p.type].first_movements.empty()) s.gates.push_back(p.cell);
        std::sort(s.gates.begin(), s.gates.end());
        // A right is held at the start when the pieces of one of its castlings are in place.
        for (const auto& c : game_.castlings)
            if (pieces_in_place(s, c) && s.rights.find(c.right) == std::string::npos)
                s.rights += c.right;
        std::sort(s.rights.begin(), s.rights.end());
        return s;
    }

    // The legal moves, in key order (a pass, when there is one, last). None once a goal (a royal
    // piece in its zone, a number of checks) has ended the game.
    std::vector<Move> legal(const State& s) const {
        std::vector<Move> moves;
        if (goal_reached(s)) return moves;
        // Royal pieces that face must be parted by this move (royals must-part).
        const bool facing = must_part_faced(s.board, s.side);
        Board after;
        for (const Move& m : pseudo_legal(s)) {
            after = s.board;  // reuses the copy's storage
            if (m.kind == Move::drop)
                after[m.to] = {s.side, m.promotion >= 0 ? m.promotion : m.from};
            else
                move_pieces(after, m, s.ep_victim);
            // Without check (royals capturable) every move is legal.
            if (!game_.royals_capturable && royal_attacked(after, s.side)) continue;
            if (game_.checks_forbidden && checks_someone(after, s.side)) continue;
            if (facing && must_part_faced(after, s.side)) continue;
            moves.push_back(m);
        }
        add_gatings(s, moves);
        apply_jump_rule(moves);
        // A pass leaves the board as it is: where it may not answer check, it is refused there,
        // unless royal pieces face that must part.
        if (game_.passing == ir::Passing::allowed ||
            (game_.passing == ir::Passing::forced && moves.empty()) ||
            (game_.passing == ir::Passing::unless_in_check &&
             (facing || !royal_attacked(s.board, s.side))))
            moves.push_back({0, 0, -1, Move::pass});
        if (game_.captures_compulsory) keep_captures(s, moves);
        // `drops compulsory`: when a drop is legal, nothing else is.
        if (game_.drops_compulsory && std::any_of(moves.begin(), moves.end(), [](const Move& m) {
                return m.kind == Move::drop;
            }))
            std::erase_if(moves, [](const Move& m) { return m.kind != Move::drop; });
        return moves;
    }

    void play(State& s, const Move& m) const {
        const int mover = s.side;
        const bool faced = must_part_faced(s.board, mover);
        apply(s, m);
        s.facing_kept = faced && must_part_faced(s.board, mover);
        // A move counts as a check when it leaves another player's royal piece attacked by one of
        // the mover's pieces.
        if (counts_checks() && checks_someone(s.board, mover)) ++s.checks[mover];
    }

    // Has a goal ended the game before the side to move plays? After a move a royal piece of the
    // mover stands in its zone (with `answer`: a royal piece of the side to move, which had the
    // other player's move to answer), the mover has given its last check, or the last moves were
    // as many passes as end the game, or royal pieces that must part faced before the last move
    // and after it.
    bool goal_reached(const State& s) const {
        const int players = static_cast<int>(game_.players.size());
        const int mover = (s.side + players - 1) % players;
        for (const auto& e : game_.ends) {
            if (e.kind == ir::EndKind::checks && s.checks[mover] >= e.count) return true;
            if (e.kind == ir::EndKind::passes && s.passes >= e.count) return true;
            if (e.kind == ir::EndKind::facing && s.facing_kept) return true;
            if (e.kind == ir::EndKind::royal_reaches &&
                royal_in_zone(s.board, e.answer ? s.side : mover, e))
                return true;
        }
        return false;
    }

    // A royal piece of the player in its cells of the end's zone; with `piece-reaches`, a piece of
    // one of the end's types.
    bool royal_in_zone(const Board& board, int player, const ir::EndCondition& end) const {
        for (int cell : game_.zones[end.zone].cells[player]) {
            const Occupant o = board[cell];
            if (o.empty() || o.player != player) continue;
            if (end.goal_types.empty() ? game_.pieces[o.type].royal
                                       : contains(end.goal_types, o.type))
                return true;
        }
        return false;
    }

    // Does a piece of `by` attack a royal piece of another player?
    bool checks_someone(const Board& board, int by) const {
        for (int cell = 0; cell < static_cast<int>(board.size()); ++cell) {
            const Occupant o = board[cell];
            if (o.empty() || o.player == by || !game_.pieces[o.type].royal) continue;
            for (int from = 0; from < static_cast<int>(board.size()); ++from)
                if (board[from].player == by && !board[from].empty() && attacks(board, from, cell))
                    return true;
        }
        return false;
    }

    bool counts_checks() const {
        return std::any_of(game_.ends.begin(), game_.ends.end(),
                           [](const ir::EndCondition& e) { return e.kind == ir::EndKind::checks; });
    }

    void apply(State& s, const Move& m) const {
        s.passes = m.kind == Move::pass ? s.passes + 1 : 0;
        if (m.kind == Move::pass) {
            s.ep_cells.clear();
            s.ep_victim = -1;
            ++s.ply_clock;
            s.side = (s.side + 1) % static_cast<int>(game_.players.size());
            return;
        }
        if (m.kind == Move::drop) {  // captures nothing; resets the clock as its piece's move would
            --hand(s, s.side, m.from);
            s.board[m.to] = {s.side, m.promotion >= 0 ? m.promotion : m.from};
            if (!gate_cell_of(s.side, m.to)) std::erase(s.gates, m.to);  // another player's right
            // A `by-drop` castling right comes with the drop that completes its two pieces.
            for (const auto& c : game_.castlings)
                if (c.gained_by_drop && (m.to == c.royal_from || m.to == c.partner_from) &&
                    pieces_in_place(s, c) && s.rights.find(c.right) == std::string::npos) {
                    s.rights += c.right;
                    std::sort(s.rights.begin(), s.rights.end());
                }
            s.ep_cells.clear();
            s.ep_victim = -1;
            s.ply_clock = resets_clock(m.from, false) ? 0 : s.ply_clock + 1;
            s.side = (s.side + 1) % static_cast<int>(game_.players.size());
            return;
        }
        const Occupant mover = s.board[m.from];
        std::vector<Occupant> taken;
        if (m.kind == Move::en_passant) taken.push_back(s.board[s.ep_victim]);
        if (m.kind == Move::normal && m.to != m.from && !s.board[m.to].empty())
            taken.push_back(s.board[m.to]);
        for (int cell : m.jumped) taken.push_back(s.board[cell]);
        for (const Occupant& t : taken)
            if (game_.hands && game_.captured_into(s.side, t.type) >= 0)
                ++hand(s, s.side, game_.captured_into(s.side, t.type));
        const bool captured = !taken.empty();
        // En-passant cells last one turn; this move may leave new ones (judged before it moves).
        std::vector<int> passed =
            m.kind == Move::normal ? ep_cells_left(s.board, m) : std::vector<int>{};
        lose_rights(s, m.from);
        lose_rights(s, m.to);
        if (m.kind == Move::castling) {  // the partner moves too
            lose_rights(s, game_.castlings[m.castling_index].partner_from);
            lose_rights(s, game_.castlings[m.castling_index].partner_to);
        }
        move_pieces(s.board, m, s.ep_victim);
        lose_gates(s, m);
        lose_first_rights(s, m);
        s.ep_victim = passed.empty() ? -1 : m.to;
        s.ep_cells = std::move(passed);
        s.ply_clock = resets_clock(mover.type, captured) ? 0 : s.ply_clock + 1;
        s.side = (s.side + 1) % static_cast<int>(game_.players.size());
    }

    // Is `cell` attacked by a piece of a player other than `player`?
    bool attacked_by_other(const Board& board, int cell, int player) const {
        for (int from = 0; from < static_cast<int>(board.size()); ++from) {
            const Occupant o = board[from];
            if (o.empty() || o.player == player) continue;
            if (attacks(board, from, cell)) return true;
        }
        return false;
    }

    // Does the piece on `from` attack `cell`?
    bool attacks(const Board& board, int from, int cell) const {
        const Occupant o = board[from];
        const ir::Vec a = game_.board.cells[from].coord, b = game_.board.cells[cell].coord;
        const ir::Vec d{b.x - a.x, b.y - a.y};
        for (const auto& m : game_.pieces[o.type].movements) {
            if (m.mode == ir::MoveMode::move_only) continue;
            if (jump_attacks(board, o.player, from, m, cell)) return true;
            bool hit = false;
            for (ir::Vec v : m.vectors[o.player])
                if (points_along(m.kind, v, d))
                    walk(board, o.player, from, m, v, [&](int to) {
                        hit = hit || to == cell;
                        return !hit;
                    });
            if (hit) return true;
        }
        return false;
    }

    // Does a royal piece of another player face the one on `cell` along one of that player's
    // `royals may-not-face` directions, with only empty cells between?
    bool faced(const Board& board, int cell, int player) const {
        for (std::size_t other = 0; other < game_.royals_may_not_face.size(); ++other) {
            if (static_cast<int>(other) == player) continue;
            for (const ir::Vec v : game_.royals_may_not_face[other]) {
                int at = geometry_.step(cell, {-v.x, -v.y});
                while (at >= 0 && board[at].empty()) at = geometry_.step(at, {-v.x, -v.y});
                if (at >= 0 && board[at].player == static_cast<int>(other) &&
                    game_.pieces[board[at].type].royal)
                    return true;
            }
        }
        return false;
    }

    // Is `m` a first move: one the piece makes by its right only, no other rule reaching `m.to`?
    bool is_first_move(const State& s, const Move& m) const {
        if (m.kind != Move::normal || !has_first_moves() || !contains(s.gates, m.from))
            return false;
        const Occupant o = s.board[m.from];
        bool plain = false;
        for (const auto& rule : game_.pieces[o.type].movements)
            for (ir::Vec v : rule.vectors[o.player])
                walk(s.board, o.player, m.from, rule, v, [&](int to) {
                    plain = plain || (to == m.to && rule.mode != ir::MoveMode::capture_only);
                    return true;
                });
        return !plain;
    }

    // Does a royal piece of `player` face one of another player's along one of `player`'s
    // `royals must-part` directions, with only empty cells between?
    bool must_part_faced(const Board& board, int player) const {
        if (game_.royals_must_part.empty()) return false;
        for (int cell = 0; cell < static_cast<int>(board.size()); ++cell) {
            if (board[cell].player != player || board[cell].empty() ||
                !game_.pieces[board[cell].type].royal)
                continue;
            for (const ir::Vec v : game_.royals_must_part[player]) {
                int at = geometry_.step(cell, v);
                while (at >= 0 && board[at].empty()) at = geometry_.step(at, v);
                if (at >= 0 && board[at].player != player && game_.pieces[board[at].type].royal)
                    return true;
            }
        }
        return false;
    }

    bool royal_attacked(const Board& board, int player) const {
        for (int cell = 0; cell < static_cast<int>(board.size()); ++cell) {
            const Occupant o = board[cell];
            if (o.player == player && game_.pieces[o.type].royal &&
                (attacked_by_other(board, cell, player) || faced(board, cell, player)))
                return true;
        }
        return false;
    }

    std::uint64_t perft(const State& s, int depth) const {
        if (depth == 0) return 1;
        const std::vector<Move> moves = legal(s);
        if (depth == 1) return moves.size();
        std::uint64_t nodes = 0;
        for (const Move& m : moves) {
            State next = s;
            play(next, m);
            nodes += perft(next, depth - 1);
        }
        return nodes;
    }

private:
    // Calls visit(cell) on each cell one vector of a movement reaches from `from`, nearest first,
    // while visit returns true. A slide stops on the first piece, after max_range cells and on
    // the first cell of its stop zone. No movement passes or lands outside its `within` zone.
    template <class Visit>
    void walk(const Board& board, int player, int from, const ir::Movement& m, ir::Vec v,
              Visit visit) const {
        if (m.from_zone >= 0 && !in_zone(game_, m.from_zone, player, from)) return;
        if (m.kind == ir::MoveKind::jump) return;  // see add_jumps
        if (m.kind == ir::MoveKind::curve) return walk_curves(board, player, from, m, v, visit);
        if (m.kind == ir::MoveKind::hop) return walk_hop(board, player, from, m, v, visit);
        if (m.kind == ir::MoveKind::lame_leap)
            return walk_lame_leap(board, player, from, m, v, visit);
        int cell = from;
        for (int steps = 1;; ++steps) {
            cell = geometry_.step(cell, v);
            if (cell < 0 || !inside(m, player, cell)) return;
            if (!visit(cell) || m.kind == ir::MoveKind::leap) return;
            if (!board[cell].empty() || steps == m.max_range) return;
            if (m.stop_zone >= 0 && in_zone(game_, m.stop_zone, player, cell)) return;
        }
    }

    bool inside(const ir::Movement& m, int player, int cell) const {
        return m.within_zone < 0 || in_zone(game_, m.within_zone, player, cell);
    }

    // A hop along v: over the empty cells to the first piece, which it jumps unless its type is
    // one the hop refuses as a screen, then on through empty cells, at most max_range of them past
    // that piece, up to and including the next piece unless its type is one the hop spares.
    template <class Visit>
    void walk_hop(const Board& board, int player, int from, const ir::Movement& m, ir::Vec v,
                  Visit visit) const {
        auto named = [&](const std::vector<int>& types, int cell) {
            return std::find(types.begin(), types.end(), board[cell].type) != types.end();
        };
        int cell = geometry_.step(from, v);
        while (cell >= 0 && inside(m, player, cell) && board[cell].empty())
            cell = geometry_.step(cell, v);
        if (cell < 0 || !inside(m, player, cell)) return;  // no piece to jump
        if (named(m.screens_refused, cell)) return;
        for (int beyond = 1; m.max_range == 0 || beyond <= m.max_range; ++beyond) {
            cell = geometry_.step(cell, v);
            if (cell < 0 || !inside(m, player, cell)) return;
            if (!board[cell].empty()) {
                if (!named(m.spared, cell)) visit(cell);
                return;
            }
            if (!visit(cell)) return;
        }
    }

    // A lame leap by v: its landing cell, when every cell its `via` names (for v) is empty.
    template <class Visit>
    void walk_lame_leap(const Board& board, int player, int from, const ir::Movement& m, ir::Vec v,
                        Visit visit) const {
        const auto& vectors = m.vectors[player];
        const auto k = static_cast<std::size_t>(std::find(vectors.begin(), vectors.end(), v) -
                                                vectors.begin());
        for (ir::Vec passed : m.via[player][k]) {
            const int cell = geometry_.step(from, passed);
            if (cell < 0 || !inside(m, player, cell) || !board[cell].empty()) return;
        }
        const int to = geometry_.step(from, v);
        if (to >= 0 && inside(m, player, to)) visit(to);
    }

    // A curve's paths from `from` starting along v, each way it may turn: every cell of a path
    // is visited, a cell twice when two paths reach it (the caller's sets keep it once). A path
    // turns 60 degrees after each step, stops on a piece, and has at most 5 steps.
    template <class Visit>
    void walk_curves(const Board& board, int player, int from, const ir::Movement& m, ir::Vec v,
                     Visit visit) const {
        const ir::Turn turn = m.turn.empty() ? ir::Turn::both : m.turn[player];
        for (const bool clockwise : {true, false}) {
            if (turn == (clockwise ? ir::Turn::counterclockwise : ir::Turn::clockwise)) continue;
            ir::Vec d = v;
            int cell = from;
            for (int steps = 1; steps <= 5; ++steps) {
                cell = geometry_.step(cell, d);
                if (cell < 0) break;
                if (!inside(m, player, cell)) break;
                if (!visit(cell)) return;
                if (!board[cell].empty() || steps == m.max_range) break;
                d = turned(d, clockwise);
            }
        }
    }

    // 60 degrees, as LANGUAGE.md turns a player's directions.
    ir::Vec turned(ir::Vec v, bool clockwise) const {
        if (game_.board.geometry == ir::Geometry::hex_flat)
            return clockwise ? ir::Vec{v.y, v.y - v.x} : ir::Vec{v.x - v.y, v.x};
        return clockwise ? ir::Vec{v.x + v.y, -v.x} : ir::Vec{-v.y, v.x + v.y};
    }

    // Can vector v, once for a leap or repeated for a slide, add up to d? Only a shortcut: most
    // vectors point elsewhere, and walking them all would make the tests slow. Curves bend: they
    // are always walked.
    static bool points_along(ir::MoveKind kind, ir::Vec v, ir::Vec d) {
        if (kind == ir::MoveKind::curve) return true;
        if (kind == ir::MoveKind::leap || kind == ir::MoveKind::lame_leap) return d == v;
        const bool parallel = v.x * d.y == v.y * d.x && v.x * d.x + v.y * d.y > 0;
        return parallel && (v.x ? d.x % v.x == 0 : d.y % v.y == 0);
    }

    std::vector<Move> pseudo_legal(const State& s) const {
        std::vector<Move> moves;
        std::vector<int> plain, ep;
        for (int from = 0; from < static_cast<int>(s.board.size()); ++from) {
            const Occupant o = s.board[from];
            if (o.player != s.side) continue;
            plain.clear();
            ep.clear();
            for (const auto& m : game_.pieces[o.type].movements)
                for (ir::Vec v : m.vectors[o.player])
                    walk(s.board, o.player, from, m, v, [&](int to) {
                        const Occupant target = s.board[to];
                        if (target.empty()
                                ? m.mode != ir::MoveMode::capture_only
                                : target.player != o.player && m.mode != ir::MoveMode::move_only)
                            plain.push_back(to);
                        if (target.empty() && captures_en_passant(s, m, to)) ep.push_back(to);
                        return true;
                    });
            // First moves (quiet ones only) while the piece holds the right on its cell; those
            // marked `not-in-check` not while its player's royal piece is attacked.
            if (contains(s.gates, from))
                for (const auto& m : game_.pieces[o.type].first_movements) {
                    if (m.not_in_check && royal_attacked(s.board, s.side)) continue;
                    for (ir::Vec v : m.vectors[o.player])
                        walk(s.board, o.player, from, m, v, [&](int to) {
                            if (s.board[to].empty()) plain.push_back(to);
                            return true;
                        });
                }
            // A cell reached both ways is one move, and it captures.
            for (int to : plain)
                if (std::find(ep.begin(), ep.end(), to) == ep.end())
                    add_with_promotions(moves, s, from, to, Move::normal);
            for (int to : ep) add_with_promotions(moves, s, from, to, Move::en_passant);
            add_jumps(moves, s, from);
            add_in_place_promotions(moves, s, from);
        }
        for (std::size_t i = 0; i < game_.castlings.size(); ++i) {
            const ir::Castling& c = game_.castlings[i];
            if (castling_allowed(s, c))
                moves.push_back(
                    {c.royal_from, c.royal_to, -1, Move::castling, static_cast<int>(i)});
        }
        add_drops(moves, s);
        // Rules reaching the same cell, or promotion choices given twice, give one move.
        std::sort(moves.begin(), moves.end());
        moves.erase(std::unique(moves.begin(), moves.end(),
                                [](const Move& a, const Move& b) { return a.same(b); }),
                    moves.end());
        return moves;
    }

    // Can a movement reaching the empty cell `to` capture there en passant?
    bool captures_en_passant(const State& s, const ir::Movement& m, int to) const {
        return m.captures_en_passant && m.kind == ir::MoveKind::leap &&
               m.mode != ir::MoveMode::move_only && s.ep_victim >= 0 &&
               s.board[s.ep_victim].player != s.side &&
               std::find(s.ep_cells.begin(), s.ep_cells.end(), to) != s.ep_cells.end();
    }

    // One move per promotion choice where the move ends in a promotion zone (or starts in one
    // that promotes on leaving), plus the plain move unless a promotion there is compulsory or
    // the piece could never move again from `to`.
    void add_with_promotions(std::vector<Move>& moves, const State& s, int from, int to,
                             Move::Kind kind) const {
        add_with_promotions(moves, s, Move{from, to, -1, kind});
    }

    void add_with_promotions(std::vector<Move>& moves, const State& s, const Move& base) const {
        const int from = base.from, to = base.to;
        const Occupant o = s.board[from];
        bool promotes = false, plain = true;
        for (const auto& p : game_.pieces[o.type].promotions) {
            if (!(p.players >> o.player & 1) || p.in_place) continue;
            if (!in_zone(game_, p.zone, o.player, to) &&
                !(p.on_leaving && in_zone(game_, p.zone, o.player, from)))
                continue;
            promotes = true;
            plain = plain && !p.compulsory;
            for (int choice : p.choices) {
                if (p.lost_only && on_board(s, o.player, choice) >= in_setup(o.player, choice))
                    continue;
                moves.push_back(base);
                moves.back().promotion = choice;
            }
        }
        // Where the piece could never move again it must promote, or, when it says so, not go.
        if ((promotes || game_.pieces[o.type].arrive_only_where_movable) &&
            !can_move_from(o.player, o.type, to))
            plain = false;
        if (plain) moves.push_back(base);
    }

    // The capture sequences of the piece on `from`: every jump over another player's piece to
    // the empty cell beyond, the piece taken off at once, then every jump from there, and so on.
    // With `jumps compulsory` or `maximum` only sequences that cannot go on.
    void add_jumps(std::vector<Move>& moves, const State& s, int from) const {
        Board board = s.board;
        const Occupant o = board[from];
        board[from] = {};
        Move sequence{from, from, -1, Move::jumps};
        jump_on(moves, s, board, o, sequence);
    }

    int on_board(const State& s, int player, int type) const {
        return static_cast<int>(std::count(s.board.begin(), s.board.end(), Occupant{player, type}));
    }

    // Placed by the setup, on the board or in hand.
    int in_setup(int player, int type) const {
        const auto placed = [&](const auto& p) { return p.player == player && p.type == type; };
        return static_cast<int>(
            std::count_if(game_.setup.begin(), game_.setup.end(), placed) +
            std::count_if(game_.hand_setup.begin(), game_.hand_setup.end(), placed));
    }

    // Promotions that are a move of their own: the piece on `from`, standing in the zone (or
    // anywhere, with last-anywhere, when it is its player's only one of its type), becomes a
    // choice where it stands, or goes as that choice to an empty cell the choice could move to.
    // With no-attack, not where the new piece would attack a piece of another player, nor so
    // that the move gives check.
    void add_in_place_promotions(std::vector<Move>& moves, const State& s, int from) const {
        const Occupant o = s.board[from];
        for (const auto& p : game_.pieces[o.type].promotions) {
            if (!(p.players >> o.player & 1) || !p.in_place) continue;
            const bool alone = on_board(s, o.player, o.type) == 1;
            if (!in_zone(game_, p.zone, o.player, from) && !(p.last_anywhere && alone)) continue;
            for (int choice : p.choices) {
                if (p.lost_only && on_board(s, o.player, choice) >= in_setup(o.player, choice))
                    continue;
                std::vector<int> targets{from};
                for (const auto& m : game_.pieces[choice].movements)
                    for (ir::Vec v : m.vectors[o.player])
                        walk(s.board, o.player, from, m, v, [&](int to) {
                            if (s.board[to].empty() && m.mode != ir::MoveMode::capture_only)
                                targets.push_back(to);
                            return true;
                        });
                for (int to : targets) {
                    Board after = s.board;
                    after[from] = {};
                    after[to] = {o.player, choice};
                    bool attacks_one = false;
                    for (int c = 0; c < static_cast<int>(after.size()); ++c)
                        attacks_one =
                            attacks_one || (!after[c].empty() && after[c].player != o.player &&
                                            reaches(after, to, c));
                    // Nor may it give check, by the new piece or by a line it opens.
                    if (!(p.no_attack && (attacks_one || checks_someone(after, o.player))))
                        moves.push_back({from, to, choice, Move::normal});
                }
            }
        }
    }

    // Returns whether any jump goes on from sequence.to.
    bool jump_on(std::vector<Move>& moves, const State& s, Board& board, Occupant o,
                 Move& sequence) const {
        bool any = false;
        for (const auto& m : game_.pieces[o.type].movements) {
            if (m.kind != ir::MoveKind::jump) continue;
            for (ir::Vec v : m.vectors[o.player]) {
                const auto [over, land] = jump_cells(o.player, sequence.to, m, v);
                if (over < 0 || board[over].empty() || board[over].player == o.player ||
                    !board[land].empty())
                    continue;
                any = true;
                const Occupant taken = board[over];
                const int at = sequence.to;
                board[over] = {};
                sequence.path.push_back(land);
                sequence.jumped.push_back(over);
                sequence.to = land;
                const bool goes_on = jump_on(moves, s, board, o, sequence);
                if (!goes_on || game_.jump_rule == ir::JumpRule::optional)
                    add_with_promotions(moves, s, sequence);
                sequence.to = at;
                sequence.path.pop_back();
                sequence.jumped.pop_back();
                board[over] = taken;
            }
        }
        return any;
    }

    // The cells a jump by v from `cell` passes over and lands on; -1s when it leaves the board
    // or may not start there.
    std::pair<int, int> jump_cells(int player, int cell, const ir::Movement& m, ir::Vec v) const {
        if (m.from_zone >= 0 && !in_zone(game_, m.from_zone, player, cell)) return {-1, -1};
        const int over = geometry_.step(cell, v);
        const int land = over < 0 ? -1 : geometry_.step(over, v);
        return land < 0 ? std::pair{-1, -1} : std::pair{over, land};
    }

    // Does movement m of the piece on `from` jump over `cell` onto an empty cell?
    bool jump_attacks(const Board& board, int player, int from, const ir::Movement& m,
                      int cell) const {
        if (m.kind != ir::MoveKind::jump) return false;
        for (ir::Vec v : m.vectors[player]) {
            const auto [over, land] = jump_cells(player, from, m, v);
            if (over == cell && board[land].empty()) return true;
        }
        return false;
    }

    // `jumps compulsory`: when there is a capture sequence, only sequences; `jumps maximum`:
    // only those capturing the most pieces.
    void apply_jump_rule(std::vector<Move>& moves) const {
        if (game_.jump_rule == ir::JumpRule::optional) return;
        std::size_t most = 0;
        for (const Move& m : moves) most = std::max(most, m.path.size());
        if (most == 0) return;
        if (game_.jump_rule == ir::JumpRule::compulsory) most = 1;
        std::erase_if(moves, [most](const Move& m) {
            return m.kind != Move::jumps || (m.path.size() < most);
        });
    }

    // `captures compulsory`: a move takes a piece when it lands on another player's piece, takes
    // en passant or jumps; when one does, the others go.
    void keep_captures(const State& s, std::vector<Move>& moves) const {
        const auto takes = [&s](const Move& m) {
            return m.kind == Move::en_passant || m.kind == Move::jumps ||
                   (m.kind == Move::normal && !s.board[m.to].empty() &&
                    s.board[m.to].player != s.side);
        };
        if (std::any_of(moves.begin(), moves.end(), takes))
            std::erase_if(moves, [&](const Move& m) { return !takes(m); });
    }

    // Has a piece on `cell` any move on an otherwise empty board?
    bool can_move_from(int player, int type, int cell) const {
        const Board empty(game_.board.cells.size());
        for (const auto& m : game_.pieces[type].movements)
            for (ir::Vec v : m.vectors[player]) {
                if (m.kind == ir::MoveKind::jump && jump_cells(player, cell, m, v).first >= 0)
                    return true;
                bool any = false;
                walk(empty, player, cell, m, v, [&](int) {
                    any = true;
                    return false;
                });
                if (any) return true;
            }
        return false;
    }

    // The cells a move-only en-passant slide passes on its way from m.from to m.to, in cell
    // order, if it can make this move and passes at least one.
    std::vector<int> ep_cells_left(const Board& board, const Move& move) const {
        const Occupant o = board[move.from];
        for (const auto& m : game_.pieces[o.type].movements) {
            if (!m.creates_en_passant || m.kind != ir::MoveKind::slide ||
                m.mode != ir::MoveMode::move_only || !board[move.to].empty())
                continue;
            for (ir::Vec v : m.vectors[o.player]) {
                std::vector<int> path;
                bool reached = false;
                walk(board, o.player, move.from, m, v, [&](int to) {
                    reached = to == move.to;
                    if (!reached) path.push_back(to);
                    return !reached;
                });
                if (reached && !path.empty()) {
                    std::sort(path.begin(), path.end());
                    return path;
                }
            }
        }
        return {};
    }

    int& hand(State& s, int player, int type) const {
        return s.hands[player * game_.pieces.size() + type];
    }

    // Drops from hand onto empty cells, by each piece's drop rules; the rule against mating is
    // judged by playing the drop and asking for the opponent's legal moves. With `drop promoted`
    // a piece also goes down as each type its promotions (for the side) give, by the same rules
    // judged for the type that goes down.
    void add_drops(std::vector<Move>& moves, const State& s) const {
        if (!game_.holds_hands()) return;  // captures, or the setups, fill hands
        std::vector<int> types;
        bool first_only = false;
        for (int t = 0; t < static_cast<int>(game_.pieces.size()); ++t) {
            if (!s.hands[s.side * game_.pieces.size() + t] || !game_.pieces[t].drop.allowed)
                continue;
            types.push_back(t);
            first_only = first_only || contains(game_.drop_first, t);
        }
        for (int t : types) {
            if (first_only && !contains(game_.drop_first, t)) continue;
            std::vector<int> faces{-1};
            if (game_.pieces[t].drop.promoted)
                for (const auto& p : game_.pieces[t].promotions)
                    if (p.players >> s.side & 1)
                        for (int choice : p.choices)
                            if (!contains(faces, choice)) faces.push_back(choice);
            for (int face : faces)
                for (int cell = 0; cell < static_cast<int>(s.board.size()); ++cell)
                    if (s.board[cell].empty() && drop_allowed(s, t, face, cell))
                        moves.push_back({t, cell, face, Move::drop});
        }
    }

    bool drop_allowed(const State& s, int type, int face, int cell) const {
        const ir::Drop& d = game_.pieces[type].drop;
        const int placed = face >= 0 ? face : type;
        for (int zone : d.forbidden_zones)
            if (in_zone(game_, zone, s.side, cell)) return false;
        if (d.only_where_movable && !can_move_from(s.side, placed, cell)) return false;
        for (const auto& file : game_.board.files) {
            if (!contains(file, cell)) continue;
            for (int other : file)
                if (s.board[other].player == s.side &&
                    contains(d.not_on_file_with, s.board[other].type))
                    return false;
        }
        if (!colours_stay_balanced(s, type, cell)) return false;
        for (int from = 0; from < static_cast<int>(s.board.size()); ++from) {
            const Occupant o = s.board[from];
            if (o.player == s.side && contains(d.not_defended_by, o.type) &&
                reaches(s.board, from, cell))
                return false;
        }
        if (!d.may_not_check && !d.may_not_mate) return true;
        Board after = s.board;
        after[cell] = {s.side, placed};
        bool checks = false;
        for (int c = 0; c < static_cast<int>(after.size()); ++c)
            if (!after[c].empty() && after[c].player != s.side &&
                game_.pieces[after[c].type].royal && reaches(after, cell, c))
                checks = true;
        if (!checks) return true;
        if (d.may_not_check) return false;
        State next = s;
        play(next, {type, cell, face, Move::drop});
        return !legal(next).empty();
    }

    // The square board chequered: (x + y) mod 2.
    int colour(int cell) const {
        const ir::Vec v = game_.board.cells[cell].coord;
        return ((v.x + v.y) % 2 + 2) % 2;
    }

    // `colour-balanced` types: after dropping `type` on `cell`, each such type's pieces (board
    // and hand) must still be able to end half on each colour: at most half, rounded up, on one
    // colour, and for each colour at least half, rounded down, standing there or able to go
    // there (empty cells it may be dropped on).
    bool colours_stay_balanced(const State& s, int type, int cell) const {
        for (int b = 0; b < static_cast<int>(game_.pieces.size()); ++b) {
            if (!game_.pieces[b].drop.colour_balanced) continue;
            const int held = s.hands[s.side * game_.pieces.size() + b];
            if (!held) continue;
            int on[2] = {0, 0}, room[2] = {0, 0};
            for (int c = 0; c < static_cast<int>(s.board.size()); ++c) {
                if (s.board[c] == Occupant{s.side, b})
                    ++on[colour(c)];
                else if (s.board[c].empty() && c != cell && may_drop_on(s.side, b, c))
                    ++room[colour(c)];
            }
            const int total = on[0] + on[1] + held;
            if (b == type) {
                if (on[colour(cell)] + 1 > (total + 1) / 2) return false;
            } else {
                for (int k = 0; k < 2; ++k)
                    if (on[k] + room[k] < total / 2) return false;
            }
        }
        return true;
    }

    // Whether the zones of the piece's drop rule allow `cell` (the rule's other options aside).
    bool may_drop_on(int player, int type, int cell) const {
        for (int zone : game_.pieces[type].drop.forbidden_zones)
            if (in_zone(game_, zone, player, cell)) return false;
        return true;
    }

    // Does the piece on `from` attack `cell` (a capture-capable rule reaches it)?
    bool reaches(const Board& board, int from, int cell) const {
        const Occupant o = board[from];
        bool hit = false;
        for (const auto& m : game_.pieces[o.type].movements) {
            if (m.mode == ir::MoveMode::move_only) continue;
            if (jump_attacks(board, o.player, from, m, cell)) return true;
            for (ir::Vec v : m.vectors[o.player])
                walk(board, o.player, from, m, v, [&](int to) {
                    hit = hit || to == cell;
                    return !hit;
                });
        }
        return hit;
    }

    static bool contains(const std::vector<int>& v, int x) {
        return std::find(v.begin(), v.end(), x) != v.end();
    }

    // ---- Gating --------------------------------------------------------------------------
    // A piece leaving a cell on which its player holds the gate right may bring a piece from hand
    // onto it (one whose `drop gating` zone holds the cell, for that player); a castling onto the
    // royal piece's start cell or the partner's, when the move leaves it empty. Only moves that
    // are legal without gating may gate, and with the piece placed they must still leave no
    // royal piece attacked. Rights: lost on the cells the player's pieces leave, on a cell of
    // another player that a piece lands on, and all of a player's once its hand is empty (where
    // captures do not fill hands).

    bool holds_any(const State& s, int player) const {
        for (std::size_t t = 0; t < game_.pieces.size(); ++t)
            if (s.hands[player * game_.pieces.size() + t]) return true;
        return false;
    }

    bool gating_zone_has(int type, int player, int cell) const {
        const int zone = game_.pieces[type].drop.gating_zone;
        return zone >= 0 && contains(game_.zones[zone].cells[player], cell);
    }

    bool gate_cell_of(int player, int cell) const {
        for (std::size_t t = 0; t < game_.pieces.size(); ++t)
            if (gating_zone_has(static_cast<int>(t), player, cell)) return true;
        return false;
    }

    void add_gatings(const State& s, std::vector<Move>& moves) const {
        const std::size_t plain = s.gates.empty() ? 0 : moves.size();  // no right, no gating
        for (std::size_t i = 0; i < plain; ++i) {
            const Move m = moves[i];
            std::vector<std::pair<int, bool>> cells;  // (cell, on the partner's)
            if (m.kind == Move::castling) {
                const ir::Castling& c = game_.castlings[m.castling_index];
                for (const int cell : {c.royal_from, c.partner_from})
                    if (cell != c.royal_to && cell != c.partner_to)
                        cells.push_back({cell, cell == c.partner_from});
            } else if (m.kind == Move::normal || m.kind == Move::en_passant) {
                cells.push_back({m.from, false});
            }
            for (const auto& [cell, on_partner] : cells) {
                if (!contains(s.gates, cell) || !gate_cell_of(s.side, cell)) continue;
                for (std::size_t t = 0; t < game_.pieces.size(); ++t) {
                    const int type = static_cast<int>(t);
                    if (!s.hands[s.side * game_.pieces.size() + t] ||
                        !gating_zone_has(type, s.side, cell))
                        continue;
                    Move gated = m;
                    gated.gated = type;
                    gated.on_partner = on_partner;
                    Board after = s.board;
                    move_pieces(after, gated, s.ep_victim);
                    if (!game_.royals_capturable && royal_attacked(after, s.side)) continue;
                    if (game_.checks_forbidden && checks_someone(after, s.side)) continue;
                    moves.push_back(gated);
                }
            }
        }
        std::sort(moves.begin(), moves.end());
    }

    // A first-move right is lost with its piece: by a move from its cell (a castling: both
    // pieces'), onto it, or a capture that empties it.
    void lose_first_rights(State& s, const Move& m) const {
        if (!has_first_moves()) return;
        std::erase_if(s.gates, [&](int cell) {
            return cell == m.from || cell == m.to || s.board[cell].empty() ||
                   (m.kind == Move::castling &&
                    cell == game_.castlings[m.castling_index].partner_from);
        });
    }

    bool has_first_moves() const {
        return std::any_of(game_.pieces.begin(), game_.pieces.end(),
                           [](const ir::Piece& p) { return !p.first_movements.empty(); });
    }

    void lose_gates(State& s, const Move& m) const {
        if (s.gates.empty()) return;
        std::vector<int> lost;  // the mover's cells its pieces leave, another's a piece lands on
        if (m.kind == Move::castling) {
            lost = {game_.castlings[m.castling_index].royal_from,
                    game_.castlings[m.castling_index].partner_from};
        } else {
            if (gate_cell_of(s.side, m.from)) lost.push_back(m.from);
            if (!gate_cell_of(s.side, m.to)) lost.push_back(m.to);
        }
        if (m.gated >= 0) --hand(s, s.side, m.gated);
        for (int cell : lost) std::erase(s.gates, cell);
        if (!game_.hands && !holds_any(s, s.side))
            std::erase_if(s.gates, [&](int cell) { return gate_cell_of(s.side, cell); });
    }

    // Moves the pieces of `m`; an en-passant capture removes the piece on `ep_victim`; a gating
    // puts its piece down.
    void move_pieces(Board& board, const Move& m, int ep_victim) const {
        if (m.gated >= 0) {
            move_pieces(board, Move{m.from, m.to, m.promotion, m.kind, m.castling_index},
                        ep_victim);
            const int cell = m.on_partner ? game_.castlings[m.castling_index].partner_from : m.from;
            board[cell] = {
                board[m.kind == Move::castling ? game_.castlings[m.castling_index].royal_to : m.to]
                    .player,
                m.gated};
            return;
        }

        if (m.kind == Move::castling) {
            const ir::Castling& c = game_.castlings[m.castling_index];
            board[c.royal_from] = {};
            board[c.partner_from] = {};
            board[c.royal_to] = {c.player, c.royal_type};
            board[c.partner_to] = {c.player, c.partner_type};
            return;
        }
        if (m.kind == Move::en_passant) board[ep_victim] = {};
        for (int cell : m.jumped) board[cell] = {};
        const Occupant mover = board[m.from];
        board[m.from] = {};
        board[m.to] = {mover.player, m.promotion >= 0 ? m.promotion : mover.type};
    }

    bool pieces_in_place(const State& s, const ir::Castling& c) const {
        return s.board[c.royal_from] == Occupant{c.player, c.royal_type} &&
               s.board[c.partner_from] == Occupant{c.player, c.partner_type};
    }

    // Everything but the royal piece's safety after the move, which legal() tests for all moves.
    bool castling_allowed(const State& s, const ir::Castling& c) const {
        if (c.player != s.side || s.rights.find(c.right) == std::string::npos ||
            !pieces_in_place(s, c))
            return false;
        std::vector<int> empty = c.must_be_empty;
        empty.push_back(c.royal_to);
        empty.push_back(c.partner_to);
        for (int cell : empty)
            if (cell != c.royal_from && cell != c.partner_from && !s.board[cell].empty())
                return false;
        // Judged with the royal piece still on its start cell.
        for (int cell : c.must_be_safe)
            if (attacked_by_other(s.board, cell, c.player)) return false;
        return true;
    }

    // A right is lost when anything moves from or to a start cell of one of its castlings.
    void lose_rights(State& s, int cell) const {
        for (const auto& c : game_.castlings)
            if (cell == c.royal_from || cell == c.partner_from) std::erase(s.rights, c.right);
    }

    bool resets_clock(int type, bool captured) const {
        for (const auto& e : game_.ends) {
            if (e.kind != ir::EndKind::ply_limit) continue;
            if (captured && e.reset_by_capture) return true;
            if (std::find(e.reset_by_types.begin(), e.reset_by_types.end(), type) !=
                e.reset_by_types.end())
                return true;
        }
        return false;
    }

    const ir::Game& game_;
    Geometry geometry_;
};

}  // namespace vari::reference
