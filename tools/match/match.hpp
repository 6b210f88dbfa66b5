// `vari match`: games between players of any kind (vari's AI, the random mover, external engines
// over UCI, USI or XBoard) with colours alternating over paired openings, clocks or fixed
// budgets (the match's or a player's own), adjudication and concurrency, summed up as wins, draws
// and losses, an Elo difference with its 95% interval and, on request, a sequential probability
// ratio test; or a tournament (round robin, gauntlet) of more players than seats, summed up as
// standings and the results of each pairing.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"
#include "runtime/runtime.hpp"

namespace vari::match {

// ---- Time ----------------------------------------------------------------------------------
// A time control as cutechess writes it: [MOVES/]TIME[+INCREMENT], in seconds, TIME also as
// MIN:SEC ("40/60+0.6", "10+0.1", "1:30+1"). The clock starts at TIME, gains INCREMENT after each
// of the player's moves, and TIME again after every MOVES of them (0: TIME is for the game).
struct TimeControl {
    int moves = 0;
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
};
std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error);

// What a player may spend on each move: a clock, a fixed time, a depth, a node count, any of them
// together; none: the player's own level (an AI's), or nothing an engine can play by.
struct Limits {
    std::optional<TimeControl> time_control;
    std::int64_t movetime_ms = 0;  // 0: none
    int depth = 0;                 // plies; 0: none
    std::uint64_t nodes = 0;       // 0: none
    bool any() const { return time_control || movetime_ms || depth || nodes; }
};
// A player's limits: each that `own` sets (as cutechess's tc=, st=, depth=, nodes= of one
// engine), else the match's.
Limits limits_for(const Limits& own, const Limits& match);

// What a player may spend on the move asked of it.
struct Budget {
    int depth = 0;            // plies; 0: no fixed depth
    std::uint64_t nodes = 0;  // 0: no fixed node count
    // With a time control: each seat's clock in milliseconds before this move and its increment
    // (0 and 0 for a seat without a clock), and the player's moves until its clock gets TIME
    // again (0: none come).
    bool timed = false;
    std::vector<std::int64_t> clocks_ms, increments_ms;
    int moves_to_go = 0;
    std::int64_t movetime_ms = 0;  // a fixed time for each move; 0: none
    // How long the runner waits for the move of a player that answers from outside (an engine)
    // before taking it as silent: the clock or the move time and the margin, or the match's
    // move timeout for a fixed depth or node count.
    std::int64_t wait_ms = 0;
};

// The share of its clock vari's AI gives a move in `seat`: the time left over the moves to go (30
// when the clock is for the game), most of the increment, and never more than half the clock, so
// that a search that ends a little late still leaves time.
std::int64_t clock_share(const Budget& budget, int seat);

// ---- Players --------------------------------------------------------------------------------
// A player's answer. A player that cannot answer (a crashed engine, an error) says why in
// `failure`; the runner then scores the game as its loss. A move is given as a Move of the game
// or, by players that answer in text (engines), as `text`, which the runner reads as `vari play`
// reads typed moves; either way the runner judges its legality.
struct Choice {
    Move move = Move::none();
    std::string text;
    // Set by a player that reads its own text (an engine's, in its protocol) and finds no legal
    // move in it: why. The runner then judges the text an illegal move for this reason.
    std::string illegal;
    std::optional<int> score;  // centipawns for the player, when it reports one
    std::string failure;
};

// One player taking part in games, one game at a time; the runner asks it from one thread.
class Player {
public:
    virtual ~Player() = default;
    // A new game begins with this player in `seat`; its choices may draw on `seed`. False with
    // `error` set when it cannot play it (the runner then scores the game as its loss).
    virtual bool start_game(const runtime::Game& game, int seat, std::uint64_t seed,
                            std::string& error) = 0;
    // A move was just played (by any player, this one included): it is the game's last.
    virtual void moved(const runtime::Game& game) { (void)game; }
    // The move to play now in `game` (not over, this player's seat to move) within `budget`.
    virtual Choice choose(const runtime::Game& game, const Budget& budget) = 0;
};

// A kind of player, as `--player` names it: its name and how to make one. The runner makes one
// player per kind for each game played at once and reuses it for the games that follow, unless
// it failed (then it makes a new one: a crashed engine restarts).
struct Entrant {
    std::string name;  // as given: "ai:3", "random"
    std::function<std::unique_ptr<Player>(const CompiledGame&)> make;
    Limits limits;  // its own, each set one in place of the match's (limits_for)
};
// vari's own players: "random", or "ai" with a level as runtime::parse_seat reads it ("ai:3",
// "ai:depth=2"). Nothing with `error` saying why for anything else.
std::optional<Entrant> vari_entrant(std::string_view spec, std::string& error);

