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
        case ast::Modifier::Kind::from:
        case ast::Modifier::Kind::symmetric:
            return true;
    }
    return true;
}

}  // namespace vari::dsl
