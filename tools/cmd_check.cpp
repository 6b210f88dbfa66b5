// `vari check FILE... [--json]`: validate rule files, reporting every error found in one run.
#include <iostream>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_check(int argc, char** argv) {
    CLI::App app{"Validate rule files: every syntax and semantic error, with its location."};
    app.name("vari check");
    std::vector<std::string> files;
    bool json = false;
    app.add_option("FILE", files, "rule files (.vari) or shipped game names")->required();
    app.add_flag("--json", json, "print the diagnostics as a JSON array, for editors");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    std::vector<ir::Diagnostic> all;
    bool invalid = false;
    for (const auto& file : files) {
        const auto path = dsl::resolve_game(file);
        auto loaded = dsl::load_file(path ? *path : file);
        bool has_error = false;
        for (const auto& d : loaded.diagnostics) {
            has_error = has_error || d.severity == ir::Diagnostic::Severity::error;
            if (!json) std::cerr << dsl::render(d, loaded.source);
            all.push_back(d);
        }
        if (has_error || !loaded.game) {
            invalid = true;
        } else if (!json) {
            const auto& g = *loaded.game;
            std::cout << file << ": ok: \"" << g.name << "\", " << g.players.size() << " players, "
                      << g.board.cells.size() << " cells, " << g.pieces.size() << " piece types\n";
        }
    }
    if (json) std::cout << dsl::to_json(all) << '\n';
    return static_cast<int>(invalid ? Exit::invalid : Exit::ok);
}

}  // namespace vari::tools
