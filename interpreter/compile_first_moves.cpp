// First moves (`unmoved`): their rules and the cells on which their rights are held.
#include "interpreter/compiler.hpp"

namespace vari::detail {

void Compiler::compile_first_moves() {
    t_.first_rules.resize(t_.rules.size() * 2);
    // Most types have no first moves: they share one set of empty tables, as a board of many
    // cells, types and players would otherwise hold megabytes of them.
    PieceRules none;
    compile_movements(0, 0, {}, none);
    for (int p = 0; p < t_.player_count; ++p)
        for (int type = 0; type < t_.type_count; ++type) {
            const ir::Piece& piece = game_.pieces[type];
            for (const bool guarded : {false, true}) {
                std::vector<ir::Movement> movements;
                for (const auto& m : piece.first_movements)
                    if (m.not_in_check == guarded) movements.push_back(m);
                PieceRules& r = t_.first_rules[(p * t_.type_count + type) * 2 + guarded];
                if (movements.empty()) {
                    r = none;
                    continue;
                }
                compile_movements(p, type, movements, r);
                t_.first_moves = t_.first_moves || r.exists;
            }
        }
    // A player's rights are held where its pieces with first moves start.
    for (const auto& placed : game_.setup)
        if (!game_.pieces[placed.type].first_movements.empty())
            at(t_.gate_zone, placed.player).add(placed.cell);
}

}  // namespace vari::detail
