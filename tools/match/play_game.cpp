// One game of a match: the players asked for moves in turn, each answer judged (a failure, the
// clock, legality), adjudication fed, and every way the game can end recorded with its reason.
#include <algorithm>
#include <chrono>
#include <exception>
#include <iterator>

#include "tools/match/adjudication.hpp"
#include "tools/match/match.hpp"

namespace vari::match {
namespace {

using Clock = std::chrono::steady_clock;

// The end of a game decided by the match, not the rules.
struct Ending {
    Termination termination;
    std::string reason, summary;
    std::vector<double> scores;
    int forfeit_seat = -1;
    std::string detail;  // added to the record's Termination tag
};

Ending draw(Termination termination, std::string summary, int players) {
    return {termination,
            termination_name(termination),
            std::move(summary),
            std::vector<double>(static_cast<std::size_t>(players), 1.0 / players),
            -1,
            ""};
}

// `seat` loses: 0 for it, the point shared by the others (as a rule's loss is scored).
Ending loss(Termination termination, int seat, const std::string& name, std::string detail,
            int players) {
    std::vector<double> scores(static_cast<std::size_t>(players), 1.0 / (players - 1));
    scores[static_cast<std::size_t>(seat)] = 0;
    std::string summary = name + " loses";
    if (termination == Termination::time_forfeit) summary += " on time";
    if (!detail.empty()) summary += ": " + detail;
    return {termination,
            termination_name(termination),
            std::move(summary),
            std::move(scores),
            seat,
            std::move(detail)};
}

// The legal move a choice names; nothing with `why` set when it names none.
std::optional<Move> judge(const runtime::Game& game, const Choice& choice, std::string& why) {
    if (!choice.move.is_none()) {
        const MoveList& legal = game.legal_moves();
        if (std::find(legal.begin(), legal.end(), choice.move) != legal.end()) return choice.move;
        why = "a move the rules do not allow here";
        return std::nullopt;
    }
    if (!choice.illegal.empty()) {
        why = "'" + printable(choice.text) + "': " + choice.illegal;
        return std::nullopt;
    }
    if (choice.text.empty()) {
        why = "no move";
        return std::nullopt;
    }
    std::string error;
    const auto move = runtime::parse_game_move(game, choice.text, error);
    if (!move) why = "'" + printable(choice.text) + "': " + error;
    return move;
}

// A player's calls, an exception (a player's bug) taken as its failure so the match goes on.
bool start(Player& player, const runtime::Game& game, int seat, std::uint64_t seed,
           std::string& error) {
    try {
        return player.start_game(game, seat, seed, error);
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

Choice ask(Player& player, const runtime::Game& game, const Budget& budget) {
    try {
        return player.choose(game, budget);
    } catch (const std::exception& e) {
        Choice failed;
        failed.failure = e.what();
        return failed;
    }
}

std::string record_of(const runtime::Game& game, const MatchOptions& options,
                      const GameSetup& setup, const std::optional<Ending>& ending) {
    runtime::RecordHeader header;
    header.event = options.event;
    header.date = options.date;
    // As cutechess: a tournament's games by round and their place in it ("2.5").
    header.round = options.format == Format::match
                       ? std::to_string(setup.index + 1)
                       : std::to_string(setup.round + 1) + "." + std::to_string(setup.in_round + 1);
    for (const int entrant : setup.entrant_at_seat)
        header.player_kinds.push_back(options.entrants[static_cast<std::size_t>(entrant)].name);
    if (ending)
        header.decision = runtime::Decision{
            ending->scores,
            ending->detail.empty() ? ending->reason : ending->reason + ": " + ending->detail};
    return runtime::write_record(game, header);
}

}  // namespace

std::int64_t time_margin(const MatchOptions& options, const Limits& limits) {
    if (options.time_margin_ms) return *options.time_margin_ms;
    constexpr std::int64_t LEAST_MS = 50;
    if (limits.time_control) return LEAST_MS + limits.time_control->base_ms / 100;
    return LEAST_MS + limits.movetime_ms / 10;
}

const char* termination_name(Termination termination) {
    // ORDER termination
    constexpr const char* NAMES[] = {"rules",        "adjudication",   "max plies", "time forfeit",
                                     "illegal move", "player failure", "stopped",   "aborted"};
    static_assert(std::size(NAMES) == static_cast<std::size_t>(Termination::aborted) + 1);
    return NAMES[static_cast<std::size_t>(termination)];
}

GameOutcome play_game(const CompiledGame& game, const MatchOptions& options, const GameSetup& setup,
                      const Opening& opening, const std::vector<Player*>& at_seat,
                      const std::atomic<bool>& abort) {
    const int players = static_cast<int>(at_seat.size());
    const auto name = [&](int seat) {
        return game.ir().players[static_cast<std::size_t>(seat)].name;
    };
    runtime::Game played(game, opening_start(game, opening), options.hooks);
    for (const Move move : opening.moves)
        if (!played.result()) played.play(move);

    // Each seat's limits, its clock and its increment.
    std::vector<Limits> limits;
    Budget budget;
    for (const int entrant : setup.entrant_at_seat) {
        const Limits& own = limits.emplace_back(
            limits_for(options.entrants[static_cast<std::size_t>(entrant)].limits, options.limits));
        budget.clocks_ms.push_back(own.time_control ? own.time_control->base_ms : 0);
        budget.increments_ms.push_back(own.time_control ? own.time_control->increment_ms : 0);
    }
    std::vector<int> moves_made(static_cast<std::size_t>(players), 0);
    DrawTracker draws(options.adjudication, players);
    ResignTracker resignations(options.adjudication, players);

    std::optional<Ending> ending;
    for (int seat = 0; seat < players && !ending; ++seat) {
        std::string error;
        if (!start(*at_seat[static_cast<std::size_t>(seat)], played, seat,
                   setup.seed_at_seat[static_cast<std::size_t>(seat)], error))
            ending = loss(Termination::player_failure, seat, name(seat),
                          "it could not start the game: " + error, players);
    }
    // Each turn checks, in order: the rules' end, the ply cap, the match's abort; then asks the
    // player and judges its answer: the clock, a failure, legality; then the adjudicators.
    while (!ending && !played.result()) {
        if (played.ply() >= options.adjudication.max_plies) {
            ending =
                draw(Termination::max_plies,
                     "draw: still going after " + std::to_string(played.ply()) + " plies", players);
            break;
        }
        if (abort.load(std::memory_order_relaxed)) {
            ending = Ending{Termination::aborted,
                            termination_name(Termination::aborted),
                            "aborted: the match has stopped",
                            {},
                            -1,
                            ""};
            break;
        }
        const int seat = played.position().side_to_move();
        const auto s = static_cast<std::size_t>(seat);
        const auto& tc = limits[s].time_control;
        const std::int64_t movetime_ms = limits[s].movetime_ms;
        budget.depth = limits[s].depth;
        budget.nodes = limits[s].nodes;
        budget.movetime_ms = movetime_ms;
        budget.timed = tc.has_value();
        budget.moves_to_go = tc && tc->moves ? tc->moves - moves_made[s] % tc->moves : 0;
        const std::int64_t margin = time_margin(options, limits[s]);
        budget.wait_ms = tc            ? budget.clocks_ms[s] + margin
                         : movetime_ms ? movetime_ms + margin
                                       : options.move_timeout_ms;
        const auto asked = Clock::now();
        const Choice choice = ask(*at_seat[s], played, budget);
        const auto spent =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
        // The clock first: a player that stayed silent past it has lost on time.
        if (tc) budget.clocks_ms[s] -= spent;
        if ((tc && budget.clocks_ms[s] < -margin) ||
            (movetime_ms && spent > movetime_ms + margin)) {
            ending = loss(Termination::time_forfeit, seat, name(seat),
                          "its move took " + std::to_string(spent) + " ms", players);
            break;
        }
        if (!choice.failure.empty()) {
            ending = loss(Termination::player_failure, seat, name(seat), choice.failure, players);
            break;
        }
        std::string why;
        const auto move = judge(played, choice, why);
        if (!move) {
            ending = loss(Termination::illegal_move, seat, name(seat), why, players);
            break;
        }
        played.play(*move);
        ++moves_made[s];
        if (tc) {
            budget.clocks_ms[s] += tc->increment_ms;
            if (tc->moves && moves_made[s] % tc->moves == 0) budget.clocks_ms[s] += tc->base_ms;
        }
        for (Player* player : at_seat) player->moved(played);
        if (played.result()) break;
        draws.update(played.ply(), choice.score);
        resignations.update(seat, choice.score);
        if (const int resigning = resignations.resigning(); resigning >= 0)
            ending = loss(Termination::adjudicated, resigning, name(resigning),
                          "its score stayed at or below -" +
                              std::to_string(options.adjudication.resign_score) + " for " +
                              std::to_string(options.adjudication.resign_moves) + " moves",
                          players);
        else if (draws.adjudicated())
            ending = draw(Termination::adjudicated,
                          "draw by adjudication: every score within " +
                              std::to_string(options.adjudication.draw_score) + " of 0 for " +
                              std::to_string(options.adjudication.draw_moves) + " moves each",
                          players);
    }

    GameOutcome out;
    out.setup = setup;
    out.plies = played.ply();
    if (ending) {
        out.termination = ending->termination;
        out.reason = ending->reason;
        out.summary = ending->summary;
        out.scores = ending->scores;
        out.forfeit_seat = ending->forfeit_seat;
        if (ending->termination == Termination::aborted) return out;
    } else {
        const runtime::Result& result = *played.result();
        out.termination = result.stopped ? Termination::stopped : Termination::rules;
        out.reason = result.stopped ? termination_name(Termination::stopped) : result.reason;
        out.summary = result.summary;
        if (!result.stopped) out.scores = result.scores;
    }
    out.record = record_of(played, options, setup, ending);
    return out;
}

}  // namespace vari::match
