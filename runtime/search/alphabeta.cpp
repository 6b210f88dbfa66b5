// Two players: iterative-deepening principal variation search over the searched line, with a
// transposition table, quiescence, check extensions, move ordering and pruning: null move and
// reverse futility where the side to move stands well, futility, late-move reductions and
// pruning for quiet moves late in the list.
//
// Assumptions:
// - Scores are negamax, from the side to move; an ended game scores WIN - plies for the winner,
//   DRAW when both players score alike. Only Line::ended() says that a game ended, so every end
//   condition (stalemate as a draw or a win, repetition, ply limits, no pieces, hooks) scores as
//   the game in play would judge it.
// - Check matters where royal pieces are not captured: there a node in check is searched in full
//   even in quiescence, and a move that gives check is searched a ply deeper.
// - A table entry is a position's value whatever the path to it. Two things break that, and the
//   search then neither trusts nor stores an entry (it still tries the entry's move first): a
//   position that has occurred before (its repetition count is above one, so a further
//   repetition may end the game), and a ply clock within reach of a ply-limit rule's count (the
//   clock is not in the hash). Hooks are assumed to judge positions, not the paths to them.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <thread>

#include "runtime/search/engines.hpp"
#include "runtime/search/evaluation_cache.hpp"
#include "runtime/search/null_move.hpp"
#include "runtime/search/ordering.hpp"
#include "runtime/search/transposition.hpp"