// An external engine: "uci:COMMAND", "usi:COMMAND" or "xboard:COMMAND", the command split into
// words as a shell splits them (blanks, quotes, backslashes) and run without a shell; or
// "think:COMMAND", another vari's `think` for the game run for each move, which plays any game
// (no protocol limits it) and takes no options.
struct EngineSetup {
    std::vector<std::pair<std::string, std::string>> options;  // {"Skill Level", "3"}
    std::string variant;  // the engine's name for the game (UCI_Variant, XBoard's variant)
    std::string log;      // the file the engine's standard error is added to; empty: discarded
};
bool names_engine(std::string_view spec);  // starts with "uci:", "usi:", "xboard:" or "think:"
// Runs the engine once, to learn its name (the entrant's, with the options) and check that it
// knows the variant and every option; nothing, with `error` saying why, when it does not, when it
// cannot be started or greeted, or when its protocol cannot express `game`. Its players play
// `game` only.
std::optional<Entrant> engine_entrant(const CompiledGame& game, std::string_view spec,
                                      const EngineSetup& setup, std::string& error);

// ---- Openings -------------------------------------------------------------------------------
// Where a game starts: a position and moves played from it (the moves are part of the game).
// The position is kept as its string, a position being large and an openings file long.
struct Opening {
    std::string position;  // a position string, checked; empty for the game's start
    std::vector<Move> moves;
};
Position opening_start(const CompiledGame& game, const Opening& opening);
// The openings of a file, one a line: a position string (a line holding '/') or a list of moves
// from the game's start in any notation `vari play` reads. Blank lines and lines starting with
// '#' are skipped. Nothing when a line is bad, with `errors` holding one diagnostic per bad line
// (file `label`, its line and column) or one saying the file holds no opening, or more than
// `max_openings`.
constexpr std::size_t MAX_OPENINGS = 100'000;
std::optional<std::vector<Opening>> read_openings(const CompiledGame& game, std::string_view text,
                                                  const std::string& label,
                                                  std::vector<Diagnostic>& errors,
                                                  std::size_t max_openings = MAX_OPENINGS);
// `plies` uniformly random moves from the start, drawn from `seed`, none ending the game.
Opening random_opening(const CompiledGame& game, int plies, std::uint64_t seed,
                       runtime::HookUse hooks);

// ---- Statistics -----------------------------------------------------------------------------
// A two-player match from the first player's side: its wins, draws and losses, and the pairs of
// games played from one opening with colours swapped, by the first player's points in the pair
// (0, 1/2, 1, 3/2, 2: the pentanomial counts).
struct Stats {
    int wins = 0, draws = 0, losses = 0;
    std::array<int, 5> pairs{};
    int games() const { return wins + draws + losses; }
    double score() const;  // the mean points per game; 0.5 for no games
};

// The Elo difference of a score, as cutechess and fastchess compute it: the logistic difference of
// the mean score, and half the width of its 95% interval from the trinomial deviation.
struct Elo {
    double difference = 0;
    double margin = 0;      // +/-; infinite when a score of 0 or 1 lies in the interval
    double los = 0;         // likelihood of superiority, in percent
    double draw_ratio = 0;  // in percent
};
Elo elo_of(const Stats& stats);

// A sequential probability ratio test of H0 "the difference is elo0" against H1 "it is elo1"
// (logistic Elo, fastchess's model=logistic), with false-positive rate alpha and false-negative
// rate beta: the generalised SPRT's log-likelihood ratio (each hypothesis's likeliest
// distribution with its score) of the pairs' points when there are pairs, as fastchess, else of
// the wins, draws and losses; against the bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
struct Sprt {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    double lower_bound() const;
    double upper_bound() const;
};
// "elo0=0,elo1=5,alpha=0.05,beta=0.05", each part optional (these are the defaults); nothing with
// `error` naming what is wrong (elo0 must be below elo1, alpha and beta between 0 and 1).
std::optional<Sprt> parse_sprt(std::string_view text, std::string& error);
double sprt_llr(const Stats& stats, const Sprt& sprt);
enum class SprtVerdict { undecided, h0, h1 };  // h0: no better than elo0; h1: elo1 or better
SprtVerdict sprt_verdict(double llr, const Sprt& sprt);

