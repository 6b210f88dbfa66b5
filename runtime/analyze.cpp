// Analysing a design: many games played between random movers and AI seats (pieces of a run, on
// threads or shared among processes), summed up in game order so that the figures depend on the
// seed alone.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <nlohmann/json.hpp>

#include "runtime/runtime.hpp"

namespace vari::runtime {

std::uint64_t mix_seed(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

namespace {

// One game as the analysis needs it.
struct Played {
    enum class End : std::uint8_t { finished, unfinished, stopped };
    End end = End::unfinished;
    Result result;     // when finished
    std::string stop;  // why, when stopped
    int plies = 0;
    std::uint64_t choices = 0;  // the moves to choose from, summed over the positions played
    std::vector<PieceActivity> pieces;
    std::vector<Move> moves;
    std::vector<int> played;  // each move's place among the legal moves
};

// Counts what `move`, just played from `before`, did; `undo` is how it changed the board.
void count_move(const Position& before, Move move, const Undo& undo,
                std::vector<PieceActivity>& pieces) {
    if (move.is_pass()) return;
    if (move.is_drop()) {
        ++pieces[static_cast<std::size_t>(move.dropped_type())].drops;
        return;
    }
    PieceActivity& mover = pieces[static_cast<std::size_t>(type_of(before.piece_on(move.from())))];
    ++mover.moves;
    mover.promotions += move.is_promotion();
    const auto taken = [&](Piece piece) {
        if (piece == NO_PIECE) return;
        ++mover.captures;
        ++pieces[static_cast<std::size_t>(type_of(piece))].captured;
    };
    if (move.is_jumps()) {
        for (int i = 0; i < undo.path.length; ++i) taken(undo.jumped[i]);
    } else {
        taken(undo.captured);
    }
}

// Game `index` of the analysis; nothing when `stop` ended it first.
std::optional<Played> play_game(const CompiledGame& compiled, const AnalysisOptions& options,
                                int index, const StopWhen& stop) {
    const std::uint64_t game_seed =
        mix_seed(options.seed ^ mix_seed(static_cast<std::uint64_t>(index)));
    std::mt19937_64 rng(game_seed);
    std::vector<std::unique_ptr<AiPlayer>> ai(options.seats.size());
    for (std::size_t seat = 0; seat < ai.size(); ++seat)
        if (const auto& level = options.seats[seat].level)
            ai[seat] = std::make_unique<AiPlayer>(compiled, *level, mix_seed(game_seed + 1 + seat),
                                                  options.hooks);

    Played out;
    out.pieces.resize(compiled.ir().pieces.size());
    Game game(compiled, options.hooks);
    while (!game.result() && game.ply() < options.max_plies) {
        if (stop && stop()) return std::nullopt;
        AiPlayer* player = ai[static_cast<std::size_t>(game.position().side_to_move())].get();
        Move move;
        if (game.ply() < options.random_plies || !player) {
            move = random_move(game, rng);
        } else {
            const search::Outcome chosen = player->choose(game);
            if (!chosen.error.empty()) {
                out.end = Played::End::stopped;
                out.stop = "the AI stopped: " + chosen.error;
                break;
            }
            move = chosen.best;
        }
        assert(!move.is_none());  // a position without moves has ended the game
        out.choices += static_cast<std::uint64_t>(game.legal_moves().size);
        const Position before = game.position();
        out.moves.push_back(move);
        const MoveList& legal = game.legal_moves();
        out.played.push_back(
            static_cast<int>(std::find(legal.begin(), legal.end(), move) - legal.begin()));
        game.play(move);
        count_move(before, move, *game.last_undo(), out.pieces);
    }
    out.plies = game.ply();
    if (out.end == Played::End::stopped) return out;
    if (const auto& result = game.result()) {
        out.end = result->stopped ? Played::End::stopped : Played::End::finished;
        out.stop = result->summary;
        out.result = *result;
    }
    return out;
}

// Adds one to the count of `key`, appending it when new.
void tally(std::vector<std::pair<std::string, int>>& counts, const std::string& key) {
    const auto it = std::find_if(counts.begin(), counts.end(),
                                 [&](const auto& entry) { return entry.first == key; });
    if (it == counts.end())
        counts.emplace_back(key, 1);
    else
        ++it->second;
}

void most_frequent_first(std::vector<std::pair<std::string, int>>& counts) {
    std::stable_sort(counts.begin(), counts.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
}

// The buckets of equal width, at most `max_buckets`, covering the sorted `plies`.
std::vector<LengthBucket> buckets(const std::vector<int>& plies, int max_buckets) {
    std::vector<LengthBucket> out;
    if (plies.empty()) return out;
    const int span = plies.back() - plies.front() + 1;
    const int width = (span + max_buckets - 1) / max_buckets;
    for (int from = plies.front(); from <= plies.back(); from += width)
        out.push_back({from, from + width - 1, 0});
    for (const int p : plies) ++out[static_cast<std::size_t>((p - plies.front()) / width)].games;
    return out;
}

// A game as a piece's result (what sum_up reads of it), and back.
std::string game_text(const Played& g) {
    nlohmann::json pieces = nlohmann::json::array();
    for (const PieceActivity& p : g.pieces)
        pieces.push_back({p.moves, p.drops, p.captures, p.captured, p.promotions});
    const nlohmann::json game = {{"end", static_cast<int>(g.end)},
                                 {"reason", g.result.reason},
                                 {"outcome", static_cast<int>(g.result.outcome)},
                                 {"scores", g.result.scores},
                                 {"stop", g.stop},
                                 {"plies", g.plies},
                                 {"choices", g.choices},
                                 {"pieces", pieces}};
    return game.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Nothing when `text` is not a game of this game's pieces (a damaged journal).
std::optional<Played> read_game(const std::string& text, std::size_t types) {
    const nlohmann::json g = nlohmann::json::parse(text, nullptr, false);
    try {
        Played one;
        one.end = static_cast<Played::End>(g.at("end").get<int>());
        one.result.reason = g.at("reason");
        one.result.outcome = static_cast<ir::Outcome>(g.at("outcome").get<int>());
        one.result.scores = g.at("scores").get<std::vector<double>>();
        one.stop = g.at("stop");
        one.plies = g.at("plies");
        one.choices = g.at("choices");
        for (const nlohmann::json& p : g.at("pieces"))
            one.pieces.push_back({p.at(0), p.at(1), p.at(2), p.at(3), p.at(4)});
        if (one.pieces.size() != types) return std::nullopt;
        return one;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

// What makes an analysis's games what they are, for its journal: the same line, the same games.
std::string run_line(const CompiledGame& game, const AnalysisOptions& options) {
    nlohmann::json seats = nlohmann::json::array();
    for (const Seat& seat : options.seats) seats.push_back(seat.text);
    return nlohmann::json{{"vari-analyze", 1},
                          {"rules-hash", game.ir().rules_hash},
                          {"seats", seats},
                          {"seed", options.seed},
                          {"random-plies", options.random_plies},
                          {"max-plies", options.max_plies},
                          {"hooks", options.hooks == HookUse::on}}
        .dump();
}

Analysis sum_up(const std::vector<Played>& played, std::size_t players, std::size_t types) {
    Analysis a;
    a.games = static_cast<int>(played.size());
    a.score_sums.assign(players, 0);
    a.pieces.resize(types);
    std::vector<std::vector<double>> scores(players);
    std::vector<int> plies;
    std::uint64_t choices = 0, positions = 0;
    for (const Played& game : played) {
        choices += game.choices;
        positions += static_cast<std::uint64_t>(game.plies);
        for (std::size_t t = 0; t < types; ++t) {
            PieceActivity& sum = a.pieces[t];
            const PieceActivity& one = game.pieces[t];
            sum.moves += one.moves;
            sum.drops += one.drops;
            sum.captures += one.captures;
            sum.captured += one.captured;
            sum.promotions += one.promotions;
        }
        if (game.end == Played::End::unfinished) {
            ++a.unfinished;
            continue;
        }
        if (game.end == Played::End::stopped) {
            ++a.stopped;
            tally(a.stops, game.stop);
            continue;
        }
        ++a.finished;
        const Result& r = game.result;
        tally(a.endings, r.reason);
        ++(r.outcome == ir::Outcome::draw ? a.draws : a.decisive);
        plies.push_back(game.plies);
        for (std::size_t p = 0; p < players; ++p) {
            a.score_sums[p] += r.scores[p];
            scores[p].push_back(r.scores[p]);
        }
    }
    most_frequent_first(a.endings);
    most_frequent_first(a.stops);
    if (a.unfinished) a.endings.emplace_back("unfinished", a.unfinished);
    if (a.stopped) a.endings.emplace_back("stopped", a.stopped);
    a.branching = positions ? static_cast<double>(choices) / static_cast<double>(positions) : 0;

    const double n = a.finished;
    for (std::size_t p = 0; p < players && a.finished; ++p) {
        const double mean = a.score_sums[p] / n;
        double squares = 0;
        for (const double s : scores[p]) squares += (s - mean) * (s - mean);
        const double deviation = a.finished > 1 ? std::sqrt(squares / (n - 1)) : 0;
        a.score_means.push_back(mean);
        a.score_margins.push_back(1.96 * deviation / std::sqrt(n));
    }
    if (!plies.empty()) {
        std::sort(plies.begin(), plies.end());
        double total = 0;
        for (const int p : plies) total += p;
        a.mean_plies = total / n;
        const std::size_t mid = plies.size() / 2;
        a.median_plies = plies.size() % 2 ? plies[mid] : (plies[mid - 1] + plies[mid]) / 2.0;
        a.min_plies = plies.front();
        a.max_plies = plies.back();
        a.lengths = buckets(plies, 10);
    }
    return a;
}

}  // namespace

std::optional<PlayedGame> play_analysis_game(const CompiledGame& game,
                                             const AnalysisOptions& options, int index,
                                             const StopWhen& stop) {
    auto played = play_game(game, options, index, stop);
    if (!played) return std::nullopt;
    PlayedGame out;
    out.moves = std::move(played->moves);
    out.choices = std::move(played->played);
    if (played->end == Played::End::finished)
        out.result = std::move(played->result);
    else if (played->end == Played::End::stopped)
        out.stop = played->stop;
    return out;
}

Analysis analyze(const CompiledGame& game, const AnalysisOptions& options,
                 const std::function<void(int done)>& progress, const StopWhen& stop) {
    assert(options.seats.size() == game.ir().players.size() && options.threads >= 1);
    assert(std::none_of(options.seats.begin(), options.seats.end(),
                        [](const Seat& seat) { return seat.person(); }));
    const std::size_t games = static_cast<std::size_t>(std::max(options.games, 0));
    const std::size_t types = game.ir().pieces.size();
    const bool sums_up = options.runner.sums_up;
    std::string error;
    std::optional<Journal> journal;
    if (sums_up && !options.journal.empty()) {
        journal = Journal::open(options.journal, run_line(game, options), error);
        if (!journal) {
            Analysis refused;
            refused.error = error;
            return refused;
        }
    }
    Pieces pieces;
    pieces.count = static_cast<long long>(games);
    pieces.threads = options.threads;
    pieces.noun = "games";
    pieces.done_before.assign(games, false);
    std::vector<std::optional<Played>> played(games);
    int done = 0;
    if (journal)
        for (const auto& [index, text] : journal->results())
            if (index < pieces.count)
                if (auto one = read_game(text, types)) {
                    played[static_cast<std::size_t>(index)] = std::move(one);
                    pieces.done_before[static_cast<std::size_t>(index)] = true;
                    ++done;
                }
    if (progress && sums_up && done) progress(done);
    pieces.player = [&](const std::atomic<bool>& abandon) -> Pieces::Player {
        return [&](long long index) -> std::optional<std::string> {
            const auto one = play_game(game, options, static_cast<int>(index),
                                       [&] { return abandon || (stop && stop()); });
            if (!one) return std::nullopt;
            return game_text(*one);
        };
    };
    bool unwritten = false;
    pieces.finished = [&](long long index, const std::string& text) {
        if (journal && !unwritten && !journal->add(index, text, error)) unwritten = true;
        played[static_cast<std::size_t>(index)] = read_game(text, types);
        if (progress) progress(++done);
        return true;
    };
    pieces.stop = [&] { return unwritten || (stop && stop()); };
    const PiecesRun run = options.runner.run(pieces);
    std::vector<Played> finished;
    for (auto& slot : played)
        if (slot) finished.push_back(std::move(*slot));
    Analysis analysis = sum_up(finished, game.ir().players.size(), types);
    analysis.cut_short = finished.size() < played.size();
    analysis.error = unwritten ? error : run.problem;
    return analysis;
}

}  // namespace vari::runtime
