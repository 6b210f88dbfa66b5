// Text to syntax tree, recovering after each broken declaration (internal to dsl/).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dsl/ast.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

struct ParseResult {
    ast::File file;                           // every declaration that parsed; broken ones listed
    std::vector<ir::Diagnostic> diagnostics;  // one per broken declaration or stray text
};

// At most this many parse errors are reported; the rest of the file is then skipped.
inline constexpr std::size_t max_parse_errors = 50;

ParseResult parse(std::string_view text, const std::string& file_label);

}  // namespace vari::dsl
