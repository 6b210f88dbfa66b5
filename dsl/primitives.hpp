// The movement primitives, each in a room of its own (internal to dsl/): what the checks and the
// lowering ask of a primitive, declared here for every word of VARI_PRIMITIVE_KEYWORDS and
// defined in its room, dsl/primitive_WORD.cpp (primitive_lines.cpp holds step, slide and leap):
//   primitive_WORD::check(c, movement)       the movement as a whole (after the checks all share)
//   primitive_WORD::check_modifier(c, movement, modifier, seen)
//                                            whether the modifier has a meaning on it; an error
//                                            says why not
//   primitive_WORD::lower(movement, model, out)
//                                            its kind (ir::MoveKind) and the fields of the IR
//                                            movement that are its own
// A new primitive is its word in keywords.hpp and its room; a room left out does not link.
#pragma once

#include "dsl/checker.hpp"
#include "dsl/lower.hpp"

namespace vari::dsl {

#define VARI_PRIMITIVE_ROOM(id, text)                                                          \
    namespace primitive_##id {                                                                 \
        void check(Checker& c, const ast::Movement& movement);                                 \
        bool check_modifier(Checker& c, const ast::Movement& movement, const ast::Modifier& m, \
                            const ModifiersSeen& seen);                                        \
        void lower(const ast::Movement& movement, const Model& model, ir::Movement& out);      \
    }
VARI_PRIMITIVE_KEYWORDS(VARI_PRIMITIVE_ROOM)
#undef VARI_PRIMITIVE_ROOM

// The one dispatch over primitives: each arm calls its room.
#define VARI_PRIMITIVE_ARM(id, text, call) \
    case ast::Primitive::id:               \
        return primitive_##id::call;

inline void check_primitive(Checker& c, const ast::Movement& movement) {
    switch (movement.primitive) {
#define VARI_ARM(id, text) VARI_PRIMITIVE_ARM(id, text, check(c, movement))
        VARI_PRIMITIVE_KEYWORDS(VARI_ARM)
#undef VARI_ARM
    }
}

inline bool check_primitive_modifier(Checker& c, const ast::Movement& movement,
                                     const ast::Modifier& m, const ModifiersSeen& seen) {
    switch (movement.primitive) {
#define VARI_ARM(id, text) VARI_PRIMITIVE_ARM(id, text, check_modifier(c, movement, m, seen))
        VARI_PRIMITIVE_KEYWORDS(VARI_ARM)
#undef VARI_ARM
    }
    return true;
}

inline void lower_primitive(const ast::Movement& movement, const Model& model, ir::Movement& out) {
    switch (movement.primitive) {
#define VARI_ARM(id, text) VARI_PRIMITIVE_ARM(id, text, lower(movement, model, out))
        VARI_PRIMITIVE_KEYWORDS(VARI_ARM)
#undef VARI_ARM
    }
}

#undef VARI_PRIMITIVE_ARM

}  // namespace vari::dsl
