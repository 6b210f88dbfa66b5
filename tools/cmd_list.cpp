// `vari list`: the shipped games, each with its players, its board and the first sentence of the
// comment its file opens with.
#include <cctype>
#include <iostream>
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

// "8x8 square board", "61-cell pointy-top hex board".
std::string board_text(const ir::Board& board) {
    switch (board.geometry) {
        case ir::Geometry::square:
            if (board.files.size() * board.lines.size() == board.cells.size())
                return std::to_string(board.files.size()) + "x" +
                       std::to_string(board.lines.size()) + " square board";
            return std::to_string(board.cells.size()) + "-cell square board";
        case ir::Geometry::hex_flat:
            return std::to_string(board.cells.size()) + "-cell flat-top hex board";
        case ir::Geometry::hex_pointy:
            return std::to_string(board.cells.size()) + "-cell pointy-top hex board";
    }
    return {};
}

// A line of at most this many characters follows each game's name.
constexpr std::size_t ABOUT_WIDTH = 76;

// The first sentence of the comment lines a file opens with; empty when the file opens with none.
std::string description(std::string_view text) {
    std::string joined;
    for (std::size_t at = 0; at < text.size() && text[at] == '#';) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at + 1, end - at - 1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '#')) line.remove_prefix(1);
        if (!joined.empty() && !line.empty()) joined += ' ';
        joined += line;
        at = end + 1;
    }
    // A sentence ends at a full stop after a word, not after an initial ("J. R. Smith").
    for (std::size_t stop = joined.find(". "); stop != std::string::npos;
         stop = joined.find(". ", stop + 1)) {
        const auto before = static_cast<unsigned char>(joined[stop > 0 ? stop - 1 : 0]);
        if (std::islower(before) || std::isdigit(before) || before == ')') {
            joined.resize(stop + 1);
            break;
        }
    }
    return joined;
}

// Cut to ABOUT_WIDTH at a blank.
std::string cut_to_line(std::string joined) {
    if (joined.size() <= ABOUT_WIDTH) return joined;
    const std::size_t blank = joined.rfind(' ', ABOUT_WIDTH - 3);
    joined.resize(blank == std::string::npos ? ABOUT_WIDTH - 3 : blank);
    return joined + "...";
}

}  // namespace

int run_list(int argc, char** argv) {
    CLI::App app{"List the shipped games: players, board, and what the file says of itself."};
    app.name("vari list");
    bool json = false;
    app.add_flag("--json", json,
                 "print a JSON array: each game's name, title, players, board, cells, what it "
                 "says of itself, and whether it loads");
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    int status = static_cast<int>(Exit::ok);
    nlohmann::json games = nlohmann::json::array();
    for (const std::string& name : dsl::shipped_games()) {
        const auto loaded = dsl::load_file(*dsl::resolve_game(name));
        if (!loaded.game) {
            if (json)
                games.push_back({{"name", name}, {"loads", false}});
            else
                std::cout << name << ": does not load (vari check " << name << ")\n";
            status = static_cast<int>(Exit::invalid);
            continue;
        }
        const ir::Game& game = *loaded.game;
        const std::string about = description(loaded.sources.front().text);
        if (json) {
            nlohmann::json players = nlohmann::json::array();
            for (const auto& p : game.players) players.push_back(p.name);
            games.push_back({{"name", name},
                             {"loads", true},
                             {"title", game.name},
                             {"players", players},
                             {"board", board_text(game.board)},
                             {"cells", game.board.cells.size()},
                             {"about", about}});
            continue;
        }
        std::string players;
        for (const auto& p : game.players) players += (players.empty() ? "" : ", ") + p.name;
        std::cout << name << ": " << printable(game.name) << "; " << players << "; "
                  << board_text(game.board) << '\n';
        if (!about.empty()) std::cout << "    " << printable(cut_to_line(about)) << '\n';
    }
    if (json) print_json(games);
    return status;
}

}  // namespace vari::tools
