// Lowering: a checked syntax tree to the IR (internal to dsl/).
#pragma once

#include "dsl/ast.hpp"
#include "dsl/check.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

// Trusts its input: call only when check() reported no error.
ir::Game lower(const ast::File& file, const Model& model);

// For the primitives' rooms (primitives.hpp): whether the movement has the modifier, and the
// vectors of its direction names and vectors as the first player sees them.
bool has(const ast::Movement& movement, ast::Modifier::Kind kind);
std::vector<ir::Vec> first_player_vectors_listed(const std::vector<ast::DirItem>& items,
                                                 const Model& model);

}  // namespace vari::dsl