namespace vari::search {

// What one ply of the line needs: its moves, their sort keys and the principal variation below.
struct Ply {
    Ply() {}  // the lists are written before they are read: no need to zero megabytes
    MoveList moves;
    int keys[MAX_MOVES];
    std::uint8_t unjudged[MAX_MOVES];  // captures whose exchange is still to judge (ordering)
    Move pv[MAX_LINE];
    int pv_length = 0;
    CheckCells checks;  // which of the moves give check, as far as asked (extended_after)
};

// What each thread of a search keeps to itself: its line's plies, its move ordering and the
// evaluations it made.
struct ThreadState {
    explicit ThreadState(const Tables& t) : order(t), plies(new Ply[MAX_LINE]) {}
    MoveOrder order;
    std::unique_ptr<Ply[]> plies;
    EvaluationCache evaluations;
};

// The threads share the transposition table (lazy SMP: each searches the whole tree, and what
// one finds the others read from the table).
struct SearchState {
    SearchState(const CompiledGame& game, const Options& options)
        : tt(options.hash_megabytes), null_move(game) {
        for (int i = 0; i < std::max(options.threads, 1); ++i)
            threads.push_back(std::make_unique<ThreadState>(game.tables()));
    }
    TranspositionTable tt;
    NullMoveGuard null_move;
    std::vector<std::unique_ptr<ThreadState>> threads;
};

void DeleteState::operator()(SearchState* state) const { delete state; }

StatePointer make_search_state(const CompiledGame& game, const Options& options) {
    return StatePointer(new SearchState(game, options));
}

void clear(SearchState& state) {
    state.tt.clear();
    for (auto& thread : state.threads) {
        thread->order.clear();
        thread->evaluations.clear();
    }
}

namespace {

// Quiescence goes at most this many plies past the horizon; it bounds how far beyond its depth
// a stored score may have looked, for the ply-limit rules.
constexpr int QUIESCENCE_PLIES = 32;
constexpr int QUIESCENCE_FULL_PLIES = 4;
// Delta pruning: what a quiescence move may gain beyond the piece it takes, positionally.
constexpr int DELTA_MARGIN = 200;
// Aspiration: the first window around the last iteration's score, widened fourfold on a miss.
constexpr int ASPIRATION_DEPTH = 5;
constexpr int ASPIRATION_WINDOW = 40;
constexpr int INFINITE = WIN + 1;
// Pruning margins, in centipawns (a game's Pawn-like piece is about 100, see values.cpp): what a
// position may gain per remaining ply beyond its static evaluation.
constexpr int FUTILITY_MARGIN = 120;
constexpr int FUTILITY_DEPTH = 4;
// Reverse futility: up to this depth, a node that stands the same margin a ply above beta.
constexpr int REVERSE_FUTILITY_DEPTH = 6;
// Late-move pruning: near the horizon, at a node out of check and off the principal variation,
// quiet moves after the first 3 + depth² are not searched (well ordered, they rarely cut off).
constexpr int LATE_MOVE_PRUNING_DEPTH = 3;
// Exchange pruning: up to this depth, off the principal variation and out of check, moves that
// lose material in their exchange are not searched.
constexpr int EXCHANGE_PRUNING_DEPTH = 3;
// Null move: the reduction, and from what depth a null move's cut-off is verified by a search
// without one (zugzwang the material test cannot see).
constexpr int NULL_MOVE_DEPTH = 2;
constexpr int NULL_MOVE_VERIFY_DEPTH = 10;
// Late-move reductions: moves searched in full before them, and the least depth they apply at.
constexpr int LMR_MOVES = 3;
constexpr int LMR_DEPTH = 3;
// Internal iterative reduction: from this depth, a node without a table move.
constexpr int IIR_DEPTH = 4;
// At a cut-off, the histories mark down at most this many quiet moves and as many captures
// searched before it.
constexpr int MARKED_DOWN = 64;

// How many plies a quiet move late in the list is searched less: more the deeper the node and
// the later the move, as the logarithms of both.
int late_move_reduction(int depth, int move_number) {
    static const auto table = [] {
        std::array<std::array<std::uint8_t, 64>, 64> r{};
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                r[d][m] = static_cast<std::uint8_t>(0.5 + std::log(d) * std::log(m) / 2.25);
        return r;
    }();
    return table[static_cast<std::size_t>(std::min(depth, 63))]
                [static_cast<std::size_t>(std::min(move_number, 63))];
}

struct RootMove {
    Move move;
    int score = -INFINITE;  // of the last iteration: exact for the best, else maybe a bound
};

class AlphaBeta {
public:
    // `helper`: a thread beside the main one, whose result is not reported (0 for the main one).
    AlphaBeta(const Root& root, Context& context, SearchState& state, int helper = 0)
        : line_(root, context.hooks),
          c_(context),
          s_(state),
          own_(*state.threads[static_cast<std::size_t>(helper)]),
          helper_(helper),
          values_(context.evaluation.values()),
          exchange_(root.position->tables(), values_),
          null_moves_(!context.hooks && state.null_move.in_game()) {
        const ir::Game& game = root.position->game().ir();
        checks_ =
            !game.royals_capturable && std::any_of(game.pieces.begin(), game.pieces.end(),
                                                   [](const ir::Piece& p) { return p.royal; });
        for (const auto& end : game.ends)
            if (end.kind == ir::EndKind::ply_limit) ply_limits_.push_back(end.count);
    }

