// The checks over cells: zones (with each player's image), castlings and the setup.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"
#include "interpreter/types.hpp"

namespace vari::dsl {

// ---- Zones --------------------------------------------------------------------------------------

std::optional<ir::Vec> Checker::board_shift(int player) {
    return self_translation(geometry, model.orientation[static_cast<std::size_t>(player)],
                            model.board.board.cells);
}

// The cells a zone declaration lists, sorted; unknown ones are reported and left out.
std::vector<int> Checker::zone_spec_cells(const ast::Zone& zone) {
    std::set<int> cells;
    const auto& layout = model.board;
    for (const auto& spec : zone.specs) {
        if (spec.kind == ast::ZoneSpec::Kind::cell) {
            if (const auto index = cell(spec.cell)) cells.insert(*index);
            continue;
        }
        const bool by_rank = spec.kind == ast::ZoneSpec::Kind::rank;
        const std::string what = (by_rank ? "rank " : "file ") + spec.label.text;
        if (!layout.named_by_file_and_rank) {
            report.error(
                spec.span,
                "'" + std::string(by_rank ? "rank" : "file") +
                    "' needs a board named by files and ranks; list the zone's cells instead");
            continue;
        }
        bool any = false;
        for (std::size_t i = 0; i < layout.board.cells.size(); ++i)
            if ((by_rank ? layout.rank_label[i] : layout.file_label[i]) == spec.label.text) {
                cells.insert(static_cast<int>(i));
                any = true;
            }
        if (!any)
            report.error(spec.span, "there is no " + what + " on the board", label_range(by_rank));
    }
    return {cells.begin(), cells.end()};
}

// The cells of a zone written for the first player, as `player` sees them: turned (and mirrored)
// by the player's orientation, then moved back onto the board by `shift`.
std::vector<int> Checker::zone_image(const std::vector<int>& cells, std::size_t player,
                                     ir::Vec shift) const {
    const auto& board = model.board.board.cells;
    std::vector<int> image;
    for (const int c : cells) {
        const ir::Vec v =
            apply(geometry, model.orientation[player], board[static_cast<std::size_t>(c)].coord);
        const ir::Vec target{v.x + shift.x, v.y + shift.y};
        const auto it = std::find_if(board.begin(), board.end(),
                                     [&](const ir::Cell& cell) { return cell.coord == target; });
        image.push_back(static_cast<int>(it - board.begin()));
    }
    std::sort(image.begin(), image.end());
    return image;
}

// `zone NAME = ...`: once, for the first player; every other player gets its image.
void Checker::check_shared_zone(const std::vector<const ast::Zone*>& group,
                                std::vector<std::vector<int>>& cells) {
    const ast::Zone& zone = *group.front();
    const std::string name = quote(zone.name.text);
    for (std::size_t i = 1; i < group.size(); ++i)
        already_defined(group[i]->span, "zone " + name, zone.span);
    if (!has_board || cells.empty()) return;
    cells[0] = zone_spec_cells(zone);
    for (std::size_t p = 1; p < cells.size(); ++p) {
        const auto shift = board_shift(static_cast<int>(p));
        if (!shift) {
            const std::string player = quote(model.players[p]);
            report.error(zone.span,
                         "zone " + name + " falls off the board for " + player +
                             ": the board does not map onto itself under the orientation of " +
                             player,
                         "give the zone's cells for each player, as in 'zone " + zone.name.text +
                             " " + model.players[p] + " = ...'");
            return;
        }
        cells[p] = zone_image(cells[0], p, *shift);
    }
}

// `zone NAME PLAYER = ...`: once for every player.
void Checker::check_per_player_zone(const std::vector<const ast::Zone*>& group,
                                    std::vector<std::vector<int>>& cells) {
    const ast::Zone& first = *group.front();
    const std::string name = quote(first.name.text);
    std::map<int, const ast::Zone*> given;
    for (const ast::Zone* zone : group) {
        if (!zone->has_player) {
            report.error(zone->span, "zone " + name + " is given per player at " +
                                         report.at(first.span, zone->span) +
                                         ", so this one needs a player too");
            continue;
        }
        const auto p = player(zone->player);
        if (!p) continue;
        if (const auto [it, fresh] = given.emplace(*p, zone); !fresh) {
            already_defined(zone->span, "zone " + name + " for " + quote(zone->player.text),
                            it->second->span);
            continue;
        }
        if (has_board) cells[static_cast<std::size_t>(*p)] = zone_spec_cells(*zone);
    }
    if (is_broken(ast::DeclKind::zone, first.name.text)) return;
    for (std::size_t p = 0; p < model.players.size(); ++p)
        if (given.count(static_cast<int>(p)) == 0)
            report.error(first.span,
                         "zone " + name + " is not given for " + quote(model.players[p]),
                         "a zone given per player needs every player: 'zone " + first.name.text +
                             " " + model.players[p] + " = ...'");
}

// Zones are numbered in the order of their first declaration.
void Checker::check_zones() {
    std::map<std::string, std::vector<const ast::Zone*>> groups;
    for (const auto& zone : file.zones) {
        auto& group = groups[zone.name.text];
        if (group.empty()) {
            model.zone_index.emplace(zone.name.text, static_cast<int>(model.zone_names.size()));
            model.zone_names.push_back(zone.name.text);
            model.zone_spans.push_back(zone.span);
        }
        group.push_back(&zone);
    }
    model.zone_cells.assign(model.zone_names.size(),
                            std::vector<std::vector<int>>(model.players.size()));
    for (std::size_t z = 0; z < model.zone_names.size(); ++z) {
        const auto& group = groups[model.zone_names[z]];
        if (group.front()->has_player)
            check_per_player_zone(group, model.zone_cells[z]);
        else
            check_shared_zone(group, model.zone_cells[z]);
    }
}

// ---- Castlings ----------------------------------------------------------------------------------

// A castling's notation is one word that names no other move: it is typed in lists of moves
// separated by blanks, and read before any other notation, O and 0 alike; what a reader takes as
// an annotation ('+', '#', '!', '?') may not end it.
void Checker::check_castling_label(
    const ast::Castling& c,
    std::map<std::pair<std::string, std::string>, const ast::Castling*>& labels) {
    const ast::Name& label = c.label;
    if (label.span.line == 0) return;
    if (label.text.empty()) {
        report.error(label.span,
                     "a castling's notation may not be empty: write it, as in \"O-O\", "
                     "or leave the quotes out to write it as the royal piece's move");
        return;
    }
    if (label.text.find_first_of(" \t") != std::string::npos) {
        report.error(label.span,
                     "a castling's notation is one word, without blanks, for it is "
                     "typed in lists of moves: " +
                         quote(label.text));
        return;
    }
    if (label.text.size() > MAX_CASTLING_NOTATION) {
        report.error(label.span, "a castling's notation is typed: it may have at most " +
                                     std::to_string(MAX_CASTLING_NOTATION) + " characters, not " +
                                     std::to_string(label.text.size()));
        return;
    }
    if (std::string("+#!?").find(label.text.back()) != std::string::npos) {
        report.error(label.span, "castling notation " + quote(label.text) + " ends with '" +
                                     label.text.back() +
                                     "', which is read as a check mark or an annotation");
        return;
    }
    if (label.text == "pass" || label.text.find_first_of("*@") != std::string::npos) {
        report.error(label.span, "castling notation " + quote(label.text) +
                                     " reads as another move (a pass or a drop)");
        return;
    }
    if (has_board)
        for (const auto& [name, index] : model.board.index)
            if (label.text.find(name) != std::string::npos) {
                report.error(label.span, "castling notation " + quote(label.text) +
                                             " holds the cell " + quote(name) +
                                             ", so it hides the moves written with it; " +
                                             "write castlings without cells, as \"O-O\"");
                return;
            }
    std::string as_read = label.text;  // O and 0 are read alike
    std::replace(as_read.begin(), as_read.end(), '0', 'O');
    const auto [it, fresh] = labels.emplace(std::pair{c.player.text, as_read}, &c);
    if (fresh) return;
    if (it->second->label.text == label.text)
        already_defined(label.span,
                        "castling notation " + quote(label.text) + " for " + quote(c.player.text),
                        it->second->label.span);
    else
        report.error(label.span, "castling notation " + quote(label.text) + " reads as " +
                                     quote(it->second->label.text) + " (at " +
                                     report.at(it->second->label.span, label.span) +
                                     "): O and 0 are read alike");
}

// Castlings sharing a right share the partner's start cell; a right belongs to one player.
void Checker::check_castlings() {
    // A move names its castling in five bits.
    if (file.castlings.size() > static_cast<std::size_t>(MAX_CASTLINGS))
        report.error(file.castlings[MAX_CASTLINGS].span, std::to_string(file.castlings.size()) +
                                                             " castlings; the limit is " +
                                                             std::to_string(MAX_CASTLINGS));
    std::map<char, const ast::Castling*> rights;
    std::map<std::tuple<int, std::string, std::string>, const ast::Castling*> moves;
    std::map<std::pair<std::string, std::string>, const ast::Castling*> labels;
    for (const auto& c : file.castlings) {
        const auto p = player(c.player);
        piece(c.royal);  // royal or not: extinction chess's King castles and is not
        piece(c.partner);
        for (const auto* name : {&c.royal_from, &c.royal_to, &c.partner_from, &c.partner_to})
            cell(*name);
        for (const auto& name : c.empty) cell(name);
        for (const auto& name : c.safe) cell(name);
        if (c.royal_from.text == c.royal_to.text)
            report.error(c.royal_to.span,
                         "a castling moves its royal piece, but this one starts "
                         "and ends on " +
                             quote(c.royal_to.text));
        if (!p) continue;
        if (const auto [it, fresh] = rights.emplace(c.right, &c); !fresh) {
            const ast::Castling& other = *it->second;
            if (other.player.text != c.player.text)
                report.error(c.right_span, std::string("castling right '") + c.right +
                                               "' already belongs to " + quote(other.player.text) +
                                               " (at " + report.at(other.span, c.right_span) + ")");
            else if (other.partner_from.text != c.partner_from.text)
                report.error(c.right_span, std::string("castling right '") + c.right +
                                               "' is shared with the castling at " +
                                               report.at(other.span, c.right_span) +
                                               ", whose partner starts on " +
                                               quote(other.partner_from.text) +
                                               "; castlings that share a right share the partner");
        }
        check_castling_label(c, labels);
        if (const auto [it, fresh] =
                moves.emplace(std::tuple{*p, c.royal_from.text, c.royal_to.text}, &c);
            !fresh)
            already_defined(c.span,
                            "castling from " + c.royal_from.text + " to " + c.royal_to.text +
                                " for " + quote(c.player.text),
                            it->second->span);
    }
}

// ---- Setup --------------------------------------------------------------------------------------

void Checker::check_setup() {
    std::map<int, const ast::Name*> occupied;
    for (const auto& setup : file.setups) {
        player(setup.player);
        for (const auto& group : setup.groups) {
            piece(group.piece);
            for (const auto& name : group.cells) {
                const auto index = cell(name);
                if (!index) continue;
                if (const auto [it, fresh] = occupied.emplace(*index, &name); !fresh)
                    report.error(name.span, "cell " + quote(name.text) +
                                                " already has a piece (set up at " +
                                                report.at(it->second->span, name.span) + ")");
            }
        }
    }
}

}  // namespace vari::dsl
