// The start position judged as any position string is: play must be able to reach it.
#include "interpreter/interpreter.hpp"

namespace vari {

ir::Diagnostic located(const ir::Game& game, ir::SourceRef source, std::string message,
                       std::string hint) {
    ir::Diagnostic d;
    if (source.file < game.files.size()) d.file = game.files[source.file];
    d.line = source.line;
    d.column = source.column;
    d.message = std::move(message);
    d.hint = std::move(hint);
    return d;
}

std::optional<ir::Diagnostic> setup_error(const CompiledGame& game) {
    const Position start(game);
    const CellSet attacked = royals_left_attacked(start);
    if (!attacked) return std::nullopt;
    const ir::Game& rules = game.ir();
    const int cell = attacked.first();
    const Piece piece = start.piece_on(cell);
    ir::SourceRef source;
    for (const ir::Placement& placed : rules.setup)
        if (placed.cell == cell) source = placed.source;
    return located(rules, source,
                   rules.players[owner_of(piece)].name + "'s " + rules.pieces[type_of(piece)].name +
                       " on " + rules.board.cells[cell].name + " is attacked at the start, where " +
                       rules.players[start.side_to_move()].name + " moves first",
                   "no move may leave a royal piece attacked, so no game reaches this start");
}

}  // namespace vari
