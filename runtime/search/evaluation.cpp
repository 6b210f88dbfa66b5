// The evaluation: a sum of weighted terms (search.hpp, TermLayout), each read from tables built
// once from the rules. The weights are derived from the rules (material, promotion progress, a
// royal piece's way to its zone, and a little mobility and royal safety), or learned.
#include <algorithm>

#include "runtime/search/evaluation_tables.hpp"
#include "runtime/search/evaluation_threats.hpp"
#include "runtime/search/search.hpp"

namespace vari::search {
namespace {

// The derived weights where the rules say nothing: per cell a piece may move or capture to, enough
// to choose active squares and too little to give material for; per own piece next to a royal
// piece, and per other player's piece within two of its moves. A tuning run replaces them.
constexpr int MOBILITY = 4;
constexpr int SHELTER = 10;
constexpr int APPROACH = -12;

TermLayout layout_of(const Tables& t) { return {t.player_count, t.type_count, t.cell_count}; }

}  // namespace

std::vector<int> Evaluation::derived_weights(const CompiledGame& game) {
    const Tables& t = game.tables();
    const TermLayout layout = layout_of(t);
    const std::vector<PieceValue> values = piece_values(game);
    std::vector<int> w(static_cast<std::size_t>(layout.size()), 0);
    // Where the player left without pieces wins (`end no-pieces loss`), pieces are a burden.
    int sign = 1;
    for (const auto& end : game.ir().ends)
        if (end.kind == ir::EndKind::no_pieces && end.outcome == ir::Outcome::loss) sign = -1;
    std::uint32_t promoting = 0, racing = 0;
    const std::vector<int> progress = detail::promotion_progress(t, values, promoting);
    const std::vector<int> goal = detail::goal_progress(t, racing);
    for (int type = 0; type < t.type_count; ++type) {
        const auto at = [&](int term) -> int& { return w[static_cast<std::size_t>(term)]; };
        at(layout.board(type)) = sign * values[type].board;
        at(layout.in_hand(type)) = sign * values[type].in_hand;
        at(layout.mobility(type)) = MOBILITY;
        at(layout.shelter(type)) = SHELTER;
        at(layout.approach(type)) = APPROACH;
        for (int p = 0; p < t.player_count; ++p)
            for (int c = 0; c < t.cell_count; ++c) {
                const std::size_t row = static_cast<std::size_t>(p * t.type_count + type);
                at(layout.cell(p, type, c)) =
                    progress[row * t.cell_count + c] + goal[row * t.cell_count + c];
            }
    }
    return w;
}

Evaluation::Evaluation(const CompiledGame& game, bool learned) : values_(piece_values(game)) {
    const auto& file = game.ir().weights;
    std::optional<std::vector<int>> read;
    if (learned && file) read = from_ir(game, *file);
    if (read) {
        weights_ = std::move(*read);
        weights_file_ = file->file;
    } else {
        weights_ = derived_weights(game);
    }
    prepare(game);
}

Evaluation::Evaluation(const CompiledGame& game, std::vector<int> weights)
    : values_(piece_values(game)), weights_(std::move(weights)) {
    prepare(game);
}

void Evaluation::prepare(const CompiledGame& game) {
    const Tables& t = game.tables();
    layout_ = layout_of(t);
    weights_.resize(static_cast<std::size_t>(layout_.size()), 0);
    // Where royal pieces are captured like others, material already says what losing one costs.
    std::vector<CellSet> shelter, approach;
    if (!t.royals_capturable) {
        detail::royal_surroundings(t, shelter, approach);
        guarded_types_ = t.royal_types;
    }
    shelter_ = SetPool(t.cell_words, shelter);
    approach_ = SetPool(t.cell_words, approach);
    std::vector<int> types;
    for (int type = 0; type < t.type_count; ++type)
        if (!(guarded_types_ >> type & 1)) types.push_back(type);
    std::stable_sort(types.begin(), types.end(),
                     [&](int a, int b) { return values_[a].board < values_[b].board; });
    threat_ranks_.clear();
    for (std::size_t i = 0; i < types.size(); ++i)
        threat_ranks_.push_back(
            {types[i], i == 0 || values_[types[i]].board > values_[types[i - 1]].board});
    threats_ = false;
    for (int type = 0; type < t.type_count; ++type)
        for (const int term :
             {layout_.threatened(type), layout_.hanging(type), layout_.royal_attacks(type)})
            threats_ = threats_ || weights_[static_cast<std::size_t>(term)] != 0;
}

template <class Set>
void Evaluation::fill_reach(const Position& pos, detail::Reach<Set>& reach) const {
    const Tables& t = pos.tables();
    const BoardSets<Set>& sets = pos.sets<Set>();
    const Set* shelter = shelter_.data<Set>();
    for (int p = 0; p < t.player_count; ++p) {
        reach.any[p] = reach.royal_zone[p] = Set();
        for (int type = 0; type < t.type_count; ++type) {
            Set& by_type = reach.by_type[p][type] = Set();
            const Set cells = sets.of(p, type);
            if (!cells) continue;
            targets_count<Set>(pos, p, type, by_type);
            reach.any[p] |= by_type;
            if (guarded_types_ >> type & 1) {
                const std::size_t row =
                    static_cast<std::size_t>(p * t.type_count + type) * t.cell_count;
                for (int c : cells) reach.royal_zone[p] |= shelter[row + c];
            }
        }
    }
}

int Evaluation::evaluate(const Position& pos, int player) const {
    return with_cell_set(pos.tables().cell_words,
                         [&]<class Set>(Set) { return evaluate_as<Set>(pos, player); });
}

void Evaluation::count_terms(const Position& pos, int player, std::vector<TermCount>& out) const {
    with_cell_set(pos.tables().cell_words, [&]<class Set>(Set) {
        add_terms<Set>(pos, player, [&](int term, int count) {
            if (count != 0) out.push_back({term, count});
        });
    });
}

template <class Set, class Add>
void Evaluation::add_terms(const Position& pos, int p, Add&& add) const {
    const Tables& t = pos.tables();
    const int types = t.type_count;
    const BoardSets<Set>& sets = pos.sets<Set>();
    const Set* shelter = shelter_.data<Set>();
    const Set* approach = approach_.data<Set>();
    const Set own = sets.by_player[p];
    const Set others = sets.occupied & ~own;
    for (int type = 0; type < types; ++type) {
        const Set cells = sets.of(p, type);
        add(layout_.board(type), cells.count());
        add(layout_.in_hand(type), pos.in_hand(p, type));
        if (!cells) continue;
        const std::size_t row = static_cast<std::size_t>(p * types + type) * t.cell_count;
        const bool guarded = guarded_types_ >> type & 1;
        int sheltering = 0, approaching = 0;
        for (int c : cells) {
            add(layout_.cell(p, type, c), 1);
            if (guarded) {
                sheltering += (shelter[row + c] & own).count();
                approaching += (approach[row + c] & others).count();
            }
        }
        add(layout_.mobility(type), guarded ? 0 : targets_count<Set>(pos, p, type));
        add(layout_.shelter(type), sheltering);
        add(layout_.approach(type), approaching);
    }
    detail::Reach<Set>& reach = detail::reach_scratch<Set>();
    fill_reach(pos, reach);
    detail::add_threats(sets, reach, t.player_count, p, layout_, threat_ranks_, add);
}

// The terms of add_terms(), weighted and summed as they are counted: the search's hottest
// function (count_terms() checks the two agree, tests/search/weights.tests.cpp).
template <class Set>
int Evaluation::evaluate_as(const Position& pos, int player) const {
    const Tables& t = pos.tables();
    const int players = t.player_count, types = t.type_count;
    const BoardSets<Set>& sets = pos.sets<Set>();
    const Set* shelter = shelter_.data<Set>();
    const Set* approach = approach_.data<Set>();
    const int* w = weights_.data();
    // What the pieces attack and defend is gathered with their mobility, where threats count.
    detail::Reach<Set>* reach = threats_ ? &detail::reach_scratch<Set>() : nullptr;
    int total[MAX_PLAYERS] = {};
    for (int p = 0; p < players; ++p) {
        const Set own = sets.by_player[p];
        const Set others = sets.occupied & ~own;
        if (reach) reach->any[p] = reach->royal_zone[p] = Set();
        int sum = 0;
        for (int type = 0; type < types; ++type) {
            sum += w[layout_.in_hand(type)] * pos.in_hand(p, type);
            const Set cells = sets.of(p, type);
            if (reach) reach->by_type[p][type] = Set();
            if (!cells) continue;
            const int* placed = w + layout_.cell(p, type, 0);
            int count = 0, on_cells = 0, mobility = 0, sheltering = 0, approaching = 0;
            if (guarded_types_ >> type & 1) {
                const std::size_t row = static_cast<std::size_t>(p * types + type) * t.cell_count;
                for (int c : cells) {
                    ++count;
                    on_cells += placed[c];
                    sheltering += (shelter[row + c] & own).count();
                    approaching += (approach[row + c] & others).count();
                    if (reach) reach->royal_zone[p] |= shelter[row + c];
                }
                if (reach) targets_count<Set>(pos, p, type, reach->by_type[p][type]);
            } else {
                for (int c : cells) {
                    ++count;
                    on_cells += placed[c];
                }
                mobility = reach ? targets_count<Set>(pos, p, type, reach->by_type[p][type])
                                 : targets_count<Set>(pos, p, type);
            }
            if (reach) reach->any[p] |= reach->by_type[p][type];
            sum += w[layout_.board(type)] * count + on_cells +
                   w[layout_.mobility(type)] * mobility + w[layout_.shelter(type)] * sheltering +
                   w[layout_.approach(type)] * approaching;
        }
        total[p] = sum;
    }
    if (reach)
        for (int p = 0; p < players; ++p)
            detail::add_threats(sets, *reach, players, p, layout_, threat_ranks_,
                                [&](int term, int count) { total[p] += w[term] * count; });
    // Against the strongest other player.
    int best_other = -WIN;
    for (int p = 0; p < players; ++p)
        if (p != player) best_other = std::max(best_other, total[p]);
    return total[player] - best_other;
}

ir::Weights Evaluation::to_ir(const CompiledGame& game, const std::vector<int>& weights) {
    const TermLayout layout = layout_of(game.tables());
    ir::Weights out;
    const auto at = [&](int term) { return weights[static_cast<std::size_t>(term)]; };
    for (int type = 0; type < layout.types; ++type) {
        ir::PieceWeights piece;
        piece.board = at(layout.board(type));
        piece.in_hand = at(layout.in_hand(type));
        piece.mobility = at(layout.mobility(type));
        piece.shelter = at(layout.shelter(type));
        piece.approach = at(layout.approach(type));
        piece.threatened = at(layout.threatened(type));
        piece.hanging = at(layout.hanging(type));
        piece.royal_attacks = at(layout.royal_attacks(type));
        piece.cells.assign(static_cast<std::size_t>(layout.players), {});
        for (int p = 0; p < layout.players; ++p)
            for (int c = 0; c < layout.cells; ++c)
                piece.cells[static_cast<std::size_t>(p)].push_back(at(layout.cell(p, type, c)));
        out.pieces.push_back(std::move(piece));
    }
    return out;
}

std::optional<std::vector<int>> Evaluation::from_ir(const CompiledGame& game,
                                                    const ir::Weights& weights) {
    const TermLayout layout = layout_of(game.tables());
    if (static_cast<int>(weights.pieces.size()) != layout.types) return std::nullopt;
    std::vector<int> w(static_cast<std::size_t>(layout.size()), 0);
    const auto at = [&](int term) -> int& { return w[static_cast<std::size_t>(term)]; };
    for (int type = 0; type < layout.types; ++type) {
        const ir::PieceWeights& piece = weights.pieces[static_cast<std::size_t>(type)];
        if (static_cast<int>(piece.cells.size()) != layout.players) return std::nullopt;
        at(layout.board(type)) = piece.board;
        at(layout.in_hand(type)) = piece.in_hand;
        at(layout.mobility(type)) = piece.mobility;
        at(layout.shelter(type)) = piece.shelter;
        at(layout.approach(type)) = piece.approach;
        at(layout.threatened(type)) = piece.threatened;
        at(layout.hanging(type)) = piece.hanging;
        at(layout.royal_attacks(type)) = piece.royal_attacks;
        for (int p = 0; p < layout.players; ++p) {
            const auto& row = piece.cells[static_cast<std::size_t>(p)];
            if (static_cast<int>(row.size()) != layout.cells) return std::nullopt;
            for (int c = 0; c < layout.cells; ++c) at(layout.cell(p, type, c)) = row[c];
        }
    }
    return w;
}

}  // namespace vari::search
