// The checks of gating (`drop gating ZONE`) and of pieces held in hand at the start (`hand` in a
// setup).
#include <map>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

using Option = ast::DropOption::Kind;

// The piece's gating drop (`drop gating ZONE`), among its first two drops (see check_piece_hand).
const ast::Drop* gating_drop(const ast::Piece& piece) {
    for (std::size_t i = 0; i < piece.drops.size() && i < 2; ++i)
        for (const auto& option : piece.drops[i].options)
            if (option.kind == Option::gating) return &piece.drops[i];
    return nullptr;
}

const ast::DropOption* gating_option(const ast::Piece& piece) {
    const ast::Drop* drop = gating_drop(piece);
    if (!drop) return nullptr;
    for (const auto& option : drop->options)
        if (option.kind == Option::gating) return &option;
    return nullptr;
}

}  // namespace

bool Checker::gated_by(const ast::Piece& piece) { return gating_drop(piece) != nullptr; }

bool Checker::gating_only(const ast::Drop& drop) {
    for (const auto& option : drop.options)
        if (option.kind == Option::gating) return true;
    return false;
}

// `gating` takes one zone and no other drop option. Position strings name a gate cell by its file,
// upper case for the first player and lower case for the second: so two players, each holding at
// most one cell of a file, and no cell gated onto by both.
void Checker::check_gating() {
    std::map<int, std::pair<int, const ast::Name*>> owner;  // cell -> player, zone name
    for (const auto& piece : file.pieces) {
        const ast::DropOption* gating = gating_option(piece);
        if (!gating) continue;
        if (gating_drop(piece)->options.size() > 1)
            report.error(gating_drop(piece)->span,
                         "'gating' takes no other drop option: the rules of its drops go after "
                         "another 'drop'",
                         "write 'drop gating ZONE' alone, and, if it may also be dropped, 'drop' "
                         "with its rules beside it");
        if (gating->names.size() != 1) continue;  // the grammar reads one zone
        if (model.players.size() != 2) {
            report.error(gating->span, "gating needs two players",
                         "position strings write the gate rights in upper case for the first "
                         "player and in lower case for the second");
            continue;
        }
        const auto zone = model.zone_index.find(gating->names[0].text);
        if (zone == model.zone_index.end() || !has_board) continue;
        const auto& files = model.board.board.files;
        std::map<int, int> file_of;
        for (std::size_t f = 0; f < files.size(); ++f)
            for (int cell : files[f]) file_of[cell] = static_cast<int>(f);
        const auto& cells = model.zone_cells[static_cast<std::size_t>(zone->second)];
        bool reported = false;  // one error per zone
        for (std::size_t p = 0; p < cells.size() && !reported; ++p) {
            std::map<int, int> per_file;
            for (int cell : cells[p]) {
                const std::string& name =
                    model.board.board.cells[static_cast<std::size_t>(cell)].name;
                if (!per_file.emplace(file_of[cell], cell).second) {
                    report.error(gating->names[0].span,
                                 "zone " + quote(gating->names[0].text) + " holds two cells of " +
                                     quote(model.players[p]) + " on the file of " + quote(name),
                                 "position strings name a gate cell by its file");
                    reported = true;
                    break;
                }
                const auto [it, fresh] =
                    owner.emplace(cell, std::pair{static_cast<int>(p), &gating->names[0]});
                if (!fresh && it->second.first != static_cast<int>(p)) {
                    report.error(
                        gating->names[0].span,
                        "cell " + quote(name) + " is a gate cell of both " +
                            quote(model.players[static_cast<std::size_t>(it->second.first)]) +
                            " and " + quote(model.players[p]),
                        "a gate right belongs to one player");
                    reported = true;
                    break;
                }
            }
        }
    }
}

// `hand PIECE ...` in a setup: known pieces that may leave the hand (they have a `drop` rule).
void Checker::check_setup_hands() {
    for (const auto& setup : file.setups)
        for (const auto& name : setup.hand) {
            const auto index = piece(name);
            if (!index) continue;
            if (file.pieces[static_cast<std::size_t>(*index)].drops.empty())
                report.error(name.span,
                             "piece " + quote(name.text) + " in hand could never leave it",
                             "give " + quote(name.text) + " a 'drop' rule, such as 'drop gating " +
                                 "back-rank'");
        }
}

}  // namespace vari::dsl
