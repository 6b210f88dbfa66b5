// Legality judgements on a position read from text: what the game's rules could never produce.
// A judgement refuses only what no sequence of legal moves from the setup could reach by the
// rules it reads (a piece where it could never move, a right without its pieces, a royal piece
// too many or too few, a piece no capture puts in hand, a royal piece left attacked by its own
// player's move); it does not try to find such a sequence, so some unreachable positions pass.
#include "runtime/notation/position_checks.hpp"

#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

namespace vari::notation {
namespace {

bool is_royal(const Tables& t, int type) { return t.royal_types >> type & 1; }

// Royal pieces are captured where the rules have no check, and even with check by the later jumps
// of a capture sequence, which are not looked ahead to (only its first jump gives check).
bool royals_taken(const Tables& t) { return t.royals_capturable || t.has_jumps; }
bool capturable(const Tables& t, int type) { return !is_royal(t, type) || royals_taken(t); }

// The types that some capture or the setup puts in `player`'s hand, a bit each.
std::uint32_t hand_types(const Tables& t, int player) {
    std::uint32_t types = t.start_hand_types[player];
    for (int taken = 0; taken < t.type_count; ++taken) {
        const int held = t.hand_type[player * t.type_count + taken];
        if (held >= 0 && capturable(t, taken)) types |= 1u << held;
    }
    return types;
}

// The types a piece of `type` may become for `player` by promotion, a bit each.
std::uint32_t promotes_to(const Tables& t, int player, int type) {
    const PieceRules& r = t.rules_of(player, type);
    std::uint32_t types = 0;
    for (int cell = 0; cell < t.cell_count; ++cell)
        types |= t.promotions[r.promotions + cell] | t.promotions[r.promotions_out + cell];
    return types & ~PROMOTION_COMPULSORY;
}

std::string owned(const ir::Game& game, Piece piece) {
    return game.players[owner_of(piece)].name + "'s " + game.pieces[type_of(piece)].name;
}

std::string names_of(const ir::Game& game, std::uint32_t types) {
    std::string out;
    for (; types; types &= types - 1) {
        if (!out.empty()) out += std::has_single_bit(types) ? " and " : ", ";
        out += game.pieces[std::countr_zero(types)].name;
    }
    return out;
}

std::string count_of(int count, const char* what) {
    return (count ? std::to_string(count) : std::string("no")) + ' ' + what +
           (count == 1 ? "" : "s");
}

// The cells of `cells` in the order the position string wrote them.
std::vector<int> in_string_order(CellSet cells, const CellOffsets& offsets) {
    std::vector<int> out;
    for (int cell : cells) out.push_back(cell);
    std::sort(out.begin(), out.end(), [&](int a, int b) { return offsets[a] < offsets[b]; });
    return out;
}

CellSet royal_cells(const Position& pos, int player) {
    CellSet cells;
    for (std::uint32_t types = pos.tables().royal_types; types; types &= types - 1)
        cells |= pos.pieces(player, std::countr_zero(types));
    return cells;
}

bool starts_there(const ir::Game& game, Piece piece, int cell) {
    return std::any_of(game.setup.begin(), game.setup.end(), [&](const ir::Placement& p) {
        return p.cell == cell && make_piece(p.player, p.type) == piece;
    });
}

bool castles_there(const Tables& t, Piece piece, int cell) {
    return std::any_of(t.castlings.begin(), t.castlings.end(), [&](const CastlingRule& c) {
        return (c.royal == piece && c.royal_to == cell) ||
               (c.partner == piece && c.partner_to == cell);
    });
}

bool dropped_there(const Tables& t, Piece piece, int cell) {
    const PieceRules& r = t.rules_of(owner_of(piece), type_of(piece));
    return r.droppable && t.set(r.drop_cells).has(cell) &&
           (hand_types(t, owner_of(piece)) >> type_of(piece) & 1);
}

// How many royal pieces a player may have on the board, and why no more.
struct RoyalBounds {
    int least = 0;
    int most = MAX_PIECES;
    std::string why_most;
};

// Where no royal piece is captured, a player keeps those it starts with unless one may promote
// into a piece that is not royal. A player gets another royal piece by promoting into one, by
// dropping one that a capture of a piece that is not royal gave it (both make a new one), or by
// dropping one captured from another player: with none of these, never more than it starts
// with; with only the last, never more than the game starts with.
std::vector<RoyalBounds> royal_bounds(const CompiledGame& game) {
    const Tables& t = game.tables();
    const auto players = static_cast<std::size_t>(t.player_count);
    // Those in hand at the start count towards the most, not the least: they may still be there.
    std::vector<int> start(players, 0), on_board(players, 0);
    int total = 0;
    for (const ir::Placement& placed : game.ir().setup)
        if (is_royal(t, placed.type)) ++start[placed.player], ++on_board[placed.player], ++total;
    for (const ir::HandPlacement& held : game.ir().hand_setup)
        if (is_royal(t, held.type)) ++start[held.player], ++total;
    std::vector<bool> leaves(players), creates(players), recaptures(players);
    for (int p = 0; p < t.player_count; ++p) {
        for (int type = 0; type < t.type_count; ++type) {
            const std::uint32_t into = promotes_to(t, p, type);
            if (is_royal(t, type) && (into & ~t.royal_types)) leaves[p] = true;
            if (!is_royal(t, type) && (into & t.royal_types)) creates[p] = true;
            const int held = t.hand_type[p * t.type_count + type];
            if (held >= 0 && is_royal(t, held) && capturable(t, type) &&
                t.rules_of(p, held).droppable)
                (is_royal(t, type) ? recaptures : creates)[p] = true;
        }
    }
    const bool any_creates = std::find(creates.begin(), creates.end(), true) != creates.end();
    std::vector<RoyalBounds> bounds(players);
    for (int p = 0; p < t.player_count; ++p) {
        RoyalBounds& b = bounds[p];
        if (!royals_taken(t) && !leaves[p]) b.least = on_board[p];
        if (creates[p] || (recaptures[p] && any_creates)) continue;
        b.most = recaptures[p] ? total : start[p];
        b.why_most =
            recaptures[p]
                ? "only captured royal pieces are dropped, and the game starts with " +
                      std::to_string(total)
                : "no promotion or drop gives " + game.ir().players[p].name + " a royal piece";
    }
    return bounds;
}

}  // namespace

std::optional<Refusal> judge_board_piece(const CompiledGame& game, Piece piece, int cell,
                                         std::size_t at) {
    const Tables& t = game.tables();
    const PieceRules& r = t.rules_of(owner_of(piece), type_of(piece));
    if (!t.set(r.stuck).has(cell)) return {};
    // A move into a promotion zone promotes the piece where it could never move again; a move
    // elsewhere leaves it there unpromoted unless the piece must arrive where it can move.
    const bool in_zone = t.set(r.promotion_zone).has(cell);
    if ((!in_zone && t.set(r.arrivals).has(cell)) || dropped_there(t, piece, cell) ||
        castles_there(t, piece, cell) || starts_there(game.ir(), piece, cell))
        return {};
    return Refusal{
        at,
        owned(game.ir(), piece) + " could never move from " + game.ir().board.cells[cell].name +
            (in_zone ? ": it promotes on getting there" : ": no move may leave it there"),
        {}};
}

std::optional<Refusal> judge_royal_counts(const Position& pos, std::size_t board_at,
                                          const CellOffsets& offsets) {
    const Tables& t = pos.tables();
    if (!t.royal_types) return {};
    const ir::Game& game = pos.game().ir();
    const std::vector<RoyalBounds> bounds = royal_bounds(pos.game());
    for (int p = 0; p < t.player_count; ++p) {
        const RoyalBounds& b = bounds[p];
        const CellSet royals = royal_cells(pos, p);
        const int count = royals.count();
        const std::string& name = game.players[p].name;
        if (count < b.least)
            return Refusal{board_at,
                           name + " has " + count_of(count, "royal piece") +
                               " on the board; it always keeps " + std::to_string(b.least),
                           names_of(game, t.royal_types) +
                               (std::has_single_bit(t.royal_types) ? " is" : " are") +
                               " royal: never captured here, nor promoted away"};
        if (count > b.most) {
            const int extra = in_string_order(royals, offsets)[b.most];
            return Refusal{
                offsets[extra],
                owned(game, pos.piece_on(extra)) + " on " + game.board.cells[extra].name +
                    " is a royal piece too many: " + name + " never has " +
                    (b.most ? "more than " + std::to_string(b.most) : "any") + " on the board",
                b.why_most};
        }
    }
    return {};
}

std::optional<Refusal> judge_hand_piece(const CompiledGame& game, Piece piece, std::size_t at) {
    const std::uint32_t held = hand_types(game.tables(), owner_of(piece));
    if (held >> type_of(piece) & 1) return {};
    for (const ir::HandPlacement& start : game.ir().hand_setup)  // held from the start
        if (start.player == owner_of(piece) && start.type == type_of(piece)) return {};
    const std::string& name = game.ir().players[owner_of(piece)].name;
    return Refusal{at, owned(game.ir(), piece) + " can never be in hand",
                   held ? "captures put these in " + name + "'s hand: " + names_of(game.ir(), held)
                        : "captures put nothing in " + name + "'s hand"};
}

// Where royal pieces may be captured nobody is in check. Otherwise no move leaves its own
// player's royal piece attacked, so the player who just moved (with two players, the one not to
// move) has none attacked. Any other player may have: with three, the second mover may attack
// the first player's royal piece as well as the third's. A pass may leave one attacked (`pass
// allowed` even in check, `pass forced` when nothing else is legal): a game with passes has no
// such position to refuse.
std::optional<Refusal> judge_check(const Position& pos, const CellOffsets& offsets) {
    const CellSet attacked = royals_left_attacked(pos);
    if (!attacked) return {};
    const int cell = in_string_order(attacked, offsets).front();
    const ir::Game& game = pos.game().ir();
    const std::string& name = game.players[owner_of(pos.piece_on(cell))].name;
    return Refusal{
        offsets[cell],
        owned(game, pos.piece_on(cell)) + " on " + game.board.cells[cell].name +
            " is attacked, but " + name + " has just moved",
        "no move may leave its player's royal piece attacked; is it " + name + " to move?"};
}

std::optional<Refusal> judge_right(const Position& pos, int right, std::size_t at) {
    const Tables& t = pos.tables();
    for (const CastlingRule& c : t.castlings) {
        if (c.right != right) continue;
        for (const auto& [piece, cell] :
             {std::pair{c.royal, c.royal_from}, std::pair{c.partner, c.partner_from}}) {
            if (pos.piece_on(cell) == piece) continue;
            const ir::Game& game = pos.game().ir();
            return Refusal{at,
                           std::string("castling right '") + t.right_names[right] + "' needs " +
                               owned(game, piece) + " on " + game.board.cells[cell].name,
                           "a castling right is lost once its pieces leave their start cells"};
        }
    }
    return {};
}

std::optional<Refusal> judge_first_move_right(const Position& pos, int cell, std::size_t at) {
    const Tables& t = pos.tables();
    if (!t.first_moves) return {};
    const Piece piece = pos.piece_on(cell);
    int player = 0;
    while (!t.set(t.gate_zone + player).has(cell)) ++player;
    if (piece && owner_of(piece) == player &&
        (t.first_rules_of(player, type_of(piece), false).exists ||
         t.first_rules_of(player, type_of(piece), true).exists))
        return {};
    const ir::Game& game = pos.game().ir();
    return Refusal{at,
                   "a first-move right on " + game.board.cells[cell].name + " needs a piece of " +
                       game.players[player].name + " with first moves there",
                   "the right is lost once its piece leaves its start cell"};
}

}  // namespace vari::notation
