// The AI: a search for the best move in any game vari compiles, with an evaluation derived from
// the rules. Two players get an alpha-beta search; more players get a search of their own. The
// hot path uses the engine only: rules the game leaves to Lua hooks reach the search through
// RuleHooks, which the runtime implements, and a game without hooks passes none and pays nothing.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::search {
namespace detail {
template <class Set>
struct Reach;  // evaluation_threats.hpp
// A piece type in the order threats go by, from the least valuable on (guarded royals left out:
// check is the search's, and such a piece takes only what hangs).
struct ThreatRank {
    int type = 0;
    bool worth_rises = false;  // worth more than the type before
};
}  // namespace detail

// ---- Scores -----------------------------------------------------------------------------------
// A score is from one player's side, in centipawns (a Pawn-like piece is about 100). Won and lost
// games score beyond every evaluation, nearer wins higher: WIN - plies to the end.
constexpr int WIN = 1'000'000;
constexpr int WON = WIN - 10'000;  // at least this: a forced win; at most -WON: a forced loss
constexpr int DRAW = 0;
inline bool is_decisive(int score) { return score >= WON || score <= -WON; }
// Plies to the end of a decisive score (positive either way).
inline int plies_to_end(int score) { return score > 0 ? WIN - score : WIN + score; }

// ---- Piece values and the evaluation --------------------------------------------------------
// What each piece type is worth, in centipawns, derived when the game is loaded from what the
// piece can do on the board (see values.cpp), unless the rule file states it (`value`).
struct PieceValue {
    int board = 0;        // on the board
    int in_hand = 0;      // in a hand (games with drops)
    bool stated = false;  // the rule file gave it
};
std::vector<PieceValue> piece_values(const CompiledGame& game);

// The evaluation is a sum of terms, each a weight in centipawns times how often the position
// holds it, totalled per player: a piece type's worth on the board and in hand, what standing on
// each cell adds (per player, type and cell: promotion progress, a royal piece's way to its zone,
// anything learned), mobility per type, for royal pieces where check matters shelter and
// approach per type, and threats per type: pieces attacked by a less valuable piece of another
// player, pieces attacked and not defended, and cells next to another player's royal piece
// attacked. The weights are derived from the rules, or learned by `vari tune` (threats only so).
struct TermLayout {
    int players = 0, types = 0, cells = 0;
    int board(int type) const { return type; }
    int in_hand(int type) const { return types + type; }
    int mobility(int type) const { return 2 * types + type; }
    int shelter(int type) const { return 3 * types + type; }
    int approach(int type) const { return 4 * types + type; }
    int threatened(int type) const { return 5 * types + type; }
    int hanging(int type) const { return 6 * types + type; }
    int royal_attacks(int type) const { return 7 * types + type; }
    int cell(int player, int type, int cell) const {
        return 8 * types + (player * types + type) * cells + cell;
    }
    int size() const { return 8 * types + players * types * cells; }
};
struct TermCount {
    int term = 0;
    int count = 0;
};

// A position's worth for each player, built once per game; evaluate() is on the hot path and
// allocates nothing.
class Evaluation {
public:
    // With the game's learned weights when it has them (a weights file for its rules) and
    // `learned` allows them, else with weights derived from the rules.
    explicit Evaluation(const CompiledGame& game, bool learned = true);
    // With these weights (numbered as layout() says), as tuning tries them.
    Evaluation(const CompiledGame& game, std::vector<int> weights);

    const std::vector<PieceValue>& values() const { return values_; }  // for ordering, exchanges
    // The position's worth for `player` against the strongest other player, in centipawns.
    int evaluate(const Position& pos, int player) const;

    const TermLayout& layout() const { return layout_; }
    const std::vector<int>& weights() const { return weights_; }
    // The weights file the weights were read from; empty when they are derived from the rules.
    const std::string& weights_file() const { return weights_file_; }
    // `player`'s own total as counts of terms, appended to `out`: its evaluate() is the sum of
    // weight times count over its own terms less that over the strongest other player's.
    void count_terms(const Position& pos, int player, std::vector<TermCount>& out) const;

    // The weights derived from the rules alone.
    static std::vector<int> derived_weights(const CompiledGame& game);
    // Weights as a weights file holds them, and back (nothing when `weights` does not fit the
    // game's pieces, players and cells).
    static ir::Weights to_ir(const CompiledGame& game, const std::vector<int>& weights);
    static std::optional<std::vector<int>> from_ir(const CompiledGame& game,
                                                   const ir::Weights& weights);

private:
    template <class Set>
    int evaluate_as(const Position& pos, int player) const;  // in the game's width Set
    // Calls add(term, count) for each of `player`'s terms.
    template <class Set, class Add>
    void add_terms(const Position& pos, int player, Add&& add) const;
    void prepare(const CompiledGame& game);
    // What every player's pieces attack and defend, for the threat terms.
    template <class Set>
    void fill_reach(const Position& pos, detail::Reach<Set>& reach) const;

    std::vector<PieceValue> values_;
    TermLayout layout_;
    std::vector<int> weights_;
    std::string weights_file_;
    // For royal pieces where check matters, per [(player * types + type) * cells + cell]: the
    // cells next to it and those two moves away.
    SetPool shelter_, approach_;                    // in the game's width
    std::uint32_t guarded_types_ = 0;               // royal types whose safety counts, a bit each
    std::vector<detail::ThreatRank> threat_ranks_;  // the types threats go by
    bool threats_ = false;  // whether a threat term has a weight: else not counted
};

// ---- Rules left to hooks ----------------------------------------------------------------------
// A position of the searched line as hooks see it.
struct Node {
    const Position* position = nullptr;
    int ply = 0;                      // moves since the game's start
    int repetitions = 1;              // occurrences of this position, this one included
    int passes = 0;                   // passes in a row ending with the last move
    Move last_move;                   // none at the game's start
    const Undo* last_undo = nullptr;  // how the last move changed the board; null at the start
};