    Outcome run(const Root& root) {
        Outcome out;
        if (root.moves.empty()) return out;
        own_.order.new_search();
        order_root(root);
        out.best = moves_.front().move;
        const int max_depth = c_.budget.limits().depth ? c_.budget.limits().depth : MAX_DEPTH;
        int score = 0;
        // Helpers of odd number start a ply deeper, so that the threads spread over depths.
        for (int depth = 1 + helper_ % 2; depth <= max_depth; ++depth) {
            root_depth_ = depth;
            partial_best_ = Move::none();
            score = aspiration(depth, score);
            if (aborted()) {
                if (!partial_best_.is_none() && !line_.failed()) {
                    // The move is reported with its line and score as far as they were searched.
                    const Ply& root_ply = own_.plies[0];
                    out.best = partial_best_;
                    out.last.score = partial_score_;
                    out.last.pv.assign(root_ply.pv, root_ply.pv + root_ply.pv_length);
                }
                break;
            }
            std::stable_sort(
                moves_.begin(), moves_.end(),
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            const Ply& root_ply = own_.plies[0];
            out.best = moves_.front().move;
            out.last = {depth,
                        score,
                        {root_ply.pv, root_ply.pv + root_ply.pv_length},
                        c_.nodes(),
                        c_.budget.seconds()};
            if (c_.progress) c_.progress(out.last);
            // A decisive score within the full-width depth is the shortest forced end.
            if (is_decisive(score) && plies_to_end(score) <= depth) break;
        }
        if (line_.failed())
            out.error = line_.error();
        else if (out.last.depth > 0 && c_.options.variety > 0)
            out.best = varied(root);
        out.last.nodes = c_.nodes();
        out.last.seconds = c_.budget.seconds();
        return out;
    }

private:
    bool aborted() const { return c_.budget.stopped() || line_.failed(); }

    // The root moves, the table's move first, then as the ordering sorts them.
    void order_root(const Root& root) {
        Ply& p = own_.plies[0];
        p.moves.size = 0;
        for (const Move m : root.moves) p.moves.moves[p.moves.size++] = m;
        TtEntry e;
        const bool known = s_.tt.probe(line_.position().hash(), e);
        own_.order.score(line_.position(), p.moves, known ? e.move : Move::none(), 0, {}, values_,
                         p.keys, p.unjudged);
        for (int i = 0; i < p.moves.size; ++i)
            if (own_.order.pick_next(line_.position(), p.moves, p.keys, p.unjudged, i, {},
                                     exchange_))
                break;
        moves_.assign(p.moves.size, RootMove{});
        for (int i = 0; i < p.moves.size; ++i)
            moves_[static_cast<std::size_t>(i)].move = p.moves.moves[i];
    }

    // One iteration, first in a narrow window around the last score, widened on a miss.
    int aspiration(int depth, int last) {
        if (depth < ASPIRATION_DEPTH || is_decisive(last) || c_.options.variety > 0)
            return search_root(depth, -INFINITE, INFINITE);
        int window = ASPIRATION_WINDOW;
        int alpha = last - window, beta = last + window;
        for (;;) {
            const int score = search_root(depth, alpha, beta);
            if (aborted()) return score;
            if (score <= alpha)
                alpha = window > WIN ? -INFINITE : score - window;
            else if (score >= beta)
                beta = window > WIN ? INFINITE : score + window;
            else
                return score;
            window *= 4;
        }
    }

    int search_root(int depth, int alpha, int beta) {
        Ply& p = own_.plies[0];
        p.pv_length = 0;
        static_evals_[0] = -INFINITE;  // not evaluated: a PV node
        int best = -INFINITE;
        for (std::size_t i = 0; i < moves_.size(); ++i) {
            RootMove& rm = moves_[i];
            moved_[0] = moved_piece_key(line_.position(), rm.move);
            line_.play(rm.move);
            const int child = depth - 1 + extension();
            int score;
            if (i == 0) {
                score = -search(child, -beta, -alpha);
            } else {
                // With variety, moves near the best need exact scores too.
                const int floor = alpha - (c_.options.variety > 0 ? c_.options.variety + 1 : 0);
                score = -search(child, -floor - 1, -floor);
                if (score > floor && score < beta) score = -search(child, -beta, -floor);
            }
            line_.undo();
            if (aborted()) return best;
            rm.score = score;
            if (score > best) best = score;
            if (score > alpha) {
                alpha = score;
                if (i > 0) {  // proven better than the moves before
                    partial_best_ = rm.move;
                    partial_score_ = score;
                }
                take_pv(p, rm.move);
                if (alpha >= beta) break;
            }
        }
        return best;
    }

    int search(int depth, int alpha, int beta, bool null_allowed = true) {
        const int ply = line_.depth();
        Ply& p = own_.plies[ply];
        p.pv_length = 0;
        int score;
        if (depth <= 0 || ply + 1 >= MAX_LINE) {
            if (settled(p, score)) return score;
            return quiesce_listed(p, alpha, beta, 0, -1);
        }
        if (c_.budget.spent()) return 0;

        const Position& pos = line_.position();
        const std::uint64_t key = pos.hash();
        const bool trusted = trusts_table(depth);
        const bool pv_node = beta - alpha > 1;
        // The table is read before the moves are listed, where the position alone (its hash)
        // says whether the game ended: not after passes (not hashed), not where hooks judge.
        const bool ends_by_position = !line_.has_hooks() && pos.passes_in_a_row() == 0;
        Move hash_move;
        std::optional<int> table_score;  // the table's, where it cuts the node
        if (TtEntry e; s_.tt.probe(key, e)) {
            hash_move = e.move;
            // Not at PV nodes, so the principal variation comes out whole.
            if (trusted && !pv_node && e.depth >= depth) {
                const int s = from_tt(e.score, ply);
                if (e.bound == Bound::exact || (e.bound == Bound::lower && s >= beta) ||
                    (e.bound == Bound::upper && s <= alpha))
                    table_score = s;
            }
        }
        if (table_score && ends_by_position) return *table_score;
        if (judged(p, score)) return score;
        if (table_score) return *table_score;

        const bool in_check = checks_ && line_.in_check();
        const int side = pos.side_to_move();
        // Only the pruning of non-PV nodes out of check reads it.
        const int static_eval = pv_node || in_check ? -INFINITE : evaluate();
        static_evals_[ply] = static_eval;
        // Whether the side's position got better since its last move (unknown counts as yes).
        const bool improving = ply < 2 || static_eval == -INFINITE ||
                               static_evals_[ply - 2] == -INFINITE ||
                               static_eval > static_evals_[ply - 2];
        if (!pv_node && !in_check && !is_decisive(beta)) {
            // Reverse futility: so far above beta that no reply at this depth brings it back.
            if (depth <= REVERSE_FUTILITY_DEPTH && static_eval - FUTILITY_MARGIN * depth >= beta)
                return static_eval;
            if (null_allowed && null_moves_ && depth >= NULL_MOVE_DEPTH && static_eval >= beta &&
                s_.null_move.can_wait(pos, side)) {
                if (const auto cut = null_move_cut(depth, beta)) return *cut;
                if (aborted()) return 0;
            }
        }
        const bool futile_quiets = !pv_node && !in_check && depth <= FUTILITY_DEPTH &&
                                   static_eval + FUTILITY_MARGIN * depth <= alpha;
        // A node no earlier search ordered (no table move) is searched a ply less.
        if (depth >= IIR_DEPTH && hash_move.is_none()) --depth;
        // Half as many where the side's position is not improving.
        const int quiets_searched_at_most =
            !pv_node && !in_check && depth <= LATE_MOVE_PRUNING_DEPTH
                ? (3 + depth * depth) / (improving ? 1 : 2)
                : MAX_MOVES;
        int quiets_searched = 0;
        const bool shallow = !pv_node && !in_check && depth <= EXCHANGE_PRUNING_DEPTH;
        p.checks.forget();

        const int alpha_start = alpha;
        int best = -INFINITE;
        Move best_move;
        const MovesBefore before{ply >= 1 ? moved_[ply - 1] : -1, ply >= 2 ? moved_[ply - 2] : -1};
        own_.order.score(line_.position(), p.moves, hash_move, ply, before, values_, p.keys,
                         p.unjudged);
        // Searched without a cut-off, for the histories.
        Move quiets_tried[MARKED_DOWN], captures_tried[MARKED_DOWN];
        TriedMoves tried{quiets_tried, 0, captures_tried, 0};
        bool in_order = false;
        for (int i = 0; i < p.moves.size; ++i) {
            if (!in_order)
                in_order = own_.order.pick_next(line_.position(), p.moves, p.keys, p.unjudged, i,
                                                before, exchange_);
            const Move m = p.moves.moves[i];
            const MoveGain gain = move_gain(pos, m, values_);
            const bool quiet = !gain.capture && !gain.promotion && m != hash_move;
            // Futility and late-move pruning pass over quiet moves that give no check.
            if (i > 0 && quiet && !is_decisive(best) &&
                (futile_quiets || quiets_searched >= quiets_searched_at_most) &&
                !extended_after(p, m))
                continue;
            // Near the horizon, moves that lose material in the exchange they start.
            if (i > 0 && shallow && !is_decisive(best) && m != hash_move &&
                (gain.capture ? p.keys[i] < 0 : quiet && exchange_.loses(line_.position(), m)) &&
                !extended_after(p, m))
                continue;
            moved_[ply] = moved_piece_key(pos, m);
            line_.play(m);
            if (depth > 1) s_.tt.prefetch(line_.position().hash());  // the child's first read
            const int gives_check = extension();
            const int child = depth - 1 + gives_check;
            quiets_searched += quiet;
            if (i == 0) {
                score = -search(child, -beta, -alpha);
            } else {
                int reduction = 0;
                if (quiet && !gives_check && !in_check && depth >= LMR_DEPTH && i >= LMR_MOVES &&
                    !own_.order.is_killer(m, ply))
                    reduction = std::clamp(late_move_reduction(depth, i) - pv_node + !improving, 0,
                                           child - 1);
                score = -search(child - reduction, -alpha - 1, -alpha);
                if (reduction > 0 && score > alpha) score = -search(child, -alpha - 1, -alpha);
                if (score > alpha && score < beta) score = -search(child, -beta, -alpha);
            }
            line_.undo();
            if (aborted()) return 0;
            const bool quiet_or_hash = !gain.capture && !gain.promotion;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                take_pv(p, m);
                if (alpha >= beta) {
                    if (quiet_or_hash || gain.capture)
                        own_.order.reward(pos, m, ply, depth, before, tried);
                    best = score;
                    break;
                }
            }
            best = std::max(best, score);
            if (quiet_or_hash && tried.quiet_count < MARKED_DOWN)
                quiets_tried[tried.quiet_count++] = m;
            else if (gain.capture && tried.capture_count < MARKED_DOWN)
                captures_tried[tried.capture_count++] = m;
        }
        if (trusted) {
            const Bound bound = best >= beta         ? Bound::lower
                                : best > alpha_start ? Bound::exact
                                                     : Bound::upper;
            s_.tt.store(key, depth, bound, to_tt(best, ply), best_move);
        }
        return best;
    }

