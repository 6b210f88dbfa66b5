// The straight movements' room, step, slide and leap (primitives.hpp): where their modifiers have
// a meaning, a lame leap's cells, and their kinds in the IR.
#include <algorithm>

#include "dsl/primitives.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

// A lame leap names the cells it passes for one vector (`symmetric` turns both together), and
// passes neither its start nor where it lands.
void check_lame_leap(Checker& c, const ast::Movement& movement, const ast::Modifier& via) {
    std::vector<ir::Vec> vectors;
    for (const auto& item : movement.items) {
        if (item.is_vector) {
            vectors.push_back({item.vector.x, item.vector.y});
        } else if (const auto it = c.model.directions.find(item.name.text);
                   it != c.model.directions.end()) {
            vectors.insert(vectors.end(), it->second.begin(), it->second.end());
        } else {
            return;  // unknown or broken: reported elsewhere
        }
    }
    if (vectors.size() != 1) {
        c.report.error(via.span,
                       "'via' names the cells passed for one vector, but this leap has " +
                           std::to_string(vectors.size()),
                       "write one 'leap VECTOR via ...' per vector, or add 'symmetric' to turn "
                       "one leap and its cells together");
        return;
    }
    for (const auto& v : via.vectors)
        if (ir::Vec{v.x, v.y} == vectors.front())
            c.report.error(v.span, "a leap passes the cells between, not the cell it lands on",
                           "'via' lists the cells that must be empty on the way, from the start");
}

bool check_line_modifier(Checker& c, const ast::Movement& movement, const ast::Modifier& m) {
    auto& report = c.report;
    const bool slide = movement.primitive == ast::Primitive::slide;
    const std::string primitive = word_of(movement.primitive);
    switch (m.kind) {
        case ast::Modifier::Kind::range:
            if (!slide) {
                report.error(m.span,
                             "'range' limits a slide; a " + primitive + " goes one vector only");
                return false;
            }
            if (m.count.value < 1)
                report.error(m.count.span,
                             "a range must be at least 1, found " + std::to_string(m.count.value));
            return true;
        case ast::Modifier::Kind::until:
            if (!slide)
                report.error(m.span,
                             "'until' stops a slide; a " + primitive + " goes one vector only");
            return slide;
        case ast::Modifier::Kind::en_passant: {
            const bool creates = slide && movement.mode == ir::MoveMode::move_only;
            const bool captures = !slide && movement.mode == ir::MoveMode::capture_only;
            if (!creates && !captures)
                report.error(m.span, "'en-passant' has no meaning here",
                             "it belongs on a 'move slide' (whose passed cells may be captured "
                             "onto) or on a "
                             "'capture step' or 'capture leap' (which may capture that way)");
            return creates || captures;
        }
        case ast::Modifier::Kind::left:
        case ast::Modifier::Kind::right:
            report.error(m.span,
                         quote(word_of(m.kind)) + " is not for a " + primitive +
                             ": 'left' and 'right' say which way a curve turns",
                         "a 'curve' (hex boards) turns 60 degrees after every step");
            return false;
        case ast::Modifier::Kind::via:
            if (movement.primitive != ast::Primitive::leap) {
                report.error(m.span,
                             "'via' makes a leap lame; a " + primitive +
                                 " has no cells to pass that a leap would jump",
                             "write it on a 'leap', as in 'leap (1, 2) via (0, 1) symmetric'");
                return false;
            }
            check_lame_leap(c, movement, m);
            return true;
        case ast::Modifier::Kind::from:
        case ast::Modifier::Kind::within:
        case ast::Modifier::Kind::symmetric:
        case ast::Modifier::Kind::not_over:  // check_piece_modifier
        case ast::Modifier::Kind::not_taking:
        case ast::Modifier::Kind::unmoved:  // check_first_move
        case ast::Modifier::Kind::not_in_check:
            return true;
    }
    return true;
}

// A lame leap's cells for each of its vectors, seen by each player: check() allowed one listed
// vector, which `symmetric` may have turned into several, each with its cells turned the same way.
std::vector<std::vector<std::vector<ir::Vec>>> lame_leap_cells(const ast::Movement& movement,
                                                               const Model& model) {
    const ir::Geometry geometry = model.board.board.geometry;
    const ir::Vec listed = first_player_vectors_listed(movement.items, model).front();
    std::vector<ir::Vec> via;
    for (const auto& m : movement.modifiers)
        if (m.kind == ast::Modifier::Kind::via)
            for (const auto& v : m.vectors) via.push_back({v.x, v.y});
    // The images of the leap, in the order first_player_vectors gives them, with their cells.
    std::vector<std::pair<ir::Vec, std::vector<ir::Vec>>> images{{listed, via}};
    if (has(movement, ast::Modifier::Kind::symmetric)) {
        images.clear();
        for (const Transform t : symmetries(geometry)) {
            const ir::Vec v = apply(geometry, t, listed);
            if (std::any_of(images.begin(), images.end(),
                            [v](const auto& i) { return i.first == v; }))
                continue;
            auto& image = images.emplace_back(v, std::vector<ir::Vec>{});
            for (const ir::Vec c : via) image.second.push_back(apply(geometry, t, c));
        }
    }
    std::vector<std::vector<std::vector<ir::Vec>>> out;
    for (const Transform& view : model.orientation) {
        auto& player = out.emplace_back();
        for (const auto& [v, cells] : images) {
            auto& turned = player.emplace_back();
            for (const ir::Vec c : cells) turned.push_back(apply(geometry, view, c));
        }
    }
    return out;
}

}  // namespace

// The straight movements take no checks of their own beyond their modifiers'.
void primitive_step::check(Checker&, const ast::Movement&) {}
void primitive_slide::check(Checker&, const ast::Movement&) {}
void primitive_leap::check(Checker&, const ast::Movement&) {}

bool primitive_step::check_modifier(Checker& c, const ast::Movement& movement,
                                    const ast::Modifier& m, const ModifiersSeen&) {
    return check_line_modifier(c, movement, m);
}
bool primitive_slide::check_modifier(Checker& c, const ast::Movement& movement,
                                     const ast::Modifier& m, const ModifiersSeen&) {
    return check_line_modifier(c, movement, m);
}
bool primitive_leap::check_modifier(Checker& c, const ast::Movement& movement,
                                    const ast::Modifier& m, const ModifiersSeen&) {
    return check_line_modifier(c, movement, m);
}

// A step is a leap by a neighbour's vector; a leap with `via` is a lame leap.
void primitive_step::lower(const ast::Movement&, const Model&, ir::Movement& out) {
    out.kind = ir::MoveKind::leap;
}
void primitive_slide::lower(const ast::Movement&, const Model&, ir::Movement& out) {
    out.kind = ir::MoveKind::slide;
}
void primitive_leap::lower(const ast::Movement& movement, const Model& model, ir::Movement& out) {
    if (!has(movement, ast::Modifier::Kind::via)) {
        out.kind = ir::MoveKind::leap;
        return;
    }
    out.kind = ir::MoveKind::lame_leap;
    out.via = lame_leap_cells(movement, model);
}

}  // namespace vari::dsl
