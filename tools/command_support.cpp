// What every command does first: parse its arguments, load its game, set its position.
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

std::optional<int> parse_arguments(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : static_cast<int>(Exit::usage);
    }
    return std::nullopt;
}

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
    for (const auto& d : loaded.diagnostics) std::cerr << dsl::render(d, loaded);
    if (!loaded.game) return nullptr;
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

bool set_position(Position& pos, const std::string& position_string) {
    const auto error = runtime::parse_position(pos, position_string);
    if (error) std::cerr << dsl::render(*error, position_string);
    return !error;
}

}  // namespace vari::tools