    // The side to move passes and still holds `beta` at a reduced depth: the node is cut, with
    // the score it returns. Deep cut-offs are verified by a search without a null move, for the
    // zugzwangs that NullMoveGuard::can_wait() misses.
    std::optional<int> null_move_cut(int depth, int beta) {
        const int reduction = NULL_MOVE_DEPTH + 1 + depth / 4;
        moved_[line_.depth()] = -1;
        line_.play(Move::make_pass());
        const int score = -search(depth - 1 - reduction, -beta, -beta + 1, false);
        line_.undo();
        if (aborted() || score < beta) return std::nullopt;
        const int cut = is_decisive(score) ? beta : score;
        if (depth < NULL_MOVE_VERIFY_DEPTH) return cut;
        const int verified = search(depth - reduction, beta - 1, beta, false);
        if (aborted() || verified < beta) return std::nullopt;
        return cut;
    }

    int quiesce(int alpha, int beta, int qply, int last_to) {
        Ply& p = own_.plies[line_.depth()];
        p.pv_length = 0;
        int score;
        if (settled(p, score)) return score;
        return quiesce_listed(p, alpha, beta, qply, last_to);
    }

    // Quiescence at a node whose moves are listed and that goes on: captures and promotions
    // only, standing pat on the evaluation. Not in check (the side might have no move out of
    // it) and not where every move captures or promotes (capture may be compulsory): there
    // every move is searched. Past the first plies only recaptures on the last move's cell are
    // searched, and a check no longer forbids standing pat: where many pieces attack one another
    // (hexagonal boards, long-range pieces) the tree of capture lines grows beyond any budget.
    // `last_to`: where the move before the node went (recaptures go there).
    int quiesce_listed(Ply& p, int alpha, int beta, int qply, int last_to) {
        const Position& pos = line_.position();
        const bool full = qply < QUIESCENCE_FULL_PLIES;
        const bool in_check = full && checks_ && line_.in_check();
        // Whether quiescence leaves the move out when not in check: it takes nothing and does
        // not promote, or it is not a recapture past the first plies.
        const auto left_out = [&](Move m, const MoveGain& g) {
            return (!g.capture && !g.promotion) || (!full && m.to() != last_to);
        };
        // Standing pat is judged before the moves are sorted out: it cuts most nodes at once.
        const bool stand_pat =
            !in_check && std::any_of(p.moves.moves, p.moves.moves + p.moves.size, [&](Move m) {
                return left_out(m, move_gain(pos, m, values_));
            });
        int best = -INFINITE;
        if (stand_pat || qply >= QUIESCENCE_PLIES || line_.depth() + 1 >= MAX_LINE) {
            best = evaluate();
            if (best >= beta || !stand_pat) return best;
            alpha = std::max(alpha, best);
        }
        int kept = 0;
        for (int i = 0; i < p.moves.size; ++i) {
            const Move m = p.moves.moves[i];
            const MoveGain g = move_gain(pos, m, values_);
            const bool tactical = g.capture || g.promotion;
            if (!in_check && left_out(m, g)) continue;
            p.moves.moves[kept] = m;
            p.keys[kept++] = tactical ? 1 + g.victim * 64 - g.attacker : 0;
        }
        p.moves.size = kept;
        for (int i = 0; i < p.moves.size; ++i) {
            pick_next(p.moves, p.keys, i);
            const Move m = p.moves.moves[i];
            if (stand_pat && futile(m, best, alpha)) continue;
            line_.play(m);
            const int score = -quiesce(-beta, -alpha, qply + 1, m.to());
            line_.undo();
            if (aborted()) return 0;
            if (score <= best) continue;
            best = score;
            if (score > alpha) alpha = score;
            if (alpha >= beta) break;
        }
        return best;
    }

