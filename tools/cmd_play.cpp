// `vari play GAME` or `vari play --load FILE`: a game in the terminal between humans, the AI and
// random movers. Without a terminal on standard input it reads one move or command a line and
// prints no prompts, so it can be scripted.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dsl/dsl.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/runtime.hpp"
#include "tools/commands.hpp"

namespace vari::tools {
namespace {

// How play draws its board.
struct View {
    int from = 0;  // the player at the bottom
    bool colour = false;
};

constexpr const char* HELP =
    "Type a move in short notation (e4, Nf3, exd5, e8=Q, O-O) or as FROM-TO (e2-e4, g1f3,\n"
    "e7xd8=Q, c6-c7+), a drop from your hand as PIECE*CELL (P*c5), 'pass' where the game\n"
    "lets you, or a command:\n"
    "  moves      list the legal moves\n"
    "  board      draw the board\n"
    "  names      draw the board with the names of empty cells, or again without\n"
    "  history    the moves played so far\n"
    "  position   the position string of the position\n"
    "  save FILE  save the game as a record (vari play --load FILE resumes it); a file\n"
    "             the game was not saved to or loaded from is replaced only with\n"
    "             save FILE --force\n"
    "  load FILE  go on with the game a record holds\n"
    "  undo       take back your last move (and the replies after it)\n"
    "  redo       play again the moves undo took back\n"
    "  help       this text\n"
    "  quit       end the game\n"
    "The board marks the last move's cells with '>' and a royal piece in check with '!'.\n";

// A file's path as one string whatever way it is written ("game.pgn", "./game.pgn").
std::string file_identity(const std::string& path) {
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(std::filesystem::absolute(path), ec);
    return ec ? path : canonical.string();
}

class Session {
public:
    // `max_plies` counts the plies played from the table's game as it is given.
    Session(runtime::Table& table, View view, int max_plies, bool terminal,
            notation::Notation notation)
        : table_(table),
          notation_(notation),
          view_(view),
          last_ply_(max_plies > 0 ? table.game().ply() + max_plies : 0),
          terminal_(terminal) {}

    // A file `save` may replace unasked: the record the game was loaded from.
    void count_as_own(const std::string& path) { own_files_.insert(file_identity(path)); }

    // Plays until the game ends, the ply limit, a quit or the end of input: `stopped` when a hook
    // failed, else `ok`. After the end, a human may still save the game, look at it, or take
    // moves back and play on, until quit or the end of input.
    Exit run() {
        for (;;) {
            while (!game().result() && (last_ply_ <= 0 || game().ply() < last_ply_)) {
                if (table_.person_to_move()) {
                    if (!human_turn()) return Exit::ok;
                } else if (!computer_turn()) {
                    return Exit::stopped;
                }
            }
            if (terminal_) show_board();
            if (!game().result()) {
                std::cout << "stopped after " << game().ply() << " plies\n";
                return Exit::ok;
            }
            const runtime::Result& r = *game().result();
            if (r.stopped) {
                // A hook's error may quote anything the Lua code made.
                std::cout << printable(r.summary) << '\n';
                return Exit::stopped;
            }
            std::cout << r.summary << "\nscores:";
            for (std::size_t p = 0; p < r.scores.size(); ++p)
                std::cout << (p ? ", " : " ") << name(static_cast<int>(p)) << ' ' << r.scores[p];
            std::cout << '\n';
            if (!table_.has_person() || !human_turn()) return Exit::ok;  // true: moves taken back
        }
    }

private:
    const runtime::Game& game() const { return table_.game(); }
    int side() const { return game().position().side_to_move(); }
    const std::string& name(int player) const { return game().game().ir().players[player].name; }

    // "White plays e4", with ", check" or ", checkmate" after a move that gives one unless the
    // notation marks it ("Qh4#").
    void play(Move move) {
        const std::string text = notation::format_move(game().position(), move, notation_);
        std::cout << name(side()) << " plays " << text;
        table_.play(move);
        const bool marked = notation_ == notation::Notation::short_form &&
                            notation::marks_check(game().game().ir());
        if (table_.in_check() && !marked) {
            const auto& result = game().result();
            std::cout << (result && result->reason == "checkmate" ? ", checkmate" : ", check");
        }
        std::cout << '\n';
    }

    // Compact, so that after a move the board and the lines around it (the move typed, one move
    // of each player, the prompt) fit a terminal of 24 lines.
    void show_board() const {
        const std::string drawn =
            runtime::draw_board(game().position(), {.names = names_,
                                                    .from = view_.from,
                                                    .last_move = game().last_move(),
                                                    .colour = view_.colour,
                                                    .compact = true});
        if (game().result()) {
            std::cout << '\n' << drawn;
            return;
        }
        const std::string status =
            name(side()) + " to move" + (table_.in_check() ? ", in check" : "");
        std::cout << board_and_status(drawn, status, static_cast<int>(table_.seats().size()) + 2);
    }

