// `vari perft GAME DEPTH [--divide] [--position STR]`: leaf count of the legal move tree.
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_perft(int argc, char** argv) {
    CLI::App app{"Count the leaves of the legal move tree; the last line is the count alone."};
    app.name("vari perft");
    std::string game_name, position;
    int depth = 1;
    bool divide = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("DEPTH", depth, "plies to search")->required()->check(CLI::Range(0, 64));
    app.add_flag("--divide", divide, "print 'MOVE COUNT' for every first move first");
    app.add_option("--position", position, "start from this position string");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    Position pos(*game);
    if (app.count("--position") && !set_position(pos, position))
        return static_cast<int>(Exit::invalid);
    if (!divide || depth == 0) {
        std::cout << perft(pos, depth) << '\n';
        return 0;
    }
    MoveList list;
    generate_legal(pos, list);
    std::uint64_t total = 0;
    Undo undo;
    for (Move m : list) {
        const std::string name = runtime::format_move(pos, m);
        pos.do_move(m, undo);
        const std::uint64_t nodes = perft(pos, depth - 1);
        pos.undo_move(m, undo);
        std::cout << name << ' ' << nodes << '\n';
        total += nodes;
    }
    std::cout << total << '\n';
    return 0;
}

}  // namespace vari::tools