    // Whether quiescence may pass over `move` after standing pat on `stand`: it cannot win
    // enough to reach alpha (delta pruning), or it loses material in the exchange it starts.
    bool futile(Move move, int stand, int alpha) {
        Position& pos = line_.position();
        const MoveGain g = move_gain(pos, move, values_);
        if (stand + g.victim + DELTA_MARGIN <= alpha) return true;
        return g.attacker > g.victim && exchange_.loses(pos, move);
    }

    // The evaluation of the line's position for its side to move.
    int evaluate() {
        const Position& pos = line_.position();
        return own_.evaluations.get(
            pos, [&] { return c_.evaluation.evaluate(pos, pos.side_to_move()); });
    }

    // Counts the node, lists its moves and judges it: true, with `score` set, when the search
    // goes no further from it (the game ended there, or the search stops).
    bool settled(Ply& p, int& score) {
        score = 0;
        return c_.budget.spent() || judged(p, score);
    }

    // Lists the node's moves and judges it, as settled() does, the node already counted.
    bool judged(Ply& p, int& score) {
        score = 0;
        if (!line_.generate(p.moves)) return true;
        std::optional<Ending> ending;
        if (!line_.ended(p.moves.size > 0, ending)) return true;
        if (!ending) return false;
        const int side = line_.position().side_to_move();
        const double mine = ending->scores[side], theirs = ending->scores[1 - side];
        score = mine == theirs  ? DRAW
                : mine > theirs ? WIN - line_.depth()
                                : -(WIN - line_.depth());
        return true;
    }

