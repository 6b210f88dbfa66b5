// A game in play: turn history, end conditions and results (its hooks asked through lua::Hooks),
// the AI's seat, moves typed into it, its records, counting the tree of play, random play, the
// board drawn, and analyses of a design.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/lua/hooks.hpp"
#include "runtime/notation/notation.hpp"
#include "runtime/search/search.hpp"

namespace vari::runtime {

// ---- A game in play -----------------------------------------------------------------------
struct Result {
    std::string reason;  // "checkmate", "stalemate", "threefold repetition", ...
    ir::Outcome outcome = ir::Outcome::draw;  // for `player`
    int player = -1;                          // the player the outcome is for; -1 for a draw
    // Set when a hook failed and stopped the game: `summary` says why, and there are no scores.
    bool stopped = false;
    // Per player, for the outcome of the end condition, which is for the player who made the last
    // move: a win gives that player 1 and the others 0; a draw gives everyone 1/N (0.5 for two);
    // a loss gives that player 0 and the others 1/(N-1) each.
    std::vector<double> scores;
    std::string summary;  // "White wins by checkmate", "draw by stalemate"
};

// Whether a game in play runs its hooks (off: as if the game had none, e.g. to measure them).
enum class HookUse : std::uint8_t { on, off };

// Asked now and then by long work (perft, analyze), from the threads doing it: true when the work
// should end as soon as it can (a user's stop, a closed page, a time limit).
using StopWhen = std::function<bool()>;

// A game from a start position: the history of moves, and the result once one of the game's end
// conditions (ir::Game::ends) holds. The at_start hook judges the start position; after each
// move the after_move hook is asked first (then after_capture or after_pass, when the move was
// one); then a player to move without pieces (on the board or in hand), then the material left
// (a bare royal piece, insufficient material), then checkmate and stalemate (no legal move, with
// or without a royal piece attacked) are judged, and then the repetition and ply-limit counts. A
// position without a legal move that no end condition covers ends the game as a draw by "no
// legal move". The score hook, when there is one, scores every ending. A hook that fails stops the
// game (Result::stopped).
class Game {
public:
    explicit Game(const CompiledGame& game, HookUse hooks = HookUse::on);  // from the start
    Game(const CompiledGame& game, const Position& start, HookUse hooks = HookUse::on);
    ~Game();
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    const CompiledGame& game() const { return game_; }
    const Position& position() const { return pos_; }
    const Position& start() const { return start_; }
    Move move_at(int ply) const { return step(ply).move; }  // 0 <= ply < ply()
    // The legal moves, less those a move filter hook refuses; none once the game has a result
    // (whatever ended it: checkmate, a hook's verdict, a goal reached, a stop).
    const MoveList& legal_moves() const {
        assert(judged_);
        return legal_;
    }
    int ply() const { return plies_; }  // moves played since the start
    Move last_move() const { return plies_ ? step(plies_ - 1).move : Move::none(); }
    // How the last move changed the board; null at the start.
    const Undo* last_undo() const { return plies_ ? &step(plies_ - 1).undo : nullptr; }
    // The hash of each position so far, the start's first and the current one's last.
    const std::vector<std::uint64_t>& hashes() const { return hashes_; }
    int passes() const;  // passes in a row ending with the last move
    bool runs_hooks() const { return hooks_ != nullptr; }

    void play(Move move);  // `move` must be legal
    bool undo();           // false at the start
    // A new game from the start, as a Game made anew would play it (hooks loaded again, their
    // state with them), keeping the memory this one holds for moves and counts: for games played
    // one after another.
    void restart();
    // The same, for a walk over the tree of moves (perft) that takes a move back only to play
    // the next: the position is not judged again, so legal_moves() and result() may not be read
    // until the next play().
    bool undo_unjudged();
    // Set while the current position ends the game by one of its end conditions.
    const std::optional<Result>& result() const {
        assert(judged_);
        return result_;
    }

private:
    struct Step {
        Step() {}  // leaves the undo record's capture-sequence arrays unset: do_move fills them
        Move move;
        Undo undo;
    };
    // The moves played live in blocks that never move (hooks read the last undo record by
    // address); an undo record is large, for it may hold a capture sequence, so play allocates
    // one block of records at a time and never copies them.
    static constexpr int STEPS_PER_BLOCK = 64;
    Step& step(int ply) { return steps_[ply / STEPS_PER_BLOCK][ply % STEPS_PER_BLOCK]; }
    const Step& step(int ply) const { return steps_[ply / STEPS_PER_BLOCK][ply % STEPS_PER_BLOCK]; }
    void load_hooks();
    void refresh();         // legal moves and result for the current position
    void judge_position();  // refresh() but for taking the moves of an ended game away
    lua::HookContext context() const;
    bool filter_moves();      // false when a filter hook failed
    void end(Result result);  // sets the result, scored by the score hook when there is one
    void stop(const std::string& why);

