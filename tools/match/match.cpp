// A match or tournament: its games as pieces of a run (on threads, or shared among processes),
// each with players of its own thread, counted in game order so that the figures (and where an
// SPRT stops) depend on the seed alone.
#include "tools/match/match.hpp"

#include <cassert>
#include <nlohmann/json.hpp>

#include "tools/match/tally.hpp"

namespace vari::match {

namespace {

using nlohmann::json;

// A game's outcome as a piece's result, and back (its setup is the schedule's for its index).
std::string outcome_text(const GameOutcome& outcome) {
    return json{{"termination", static_cast<int>(outcome.termination)},
                {"reason", outcome.reason},
                {"summary", outcome.summary},
                {"scores", outcome.scores},
                {"forfeit-seat", outcome.forfeit_seat},
                {"plies", outcome.plies},
                {"record", outcome.record}}
        .dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<GameOutcome> read_outcome(const std::string& text, const GameSetup& setup) {
    const json entry = json::parse(text, nullptr, false);
    try {
        GameOutcome outcome;
        outcome.setup = setup;
        const int termination = entry.at("termination").get<int>();
        if (termination < 0 || termination > static_cast<int>(Termination::aborted))
            return std::nullopt;
        outcome.termination = static_cast<Termination>(termination);
        outcome.reason = entry.at("reason");
        outcome.summary = entry.at("summary");
        outcome.scores = entry.at("scores").get<std::vector<double>>();
        outcome.forfeit_seat = entry.at("forfeit-seat");
        outcome.plies = entry.at("plies");
        outcome.record = entry.at("record");
        if (!outcome.scores.empty() && outcome.scores.size() != setup.entrant_at_seat.size())
            return std::nullopt;
        return outcome;
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

}  // namespace

MatchReport run_match(const CompiledGame& game, const MatchOptions& options,
                      const std::function<void(const GameOutcome&, const MatchReport&)>& finished) {
    const int seats = static_cast<int>(game.ir().players.size());
    std::string error;
    const auto tournament = tournament_of(options.format, static_cast<int>(options.entrants.size()),
                                          seats, options.games, options.rounds, error);
    assert(tournament && options.concurrency >= 1);
    assert(!options.sprt || (options.entrants.size() == 2 && tournament->pairings.size() == 1));
    const int games = tournament->size();
    const bool sums_up = options.runner.sums_up;
    std::optional<runtime::Journal> journal;
    if (sums_up && !options.journal.empty()) {
        journal = runtime::Journal::open(options.journal, options.journal_run, error);
        if (!journal) {
            MatchReport refused;
            refused.error = error;
            return refused;
        }
    }
    runtime::Pieces pieces;
    pieces.count = games;
    pieces.threads = options.concurrency;
    pieces.noun = "games";
    pieces.done_before.assign(static_cast<std::size_t>(games), false);
    std::vector<std::optional<GameOutcome>> outcomes(static_cast<std::size_t>(games));
    if (journal)
        for (const auto& [index, text] : journal->results())
            if (index < games)
                if (auto outcome = read_outcome(
                        text, tournament->game(static_cast<int>(index), options.seed))) {
                    outcome->from_journal = true;
                    outcomes[static_cast<std::size_t>(index)] = std::move(outcome);
                    pieces.done_before[static_cast<std::size_t>(index)] = true;
                }

    pieces.player = [&](const std::atomic<bool>& abandon) -> runtime::Pieces::Player {
        // This thread's players, one per entrant, kept from game to game.
        auto mine = std::make_shared<std::vector<std::unique_ptr<Player>>>(options.entrants.size());
        return [&, mine](long long index) -> std::optional<std::string> {
            const GameSetup setup = tournament->game(static_cast<int>(index), options.seed);
            const Opening opening =
                options.openings.empty()
                    ? random_opening(game, options.random_plies, setup.opening_seed, options.hooks)
                    : options.openings[static_cast<std::size_t>(setup.opening) %
                                       options.openings.size()];
            std::vector<Player*> at_seat;
            for (const int entrant : setup.entrant_at_seat) {
                auto& player = (*mine)[static_cast<std::size_t>(entrant)];
                if (!player)
                    player = options.entrants[static_cast<std::size_t>(entrant)].make(game);
                at_seat.push_back(player.get());
            }
            const GameOutcome outcome = play_game(game, options, setup, opening, at_seat, abandon);
            // A player that failed is made anew, as a crashed engine is restarted.
            if (outcome.termination == Termination::player_failure)
                (*mine)[static_cast<std::size_t>(
                            setup.entrant_at_seat[static_cast<std::size_t>(outcome.forfeit_seat)])]
                    .reset();
            if (outcome.termination == Termination::aborted) return std::nullopt;
            return outcome_text(outcome);
        };
    };

    Tally tally(options, *tournament);
    std::vector<std::string> texts(static_cast<std::size_t>(games));  // finished, not yet counted
    std::string unwritten;
    int counted = 0;
    bool decided = false;
    // Counts the games in order as far as they are known, keeping each in the journal as its
    // record is written (so that the two agree after a stop); false once an SPRT decides.
    const auto count_in_order = [&] {
        while (!decided && counted < games && outcomes[static_cast<std::size_t>(counted)]) {
            const std::size_t at = static_cast<std::size_t>(counted++);
            const GameOutcome& next = *outcomes[at];
            if (journal && !next.from_journal && unwritten.empty())
                journal->add(counted - 1, texts[at], unwritten);
            tally.add(next);
            if (finished) finished(next, tally.report());
            outcomes[at].reset();  // its record is done with
            texts[at].clear();
            decided = tally.report().verdict != SprtVerdict::undecided;
        }
        return !decided && unwritten.empty();
    };
    if (sums_up && !count_in_order()) return tally.report();  // decided by the journal's games
    pieces.finished = [&](long long index, const std::string& text) {
        const std::size_t at = static_cast<std::size_t>(index);
        outcomes[at] = read_outcome(text, tournament->game(static_cast<int>(index), options.seed));
        texts[at] = text;
        return count_in_order();
    };
    const runtime::PiecesRun run = options.runner.run(pieces);
    MatchReport report = tally.report();
    if (!unwritten.empty())
        report.error = unwritten;
    else if (!run.complete)
        report.error = run.problem;
    return report;
}

}  // namespace vari::match
