// What the engine can hold of a game, judged when it loads: how many line directions and
// movement rules it compiles (on the IR, before any table is built), and the most moves a
// position can have (on the tables), so that a MoveList of MAX_MOVES provably holds every
// position's moves (capture sequences aside: no table bounds their number, so the generator
// counts them as it finds them).
#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "interpreter/interpreter.hpp"
#include "interpreter/kinds.hpp"

namespace vari {
namespace {

// Every cell a piece of rules `r` could move or capture to from `from`, whatever stands where:
// the empty-board reach of all its leaps, slides and curves, en-passant captures included.
CellSet any_target(const Tables& t, const PieceRules& r, int from) {
    CellSet reach = t.pool[r.leap_any + from] | t.pool[r.leap_move + from] |
                    t.pool[r.leap_capture + from] | t.pool[r.ep_capture + from];
    for (std::uint32_t i = 0; i < r.slide_count; ++i)
        reach |= t.pool[t.slides[r.slide_first + i].reach + from];
    Cell cells[MAX_CELLS];
    for (std::uint32_t i = 0; i < r.path_count; ++i) {
        const int count = path_cells(t, t.paths[r.path_first + i], from, cells);
        for (int k = 0; k < count; ++k) reach.add(cells[k]);
    }
    return reach & ~CellSet::of(from);
}

// The moves the generator writes for one target (Generator::emit): one per promotion choice, and
// the plain move unless promotion is compulsory there.
int moves_to(const Tables& t, const PieceRules& r, int from, int to) {
    const bool leaving = t.set(r.promotion_leaving).has(from);
    if (!leaving && !t.set(r.promotion_zone).has(to)) return t.set(r.arrivals).has(to) ? 1 : 0;
    std::uint32_t bits = t.promotions[r.promotions + to];
    if (leaving) bits |= t.promotions[r.promotions_out + from];
    const bool plain = !(bits & PROMOTION_COMPULSORY) && !t.set(r.stuck).has(to);
    return std::popcount(bits & ~PROMOTION_COMPULSORY) + (plain ? 1 : 0);
}

// The line directions (each with its reverse) and per-piece rules the compiler would build.
std::optional<Diagnostic> rules_error(const ir::Game& game) {
    std::set<std::pair<int, int>> directions;
    for (const auto& piece : game.pieces) {
        for (std::size_t p = 0; p < game.players.size(); ++p) {
            int rules = 0;
            for (const auto& m : piece.movements) {
                rules +=
                    detail::with_kind(m.kind, [&](auto room) { return room.rules_added(m, p); });
                if (rules > MAX_PIECE_RULES)
                    return located(game, m.source,
                                   "piece " + piece.name + " moves by more than " +
                                       std::to_string(MAX_PIECE_RULES) +
                                       " vectors of slides, curves, jumps, hops and lame leaps; "
                                       "the limit is " +
                                       std::to_string(MAX_PIECE_RULES),
                                   "a curve counts once for each way it may turn");
                if (!detail::runs_along_dirs(m.kind)) continue;
                for (const ir::Vec v : m.vectors[p]) {
                    directions.insert({v.x, v.y});
                    directions.insert({-v.x, -v.y});
                }
                if (directions.size() > MAX_DIRECTIONS)
                    return located(game, m.source,
                                   "the game's slides run along more than " +
                                       std::to_string(MAX_DIRECTIONS) +
                                       " directions (a direction and its reverse count as two); "
                                       "the limit is " +
                                       std::to_string(MAX_DIRECTIONS),
                                   "");
            }
        }
    }
    return std::nullopt;
}

}  // namespace

namespace {

// One player's share of the bound, ready to be summed for any number of pieces.
struct PlayerBound {
    // Per cell, the most moves a piece standing there makes (and the type that makes them),
    // busiest first: k pieces make at most the first k.
    std::vector<std::pair<long, int>> cells;
    std::vector<long> in_place;  // per cell, in-place promotions, most first
    int most_per_target = 0;     // moves written for one target, at most
    long gate_factor = 1;        // each board move may also gate each gated type
    long others = 0;             // drops, castlings and a pass
    std::vector<long> drops_by_type;
};

PlayerBound player_bound(const Tables& t, int p) {
    PlayerBound b;
    for (int from = 0; from < t.cell_count; ++from) {
        long best = 0;
        int best_type = -1;
        for (int type = 0; type < t.type_count; ++type) {
            const PieceRules& r = t.rules_of(p, type);
            if (!r.exists) continue;
            long moves = 0;
            CellSet targets = any_target(t, r, from);
            // From a cell where a right may be held, its first moves too.
            if (t.first_moves && t.set(t.gate_zone + p).has(from))
                for (const bool guarded : {false, true})
                    targets |= any_target(t, t.first_rules_of(p, type, guarded), from);
            for (int to : targets) {
                const int n = moves_to(t, r, from, to);
                moves += n;
                b.most_per_target = std::max(b.most_per_target, n);
            }
            if (moves > best) best = moves, best_type = type;
        }
        // From a gate cell each move may also gate any type that may be gated there.
        if (t.gating && t.set(t.gate_zone + p).has(from)) {
            int gated = 0;
            for (int type = 0; type < t.type_count; ++type)
                gated += t.set(t.rules_of(p, type).gate_cells).has(from);
            best *= 1 + gated;
        }
        b.cells.emplace_back(best, best_type);
        // In-place promotions: per choice, staying or a move of the new type.
        long in_place = 0;
        for (int type = 0; type < t.type_count; ++type)
            for (std::uint32_t c = t.rules_of(p, type).in_place_choices; c; c &= c - 1)
                in_place += 1 + any_target(t, t.rules_of(p, std::countr_zero(c)), from).count();
        b.in_place.push_back(in_place);
    }
    std::sort(b.cells.begin(), b.cells.end(), std::greater<>());
    std::sort(b.in_place.begin(), b.in_place.end(), std::greater<>());
    for (int type = 0; type < t.type_count && t.gating; ++type)
        b.gate_factor += t.set(t.rules_of(p, type).gate_cells) ? 1 : 0;

    b.drops_by_type.assign(static_cast<std::size_t>(t.type_count), 0);
    for (int type = 0; type < t.type_count && t.drops; ++type) {
        const PieceRules& r = t.rules_of(p, type);
        if (!r.droppable) continue;
        // Each face it may go down as (`drop promoted`) on at most the cells before
        // where-movable.
        const long cells =
            t.set(r.drop_cells).count() + std::popcount(r.drop_faces) * t.set(r.drop_open).count();
        b.others += cells;
        b.drops_by_type[static_cast<std::size_t>(type)] = cells;
    }
    // A castling may gate onto either of its two start cells.
    const long castlings = (1 + 2 * (b.gate_factor - 1)) *
                           std::count_if(t.castlings.begin(), t.castlings.end(),
                                         [p](const CastlingRule& c) { return c.player == p; });
    b.others += castlings + (t.passing == ir::Passing::never ? 0 : 1);
    return b;
}

MoveBound bound_for(const std::vector<PlayerBound>& players, int cell_count, int pieces) {
    MoveBound worst;
    const long k = std::min(pieces, cell_count);
    for (std::size_t p = 0; p < players.size(); ++p) {
        const PlayerBound& b = players[p];
        std::vector<long> by_type = b.drops_by_type;
        long board = 0, in_place = 0;
        for (long i = 0; i < k; ++i) {
            const auto [moves, type] = b.cells[static_cast<std::size_t>(i)];
            board += moves;
            if (type >= 0) by_type[static_cast<std::size_t>(type)] += moves;
            in_place += b.in_place[static_cast<std::size_t>(i)];
        }
        // A second bound on the board moves: j pieces reach at most the cell_count - j cells
        // they do not stand on each, each target written at most most_per_target times; j(n - j)
        // is largest at j = n / 2.
        const long j = std::min<long>(k, cell_count / 2);
        board = std::min(board, j * (cell_count - j) * b.most_per_target * b.gate_factor);
        const long total = board + in_place + b.others;
        if (total > worst.moves) {
            worst.moves = total;
            worst.player = static_cast<int>(p);
            worst.type = static_cast<int>(std::max_element(by_type.begin(), by_type.end()) -
                                          by_type.begin());
        }
    }
    return worst;
}

std::vector<PlayerBound> player_bounds(const Tables& t) {
    std::vector<PlayerBound> players;
    for (int p = 0; p < t.player_count; ++p) players.push_back(player_bound(t, p));
    return players;
}

}  // namespace

MoveBound move_bound(const Tables& t, int pieces) {
    return bound_for(player_bounds(t), t.cell_count, pieces);
}

int piece_limit(const Tables& t) {
    const std::vector<PlayerBound> players = player_bounds(t);
    // The bound grows with the pieces: the last count within MAX_MOVES.
    int low = 0, high = MAX_PIECES;
    while (low < high) {
        const int mid = (low + high + 1) / 2;
        if (bound_for(players, t.cell_count, mid).moves <= MAX_MOVES)
            low = mid;
        else
            high = mid - 1;
    }
    return low;
}

std::optional<Diagnostic> capacity_error(const ir::Game& rules) {
    if (auto error = rules_error(rules)) return error;
    const int pieces = static_cast<int>(rules.setup.size() + rules.hand_setup.size());
    if (pieces > MAX_PIECES) {
        // Found at the first piece past the limit.
        const std::size_t past = MAX_PIECES;
        const ir::SourceRef source = past < rules.setup.size()
                                         ? rules.setup[past].source
                                         : rules.hand_setup[past - rules.setup.size()].source;
        return located(rules, source,
                       "the setup places " + std::to_string(pieces) +
                           " pieces; a position holds at most " + std::to_string(MAX_PIECES),
                       "");
    }
    return std::nullopt;
}

std::optional<Diagnostic> capacity_error(const CompiledGame& game) {
    const ir::Game& rules = game.ir();
    const int pieces = static_cast<int>(rules.setup.size() + rules.hand_setup.size());
    const MoveBound bound = move_bound(game.tables(), pieces);
    if (bound.moves <= MAX_MOVES) return setup_error(game);
    const ir::Piece& piece = rules.pieces[static_cast<std::size_t>(bound.type)];
    return located(rules, piece.source,
                   "a position of this game could have " + std::to_string(bound.moves) +
                       " moves for " + rules.players[static_cast<std::size_t>(bound.player)].name +
                       "; the limit is " + std::to_string(MAX_MOVES) + " (piece " + piece.name +
                       " adds the most)",
                   "fewer targets per piece, fewer promotion choices or fewer drop cells keep a "
                   "position within the limit");
}

}  // namespace vari