    const CompiledGame& game_;
    Position start_;
    Position pos_;
    std::vector<std::unique_ptr<Step[]>> steps_;  // steps_[ply / STEPS_PER_BLOCK]
    int plies_ = 0;
    std::vector<std::uint64_t> hashes_;  // hash after each ply, hashes_[0] = start
    MoveList legal_;
    std::optional<Result> result_;
    bool judged_ = false;    // legal_ and result_ are the current position's
    PositionCounts counts_;  // of the positions of hashes_
    int repetitions_ = 1;    // how often the current position has occurred
    HookUse hook_use_;
    std::unique_ptr<lua::Hooks> hooks_;
    std::string hook_load_error_;  // why the hooks could not be loaded; empty when they were
};

// ---- The AI in a game in play ----------------------------------------------------------------
// The search's view of the game: its position, history and moves (which must outlive the view).
search::Root search_root(const Game& game);

// The game's hooks for the search to ask, in a Lua state of their own; null when the game has
// none, or `use` is off, or they fail to load (then `error` says why).
std::unique_ptr<search::RuleHooks> search_hooks(const CompiledGame& game, HookUse use,
                                                std::string& error);

// The AI at a level, choosing moves for any player of a game in play; it remembers what it
// learnt between moves of one game.
class AiPlayer {
public:
    AiPlayer(const CompiledGame& game, const search::Level& level, std::uint64_t seed,
             HookUse hooks = HookUse::on);
    ~AiPlayer();
    // The move to play now (the game is not over); the outcome's error is set when a hook failed.
    search::Outcome choose(const Game& game, const search::Searcher::Progress& progress = {});
    // The same within other limits than the level's (a match's clock or fixed depth).
    search::Outcome choose_within(const Game& game, const search::Limits& limits,
                                  const search::Searcher::Progress& progress = {});
    const search::Level& level() const { return level_; }
    void stop() { searcher_.stop(); }  // from another thread: answer now

private:
    search::Level level_;
    search::Searcher searcher_;
    std::unique_ptr<search::RuleHooks> hooks_;
    std::string hook_error_;
};

// A search's score for the side to move, in words: "+0.35" in pawns, or a forced end: "#3" (mate
// in three moves) and "#-2" with two players, "win in 5" and "loss in 4" plies with more.
std::string score_text(int score, int players);

// ---- Who plays: seats and the table ----------------------------------------------------------
// Whether the side to move is in check as its rules mean it: a royal piece of its own is attacked,
// in a game whose royal pieces may not be captured.
bool in_check(const Position& pos);

// Who plays a seat: a person (at the terminal or the page), vari's AI at a level, or the random
// mover (a uniformly random legal move).
struct Seat {
    enum class Kind : std::uint8_t { person, ai, random };
    Kind kind = Kind::person;
    std::string text = "human";          // as given: "human", "random", "ai:3"
    std::optional<search::Level> level;  // the AI's level
    bool person() const { return kind == Kind::person; }
};
// The player called `name` (in any case), or -1 when none is.
int player_named(const ir::Game& game, std::string_view name);
// Where a seat is chosen: anywhere, or where no person can wait for (an analysis, a match).
enum class SeatsAllowed : std::uint8_t { any, computers };
// The seat `text` names: "human", "random", "ai" or "ai:" followed by a level as
// search::parse_level reads it ("ai:3", "ai:depth=2", "ai:nodes=5000"). Nothing, with `error`
// saying what may be named, when it names none or a seat `allowed` does not take.
std::optional<Seat> parse_seat(std::string_view text, std::string& error,
                               SeatsAllowed allowed = SeatsAllowed::any);
// The evaluation weights an AI seat plays with: the weights file's path where the game has learned
// weights and the level does not ask for the derived ones, else "derived"; empty for a seat
// without an AI.
std::string seat_weights(const ir::Game& game, const Seat& seat);

// A game at a table: the game in play, who sits at each of its seats (with their AIs), the moves
// taken back that may be played again, and what a player sees of the rules: whether it is in
// check. `vari play` and the page are input and output over a table.
class Table {
public:
    // One seat per player, in turn order; an AI seat of player p is seeded by seed + p, the
    // random mover by `seed`. The first `first_ply` moves of `played` are where the game started:
    // undo does not take them back.
    Table(const CompiledGame& game, std::unique_ptr<Game> played, std::vector<Seat> seats,
          std::uint64_t seed, int first_ply = 0);
    ~Table();