// ---- A match --------------------------------------------------------------------------------
// Games the rules leave going may be ended by the players' own scores: a draw once every player's
// score has stayed within `draw_score` of 0 for `draw_moves` moves each, from ply
// `draw_after_plies` on; a loss for a player whose score has stayed at or below -`resign_score`
// for `resign_moves` of its moves. A game still going after `max_plies` plies is a draw.
struct Adjudication {
    int draw_after_plies = -1;  // -1: no draw adjudication
    int draw_moves = 8;
    int draw_score = 10;
    int resign_moves = 0;  // 0: no resign adjudication
    int resign_score = 1000;
    int max_plies = 2000;
};

// Who meets whom. ORDER format
enum class Format : std::uint8_t {
    match,        // one entrant per seat of the game, the same entrants in every game
    round_robin,  // every combination of as many entrants as the game has seats
    gauntlet,     // the first entrant with every combination of the others
};
const char* format_name(Format format);  // "match", "round-robin", "gauntlet"

struct MatchOptions {
    // A match: one per seat of the game, the first the one reported on; a tournament: as many
    // as there are seats or more.
    std::vector<Entrant> entrants;
    Format format = Format::match;
    int games = 2;   // of each pairing in each round
    int rounds = 1;  // the pairings' games played again, openings going on
    std::uint64_t seed = 1;
    std::vector<Opening> openings;  // played in turn; none: random openings
    int random_plies = 4;           // the plies of a random opening
    Limits limits;                  // every player's, but for the limits an entrant sets
    // How far past its clock or move time a move may end without a loss; none: time_margin().
    std::optional<std::int64_t> time_margin_ms;
    std::int64_t move_timeout_ms = 60'000;  // an engine's longest move at a fixed depth or nodes
    Adjudication adjudication;
    int concurrency = 1;       // games played at once
    std::optional<Sprt> sprt;  // a match of two players: stop once a bound is crossed
    runtime::HookUse hooks = runtime::HookUse::on;
    std::string event = "vari match", date;  // for the records
    // Where the games are played: `concurrency` at once here, or shared among processes.
    runtime::PieceRunner runner = {};
    // Finished games are kept in `journal` as they end (empty: nowhere); a match given the
    // journal of a stopped one with the same `journal_run` (a line of JSON naming every option
    // that changes the games) plays only the games it lacks.
    std::string journal, journal_run;
};

// The margin of a player with these limits: options.time_margin_ms when set, else 50 ms plus a
// tenth of the move time or a hundredth of the clock's base time, for an engine's overshoot and
// the machine's delays grow with the time given (Fairy-Stockfish ends 100 ms moves up to 6 ms
// late).
std::int64_t time_margin(const MatchOptions& options, const Limits& limits);

// Why a game ended. ORDER termination
enum class Termination : std::uint8_t {
    rules,           // an end condition or a hook's verdict
    adjudicated,     // by the players' scores (a draw or a resignation)
    max_plies,       // still going after Adjudication::max_plies plies: a draw
    time_forfeit,    // a player's clock ran out
    illegal_move,    // a player answered with a move the rules do not allow
    player_failure,  // a player could not start or answer (it crashed, an error)
    stopped,         // a hook of the game failed: no result, not counted
    aborted,         // the match stopped (SPRT) while it was played: not counted
};
// "rules", "adjudication", "max plies", "time forfeit", "illegal move", "player failure", ...
const char* termination_name(Termination termination);

// Game `index` of a match: entrant k plays seat (k + index) % N, so colours alternate and each
// opening (index / N) is played from every seat; for two players, a pair of games.
// Its players' seeds and its random opening's are drawn from (seed, index) and (seed, opening).
struct GameSetup {
    int index = 0;     // in the whole match or tournament
    int round = 0;     // of the tournament
    int in_round = 0;  // its place among its round's games
    int pairing = 0;   // which of the tournament's pairings plays it
    int game = 0;      // the pairing's game: its games of every round, one after another
    int opening = 0;
    std::vector<int> entrant_at_seat;
    std::vector<std::uint64_t> seed_at_seat;
    std::uint64_t opening_seed = 0;
};
GameSetup schedule(int index, int players, std::uint64_t seed);