    // The AI's or the random mover's move, with the AI's progress on a terminal; false when a hook
    // failed in the search.
    bool computer_turn() {
        const auto progress = [&](const search::Iteration& it) {
            if (!terminal_) return;
            std::cout << "\r" << name(side()) << " thinks: depth " << it.depth << ", " << it.nodes
                      << " nodes" << std::flush;
        };
        const search::Outcome out = table_.computer_move(progress);
        if (terminal_) std::cout << "\r\x1b[K" << std::flush;
        if (!out.error.empty()) {
            std::cout << "game stopped: " << printable(out.error) << '\n';
            return false;
        }
        play(out.best);
        return true;
    }

    // Reads lines until a move is played or taken back (true) or input ends or the player quits
    // (false). After the end of the game only commands are read.
    bool human_turn() {
        const bool over = game().result().has_value();
        if (terminal_ && !over) show_board();
        for (;;) {
            if (terminal_) std::cout << (over ? "" : name(side())) << "> " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) {
                if (terminal_) std::cout << '\n';
                return false;
            }
            std::istringstream words(line);
            std::string word;
            words >> word;
            if (word.empty() || word[0] == '#') continue;  // blank lines and script comments
            if (word == "quit") return false;
            if (word == "help") {
                std::cout << HELP;
            } else if (word == "board") {
                show_board();
            } else if (word == "names") {
                names_ = !names_;
                show_board();
            } else if (word == "moves") {
                list_moves();
            } else if (word == "history") {
                std::cout << runtime::wrap_words(runtime::move_history(game(), notation_));
            } else if (word == "position") {
                std::cout << notation::to_position_string(game().position()) << '\n';
            } else if (word == "save" || word == "load") {
                std::string path;
                std::getline(words >> std::ws, path);
                if (path.empty()) {
                    std::cout << word << " needs a file name: " << word << " FILE\n";
                } else if (word == "save") {
                    save(path);
                } else if (load(path)) {
                    return true;
                }
            } else if (word == "undo" || word == "redo") {
                if (word == "undo" ? table_.undo() : table_.redo()) {
                    std::cout << (word == "undo" ? "took back; " : "played again; ") << name(side())
                              << " to move\n";
                    return true;
                }
                std::cout << "nothing to " << word << '\n';
            } else {
                std::string error;
                if (const auto move = runtime::parse_game_move(game(), line, error)) {
                    play(*move);
                    return true;
                }
                std::cout << printable(error) << '\n';
            }
        }
    }

    void list_moves() const {
        const MoveList& legal = game().legal_moves();
        std::string line;
        for (const std::string& text :
             notation::format_moves(game().position(), {legal.begin(), legal.end()}, notation_)) {
            if (!line.empty() && line.size() + 1 + text.size() > 78) {
                std::cout << line << '\n';
                line.clear();
            }
            line += (line.empty() ? "" : " ") + text;
        }
        std::cout << line << '\n';
    }

    // `save FILE`, or `save FILE --force` to replace a file this game neither wrote nor was
    // loaded from.
    void save(std::string path) {
        constexpr std::string_view FORCE = " --force";
        const bool force = path.size() > FORCE.size() && path.ends_with(FORCE);
        if (force) path.resize(path.size() - FORCE.size());
        runtime::RecordHeader header;
        header.event = "vari play";
        header.date = runtime::record_date_today();
        for (const runtime::Seat& seat : table_.seats()) header.player_kinds.push_back(seat.text);
        std::string error;
        const bool own = own_files_.count(file_identity(path)) > 0;
        if (save_record(path, runtime::write_record(game(), header),
                        force || own ? Replace::allowed : Replace::never, error)) {
            own_files_.insert(file_identity(path));
            std::cout << "saved " << game().ply() << " plies to " << printable(path) << '\n';
        } else {
            std::cout << printable(error) << '\n';
        }
    }

    // Goes on with the game of the record at `path`; false, saying why, when it cannot be read.
    bool load(const std::string& path) {
        std::string error;
        const auto text = read_record_file(path, error);
        if (!text) {
            std::cout << printable(error) << '\n';
            return false;
        }
        runtime::Record record;
        if (const auto diagnostic = runtime::read_record(game().game(), *text, path, record)) {
            std::cout << dsl::render(*diagnostic, *text);
            return false;
        }
        const int first_ply = record.game->ply();  // a loaded game's moves are its history
        table_.replace_game(std::move(record.game), first_ply);
        own_files_.insert(file_identity(path));
        std::cout << "loaded " << game().ply() << " plies from " << printable(path) << '\n';
        return true;
    }

