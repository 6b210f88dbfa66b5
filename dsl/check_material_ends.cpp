// The checks of the end conditions judged on the material left: `end bare-royal`,
// `end insufficient` and `end extinction`.
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
        if (end.kind == ir::EndKind::extinction) check_extinction_end(end);
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

// Extinction is judged between two players (the one who moved and the one to move), on known
// pieces, each named once, with a count of at least 1.
void Checker::check_extinction_end(const ast::End& end) {
    std::vector<std::string> seen;
    for (const auto& name : end.extinct_pieces) {
        piece(name);
        if (std::find(seen.begin(), seen.end(), name.text) != seen.end())
            report.error(name.span,
                         "piece " + quote(name.text) + " is named twice in 'end extinction'");
        seen.push_back(name.text);
    }
    if (end.count.value < 1)
        report.error(end.count.span,
                     "'below' takes a count of at least 1 (a type is gone when "
                     "fewer than that are left), found " +
                         std::to_string(end.count.value));
    if (!file.players.empty() && model.players.size() != 2)
        report.error(end.span,
                     "'end extinction' is judged between two players (the one who moved and the "
                     "one to move), but the game has " +
                         std::to_string(model.players.size()));
}

}  // namespace vari::dsl