    // One more ply for a move that gives check, while the line is within twice the iteration's
    // depth (so that checks cannot lengthen it without end).
    bool extends_checks_at(int line_depth) const { return checks_ && line_depth < 2 * root_depth_; }
    int extension() { return extends_checks_at(line_.depth()) && line_.in_check(); }

    // Whether extension() would extend `move` once played, found without playing it into the
    // line (most of the moves asked are pruned). With two players a check on another player is a
    // check on the player to move next; with more, on any of the others.
    bool extended_after(Ply& p, Move move) {
        if (!extends_checks_at(line_.depth() + 1)) return false;
        Position& pos = line_.position();
        if (pos.tables().player_count == 2) return move_gives_check(pos, move, p.checks);
        Undo undo;
        pos.do_move(move, undo);
        const bool check = pos.in_check();
        pos.undo_move(move, undo);
        return check;
    }

    bool trusts_table(int depth) const {
        if (line_.repetitions() > 1) return false;
        const int reach = line_.position().ply_clock() + depth + QUIESCENCE_PLIES;
        return std::all_of(ply_limits_.begin(), ply_limits_.end(),
                           [&](int count) { return reach < count; });
    }

    // The principal variation at `p`: `move`, then the one below it.
    void take_pv(Ply& p, Move move) {
        const Ply& below = own_.plies[line_.depth() + 1];
        p.pv[0] = move;
        std::copy(below.pv, below.pv + below.pv_length, p.pv + 1);
        p.pv_length = below.pv_length + 1;
    }