// An end a hook decided after the last move.
struct HookEnd {
    ir::Outcome outcome = ir::Outcome::draw;  // for `player`
    int player = -1;                          // -1 for a draw
};

// What the game's hooks say, given by the runtime. Each call returns false when a hook failed;
// the search then stops and reports error() (the game itself stops on that move as well).
class RuleHooks {
public:
    virtual ~RuleHooks() = default;
    // Takes out of `moves` those a filter hook refuses; where the game forces a pass on a player
    // left without moves, adds it.
    virtual bool filter(const Node& node, MoveList& moves) = 0;
    // After the last move: the end a hook decides, if any.
    virtual bool verdict(const Node& node, std::optional<HookEnd>& end) = 0;
    // Whether a hook scores ended games; then scores() gives the scores of one.
    virtual bool scores_endings() const = 0;
    virtual bool scores(const Node& node, const HookEnd& end, std::vector<double>& scores) = 0;
    virtual std::string error() const = 0;
};

// ---- Searching --------------------------------------------------------------------------------
// Where a search starts: a position and the game's history before it.
struct Root {
    const Position* position = nullptr;
    std::vector<std::uint64_t> history;  // hashes of the positions before it, oldest first
    int ply = 0;                         // moves since the game's start
    int passes = 0;                      // passes in a row ending with the last move
    Move last_move;
    const Undo* last_undo = nullptr;
    // The moves to choose from (legal and allowed by hooks), as the game lists them.
    std::vector<Move> moves;
};

// How games of more than two players are searched (two players always get alpha-beta): paranoid
// (the others all play against the player to move), max-n (each player plays for itself) or
// best-reply (of all the others, only the one with the strongest reply moves). Best-reply is the
// default: it beat the other two by a wide margin on the three-player game (tools/COMMANDS.md,
// "The AI").
enum class ManyPlayerSearch { paranoid, max_n, best_reply };

// When to stop; 0 is no limit. With no limit at all the search goes to MAX_DEPTH.
struct Limits {
    int depth = 0;
    std::int64_t milliseconds = 0;
    std::uint64_t nodes = 0;
    // Replaces `depth` for more than two players when not 0: those searches have no quiescence, so
    // a level gives them a ply more to see the replies to its moves.
    int many_players_depth = 0;
    // Not a limit: the search for more than two players travels with them, as a level names both.
    ManyPlayerSearch many_players = ManyPlayerSearch::best_reply;
};
constexpr int MAX_DEPTH = 64;

// A finished iteration, for progress and the result.
struct Iteration {
    int depth = 0;
    int score = 0;            // for the side to move
    std::vector<Move> pv;     // from the root
    std::uint64_t nodes = 0;  // so far, in the whole search
    double seconds = 0;       // so far
};

struct Outcome {
    Move best;          // none only when the root has no move
    Iteration last;     // the deepest finished iteration (depth 0 when none finished)
    std::string error;  // a hook failed: the move is the best found before
};

struct Options {
    std::size_t hash_megabytes = 16;
    std::uint64_t seed = 0;  // breaks ties among equal root moves (levels with variety)
    int variety = 0;         // centipawns: root moves this close to the best may be chosen
    // Threads searching together (two players without hooks; others search with one). Limits
    // of nodes count the main thread's; the reported nodes are all of them.
    int threads = 1;
    // Evaluate with the game's learned weights when it has them; false: with the derived ones.
    bool learned = true;
    // When set, evaluate with these (numbered as TermLayout) whatever `learned` says: tuning
    // judges weights it has fitted by play.
    std::shared_ptr<const std::vector<int>> weights = nullptr;
};

// A search for one game; keeps its tables (hash, history) between calls until clear().
// think() may be stopped from another thread with stop().
class Searcher {
public:
    Searcher(const CompiledGame& game, Options options = {});
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    using Progress = std::function<void(const Iteration&)>;
    // `hooks` null: the game has none (or they are off).
    Outcome think(const Root& root, const Limits& limits, RuleHooks* hooks = nullptr,
                  const Progress& progress = {});
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void clear();  // a new game: forget what earlier searches learnt
    const Evaluation& evaluation() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::atomic<bool> stop_{false};
};

// ---- Levels -----------------------------------------------------------------------------------
// What "ai", "ai:5", "ai:depth=4", "ai:time=500" or "ai:nodes=20000" asks for: level k searches k
// plies (k + 1 for more than two players), so that each level sees one ply further than the one
// below, with a node ceiling that
// doubles a level (20 million at level 10) to bound a move's time where plies are dear; no level
// depends on the clock, so a level plays the same moves on any machine. A further part names the
// search for more than two players: "ai:5:maxn", "ai:depth=3:brs", "ai:paranoid"; another the
// threads that search together: "ai:time=500:threads=2" (one by default: a level with more
// threads plays stronger but no longer the same moves every time); and "derived" has it evaluate
// with the weights derived from the rules even where the game has learned ones ("ai:5:derived").
constexpr int MAX_THREADS = 256;
struct Level {
    Limits limits;
    int variety = 0;
    int threads = 0;       // 0: not named (one, unless a command's --threads says otherwise)
    bool derived = false;  // evaluate with the derived weights, not the learned ones
    // When set, evaluate with these (numbered as TermLayout): tuning judges fitted weights.
    std::shared_ptr<const std::vector<int>> weights = nullptr;
};
// The level `text` names (the part after "ai", with its ':'); nothing with `error` set when it
// names none.
std::optional<Level> parse_level(std::string_view text, std::string& error);

}  // namespace vari::search
