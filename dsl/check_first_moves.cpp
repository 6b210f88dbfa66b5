// The checks of first moves (`unmoved`, `not-in-check`).
#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

using FirstMoveWord = ast::Modifier::Kind;

const ast::Modifier* modifier_given(const ast::Movement& movement, FirstMoveWord kind) {
    for (const auto& m : movement.modifiers)
        if (m.kind == kind) return &m;
    return nullptr;
}

}  // namespace

// A first move is a quiet move of its own kind: it never captures (an attack that came and went
// with the right would change what checks), takes no en-passant cells and is no capture
// sequence. `not-in-check` belongs to such a move.
void Checker::check_first_move(const ast::Movement& movement) {
    const ast::Modifier* unmoved = modifier_given(movement, FirstMoveWord::unmoved);
    if (!unmoved) {
        if (const ast::Modifier* guard = modifier_given(movement, FirstMoveWord::not_in_check))
            report.error(guard->span,
                         "'not-in-check' belongs to a first move, made only while its piece has "
                         "not moved",
                         "write 'unmoved' too, as in 'move leap (2, 1) (-2, 1) unmoved "
                         "not-in-check'");
        return;
    }
    if (movement.primitive == ast::Primitive::jump) {
        report.error(unmoved->span,
                     "'unmoved' is not for a jump: a capture sequence always captures",
                     "a first move is a quiet 'move' of a step, slide, leap, curve or hop");
        return;
    }
    if (movement.mode != ir::MoveMode::move_only)
        report.error(unmoved->span,
                     "an 'unmoved' move may not capture: where a piece attacks may not hang on "
                     "its right",
                     "write 'move' before it, as in 'move leap (0, 2) unmoved'");
    if (const ast::Modifier* ep = modifier_given(movement, FirstMoveWord::en_passant))
        report.error(ep->span, "'en-passant' is not for an 'unmoved' move",
                     "a double step that leaves en-passant cells is a 'move slide' with 'from "
                     "ZONE' and 'en-passant'");
}

// First moves in a game of two players (position strings write the rights in upper and lower case)
// and without gating (whose rights the same letters write).
void Checker::check_first_moves() {
    const ast::Span* first_move = nullptr;
    for (const auto& piece : file.pieces) {
        for (const auto& movement : piece.movements)
            if (const ast::Modifier* m = modifier_given(movement, FirstMoveWord::unmoved);
                m && !first_move)
                first_move = &m->span;
    }
    if (!first_move) return;
    if (model.players.size() != 2)
        report.error(*first_move, "first moves need two players",
                     "position strings write the first-move rights in upper case for the first "
                     "player and in lower case for the second");
    for (const auto& piece : file.pieces)
        if (gated_by(piece)) {
            report.error(*first_move, "a game may not have both first moves and gating",
                         "position strings write both rights as file letters, after the "
                         "castling rights");
            break;
        }
}

}  // namespace vari::dsl
