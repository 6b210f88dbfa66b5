// What the page is shown: the board's picture, and the game in play as JSON.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "runtime/notation/notation.hpp"
#include "tools/web/piece_diagram.hpp"
#include "tools/web/session.hpp"

namespace vari::web {
namespace {

using nlohmann::json;

const char* geometry_name(ir::Geometry geometry) {
    switch (geometry) {
        case ir::Geometry::square:
            return "square";
        case ir::Geometry::hex_flat:
            return "hex-flat";
        case ir::Geometry::hex_pointy:
            return "hex-pointy";
    }
    return "square";
}

std::string cell_name(const ir::Game& game, int cell) { return game.board.cells[cell].name; }

json vec_json(ir::Vec v) { return json::array({v.x, v.y}); }

// A mark of a piece's moves: {"kind": "slide", "to": [0, 1]}, with "mode" ("move" or "capture")
// when it only moves or only captures, "range" when limited, "path" for curves, lame leaps and
// jumps (see DiagramMark), "first" for a first move, "zoned" for a move from a zone's cells.
json mark_json(const DiagramMark& mark) {
    static const char* const kinds[] = {"step", "leap",  "lame-leap", "slide",
                                        "hop",  "curve", "jump"};  // ORDER MarkKind
    json m = {{"kind", kinds[static_cast<int>(mark.kind)]}, {"to", vec_json(mark.to)}};
    if (mark.mode == ir::MoveMode::move_only) m["mode"] = "move";
    if (mark.mode == ir::MoveMode::capture_only) m["mode"] = "capture";
    if (mark.range > 0) m["range"] = mark.range;
    if (!mark.path.empty()) {
        m["path"] = json::array();
        for (const ir::Vec v : mark.path) m["path"].push_back(vec_json(v));
    }
    if (mark.first) m["first"] = true;
    if (mark.zoned) m["zoned"] = true;
    return m;
}

// A piece type as the page draws it: its letter ('+' first for a promoted shogi piece, '~' after
// a promoted chess piece), name, the marks of its moves for each player who may own it, and the
// picture the rule file names for each player (sanitised SVG text, "" where none) if any.
json type_json(const ir::Game& game, const ir::Piece& piece) {
    json moves = json::array();
    for (const auto& marks : piece_marks(game, piece)) {
        json player = json::array();
        for (const DiagramMark& mark : marks) player.push_back(mark_json(mark));
        moves.push_back(player);
    }
    json type = {
        {"letter", std::string(piece.plus ? "+" : "") + piece.letter + (piece.tilde ? "~" : "")},
        {"name", piece.name},
        {"royal", piece.royal},
        {"moves", moves}};
    if (!piece.images.empty()) type["images"] = piece.images;
    return type;
}

// Where a view draws the board's unit vectors (1, 0) and (0, 1), as [[x, y], [x, y]] in its
// plane: what turns a piece's marks as the board is turned. Read off two neighbouring cells;
// a board without such cells gets its geometry's usual axes.
json view_axes(const ir::Game& game, const runtime::BoardPicture& picture) {
    const auto& cells = game.board.cells;
    const double half_root3 = 0.8660254037844386;
    double axes[2][2] = {{1, 0}, {0, 1}};
    if (game.board.geometry == ir::Geometry::hex_pointy) axes[1][0] = 0.5, axes[1][1] = half_root3;
    if (game.board.geometry == ir::Geometry::hex_flat) axes[0][0] = half_root3, axes[0][1] = -0.5;
    std::map<std::pair<int, int>, std::size_t> at;
    for (std::size_t c = 0; c < cells.size(); ++c) at[{cells[c].coord.x, cells[c].coord.y}] = c;
    for (int axis = 0; axis < 2; ++axis)
        for (std::size_t a = 0; a < cells.size(); ++a) {
            const auto b = at.find({cells[a].coord.x + 1 - axis, cells[a].coord.y + axis});
            if (b == at.end()) continue;
            axes[axis][0] = picture.cells[b->second].x - picture.cells[a].x;
            axes[axis][1] = picture.cells[b->second].y - picture.cells[a].y;
            break;
        }
    return {{axes[0][0], axes[0][1]}, {axes[1][0], axes[1][1]}};
}

// A legal move with what the page needs to offer it: the cells it starts and lands on (every
// landing of a capture sequence), the dropped or promoted type, and its notations.
json move_json(const Position& pos, Move move, const std::string& long_text,
               const std::string& short_text) {
    const ir::Game& game = pos.game().ir();
    json m = {{"long", long_text}, {"short", short_text}};
    if (move.is_pass()) {
        m["pass"] = true;
        return m;
    }
    if (move.is_drop())
        m["drop"] = move.dropped_type();
    else
        m["from"] = cell_name(game, move.from());
    m["to"] = cell_name(game, move.to());
    if (move.is_promotion()) m["promotion"] = move.promotion();
    json path = json::array();
    JumpPath jumps;
    if (move.is_jumps() && jump_path(pos, move, jumps))
        for (int i = 0; i < jumps.length; ++i) path.push_back(cell_name(game, jumps.landings[i]));
    else
        path.push_back(cell_name(game, move.to()));
    m["path"] = path;
    return m;
}

json result_json(const runtime::Result& result) {
    json r = {{"summary", result.summary},
              {"reason", result.reason},
              {"stopped", result.stopped},
              {"scores", result.scores}};
    return r;
}

}  // namespace

json board_json(const ir::Game& game) {
    json players = json::array(), types = json::array(), views = json::array();
    for (const ir::Player& p : game.players) players.push_back(p.name);
    for (const ir::Piece& p : game.pieces) types.push_back(type_json(game, p));
    for (int from = 0; from < static_cast<int>(game.players.size()); ++from) {
        const runtime::BoardPicture picture = runtime::board_picture(game, from);
        json cells = json::array(), labels = json::array();
        for (const auto& c : picture.cells)
            cells.push_back({{"name", c.name}, {"x", c.x}, {"y", c.y}, {"shade", c.shade}});
        for (const auto& l : picture.labels)
            labels.push_back({{"text", l.text}, {"x", l.x}, {"y", l.y}});
        views.push_back({{"cells", cells}, {"labels", labels}, {"axes", view_axes(game, picture)}});
    }
    json panel = json::array();
    for (const ir::Vec v : panel_cells(game.board.geometry, panel_radius(game)))
        panel.push_back(vec_json(v));
    return {{"name", game.name},
            {"geometry", geometry_name(game.board.geometry)},
            {"players", players},
            {"types", types},
            {"hands", game.holds_hands()},
            {"views", views},
            {"panel", panel}};
}

json state_json(const runtime::Game& game) {
    const Position& pos = game.position();
    const ir::Game& rules = pos.game().ir();
    const int players = static_cast<int>(rules.players.size());
    json pieces = json::array(), hands = json::array(), moves = json::array(),
         check = json::array();
    for (int c = 0; c < static_cast<int>(rules.board.cells.size()); ++c)
        if (const Piece p = pos.piece_on(c))
            pieces.push_back(
                {{"cell", cell_name(rules, c)}, {"type", type_of(p)}, {"owner", owner_of(p)}});
    for (int player = 0; player < players; ++player) {
        json hand = json::array();
        for (int type = 0; type < pos.tables().type_count; ++type)
            if (const int n = pos.in_hand(player, type))
                hand.push_back({{"type", type}, {"count", n}});
        hands.push_back(hand);
    }
    if (!game.result()) {
        const std::span<const Move> legal(game.legal_moves().begin(), game.legal_moves().end());
        const auto long_texts = notation::format_moves(pos, legal, notation::Notation::long_form);
        const auto short_texts = notation::format_moves(pos, legal, notation::Notation::short_form);
        for (std::size_t i = 0; i < legal.size(); ++i)
            moves.push_back(move_json(pos, legal[i], long_texts[i], short_texts[i]));
    }
    const std::vector<bool> attacked = runtime::royals_in_check(pos);
    for (int c = 0; c < static_cast<int>(attacked.size()); ++c)
        if (attacked[c]) check.push_back(cell_name(rules, c));
    json last = nullptr;
    if (const Move m = game.last_move(); !m.is_none() && !m.is_pass()) {
        last = {{"to", cell_name(rules, m.to())}};
        if (!m.is_drop()) last["from"] = cell_name(rules, m.from());
    }
    return {{"position", notation::to_position_string(pos)},
            {"to_move", pos.side_to_move()},
            {"pieces", pieces},
            {"hands", hands},
            {"moves", moves},
            {"check", check},
            {"last", last},
            {"history", runtime::move_history(game, notation::Notation::short_form)},
            {"ply", game.ply()},
            {"result", game.result() ? result_json(*game.result()) : json(nullptr)}};
}

json error_json(const std::string& message) { return {{"ok", false}, {"error", message}}; }

std::string string_field(const json& request, const char* key) {
    const auto it = request.find(key);
    if (it == request.end()) return {};
    if (!it->is_string())
        throw std::invalid_argument(std::string("'") + key + "' must be a string");
    return it->get<std::string>();
}

}  // namespace vari::web