    const Game& game() const { return *game_; }
    const std::vector<Seat>& seats() const { return seats_; }
    const Seat& seat_to_move() const;
    bool has_person() const;
    // The game goes on and a person is to move in it.
    bool person_to_move() const;
    bool in_check() const { return runtime::in_check(game_->position()); }  // as the rules mean it

    // The move the computer seat to move chooses (the game goes on and no person is to move):
    // the AI's search, reporting to `progress`, or the random mover's pick; the outcome's error
    // is set when a hook failed in the search. The game is not changed.
    search::Outcome computer_move(const search::Searcher::Progress& progress = {});
    // Asks a search running in computer_move, from another thread, to answer now.
    void stop_thinking();

    void play(Move move);  // `move` must be legal; the moves taken back are forgotten
    // Takes back moves to the last position where a person was to move, or one move where no
    // person sits at the table; false at the start. redo() plays them again, as far.
    bool undo();
    bool redo();
    bool can_undo() const { return game_->ply() > first_ply_; }
    bool can_redo() const { return !undone_.empty(); }

    // New seats for the game in play (their AIs start afresh); `seed` as the constructor's.
    void reseat(std::vector<Seat> seats, std::uint64_t seed);
    // Goes on with another game of the same rules (a record loaded), `first_ply` as the
    // constructor's; the moves taken back are forgotten.
    void replace_game(std::unique_ptr<Game> played, int first_ply = 0);

private:
    const CompiledGame& compiled_;
    std::unique_ptr<Game> game_;
    std::vector<Seat> seats_;
    std::vector<std::unique_ptr<AiPlayer>> ais_;  // per seat, null but for AI seats
    std::vector<Move> undone_;                    // the latest taken back last
    int first_ply_;
    std::mt19937_64 rng_;
    std::atomic<AiPlayer*> thinking_{nullptr};  // the AI in computer_move, for stop_thinking
};

// ---- Moves typed for a game in play --------------------------------------------------------
// The move `text` names (any notation parse_move reads) if the game allows it now: not over, and
// not refused by a filter hook. Otherwise `error` says why.
std::optional<Move> parse_game_move(const Game& game, std::string_view text, std::string& error);

// Plays the moves of `list`, separated by blanks, from the game's current position. Move numbers
// as a score writes them ("1.", "12...") are skipped. At the first move that cannot be played,
// returns false with `error` giving its number in the list (the first is 1), the text and why;
// the moves before it stay played.
bool play_moves(Game& game, std::string_view list, std::string& error);

// Why a game stopped at a position whose capture sequences do not all fit a MoveList.
std::string too_many_moves();

// ---- Game records ----------------------------------------------------------------------------
// A whole game as text, modelled on PGN: tag pairs, then the moves in short notation, numbered by
// rounds (a number before the first player's move; "12..." when a round starts with another
// player), then the result. In order:
//   [Event] [Site] [Date] [Round]       as the writer gives them ("?" when unknown)
//   one tag per player, named by the player ([White "human"], [Black "random"]): its kind
//   [Result]     "1-0", "0-1", "1/2-1/2", or with more players the scores joined by '-'
//                ("1-0-0"); "*" while the game goes on
//   [Variant]    the game's name;  [SetUp "1"] [FEN]  the start when it is not the game's own
//   [RuleFile]   the rule file's name;  [RuleHash]  ir::Game::rules_hash in 16 hex digits
//   [Termination] why the game ended ("checkmate"); [Scores] the players' scores when the
//                 result does not say them ("White 0.75, Black 0.25")
// For chess this is PGN as chess tools read it.
// A game's end decided outside its rules (a match's adjudication, a forfeit), for a game its moves
// leave going: every player's score, and the Termination tag's text ("time forfeit").
struct Decision {
    std::vector<double> scores;
    std::string termination;
};
struct RecordHeader {
    std::string event, site, date, round;   // "?" when empty; the date as "2026.11.24"
    std::vector<std::string> player_kinds;  // per player: "human", "random", ...
    std::optional<Decision> decision;       // only for a game whose moves have not ended it
};
std::string write_record(const Game& game, const RecordHeader& header);
// Today's date (local time) as records write it: "2026.11.24".
std::string record_date_today();

// The moves played from the game's start, numbered as records number them:
// {"1.", "e4", "e5", "2.", "Nf3"}, or {"5...", "Nf6", "6.", ...} from a position where the first
// player is not to move.
std::vector<std::string> move_history(const Game& game, notation::Notation notation);
// Words joined by blanks in lines of at most 79 characters, each line ending with '\n'.
std::string wrap_words(const std::vector<std::string>& words);

struct RecordTag {
    std::string name, value;
};
struct Record {
    std::vector<RecordTag> tags;
    std::unique_ptr<Game> game;  // from the record's start, its moves played
    // The value of the tag `name`, or nothing.
    const std::string* tag(std::string_view name) const;
};
// Reads a record of `game` (ours, or PGN from chess tools: comments, NAGs, variations and move
// numbers are skipped) and replays every move. A record whose RuleHash differs from the game's
// is refused: it was played under other rules. Errors are located at the line and column of
// `text` (file `label`): a malformed tag, a bad FEN, an illegal move (its number and why), a
// result that the moves contradict, a missing end marker (a truncated record).
std::optional<Diagnostic> read_record(const CompiledGame& game, std::string_view text,
                                      const std::string& label, Record& record,
                                      HookUse hooks = HookUse::on);
// The RuleFile tag of a record, read without the rest, to find its game; empty when none.
std::string record_rule_file(std::string_view text);

// ---- Work in pieces -------------------------------------------------------------------------
// Long runs made of many independent pieces (an analysis's or a match's games, a perft's
// subtrees, a tuning's self-play): each piece is played from its index alone, wherever a thread
// is free (here, or in another process under mpirun: vari_distributed), and gives its result as
// one JSON value in text, which the process that sums the run up reads back.
struct Pieces {
    long long count = 0;          // pieces 0 .. count-1
    int threads = 1;              // pieces played at once in each process
    std::string noun = "pieces";  // what a piece is, in messages: "games", "subtrees"
    // Pieces an earlier run finished (kept in its Journal): not played again.
    std::vector<bool> done_before;
    // Makes the player of pieces for one thread (with its own players, Lua states, engines): it
    // gives piece `index`'s result, or nothing when it was abandoned (`abandon` turned true: the
    // run has what it needs, or is ending) or its own stop came first.
    using Player = std::function<std::optional<std::string>(long long index)>;
    std::function<Player(const std::atomic<bool>& abandon)> player;
    // In the process that sums the run up, one piece at a time, in the order pieces end: false
    // when enough is known (a sequential test's verdict): no piece is handed out after, and those
    // in play are abandoned.
    std::function<bool(long long index, const std::string& result)> finished;
    StopWhen stop = {};  // asked often: true ends the run, the pieces in play unfinished
};

struct PiecesRun {
    bool complete = false;  // every piece finished, or `finished` said enough
    // Why the run is not complete (a stop, a process lost with what it held), for the user.
    std::string problem;
};

// Runs the pieces on pieces.threads threads of this process.
PiecesRun run_here(const Pieces& pieces);
// How a run's pieces are run: here, or shared among processes (vari_distributed), of which one
// sums the run up (calls `finished`, keeps the journal, prints) and the others only play.
struct PieceRunner {
    bool sums_up = true;
    int processes = 1;
    std::function<PiecesRun(const Pieces&)> run = run_here;
};

// The threads of one process that play a run's pieces: handed indices by one thread, which takes
// back each piece's result. Destroying it abandons the pieces in play and joins the threads.
class PiecePlayers {
public:
    explicit PiecePlayers(const Pieces& pieces);
    ~PiecePlayers();
    PiecePlayers(const PiecePlayers&) = delete;
    PiecePlayers& operator=(const PiecePlayers&) = delete;

