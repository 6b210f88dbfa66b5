// Lowering: a checked syntax tree to the IR. Names become indices, directions become per-player
// vectors; everything here was verified by check(), so lookups are asserted, not reported.
#include "dsl/lower.hpp"

#include <algorithm>
#include <cassert>

#include "dsl/primitives.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

ir::SourceRef ref(ast::Span span) { return {span.line, span.column, span.file}; }

int at(const std::unordered_map<std::string, int>& map, const std::string& name) {
    const auto it = map.find(name);
    assert(it != map.end());
    return it->second;
}

void add_unique(std::vector<ir::Vec>& vectors, ir::Vec v) {
    if (std::find(vectors.begin(), vectors.end(), v) == vectors.end()) vectors.push_back(v);
}

}  // namespace

bool has(const ast::Movement& movement, ast::Modifier::Kind kind) {
    return std::any_of(movement.modifiers.begin(), movement.modifiers.end(),
                       [kind](const ast::Modifier& m) { return m.kind == kind; });
}

std::vector<ir::Vec> first_player_vectors_listed(const std::vector<ast::DirItem>& items,
                                                 const Model& model) {
    std::vector<ir::Vec> listed;
    for (const auto& item : items) {
        if (item.is_vector) {
            add_unique(listed, {item.vector.x, item.vector.y});
            continue;
        }
        const auto it = model.directions.find(item.name.text);
        assert(it != model.directions.end());
        for (const ir::Vec v : it->second) add_unique(listed, v);
    }
    return listed;
}

