// The curve's room (primitives.hpp): a hex board, one-step vectors, the modifiers a curve
// accepts, and its turn for each player.
#include <algorithm>

#include "dsl/primitives.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

// The interpreter stops a curve after this many steps: a sixth would come back to its start.
constexpr int max_curve_steps = 5;

std::string vector_text(ir::Vec v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ")";
}

// The 6 orthogonal and 6 diagonal steps: turning one by 60 degrees gives another of its kind.
std::vector<ir::Vec> unit_steps(ir::Geometry geometry) {
    std::vector<ir::Vec> steps;
    for (const auto& builtin : builtin_directions(geometry))
        if (builtin.name == "orthogonal" || builtin.name == "diagonal")
            steps.insert(steps.end(), builtin.vectors.begin(), builtin.vectors.end());
    return steps;
}

// A curve's turn for each player: 'left' is counterclockwise as the player sees the board, which
// a mirrored view makes clockwise on the board.
std::vector<ir::Turn> curve_turns(const ast::Movement& movement, const Model& model) {
    const bool left = has(movement, ast::Modifier::Kind::left);
    const bool right = has(movement, ast::Modifier::Kind::right);
    std::vector<ir::Turn> turns;
    for (const Transform& view : model.orientation) {
        if (!left && !right)
            turns.push_back(ir::Turn::both);
        else if (left != view.mirror)
            turns.push_back(ir::Turn::counterclockwise);
        else
            turns.push_back(ir::Turn::clockwise);
    }
    return turns;
}

}  // namespace

void primitive_curve::check(Checker& c, const ast::Movement& movement) {
    if (!c.has_geometry) return;
    const ir::Geometry geometry = c.geometry;
    auto& report = c.report;
    if (geometry == ir::Geometry::square) {
        report.error(movement.primitive_span, "a curve turns 60 degrees: it needs a hex board",
                     "on a square board use 'step', 'slide' or 'leap'");
        return;
    }
    const auto steps = unit_steps(geometry);
    const auto is_step = [&steps](ir::Vec v) {
        return std::find(steps.begin(), steps.end(), v) != steps.end();
    };
    const std::string hint =
        "a curve's directions are among the board's 'orthogonal' and 'diagonal' ones (clock1 ... "
        "clock12)";
    for (const auto& item : movement.items) {
        if (item.is_vector) {
            const ir::Vec v{item.vector.x, item.vector.y};
            if (!(v.x == 0 && v.y == 0) && !is_step(v))  // (0, 0) is reported on its own
                report.error(item.vector.span,
                             "a curve goes one step at a time: " + vector_text(v) +
                                 " is not one of the board's 6 orthogonal or 6 diagonal steps",
                             hint);
            continue;
        }
        // Unknown or unresolved names are reported elsewhere.
        const auto it = c.model.directions.find(item.name.text);
        if (it == c.model.directions.end()) continue;
        const auto bad = std::find_if_not(it->second.begin(), it->second.end(), is_step);
        if (bad != it->second.end())
            report.error(item.name.span,
                         "a curve goes one step at a time: direction " + quote(item.name.text) +
                             " holds " + vector_text(*bad) +
                             ", which is not one of the board's 6 orthogonal or 6 diagonal steps",
                         hint);
    }
}

bool primitive_curve::check_modifier(Checker& c, const ast::Movement&, const ast::Modifier& m,
                                     const ModifiersSeen& seen) {
    using Kind = ast::Modifier::Kind;
    auto& report = c.report;
    switch (m.kind) {
        case Kind::range:
            if (m.count.value < 1)
                report.error(m.count.span,
                             "a range must be at least 1, found " + std::to_string(m.count.value));
            else if (m.count.value > max_curve_steps)
                report.error(m.count.span,
                             "a curve has at most " + std::to_string(max_curve_steps) +
                                 " steps, found " + std::to_string(m.count.value),
                             "a sixth step would bring it back to where it started; leave out "
                             "'range' for the whole curve");
            return true;
        case Kind::until:
            report.error(m.span,
                         "'until' is not for a curve: a curve stops on the first occupied cell, "
                         "at its range, or after 5 steps",
                         "'until' stops a slide");
            return false;
        case Kind::from:
        case Kind::within:
        case Kind::not_over:  // check_piece_modifier
        case Kind::not_taking:
        case Kind::unmoved:  // check_first_move
        case Kind::not_in_check:
            return true;
        case Kind::via:
            report.error(m.span,
                         "'via' is not for a curve: a curve passes only empty cells already",
                         "'via' makes a leap lame");
            return false;
        case Kind::en_passant:
            report.error(m.span,
                         "'en-passant' is not for a curve: en passant belongs to straight moves",
                         "it belongs on a 'move slide' (whose passed cells may be captured onto) "
                         "or on a 'capture step' or 'capture leap' (which may capture that way)");
            return false;
        case Kind::symmetric:
            report.error(m.span,
                         "'symmetric' is not for a curve: a reflection turns 'left' into 'right'",
                         "list the directions it starts along; without 'left' or 'right' a "
                         "curve turns either way");
            return false;
        case Kind::left:
        case Kind::right: {
            const Kind other = m.kind == Kind::left ? Kind::right : Kind::left;
            if (const auto it = seen.find(other); it != seen.end()) {
                report.error(m.span,
                             "a curve turns 'left' or 'right', not both ('" + word_of(other) +
                                 "' is given at " + at_text(it->second.line, it->second.column) +
                                 ")",
                             "give neither to let it turn either way");
                return false;
            }
            return true;
        }
    }
    return true;
}

void primitive_curve::lower(const ast::Movement& movement, const Model& model, ir::Movement& out) {
    out.kind = ir::MoveKind::curve;
    out.turn = curve_turns(movement, model);
}

}  // namespace vari::dsl
