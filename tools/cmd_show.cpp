// `vari show GAME [--position STR] [--moves LIST] [--names] [--from PLAYER] [--color WHEN]`: draw
// a position, its last move marked; the last line is its position string.
#include <iostream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_show(int argc, char** argv) {
    CLI::App app{
        "Draw a position, its last move marked '>' and a royal in check '!', and say who is to "
        "move; the last line is the position string."};
    app.name("vari show");
    std::string game_name;
    StartOptions start;
    bool names = false;
    ViewOptions view;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    add_start_options(app, start);
    app.add_flag("--names", names, "write the names of empty cells instead of dots");
    add_view_options(app, view, "the first player's");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const auto from = view_player(game->ir(), view, 0, "vari show");
    if (!from) return static_cast<int>(Exit::usage);
    const auto played = start_game(*game, app, start);
    if (!played) return static_cast<int>(Exit::invalid);
    const runtime::Game& play = *played;
    const Position& pos = play.position();
    std::cout << runtime::draw_board(
        pos,
        {.names = names, .from = *from, .last_move = play.last_move(), .colour = use_colour(view)});
    if (play.result())
        std::cout << printable(play.result()->summary) << '\n';
    else
        std::cout << game->ir().players[pos.side_to_move()].name << " to move"
                  << (pos.in_check() ? ", in check" : "") << '\n';
    std::cout << runtime::to_position_string(pos) << '\n';
    return static_cast<int>(play.result() && play.result()->stopped ? Exit::stopped : Exit::ok);
}

}  // namespace vari::tools