namespace {

// The movement's vectors as the first player sees them; `symmetric` closes them under every
// rotation and reflection of the lattice.
std::vector<ir::Vec> first_player_vectors(const ast::Movement& movement, const Model& model) {
    const std::vector<ir::Vec> listed = first_player_vectors_listed(movement.items, model);
    if (!has(movement, ast::Modifier::Kind::symmetric)) return listed;
    const ir::Geometry geometry = model.board.board.geometry;
    std::vector<ir::Vec> closed;
    for (const ir::Vec v : listed)
        for (const Transform t : symmetries(geometry)) add_unique(closed, apply(geometry, t, v));
    return closed;
}

ir::Movement lower_movement(const ast::Movement& movement, const Model& model) {
    ir::Movement out;
    out.mode = movement.mode;
    out.source = ref(movement.span);
    const ir::Geometry geometry = model.board.board.geometry;
    const auto base = first_player_vectors(movement, model);
    for (const Transform& view : model.orientation) {
        auto& turned = out.vectors.emplace_back();
        for (const ir::Vec v : base) turned.push_back(apply(geometry, view, v));
    }
    lower_primitive(movement, model, out);  // its kind and what is its own (primitives.hpp)
    for (const auto& m : movement.modifiers) {
        switch (m.kind) {
            case ast::Modifier::Kind::range:
                out.max_range = m.count.value;
                break;
            case ast::Modifier::Kind::until:
                out.stop_zone = at(model.zone_index, m.zone.text);
                break;
            case ast::Modifier::Kind::from:
                out.from_zone = at(model.zone_index, m.zone.text);
                break;
            case ast::Modifier::Kind::within:
                out.within_zone = at(model.zone_index, m.zone.text);
                break;
            case ast::Modifier::Kind::via:  // the leap's room
                break;
            case ast::Modifier::Kind::not_over:
                for (const auto& name : m.pieces)
                    out.screens_refused.push_back(at(model.piece_index, name.text));
                break;
            case ast::Modifier::Kind::not_taking:
                for (const auto& name : m.pieces)
                    out.spared.push_back(at(model.piece_index, name.text));
                break;
            case ast::Modifier::Kind::en_passant:
                // check() allowed it only on a move-only slide or a capture-only step or leap.
                out.creates_en_passant = out.kind == ir::MoveKind::slide;
                out.captures_en_passant = out.kind == ir::MoveKind::leap;
                break;
            case ast::Modifier::Kind::not_in_check:
                out.not_in_check = true;
                break;
            case ast::Modifier::Kind::symmetric:
            case ast::Modifier::Kind::left:  // the curve's room
            case ast::Modifier::Kind::right:
            case ast::Modifier::Kind::unmoved:  // see lower_piece
                break;
        }
    }
    return out;
}

// A plain drop's rules, or a gating drop's zone, into `out`.
void lower_drop(const ast::Drop& drop, const Model& model, ir::Drop& out) {
    const bool gating = std::any_of(drop.options.begin(), drop.options.end(), [](const auto& o) {
        return o.kind == ast::DropOption::Kind::gating;
    });
    if (!gating) {
        out.allowed = true;
        out.source = ref(drop.span);
    }
    for (const auto& option : drop.options) {
        std::vector<int> indices;
        const auto& names = option.kind == ast::DropOption::Kind::not_in ||
                                    option.kind == ast::DropOption::Kind::gating
                                ? model.zone_index
                                : model.piece_index;
        for (const auto& name : option.names) indices.push_back(at(names, name.text));
        switch (option.kind) {
            case ast::DropOption::Kind::not_in:
                out.forbidden_zones = std::move(indices);
                break;
            case ast::DropOption::Kind::where_movable:
                out.only_where_movable = true;
                break;
            case ast::DropOption::Kind::not_on_file_with:
                out.not_on_file_with = std::move(indices);
                break;
            case ast::DropOption::Kind::not_defended_by:
                out.not_defended_by = std::move(indices);
                break;
            case ast::DropOption::Kind::colour_balanced:
                out.colour_balanced = true;
                break;
            case ast::DropOption::Kind::no_check:
                out.may_not_check = true;
                break;
            case ast::DropOption::Kind::no_mate:
                out.may_not_mate = true;
                break;
            case ast::DropOption::Kind::promoted:
                out.promoted = true;
                break;
            case ast::DropOption::Kind::gating:
                out.gating_zone = indices.front();
                break;
        }
    }
}

// With hands, a captor gets the piece itself unless `captured-as` or `captured-removed` says
// otherwise; without, every captured piece is removed.
int captured_as(const ast::Piece& piece, int self, bool hands, const Model& model) {
    if (!hands) return -1;
    if (piece.fates.empty()) return self;
    const auto& fate = piece.fates.front();
    return fate.removed ? -1 : at(model.piece_index, fate.piece.text);
}

ir::Piece lower_piece(const ast::Piece& piece, int self, bool hands, const Model& model) {
    ir::Piece out;
    out.name = piece.name.text;
    out.letter = piece.letter;
    out.plus = piece.plus;
    out.tilde = piece.tilde;
    out.royal = piece.royal;
    out.source = ref(piece.span);
    for (const auto& movement : piece.movements)
        (has(movement, ast::Modifier::Kind::unmoved) ? out.first_movements : out.movements)
            .push_back(lower_movement(movement, model));
    for (const auto& promotion : piece.promotions) {
        ir::Promotion p;
        if (!promotion.always) p.zone = at(model.zone_index, promotion.zone.text);
        for (const auto& choice : promotion.pieces)
            p.choices.push_back(at(model.piece_index, choice.text));
        p.on_leaving = promotion.touching;
        p.compulsory = !promotion.optional;
        p.lost_only = promotion.lost_only;
        p.in_place = promotion.in_place;
        p.last_anywhere = promotion.last_anywhere;
        p.no_attack = promotion.no_attack;
        p.source = ref(promotion.span);
        out.promotions.push_back(std::move(p));
    }
    out.captured_as = captured_as(piece, self, hands, model);
    out.arrive_only_where_movable = !piece.arrivals.empty();
    if (!piece.values.empty()) out.value = centipawns(piece.values.front().text);
    if (const auto it = model.images.find(piece.name.text); it != model.images.end())
        out.images = it->second;
    for (std::size_t i = 0; i < piece.drops.size() && i < 2; ++i)
        lower_drop(piece.drops[i], model, out.drop);
    return out;
}

ir::Castling lower_castling(const ast::Castling& c, const Model& model) {
    const auto& cells = model.board.index;
    ir::Castling out;
    out.player = at(model.player_index, c.player.text);
    out.right = c.right;
    out.label = c.label.text;
    out.royal_type = at(model.piece_index, c.royal.text);
    out.royal_from = at(cells, c.royal_from.text);
    out.royal_to = at(cells, c.royal_to.text);
    out.partner_type = at(model.piece_index, c.partner.text);
    out.partner_from = at(cells, c.partner_from.text);
    out.partner_to = at(cells, c.partner_to.text);
    for (const auto& name : c.empty) out.must_be_empty.push_back(at(cells, name.text));
    for (const auto& name : c.safe) out.must_be_safe.push_back(at(cells, name.text));
    out.gained_by_drop = c.by_drop;
    out.source = ref(c.span);
    return out;
}

ir::EndCondition lower_end(const ast::End& end, const Model& model) {
    ir::EndCondition out;
    out.kind = end.kind;
    out.outcome = end.outcome;
    if (end.kind == ir::EndKind::repetition || end.kind == ir::EndKind::ply_limit ||
        end.kind == ir::EndKind::checks || end.kind == ir::EndKind::passes)
        out.count = end.count.value;
    if (end.kind == ir::EndKind::extinction) {
        out.count = end.count.value;
        for (const auto& name : end.extinct_pieces)
            out.extinct_types.push_back(at(model.piece_index, name.text));
    }
    if (end.kind == ir::EndKind::royal_reaches) out.zone = at(model.zone_index, end.zone.text);
    for (const auto& name : end.reach_pieces)
        out.goal_types.push_back(at(model.piece_index, name.text));
    out.answer = end.answer;
    out.reset_by_capture = end.reset_by_capture;
    for (const auto& name : end.reset_pieces)
        out.reset_by_types.push_back(at(model.piece_index, name.text));
    for (const auto& set : end.material) {
        auto& types = out.material.emplace_back();
        for (const auto& name : set) types.push_back(at(model.piece_index, name.text));
        std::sort(types.begin(), types.end());
    }
    out.source = ref(end.span);
    return out;
}

// The players fielding army `army`, a bit each.
std::uint32_t players_of(int army, const Model& model) {
    std::uint32_t players = 0;
    for (std::size_t p = 0; p < model.player_army.size(); ++p)
        if (model.player_army[p] == army) players |= 1u << p;
    return players;
}

// An army's promotion lines replace, for its players, the promotions its pieces declare.
void lower_army_promotions(const ast::File& file, const Model& model, ir::Game& game) {
    for (std::size_t a = 0; a < file.armies.size(); ++a) {
        const std::uint32_t players = players_of(static_cast<int>(a), model);
        if (!players) continue;
        const auto& lines = file.armies[a].promotions;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            auto& piece =
                game.pieces[static_cast<std::size_t>(at(model.piece_index, lines[i].piece.text))];
            for (auto& own : piece.promotions) own.players &= ~players;
        }
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const auto& rule = lines[i].rule;
            ir::Promotion p;
            if (!rule.always) p.zone = at(model.zone_index, rule.zone.text);
            p.choices = model.army_promotion_choices[a][i];
            p.on_leaving = rule.touching;
            p.compulsory = !rule.optional;
            p.lost_only = rule.lost_only;
            p.players = players;
            p.source = ref(rule.span);
            game.pieces[static_cast<std::size_t>(at(model.piece_index, lines[i].piece.text))]
                .promotions.push_back(std::move(p));
        }
    }
}

