// The start position judged as any position string is: play must be able to reach it.
#include <cctype>
#include <map>

#include "interpreter/interpreter.hpp"

namespace vari {

Diagnostic located(const ir::Game& game, ir::SourceRef source, std::string message,
                   std::string hint) {
    Diagnostic d;
    if (source.file < game.files.size()) d.file = game.files[source.file];
    d.line = source.line;
    d.column = source.column;
    d.message = std::move(message);
    d.hint = std::move(hint);
    return d;
}

namespace {

// Position strings name a first-move right by its cell's file letter (upper case for the first
// player, lower case for the second): each player's pieces with first moves must start on cells
// of different files, whose names begin with a letter.
std::optional<Diagnostic> first_move_cells_error(const ir::Game& rules) {
    std::map<std::pair<int, char>, const ir::Placement*> by_letter;
    for (const ir::Placement& placed : rules.setup) {
        if (rules.pieces[placed.type].first_movements.empty()) continue;
        const std::string& name = rules.board.cells[placed.cell].name;
        const std::string what = rules.players[placed.player].name + "'s " +
                                 rules.pieces[placed.type].name + " on " + name;
        if (!std::isalpha(static_cast<unsigned char>(name[0])))
            return located(rules, placed.source,
                           what + " has first moves, but its cell's name begins with no letter",
                           "position strings name a first-move right by its cell's file letter");
        const auto [it, fresh] = by_letter.emplace(std::pair{placed.player, name[0]}, &placed);
        if (!fresh)
            return located(rules, placed.source,
                           what + " has first moves, as has the " +
                               rules.pieces[it->second->type].name + " on " +
                               rules.board.cells[it->second->cell].name + " of the same file",
                           "position strings name a first-move right by its cell's file letter, "
                           "so each player's pieces with first moves start on different files");
    }
    return std::nullopt;
}

}  // namespace

std::optional<Diagnostic> setup_error(const CompiledGame& game) {
    if (auto error = first_move_cells_error(game.ir())) return error;
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
