// Text to syntax tree, recovering after each broken declaration (internal to dsl/).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/ast.hpp"
#include "interpreter/ir.hpp"
#include "interpreter/messages/messages.hpp"

namespace vari::dsl {

// One file to parse: its text, its name in diagnostics, and its index among the files read (the
// file of every span taken from it).
struct ParseInput {
    std::string_view text;
    const std::string& label;
    std::uint32_t index = 0;
};

// Reads the file an `include` names into the same tree (see load.cpp).
using IncludeReader = std::function<void(const ast::Include&)>;

// At most this many parse errors are reported per file; the rest of that file is then skipped.
inline constexpr std::size_t max_parse_errors = 50;

// Appends the declarations that parse to `file`, listing broken ones there, with a diagnostic per
// broken declaration or stray text. Calls `read_include` after each `include`.
void parse(const ParseInput& input, ast::File& file, std::vector<Diagnostic>& diagnostics,
           const IncludeReader& read_include);

}  // namespace vari::dsl
