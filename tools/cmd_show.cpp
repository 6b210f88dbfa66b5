// `vari show GAME [--position STR] [--moves LIST] [--names] [--from PLAYER] [--color WHEN]`: draw
// a position, its last move marked; the last line is its position string.
// `vari show --values GAME`: what each piece type is worth to the AI, on the board and in hand.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "runtime/search/search.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

std::string pawns(int centipawns) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", centipawns / 100.0);
    return text;
}

// One line per piece type: name, letter, board value, hand value (games with hands), and
// "stated" where the rule file gives the value. Royal pieces that are never captured are worth 0.
void print_values(const CompiledGame& game) {
    const auto values = search::piece_values(game);
    const auto& pieces = game.ir().pieces;
    std::size_t width = 4;
    for (const auto& piece : pieces) width = std::max(width, piece.name.size());
    const bool hands = game.ir().holds_hands();
    std::string head = "piece";
    head.resize(width + 4, ' ');
    std::cout << head << "    board" << (hands ? "   hand" : "") << '\n';
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        std::string line = printable(pieces[t].name);
        line.resize(width + 2, ' ');
        line += (pieces[t].plus ? "+" : " ") + std::string(1, pieces[t].letter) +
                (pieces[t].tilde ? "~" : "");
        const std::string board = pawns(values[t].board);
        const std::size_t taken = board.size() + (pieces[t].tilde ? 1 : 0);
        line += std::string(9 - std::min<std::size_t>(taken, 8), ' ') + board;
        if (hands) {
            const std::string hand = values[t].in_hand ? pawns(values[t].in_hand) : "-";
            line += std::string(7 - std::min<std::size_t>(hand.size(), 6), ' ') + hand;
        }
        if (values[t].stated) line += "  stated";
        std::cout << line << '\n';
    }
}

nlohmann::json values_json(const CompiledGame& game) {
    const auto values = search::piece_values(game);
    const auto& pieces = game.ir().pieces;
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        nlohmann::json piece{
            {"piece", pieces[t].name},
            {"letter", (pieces[t].plus ? "+" : "") + std::string(1, pieces[t].letter) +
                           (pieces[t].tilde ? "~" : "")},
            {"board", values[t].board / 100.0},
            {"stated", values[t].stated}};
        if (game.ir().holds_hands()) piece["hand"] = values[t].in_hand / 100.0;
        out.push_back(std::move(piece));
    }
    return out;
}

// The position as `vari show --json` prints it.
nlohmann::json position_json(const runtime::Game& play) {
    const Position& pos = play.position();
    const ir::Game& rules = play.game().ir();
    nlohmann::json moves = nlohmann::json::array();
    for (const Move m : play.legal_moves())
        moves.push_back(notation::format_move(pos, m, notation::Notation::long_form));
    const auto history = runtime::move_history(play, notation::Notation::long_form);
    nlohmann::json last_move;  // null at the start
    if (!history.empty()) last_move = history.back();
    nlohmann::json out{{"game", rules.name},
                       {"position", notation::to_position_string(pos)},
                       {"to_move", rules.players[pos.side_to_move()].name},
                       {"in_check", runtime::in_check(pos)},
                       {"last_move", last_move},
                       {"legal_moves", moves},
                       {"result", nullptr}};
    if (const auto& result = play.result())
        out["result"] = {
            {"summary", result->summary}, {"stopped", result->stopped}, {"scores", result->scores}};
    return out;
}

}  // namespace

int run_show(int argc, char** argv) {
    CLI::App app{
        "Draw a position, its last move marked '>' and a royal in check '!', and say who is to "
        "move; the last line is the position string."};
    app.name("vari show");
    std::string game_name;
    StartOptions start;
    bool names = false;
    bool values = false;
    ViewOptions view;
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    add_start_options(app, start);
    app.add_flag("--names", names, "write the names of empty cells instead of dots");
    add_view_options(app, view, "the first player's");
    app.add_flag("--values", values,
                 "list what each piece type is worth (in pawns), on the board and in hand, "
                 "instead of drawing a position");
    bool json = false;
    app.add_flag("--json", json,
                 "print one JSON object: the position string, who is to move, check, the last "
                 "move, the legal moves and the result (with --values: a JSON array of values)");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    if (values) {
        if (json)
            print_json(values_json(*game));
        else
            print_values(*game);
        return static_cast<int>(Exit::ok);
    }
    const auto from = view_player(game->ir(), view, 0, "vari show");
    if (!from) return static_cast<int>(Exit::usage);
    const auto played = start_game(*game, app, start);
    if (!played) return static_cast<int>(Exit::invalid);
    const runtime::Game& play = *played;
    const auto failed =
        static_cast<int>(play.result() && play.result()->stopped ? Exit::stopped : Exit::ok);
    if (json) {
        print_json(position_json(play));
        return failed;
    }
    const Position& pos = play.position();
    std::cout << runtime::draw_board(
        pos,
        {.names = names, .from = *from, .last_move = play.last_move(), .colour = use_colour(view)});
    if (play.result())
        std::cout << printable(play.result()->summary) << '\n';
    else
        std::cout << game->ir().players[pos.side_to_move()].name << " to move"
                  << (runtime::in_check(pos) ? ", in check" : "") << '\n';
    std::cout << notation::to_position_string(pos) << '\n';
    return failed;
}

}  // namespace vari::tools
