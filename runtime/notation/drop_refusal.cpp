// Why a drop is illegal, in the words of the rule that forbids it: for players, not the hot path.
#include <algorithm>

#include "runtime/notation/notation.hpp"

namespace vari::notation {
namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

}  // namespace

std::optional<std::string> drop_refusal(Position& pos, int type, int cell) {
    const ir::Game& game = pos.game().ir();
    const Tables& t = pos.tables();
    const int us = pos.side_to_move();
    const PieceRules& r = t.rules_of(us, type);
    const std::string& name = game.pieces[type].name;
    const std::string a_piece = "a " + name + " may not be dropped ";
    auto type_names = [&](std::uint32_t types) {
        std::string names;
        for (; types; types &= types - 1)
            names += (names.empty() ? "" : " or ") + game.pieces[std::countr_zero(types)].name;
        return names;
    };

    if (!r.droppable) return "a " + name + " may not be dropped in this game";
    if (pos.in_hand(us, type) == 0) return "there is no " + name + " in hand";
    if (pos.piece_on(cell)) return game.board.cells[cell].name + " is not empty";
    if ((t.drop_first >> type & 1) == 0) {
        for (std::uint32_t first = t.drop_first; first; first &= first - 1)
            if (pos.in_hand(us, std::countr_zero(first)))
                return "a " + game.pieces[std::countr_zero(first)].name +
                       " in hand must be dropped first";
    }
    for (int zone : game.pieces[type].drop.forbidden_zones) {
        const auto& cells = game.zones[zone].cells[us];
        if (std::find(cells.begin(), cells.end(), cell) != cells.end())
            return a_piece + "in zone " + quoted(game.zones[zone].name);
    }
    if (!t.set(r.drop_cells).has(cell)) return a_piece + "where it could never move";
    for (std::uint32_t rival = r.drop_not_on_file_with; rival; rival &= rival - 1)
        if (pos.pieces(us, std::countr_zero(rival)) & t.set(t.file_of + cell))
            return a_piece + "on a file that holds your " + type_names(rival & -rival);
    if (r.drop_not_defended_by && with_cell_set(t.cell_words, [&]<class Set>(Set) {
            return pos.is_attacked(cell, us, pos.sets<Set>().occupied, r.drop_not_defended_by);
        }))
        return a_piece + "where your " + type_names(r.drop_not_defended_by) + " defends it";

    const Move drop = Move::make_drop(type, cell);
    MoveList legal;
    generate_legal(pos, legal);
    if (std::find(legal.begin(), legal.end(), drop) != legal.end()) return std::nullopt;
    // Where some move captures, only captures are left, and a drop captures nothing.
    if (t.captures_compulsory && legal.size > 0 && captures(pos, legal.moves[0]))
        return std::string("capturing is compulsory");
    if (r.drop_may_not_check || r.drop_may_not_mate) {
        Undo undo;
        pos.do_move(drop, undo);
        bool checks = false;
        for (int p = 0; p < t.player_count; ++p)
            if (p != us) checks = checks || pos.royal_attacked(p);
        pos.undo_move(drop, undo);
        if (checks)
            return a_piece +
                   (r.drop_may_not_check ? "where it gives check" : "where it gives checkmate");
    }
    return "it would leave your royal piece attacked";
}

}  // namespace vari::notation
