// The hop's room (primitives.hpp): where its modifiers have a meaning.
#include "dsl/primitives.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

// A hop goes along a line to the first piece, jumps it and goes on beyond: `range` counts the
// cells beyond that piece.
void primitive_hop::check(Checker&, const ast::Movement&) {}

bool primitive_hop::check_modifier(Checker& c, const ast::Movement&, const ast::Modifier& m,
                                   const ModifiersSeen&) {
    using Kind = ast::Modifier::Kind;
    auto& report = c.report;
    switch (m.kind) {
        case Kind::range:
            if (m.count.value < 1)
                report.error(m.count.span,
                             "a range must be at least 1, found " + std::to_string(m.count.value),
                             "a hop's range counts the cells beyond the piece it jumps: 1 lands "
                             "just past it");
            return true;
        case Kind::from:
        case Kind::within:
        case Kind::symmetric:
        case Kind::not_over:  // check_piece_modifier
        case Kind::not_taking:
        case Kind::unmoved:  // check_first_move
        case Kind::not_in_check:
            return true;
        case Kind::until:
        case Kind::via:
        case Kind::en_passant:
        case Kind::left:
        case Kind::right:
            break;
    }
    report.error(m.span,
                 quote(word_of(m.kind)) +
                     " is not for a hop: a hop goes along a line to the first piece, jumps it, "
                     "and lands beyond",
                 "a hop takes 'range' (the cells beyond the piece it jumps), 'from', 'within' "
                 "and 'symmetric'");
    return false;
}

void primitive_hop::lower(const ast::Movement&, const Model&, ir::Movement& out) {
    out.kind = ir::MoveKind::hop;
}

}  // namespace vari::dsl
