// Test support for runtime tests: a game written inline in the rule language.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "dsl/dsl.hpp"
#include "interpreter/interpreter.hpp"

namespace vari::test {

// Loads and compiles rule text, as if it stood among the shipped games (so that the files they
// name are found); fails the current test, with the diagnostics, when it does not.
inline std::unique_ptr<CompiledGame> load_text(const std::string& text) {
    auto loaded = dsl::load_text(text, std::string(VARI_STDLIB_DIR) + "/test.vari");
    std::string report;
    for (const auto& d : loaded.diagnostics) report += dsl::render(d, loaded);
    INFO(report);
    REQUIRE(loaded.game);
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

}  // namespace vari::test
