// `vari show GAME [--position STR] [--moves LIST] [--names]`: draw a position; the last line is
// its position string.
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_show(int argc, char** argv) {
    CLI::App app{"Draw a position, say who is to move; the last line is the position string."};
    app.name("vari show");
    std::string game_name;
    StartOptions start;
    bool names = false;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    add_start_options(app, start);
    app.add_flag("--names", names, "write the names of empty cells instead of dots");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto played = start_game(*game, app, start);
    if (!played) return static_cast<int>(Exit::invalid);
    const runtime::Game& play = *played;
    const Position& pos = play.position();
    std::cout << runtime::draw_board(pos, {.names = names});
    if (play.result())
        std::cout << printable(play.result()->summary) << '\n';
    else
        std::cout << game->ir().players[pos.side_to_move()].name << " to move"
                  << (pos.in_check() ? ", in check" : "") << '\n';
    std::cout << runtime::to_position_string(pos) << '\n';
    return static_cast<int>(play.result() && play.result()->stopped ? Exit::stopped : Exit::ok);
}

}  // namespace vari::tools
