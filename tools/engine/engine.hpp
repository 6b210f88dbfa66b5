// `vari engine`: vari's AI behind a chess or shogi engine protocol (UCI, USI, XBoard) on standard
// input and output. The protocols' text for moves and positions is notation's (notation.hpp).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "interpreter/interpreter.hpp"
#include "runtime/notation/notation.hpp"

namespace vari::engine {

// Speaks `protocol` on `in` and `out` with `game`, loaded from the rule file at `path` (its stem
// names it in the UCI_Variant option, beside the shipped games UCI expresses), until `quit` or the
// end of `in`: tools/engine/PROTOCOLS.md describes what it answers. The game must be one the
// protocol expresses (notation::ProtocolText::make). Thinking runs on a thread of its own, so
// `stop`, `isready` and `quit` are answered at once; every line is flushed as it is written.
void run_engine(std::unique_ptr<CompiledGame> game, const std::string& path,
                notation::Protocol protocol, std::istream& in, std::ostream& out);

}  // namespace vari::engine
