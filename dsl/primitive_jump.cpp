// The jump's room (primitives.hpp): the modifiers a jump accepts, its mode, and the game-wide
// `jumps` option.
#include <algorithm>

#include "dsl/primitives.hpp"

namespace vari::dsl {

namespace {

const char* rule_word(ir::JumpRule rule) {
    return rule == ir::JumpRule::maximum ? "maximum" : "compulsory";
}

}  // namespace

// A jump always captures.
void primitive_jump::check(Checker& c, const ast::Movement& movement) {
    if (movement.mode == ir::MoveMode::move_only)
        c.report.error(movement.span,
                       "'move jump' cannot be: a jump always captures the piece it passes over",
                       "write 'jump' (or 'capture jump'); a move that does not capture is a "
                       "'move leap'");
}

// Only `from` has a meaning for a jump.
bool primitive_jump::check_modifier(Checker& c, const ast::Movement&, const ast::Modifier& m,
                                    const ModifiersSeen&) {
    if (m.kind == ast::Modifier::Kind::from) return true;
    c.report.error(m.span,
                   quote(word_of(m.kind)) +
                       " is not for a jump: a jump passes over one piece to the empty cell "
                       "beyond, and may jump again from there",
                   "only 'from ZONE' applies to a jump (each jump of a sequence starts in the "
                   "zone)");
    return false;
}

// A jump always captures, with or without the word `capture`.
void primitive_jump::lower(const ast::Movement&, const Model&, ir::Movement& out) {
    out.kind = ir::MoveKind::jump;
    out.mode = ir::MoveMode::capture_only;
}

// Given once, and only in a game where some piece jumps.
void Checker::check_jumps() {
    for (std::size_t i = 1; i < file.jumps.size(); ++i)
        already_defined(file.jumps[i].span, "'jumps'", file.jumps[0].span);
    if (file.jumps.empty() || any_broken(ast::DeclKind::piece)) return;
    const bool jumps = std::any_of(file.pieces.begin(), file.pieces.end(), [](const auto& p) {
        return std::any_of(p.movements.begin(), p.movements.end(),
                           [](const auto& m) { return m.primitive == ast::Primitive::jump; });
    });
    if (!jumps)
        report.error(file.jumps[0].span,
                     std::string("'jumps ") + rule_word(file.jumps[0].rule) +
                         "' says how capture sequences are chosen, but no piece jumps",
                     "give a piece a 'jump', as in '{ jump orthogonal }', or remove this line");
}

}  // namespace vari::dsl
