// `vari replay FILE [--ply N] [--game GAME]`: checks a game record move by move, prints its moves
// and shows the position after all of them, or after N plies.
#include <iostream>
#include <limits>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

int run_replay(int argc, char** argv) {
    CLI::App app{
        "Replay a game record: every move is checked by the rules; prints the moves, "
        "then draws the position and ends with its position string."};
    app.name("vari replay");
    std::string path, game_name;
    int ply = -1;
    app.add_option("FILE", path, "a game record, as vari play saves it, or a chess PGN file")
        ->required();
    app.add_option("--ply", ply, "show the position after this many plies (default: the end)")
        ->check(whole_number(0, std::numeric_limits<int>::max()));
    app.add_option("--game", game_name,
                   "the game's rule file or shipped name (default: the record's RuleFile)");
    auto notation = notation::Notation::short_form;
    add_notation_option(app, notation);
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    std::string error;
    const auto text = read_record_file(path, error);
    if (!text) {
        std::cerr << "vari replay: " << printable(error) << '\n';
        return static_cast<int>(Exit::invalid);
    }
    const auto game = load_record_game(path, *text, game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    runtime::Record record;
    if (const auto diagnostic = runtime::read_record(*game, *text, path, record)) {
        std::cerr << dsl::render(*diagnostic, *text);
        return static_cast<int>(Exit::invalid);
    }
    runtime::Game& played = *record.game;
    if (ply > played.ply()) {
        std::cerr << "vari replay: --ply " << ply << ": the record has " << played.ply()
                  << " plies\n";
        return static_cast<int>(Exit::usage);
    }
    while (ply >= 0 && played.ply() > ply) played.undo();
    std::cout << runtime::wrap_words(runtime::move_history(played, notation)) << '\n';
    const Position& pos = played.position();
    std::cout << runtime::draw_board(pos);
    if (played.result())
        std::cout << printable(played.result()->summary) << '\n';
    else
        std::cout << game->ir().players[pos.side_to_move()].name << " to move"
                  << (runtime::in_check(pos) ? ", in check" : "") << '\n';
    std::cout << notation::to_position_string(pos) << '\n';
    return static_cast<int>(Exit::ok);
}

}  // namespace vari::tools
