// Learning a game's evaluation weights by self-play: games played at a low level, their quiet
// positions kept with each game's result, and the weights fitted so that the evaluation predicts
// those results (logistic regression, as in Texel tuning). Nothing here knows a game: every
// weight is a term of the evaluation the rules define (search::TermLayout).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runtime/runtime.hpp"

namespace vari::tune {

struct Options {
    int games = 2000;
    search::Level level;     // the self-play level (one that counts nodes or plies)
    std::string level_text;  // as given ("ai:nodes=3000"), for the file's made-by line
    int random_plies = 8;    // each game opens with this many random plies, for variety
    int max_plies = 400;     // a game still going then is left out
    std::uint64_t seed = 1;  // game i depends on (seed, i) alone
    int threads = 1;         // games played at once; the fit's work shared the same way
    // When set, each quiet position is searched again at this level (with the derived weights),
    // and the fit learns (1 - score_share) x the game's result + score_share x what the search's
    // score foretells.
    std::optional<search::Level> score_level;
    std::string score_level_text;  // as given, for the made-by line
    double score_share = 0;
    // After each stage of the fit (piece worth; the other per-type terms; the per-cell terms),
    // this many games at `judge_level` between its weights and those before it: the stage is
    // kept only when they score at least even. 0: every stage that gains is kept.
    int judge_games = 0;
    // Where the stages are judged: the level the weights are to play at, when that is above the
    // self-play level (a term can help a shallow search and mislead a deeper one). Unset: the
    // self-play level.
    std::optional<search::Level> judge_level;
    std::string judge_level_text;  // as given, for the made-by line and the summary
    // The level the stages are judged at, and as given.
    const search::Level& judging_level() const { return judge_level ? *judge_level : level; }
    const std::string& judging_level_text() const {
        return judge_level ? judge_level_text : level_text;
    }
    // Finished games are kept here as they end, so that a stopped run resumes where it was.
    // Empty: kept nowhere.
    std::string journal;
    // Where the games are played: on `threads` threads here, or shared among processes.
    runtime::PieceRunner runner = {};
};

// What a run is doing, for a progress bar.
struct Progress {
    enum class Phase : std::uint8_t { playing, searching, fitting, judging };
    Phase phase = Phase::playing;
    // Games played; games whose positions were searched; fits done; or stages judged by play.
    int done = 0, total = 0;
};

struct Outcome {
    std::vector<int> weights;   // numbered as search::TermLayout, or empty when nothing was fitted
    int games = 0;              // finished games learned from
    int resumed = 0;            // of which the journal held before this run
    int positions = 0;          // quiet positions learned from
    double scale = 0;           // the fitted K: a result's odds per centipawn
    double regularisation = 0;  // the chosen pull towards the derived weights
    double loss_before = 0, loss_after = 0;  // on held-out positions: derived, then learned
    // Per stage judged by play (in order): the fitted weights' mean score against those before
    // them, and whether the stage was kept.
    struct Judged {
        double score = 0;
        bool kept = false;
    };
    std::vector<Judged> judged;
    std::string judged_at;   // the level they were judged at, as given
    bool cut_short = false;  // it ended early: nothing was fitted, the journal keeps the games
    std::string problem;     // why it ended early (a stop; a process lost, with the games it held)
    std::string error;       // the journal could not be read or written, or made for another run
};

// Plays options.games games (or those the journal lacks), then fits the weights. The figures are
// the same for the same options on any number of threads. `progress` is called from one thread
// at a time; `stop`, asked between plies and fits, ends the run early.
Outcome tune(const CompiledGame& game, const Options& options,
             const std::function<void(const Progress&)>& progress = {},
             const runtime::StopWhen& stop = {});

// The one-line summary a weights file carries of what it was learned from.
std::string summary(const Outcome& outcome);

}  // namespace vari::tune