// ---- Tournaments ----------------------------------------------------------------------------
// The games of a match or a tournament: in each round, pairing after pairing, each pairing plays
// `games` games as a match of its own entrants, its game k (counted on across rounds) seated and
// opened as game k of a match (schedule): every pairing plays the same openings. Its players'
// seeds are drawn from (seed, index, entrant), so no two games share them.
struct Tournament {
    // The entrants of each pairing (indices into MatchOptions::entrants), in the order of their
    // seats in its first game, in ascending order: (0, 1), (0, 2), (1, 2).
    std::vector<std::vector<int>> pairings;
    int games = 1;
    int rounds = 1;
    int size() const;  // the games in all
    GameSetup game(int index, std::uint64_t seed) const;
};
constexpr int MAX_TOURNAMENT_GAMES = 1'000'000;
// The games of `format` for `entrants` in a game of `seats`; nothing, with `error` saying why,
// when games or rounds are below 1, a match does not have one entrant per seat, a tournament
// has fewer entrants than seats, or it would play more than MAX_TOURNAMENT_GAMES games.
std::optional<Tournament> tournament_of(Format format, int entrants, int seats, int games,
                                        int rounds, std::string& error);

struct GameOutcome {
    GameSetup setup;
    Termination termination = Termination::rules;
    std::string reason;          // Result::reason ("checkmate"), or the termination's name
    std::string summary;         // "White wins by checkmate", "Black loses on time: ..."
    std::vector<double> scores;  // per seat; empty when stopped or aborted
    int forfeit_seat = -1;       // the seat whose failure, clock or illegal move ended the game
    int plies = 0;
    std::string record;         // the game as a record (runtime::write_record)
    bool from_journal = false;  // played by an earlier run (its record was written then)
};
// Plays one game of a match with these players at their seats; `abort`, when set, ends it.
GameOutcome play_game(const CompiledGame& game, const MatchOptions& options, const GameSetup& setup,
                      const Opening& opening, const std::vector<Player*>& at_seat,
                      const std::atomic<bool>& abort);

// ---- The report -----------------------------------------------------------------------------
// An entrant's games: its points, and its wins (the whole point), losses (none of it) and draws
// (a share of it).
struct EntrantScore {
    double points = 0;
    int games = 0;
    int wins = 0, draws = 0, losses = 0;
    double mean = 0, margin = 0;  // the mean score and half its 95% interval, 1.96 s / sqrt(n)
};

// The games of one pairing of a tournament (of the match, for a match).
struct PairingResult {
    std::vector<int> entrants;   // as Tournament::pairings
    int games = 0;               // counted
    std::vector<double> points;  // per entrant of the pairing
    Stats stats;                 // two seats: its first entrant's
};

struct MatchReport {
    int planned = 0;
    int played = 0;                    // games counted
    int stopped = 0;                   // games a failing hook stopped: not counted
    int time_forfeits = 0;             // counted games a player lost on time
    std::vector<EntrantScore> scores;  // per entrant
    std::vector<PairingResult> pairings;
    Stats stats;  // two entrants: the first entrant's
    // How the counted games ended (Result::reason, or the termination's name), with their counts,
    // most frequent first; then "stopped" when some were.
    std::vector<std::pair<std::string, int>> endings;
    double llr = 0;  // with an SPRT
    SprtVerdict verdict = SprtVerdict::undecided;
    // Why the match ended before its games were played (a process lost, its journal written by
    // another match or not writable); the figures are then those of the games counted.
    std::string error;
};

// A place in a tournament's standings. Entrants are ranked by their mean score (a gauntlet's
// first plays more games than the others); those with the same share a rank, listed by points,
// then in the order given.
struct Standing {
    int rank = 1;
    int entrant = 0;
    // A game of two seats: the Elo difference of the entrant's wins, draws and losses against
    // the field, with its 95% interval (elo_of, as cutechess ranks a tournament's players).
    std::optional<Elo> elo;
};
std::vector<Standing> standings(const MatchReport& report);

// Plays the match or tournament: its games as tournament_of gives them (the options must be
// valid for it), each from opening `opening` of options.openings (in turn), or a random opening
// drawn from its opening seed. With players that count depth or nodes (not time) the results are
// the same for a seed whatever the concurrency or the processes. `finished` is called for each
// game in game order (those of the journal included), one call at a time, with the report so far,
// where the match is summed up (options.runner.sums_up; elsewhere the report is empty). With an
// SPRT (a match of two entrants) the match stops at the first pair whose games cross a bound; the
// games beyond are not counted.
MatchReport run_match(
    const CompiledGame& game, const MatchOptions& options,
    const std::function<void(const GameOutcome&, const MatchReport&)>& finished = {});

// The report as one JSON object (the game, the entrants, the options, every figure).
std::string match_json(const ir::Game& game, const MatchOptions& options,
                       const MatchReport& report);
// The report as `vari match` prints it; the score so far in a line, for its progress bar.
std::string match_text(const ir::Game& game, const MatchOptions& options,
                       const MatchReport& report);
std::string live_score(const MatchOptions& options, const MatchReport& report);

}  // namespace vari::match