    void give(long long index);
    struct Ended {
        long long index = 0;
        std::optional<std::string> result;  // nothing: abandoned or stopped
    };
    // A piece that ended, waiting for one at most `wait_ms`; nothing when none did by then.
    std::optional<Ended> take(int wait_ms);
    void abandon();                           // the pieces in play end as soon as they can
    int in_play() const { return in_play_; }  // given and not yet taken back
    bool wants_more() const;                  // fewer in play (or queued) than threads + 1

private:
    struct Shared;
    std::unique_ptr<Shared> shared_;
    std::vector<std::thread> threads_;
    int in_play_ = 0;
    int threads_count_ = 1;
};

// The pieces a run finished, kept in a file as they end (a line naming the run, then one line per
// piece), so that a stopped run goes on where it was: pieces found in it are not played again.
class Journal {
public:
    // Opens the journal at `path` for the run `run` names (one line of JSON: what the run is,
    // every option that changes its results): the pieces it holds when it was written for the
    // same run, none when it is new. Nothing, with `error` set, when it was written for another
    // run or cannot be read or written.
    static std::optional<Journal> open(const std::string& path, const std::string& run,
                                       std::string& error);
    Journal(Journal&& other) noexcept;
    Journal& operator=(Journal&& other) noexcept;
    ~Journal();