    // With variety: one of the root moves scoring within `variety` of the best, chosen by a
    // generator seeded with the options' seed and the position, so that a choice repeats.
    Move varied(const Root& root) const {
        std::vector<Move> near;
        const int best = moves_.front().score;
        for (const RootMove& rm : moves_)
            if (rm.score >= best - c_.options.variety) near.push_back(rm.move);
        std::mt19937_64 random(c_.options.seed ^ root.position->hash());
        return near[random() % near.size()];
    }

    Line line_;
    Context& c_;
    SearchState& s_;
    ThreadState& own_;
    int helper_;
    const std::vector<PieceValue>& values_;
    Exchange exchange_;
    bool checks_ = false;
    bool null_moves_ = false;      // the game allows them and no hooks judge
    std::vector<int> ply_limits_;  // the counts of the game's ply-limit rules
    std::vector<RootMove> moves_;
    int static_evals_[MAX_LINE] = {};  // at each ply, its static evaluation (-INFINITE: none)
    int moved_[MAX_LINE] = {};  // at each ply of the line, the move made there (moved_piece_key)
    int root_depth_ = 1;
    Move partial_best_;      // in an unfinished iteration, a move proven better than the last best
    int partial_score_ = 0;  // its score, at least
};

}  // namespace

Outcome search_two_players(const Root& root, Context& context, SearchState& state) {
    state.tt.new_search();
    // Hooks run in one Lua state: a game with hooks is searched by one thread.
    const int threads = context.hooks ? 1 : static_cast<int>(state.threads.size());
    std::atomic<std::uint64_t> helper_nodes{0};
    // Stops and joins the helpers when the main thread is done, however it ends.
    struct Helpers {
        std::atomic<bool> stop{false};
        std::vector<std::thread> threads;
        void finish() {
            stop.store(true, std::memory_order_relaxed);
            for (std::thread& t : threads) t.join();
            threads.clear();
        }
        ~Helpers() { finish(); }
    } helpers;
    for (int i = 1; i < threads; ++i)
        helpers.threads.emplace_back([&, i] {
            Budget budget(Limits{}, helpers.stop, &helper_nodes);
            const Searcher::Progress silent;
            Context helper{context.evaluation, context.options, budget, nullptr, silent};
            AlphaBeta(root, helper, state, i).run(root);
        });
    Context main = context;
    if (threads > 1) main.helper_nodes = &helper_nodes;
    Outcome out = AlphaBeta(root, main, state).run(root);
    helpers.finish();  // every helper's nodes are counted once it has ended
    out.last.nodes = main.nodes();
    return out;
}

}  // namespace vari::search