    runtime::Table& table_;
    // The files this game was saved to or loaded from, which `save` may replace unasked.
    std::set<std::string> own_files_;
    notation::Notation notation_;
    bool names_ = false;  // the board shows the names of empty cells
    View view_;           // from whose side and in colour or not
    int last_ply_;        // the ply to stop at; 0: none
    bool terminal_;
};

// One player's setting and the option it came from ("--player Gray=ai:3", "--white random").
struct SeatOption {
    std::string player;
    std::string kind;
    std::string option;
};

// Seats the players the settings name (in any case); returns an error message or "". A player set
// twice in different ways is an error: which was meant cannot be known.
std::string assign(const ir::Game& game, const std::vector<SeatOption>& options,
                   std::vector<runtime::Seat>& seats) {
    std::vector<const SeatOption*> set_by(game.players.size(), nullptr);
    for (const SeatOption& option : options) {
        std::string error;
        auto seat = runtime::parse_seat(option.kind, error);
        if (!seat) return option.option + ": " + error;
        const int found = runtime::player_named(game, option.player);
        if (found < 0) {
            std::string names;
            for (const auto& player : game.players) names += ' ' + player.name;
            return option.option + ": no player '" + option.player + "' (players:" + names +
                   "; --player NAME=KIND names any of them)";
        }
        const auto p = static_cast<std::size_t>(found);
        if (set_by[p] && set_by[p]->kind != option.kind)
            return set_by[p]->option + " and " + option.option + " set " + game.players[p].name +
                   " differently";
        set_by[p] = &option;
        seats[p] = std::move(*seat);
    }
    return "";
}

}  // namespace

int run_play(int argc, char** argv) {
    CLI::App app{
        "Play a game: humans type moves, the AI searches for its moves, random movers "
        "pick a legal move at random.\n" +
        std::string(HELP)};
    app.name("vari play");
    std::string game_name;
    StartOptions start;
    std::vector<std::string> players;
    std::string first, second;
    std::uint64_t seed = std::random_device{}();
    int max_plies = 0;
    std::string load_path;
    app.add_option("GAME", game_name,
                   "a .vari file or a shipped game's name (with --load: the record's RuleFile "
                   "unless given)");
    add_start_options(app, start);
    app.add_option("--load", load_path, "go on with the game of a record ('save FILE' writes one)")
        ->excludes("--position")
        ->excludes("--moves");
    auto notation = notation::Notation::short_form;
    add_notation_option(app, notation);
    ViewOptions view;
    add_view_options(app, view, "the side of the only human, else the first player's");
    app.add_option("--player", players,
                   "NAME=KIND for the player called NAME (repeatable); KIND is human, random, "
                   "ai (level 5), ai:1 to ai:10, ai:depth=N, ai:time=MS or ai:nodes=N");
    app.add_option("--white", first, "KIND: the player called White (shorthand)");
    app.add_option("--black", second, "KIND: the player called Black (shorthand)");
    app.add_option("--seed", seed,
                   "seed for the random movers and the AI's choices (default: a random one)")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    app.add_option("--max-plies", max_plies, "stop after this many plies (0: no limit)")
        ->check(whole_number(0, std::numeric_limits<int>::max()));
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    if (game_name.empty() && load_path.empty()) {
        std::cerr << "vari play: give a GAME, or --load FILE ('vari help play' says more)\n";
        return static_cast<int>(Exit::usage);
    }
    std::optional<std::string> record_text;
    if (!load_path.empty()) {
        std::string error;
        record_text = read_record_file(load_path, error);
        if (!record_text) {
            std::cerr << "vari play: --load: " << printable(error) << '\n';
            return static_cast<int>(Exit::invalid);
        }
    }
    auto game =
        record_text ? load_record_game(load_path, *record_text, game_name) : load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    const ir::Game& ir = game->ir();
    std::vector<runtime::Seat> seats(ir.players.size());
    // The shorthands name the players called White and Black, whatever their turn.
    std::vector<SeatOption> options;
    if (!first.empty()) options.push_back({"White", first, "--white " + first});
    if (!second.empty()) options.push_back({"Black", second, "--black " + second});
    for (const std::string& spec : players) {
        const auto eq = spec.find('=');
        options.push_back({spec.substr(0, eq), eq == std::string::npos ? "" : spec.substr(eq + 1),
                           "--player " + spec});
    }
    if (const std::string error = assign(ir, options, seats); !error.empty()) {
        std::cerr << "vari play: " << printable(error) << '\n';
        return static_cast<int>(Exit::usage);
    }

    // The board is seen from the side of the only human, if one plays alone; else from the first
    // player's.
    const auto is_person = [](const runtime::Seat& seat) { return seat.person(); };
    const auto people = std::count_if(seats.begin(), seats.end(), is_person);
    const int lone_human =
        people == 1
            ? static_cast<int>(std::find_if(seats.begin(), seats.end(), is_person) - seats.begin())
            : 0;
    const auto from = view_player(ir, view, lone_human, "vari play");
    if (!from) return static_cast<int>(Exit::usage);

    std::unique_ptr<runtime::Game> played;
    if (record_text) {
        runtime::Record record;
        if (const auto error = runtime::read_record(*game, *record_text, load_path, record)) {
            std::cerr << dsl::render(*error, *record_text);
            return static_cast<int>(Exit::invalid);
        }
        played = std::move(record.game);
    } else {
        played = start_game(*game, app, start);
    }
    if (!played) return static_cast<int>(Exit::invalid);
    // The moves a game starts with (--moves, a record's) are history undo does not take back.
    const int first_ply = played->ply();
    runtime::Table table(*game, std::move(played), std::move(seats), seed, first_ply);
    Session session(table, View{*from, use_colour(view)}, max_plies, isatty(0), notation);
    if (record_text) session.count_as_own(load_path);
    return static_cast<int>(session.run());
}

}  // namespace vari::tools
