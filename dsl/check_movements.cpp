// The checks every movement shares (its directions, each modifier once, the zones modifiers name),
// and the calls into each primitive's room for its own (primitives.hpp).
#include "dsl/primitives.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

void Checker::check_movement(const ast::Movement& movement) {
    for (const auto& item : movement.items) check_direction_item(item);
    check_first_move(movement);
    check_primitive(*this, movement);
    ModifiersSeen seen;
    for (const auto& m : movement.modifiers) {
        if (!first_time(m, seen)) continue;
        if (m.kind == ast::Modifier::Kind::not_over || m.kind == ast::Modifier::Kind::not_taking) {
            check_piece_modifier(movement, m);
            continue;
        }
        if (m.kind == ast::Modifier::Kind::unmoved || m.kind == ast::Modifier::Kind::not_in_check)
            continue;  // check_first_move
        if (!check_primitive_modifier(*this, movement, m, seen)) continue;
        if (m.kind == ast::Modifier::Kind::until || m.kind == ast::Modifier::Kind::from ||
            m.kind == ast::Modifier::Kind::within)
            zone(m.zone);
        for (const auto& v : m.vectors) check_vector(v);
    }
}

// `not-over PIECE ...` names the pieces a hop may not use as its screen, `not-taking PIECE ...`
// those it may not capture: both belong to hops, and the second needs a movement that captures.
void Checker::check_piece_modifier(const ast::Movement& movement, const ast::Modifier& m) {
    const bool over = m.kind == ast::Modifier::Kind::not_over;
    if (movement.primitive != ast::Primitive::hop) {
        report.error(m.span,
                     quote(word_of(m.kind)) + " is not for a " + word_of(movement.primitive) +
                         (over ? ": only a hop jumps over a piece"
                               : ": only a hop may name the pieces it does not capture"),
                     "write it on a 'hop', as in 'hop orthogonal not-over Cannon not-taking "
                     "Cannon'");
        return;
    }
    if (!over && movement.mode == ir::MoveMode::move_only)
        report.error(m.span, "'not-taking' has no meaning on a 'move hop', which never captures",
                     "leave out 'not-taking', or 'move' if the hop may capture");
    for (const auto& name : m.pieces) piece(name);
}

// Records the modifier in `seen`; false, with the error, when the movement already gave it.
bool Checker::first_time(const ast::Modifier& m, ModifiersSeen& seen) {
    const auto [it, fresh] = seen.emplace(m.kind, m.span);
    if (!fresh)
        report.error(m.span, quote(word_of(m.kind)) + " is already given at " +
                                 report.at(it->second, m.span));
    return fresh;
}

}  // namespace vari::dsl
