// The checks of the end conditions judged on the material left: `end bare-royal` and
// `end insufficient`.
#include <algorithm>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

// Baring is judged between two players, on royal pieces; the material sets name known pieces.
void Checker::check_material_ends() {
    for (const auto& end : file.ends) {
        if (end.kind == ir::EndKind::insufficient)
            for (const auto& set : end.material)
                for (const auto& name : set) piece(name);
        if (end.kind != ir::EndKind::bare_royal) continue;
        if (!file.players.empty() && model.players.size() != 2)
            report.error(end.span,
                         "'end bare-royal' is judged between two players (a player left with only "
                         "royal pieces against one who has more), but the game has " +
                             std::to_string(model.players.size()));
        const bool royal = std::any_of(file.pieces.begin(), file.pieces.end(),
                                       [](const ast::Piece& p) { return p.royal; });
        if (!royal && !any_broken(ast::DeclKind::piece))
            report.error(end.span,
                         "'end bare-royal' ends the game when a player has only royal pieces left, "
                         "but no piece is royal",
                         "mark a piece 'royal' (as in 'piece King K royal { ... }'), or write "
                         "'end no-pieces' for a player left with nothing");
    }
}

}  // namespace vari::dsl
