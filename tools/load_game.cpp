// Loading a game for a command: resolve the name, load, report diagnostics, compile.
#include <iostream>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

std::unique_ptr<CompiledGame> load_game(const std::string& name_or_path) {
    const auto path = dsl::resolve_game(name_or_path);
    if (!path) {
        std::cerr << "vari: no game '" << name_or_path << "': not a file and not a shipped game";
        const auto names = dsl::shipped_games();
        if (!names.empty()) {
            std::cerr << " (shipped:";
            for (const auto& n : names) std::cerr << ' ' << n;
            std::cerr << ')';
        }
        std::cerr << '\n';
        return nullptr;
    }
    auto loaded = dsl::load_file(*path);
    for (const auto& d : loaded.diagnostics) std::cerr << dsl::render(d, loaded.source);
    if (!loaded.game) return nullptr;
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

}  // namespace vari::tools
