// Lowering: a checked syntax tree to the IR (internal to dsl/).
#pragma once

#include "dsl/ast.hpp"
#include "dsl/check.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

// Trusts its input: call only when check() reported no error.
ir::Game lower(const ast::File& file, const Model& model);

}  // namespace vari::dsl
