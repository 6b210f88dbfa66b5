// The checks of the straight movements, step, slide and leap: where their modifiers have a meaning.
#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

bool Checker::check_line_modifier(const ast::Movement& movement, const ast::Modifier& m,
                                  const ModifiersSeen&) {
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
            check_lame_leap(movement, m);
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

// A lame leap names the cells it passes for one vector (`symmetric` turns both together), and
// passes neither its start nor where it lands.
void Checker::check_lame_leap(const ast::Movement& movement, const ast::Modifier& via) {
    std::vector<ir::Vec> vectors;
    for (const auto& item : movement.items) {
        if (item.is_vector) {
            vectors.push_back({item.vector.x, item.vector.y});
        } else if (const auto it = model.directions.find(item.name.text);
                   it != model.directions.end()) {
            vectors.insert(vectors.end(), it->second.begin(), it->second.end());
        } else {
            return;  // unknown or broken: reported elsewhere
        }
    }
    if (vectors.size() != 1) {
        report.error(via.span,
                     "'via' names the cells passed for one vector, but this leap has " +
                         std::to_string(vectors.size()),
                     "write one 'leap VECTOR via ...' per vector, or add 'symmetric' to turn one "
                     "leap and its cells together");
        return;
    }
    for (const auto& v : via.vectors)
        if (ir::Vec{v.x, v.y} == vectors.front())
            report.error(v.span, "a leap passes the cells between, not the cell it lands on",
                         "'via' lists the cells that must be empty on the way, from the start");
}

}  // namespace vari::dsl