// What a player's captures become in hand: as its army's `captures` says, else as the piece says.
void lower_captures(const ast::File& file, const Model& model, ir::Game& game) {
    for (std::size_t p = 0; p < model.player_army.size(); ++p) {
        const ast::Army& army = file.armies[static_cast<std::size_t>(model.player_army[p])];
        ir::Player& player = game.players[p];
        player.army = army.name.text;
        const auto captures =
            std::find_if(file.captures.begin(), file.captures.end(),
                         [&](const ast::Captures& c) { return c.army.text == army.name.text; });
        if (!game.hands || captures == file.captures.end()) continue;
        for (const auto& piece : game.pieces)
            player.captures_as.push_back(captures->removed ? -1 : piece.captured_as);
        for (const auto& mapping : captures->mappings)
            player.captures_as[static_cast<std::size_t>(
                at(model.piece_index, mapping.captured.text))] =
                at(model.piece_index, mapping.becomes.text);
    }
}

}  // namespace

ir::Game lower(const ast::File& file, const Model& model) {
    assert(file.games.size() == 1 && file.players.size() == 1 && file.boards.size() == 1);
    ir::Game game;
    game.name = file.games.front().title;
    for (const auto& name : file.players.front().names)
        game.players.push_back({name.text, {}, {}, ref(name.span)});
    game.board = model.board.board;
    for (std::size_t z = 0; z < model.zone_names.size(); ++z)
        game.zones.push_back({model.zone_names[z], model.zone_cells[z], ref(model.zone_spans[z])});
    game.hands = !file.hands.empty();
    for (std::size_t i = 0; i < file.pieces.size(); ++i)
        game.pieces.push_back(lower_piece(file.pieces[i], static_cast<int>(i), game.hands, model));
    lower_army_promotions(file, model, game);
    lower_captures(file, model, game);
    for (const auto& first : file.drop_firsts)
        for (const auto& name : first.pieces)
            game.drop_first.push_back(at(model.piece_index, name.text));
    for (const auto& castling : file.castlings)
        game.castlings.push_back(lower_castling(castling, model));
    for (const auto& setup : file.setups) {
        const int player = at(model.player_index, setup.player.text);
        for (const auto& group : setup.groups)
            for (const auto& cell : group.cells)
                game.setup.push_back({player, at(model.piece_index, group.piece.text),
                                      at(model.board.index, cell.text), ref(cell.span)});
        for (const auto& name : setup.hand)
            game.hand_setup.push_back({player, at(model.piece_index, name.text), ref(name.span)});
    }
    for (const auto& end : file.ends) game.ends.push_back(lower_end(end, model));
    for (const auto& royals : file.royals) {
        game.royals_capturable = game.royals_capturable || royals.capturable;
        if (royals.facing.empty()) continue;
        const auto listed = first_player_vectors_listed(royals.facing, model);
        for (const Transform& view : model.orientation) {
            auto& turned = (royals.must_part ? game.royals_must_part : game.royals_may_not_face)
                               .emplace_back();
            for (const ir::Vec v : listed)
                turned.push_back(apply(model.board.board.geometry, view, v));
        }
    }
    if (!file.passes.empty()) game.passing = file.passes.front().passing;
    game.checks_forbidden = !file.checks.empty();
    if (!file.jumps.empty()) game.jump_rule = file.jumps.front().rule;
    game.captures_compulsory = !file.compulsory_captures.empty();
    game.drops_compulsory = !file.compulsory_drops.empty();
    game.hooks = model.hooks;
    return game;
}

}  // namespace vari::dsl