    const std::map<long long, std::string>& results() const { return results_; }
    // Keeps piece `index`'s result (one JSON value), on disk at once; false with `error` set when
    // it cannot be written.
    bool add(long long index, const std::string& result, std::string& error);
    const std::string& path() const { return path_; }

private:
    Journal() = default;
    std::FILE* file_ = nullptr;
    std::string path_;
    std::map<long long, std::string> results_;
};

// ---- Counting the tree of play (perft) ----------------------------------------------------------
// The leaves, `depth` plies down, of the tree of moves a Game allows from `start`: the legal moves
// less those a filter hook refuses, and none below a position where the game has ended (by a
// hook's verdict or any end condition; such a position is still a leaf when it is `depth` plies
// down). With `hooks` off the game's hooks are not run. A tree that no hook and no end condition
// besides "no legal move" can reach is counted by the engine alone (vari::perft), at its speed.
struct PerftResult {
    std::uint64_t nodes = 0;
    // With `divide`: each first move in `notation` and the leaves below it, in generation order.
    std::vector<std::pair<std::string, std::uint64_t>> divide;
    // Set when a game in the tree was stopped (a hook failed, or moves did not fit): the count is
    // then incomplete.
    std::string error;
};
struct PerftOptions {
    HookUse hooks = HookUse::on;  // off: the game's hooks are not run
    bool divide = false;
    notation::Notation notation = notation::Notation::long_form;  // of the divide's moves
    // Above 1, the subtrees are shared out among that many threads, each walking a copy of the
    // start (and running hooks in a Lua state of its own): the same counts, sooner.
    int threads = 1;
    // When given, asked every few milliseconds (from every thread); once it says true the count
    // ends with `error` "stopped before the count was done".
    StopWhen stop = {};
    // When given, told each time the count below a first move (or a subtree, when they are
    // shared out) is done: how many are done, of how many (one call at a time).
    std::function<void(std::size_t done, std::size_t total)> progress = {};
    // Where the count's subtrees (below each first and second move) are counted, when they are
    // shared out: on `threads` threads here, or among processes.
    PieceRunner runner = {};
    // The subtrees counted are kept here as they are done, and a count given the journal of a
    // stopped one counts only those it lacks (empty: kept nowhere).
    std::string journal = {};
};
PerftResult perft(const CompiledGame& game, const Position& start, int depth,
                  const PerftOptions& options = {});
// The same from a game in play: nothing below it once it has ended, whatever ended it (a hook's
// verdict on the moves that led there included), as after a checkmate; a stopped game's `error`.
PerftResult perft(const Game& from, int depth, const PerftOptions& options = {});

// A uniformly random legal move, or Move::none() when there is none.
Move random_move(const Game& game, std::mt19937_64& rng);

// ---- Drawing --------------------------------------------------------------------------------
// The board as text, each cell placed by its coordinates, the first line at the top:
//  * square boards as a grid;
//  * flat-top hex boards as vertical files side by side, each a half cell lower than the one to its
//    left when its coordinates say so (row = 2y - x);
//  * pointy-top hex boards as horizontal ranks indented by half a cell (column = 2x + y).
// The board is seen from `from`'s side: turned by the board's smallest rotation (90 degrees on
// square boards, 60 on hex boards) as often as brings the middle of that player's setup lowest;
// for two players facing each other that is half a turn. Without setup pieces the players are
// spread round the circle in turn order.
// Labels come from the cell names: the file part and the rank part of a name ("e10": file e,
// rank 10; "7g": file 7, rank g). A group of cells sharing a part is labelled only when its cells
// lie on one line of the drawing that holds no other cell, or on a path of neighbouring cells:
//  * a line across the drawing (the ranks of a square board) gets its label in a margin at the
//    left;
//  * a line straight up (the files of a square or flat-top board, or a pointy-top file that
//    zigzags between two columns half a cell apart) gets its label below the board, and above it
//    too on a flat-top board unless `compact`;
//  * any other line or path (the slanting ranks of a flat-top board, the slanting files of a
//    pointy-top one) gets its label where it leaves the board at each end, one cell beyond its
//    end cell, where that leaves a blank each side of the label (and not above the board when
//    `compact`).
// A group of one cell is labelled as most groups of its kind are.
// A piece is written as position strings write it: its letter, upper case for the first player
// and lower case for the second; with more players its letter and then its owner's player_token
// ("Kr"). In a game with `plus` pieces every cell has room for a '+' before the letter ("+P",
// " P"), and in one with `tilde` pieces for a '~' after it ("Q~", "Q "). Empty cells are dots, or
// their names with `names`.
// Marks, each in the blank just before a cell's letter (or its '+'), so the grid keeps its shape:
// the origin and destination of `last_move` (a drop's cell) get a '>' (". .>P ."), a royal piece
// of the side to move that another player attacks a '!' ("!K"), where the game has check. With
// `colour`, ANSI escapes colour each player's pieces, show the last move's cells in reverse video
// (instead of '>') and a royal in check on red (with its '!'); every styled run ends with a reset.
// In a game with hands, each player's hand is a line "White in hand: P P n" ("-" when empty):
// with two players the other player's above the board and `from`'s below, with more all below in
// turn order.
struct DrawOptions {
    bool names = false;             // empty cells by name instead of dots
    int from = 0;                   // the player whose side is at the bottom
    Move last_move = Move::none();  // marked when not none or a pass
    bool colour = false;            // ANSI colours
    bool compact = false;           // no line of labels above the cells
};
std::string draw_board(const Position& pos, const DrawOptions& options = {});

// ---- The board as a picture ------------------------------------------------------------------
// Where a graphical board draws each cell and each label, seen from a player's side as
// draw_board turns it: centres in the plane, x to the right and y up the board, in units of the
// cell's size (a square's side; the distance between the centres of neighbouring hex cells), and
// a shade per cell (0 or 1 on square boards, a1 dark; 0, 1 or 2 on hex boards, neighbours always
// different). Labels stand where draw_board writes them.
struct PictureCell {
    std::string name;
    double x = 0, y = 0;
    int shade = 0;
};
struct PictureLabel {
    std::string text;
    double x = 0, y = 0;
};
struct BoardPicture {
    ir::Geometry geometry = ir::Geometry::square;
    std::vector<PictureCell> cells;  // in the board's cell order
    std::vector<PictureLabel> labels;
};
BoardPicture board_picture(const ir::Game& game, int from);

// Per cell: a royal piece of the side to move that another player attacks, where the game has
// check (royal pieces may not be captured).
std::vector<bool> royals_in_check(const Position& pos);

// ---- Analysing a design ---------------------------------------------------------------------
// Many games played from the start between players of given kinds, summed up for the game's
// designer: how each seat scores (the first player's advantage), how games end, how long they
// last, how many moves a position offers, and what each piece type does.

// SplitMix64's finaliser: distinct inputs give unrelated seeds. Games of an analysis or a match
// seed their players and openings through it, so that game i depends only on (seed, i).
std::uint64_t mix_seed(std::uint64_t x);

struct AnalysisOptions {
    int games = 100;
    std::vector<Seat> seats;  // one per player, in turn order; no person
    int threads = 1;          // games played at once, each on a thread of its own
    std::uint64_t seed = 1;
    // Each game opens with this many plies played at random, whoever the seats are, so that AI
    // seats do not play one game over and over.
    int random_plies = 2;
    int max_plies = 2000;  // a game still going after this many plies is "unfinished"
    HookUse hooks = HookUse::on;
    // Where the games are played: on `threads` threads here, or shared among processes.
    PieceRunner runner = {};
    // Finished games are kept here as they end; a run given the journal of a stopped run with
    // the same options plays only the games it lacks (empty: kept nowhere).
    std::string journal = {};
};

// What the pieces of one type did, over all games and players.
struct PieceActivity {
    std::uint64_t moves = 0;       // board moves by a piece of this type (castling: the royal's)
    std::uint64_t drops = 0;       // drops of this type
    std::uint64_t captures = 0;    // pieces it took (every piece a capture sequence jumps)
    std::uint64_t captured = 0;    // times a piece of this type was taken
    std::uint64_t promotions = 0;  // its moves that promoted it
};

struct LengthBucket {
    int from = 0, to = 0;  // plies, both included
    int games = 0;
};

// The figures of an analysis. Games are finished (an end condition or a hook's verdict ended
// them), unfinished (still going at max_plies) or stopped (a hook failed, in the game or in an
// AI seat's search). Scores, draws and lengths are over finished games.
struct Analysis {
    int games = 0, finished = 0, unfinished = 0, stopped = 0;
    std::vector<double> score_sums;     // per player: the sum of Result::scores
    std::vector<double> score_means;    // per player: the mean score of a finished game
    std::vector<double> score_margins;  // per player: half the 95% interval, 1.96 s / sqrt(n)
    int draws = 0, decisive = 0;
    // How games ended: each Result::reason of a finished game and the number of games, most
    // frequent first (ties in the order first met), then "unfinished" and "stopped" when some
    // were, so that the counts sum to `games`.
    std::vector<std::pair<std::string, int>> endings;
    // Why games stopped (Result::summary, or the AI's error), each with its count, as endings.
    std::vector<std::pair<std::string, int>> stops;
    double mean_plies = 0, median_plies = 0;
    int min_plies = 0, max_plies = 0;
    std::vector<LengthBucket> lengths;  // at most 10 buckets of equal width, from min to max
    double branching = 0;  // the mean number of moves to choose from, over every position played
    std::vector<PieceActivity> pieces;  // per piece type, in ir::Game::pieces order
    // Set when the analysis ended first (`stop`, a process lost): the figures are those of the
    // games it finished.
    bool cut_short = false;
    // Why it ended first, or why it could not start (its journal was written by another run);
    // empty otherwise.
    std::string error;
};

// Plays options.games games of `game` and sums them up. Game i depends only on (seed, i): its
// random plies and random seats draw from a generator seeded by them, and each AI seat is a new
// AiPlayer seeded by (seed, i, seat). So the analysis is the same for a seed on any number of
// threads or processes (for AI levels that count nodes or depth, not time). `progress`, when
// given, is called after each game with the number done (those of the journal included), one
// call at a time; only where the analysis is summed up (options.runner.sums_up): elsewhere the
// figures are empty. `stop`, when given, is asked before
// each ply of every game.
Analysis analyze(const CompiledGame& game, const AnalysisOptions& options,
                 const std::function<void(int done)>& progress = {}, const StopWhen& stop = {});

// Game `index` of an analysis, as analyze() plays it (the same moves for the same options and
// index): its moves, and its result when it finished. Nothing when `stop` ended it first.
struct PlayedGame {
    std::vector<Move> moves;
    std::vector<int> choices;      // each move's place in Game::legal_moves() where it was played
    std::optional<Result> result;  // none: unfinished at max_plies, or stopped
    std::string stop;              // why it stopped (a hook failed, or the AI's search)
};
std::optional<PlayedGame> play_analysis_game(const CompiledGame& game,
                                             const AnalysisOptions& options, int index,
                                             const StopWhen& stop = {});

// Every figure of an analysis as one JSON object (its game, options, seats, endings, lengths,
// pieces), as `vari analyze --json` prints it.
std::string analysis_json(const ir::Game& game, const AnalysisOptions& options,
                          const Analysis& analysis);

}  // namespace vari::runtime
