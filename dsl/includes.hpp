// Parsing a rule file and every file it includes into one syntax tree (internal to dsl/).
#pragma once

#include <vector>

#include "dsl/ast.hpp"
#include "dsl/dsl.hpp"
#include "interpreter/ir.hpp"
#include "interpreter/messages/messages.hpp"

namespace vari::dsl {

// Included files may nest this deep (the loaded file is depth 0) ...
inline constexpr std::size_t max_include_depth = 16;
// ... and all the files read for a game may hold this many bytes together.
inline constexpr std::size_t max_total_bytes = 4 << 20;

// Parses sources[0] and every file its `include`s name, appending each file to `sources` when
// first read; a file included again is skipped. Declarations go to `file` in reading order, an
// included file's where its `include` stands, as if its text were written there.
void parse_sources(std::vector<SourceFile>& sources, ast::File& file,
                   std::vector<Diagnostic>& diagnostics);

}  // namespace vari::dsl
