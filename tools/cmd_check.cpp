// `vari check FILE... [--json]`: validate rule files, reporting every error found in one run.
#include <algorithm>
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/lua/hooks.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

// A valid game's hooks must also load: their code compiles, its top level runs and returns known
// hooks. Prints the failure (unless `json`) and adds it to `all`; false when there is one.
bool hooks_load(const ir::Game& game, bool json, std::vector<Diagnostic>& all) {
    if (!game.hooks) return true;
    const CompiledGame compiled(game);
    Diagnostic error;
    if (lua::Hooks::load(compiled, error) || error.message.empty()) return true;
    if (!json) {
        // Lines count from the top of the file the code is in: padded, inline code lines up too.
        const auto& hooks = *game.hooks;
        const std::string source(static_cast<std::size_t>(std::max(0, hooks.first_line - 1)), '\n');
        std::cerr << dsl::render(error, source + hooks.code);
    }
    all.push_back(error);
    return false;
}

}  // namespace

int run_check(int argc, char** argv) {
    CLI::App app{"Validate rule files: every syntax and semantic error, with its location."};
    app.name("vari check");
    std::vector<std::string> files;
    bool json = false;
    app.add_option("FILE", files, "rule files (.vari) or shipped game names")->required();
    app.add_flag("--json", json, "print the diagnostics as a JSON array, for editors");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    std::vector<Diagnostic> all;
    bool invalid = false;
    for (const auto& file : files) {
        const auto path = dsl::resolve_game(file);
        auto loaded = dsl::load_file(path ? *path : file);
        bool has_error = false;
        for (const auto& d : loaded.diagnostics) {
            has_error = has_error || d.severity == Diagnostic::Severity::error;
            if (!json) std::cerr << dsl::render(d, loaded);
            all.push_back(d);
        }
        if (has_error || !loaded.game || !hooks_load(*loaded.game, json, all)) {
            invalid = true;
        } else if (!json) {
            const auto& g = *loaded.game;
            std::cout << printable(file) << ": ok: \"" << g.name << "\", " << g.players.size()
                      << " players, " << g.board.cells.size() << " cells, " << g.pieces.size()
                      << " piece types\n";
        }
    }
    if (json) std::cout << dsl::to_json(all) << '\n';
    return static_cast<int>(invalid ? Exit::invalid : Exit::ok);
}

}  // namespace vari::tools
