// A match's report as JSON, as `vari match --json` prints it.
#include <cmath>
#include <nlohmann/json.hpp>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

using json = nlohmann::json;

// JSON has no infinity: an unbounded margin is null.
json finite(double value) { return std::isfinite(value) ? json(value) : json(nullptr); }

const char* verdict_name(SprtVerdict verdict) {
    switch (verdict) {
        case SprtVerdict::h0:
            return "H0";
        case SprtVerdict::h1:
            return "H1";
        case SprtVerdict::undecided:
            break;
    }
    return "undecided";
}

}  // namespace

std::string match_json(const ir::Game& game, const MatchOptions& options,
                       const MatchReport& report) {
    json out;
    out["game"] = game.name;
    out["games"] = {
        {"planned", report.planned}, {"played", report.played}, {"stopped", report.stopped}};
    out["seed"] = options.seed;
    if (options.openings.empty())
        out["random_plies"] = options.random_plies;
    else
        out["openings"] = options.openings.size();
    if (const auto& tc = options.time_control)
        out["time_control"] = {
            {"moves", tc->moves}, {"base_ms", tc->base_ms}, {"increment_ms", tc->increment_ms}};
    if (options.movetime_ms) out["movetime_ms"] = options.movetime_ms;
    if (options.depth) out["depth"] = options.depth;
    if (options.nodes) out["nodes"] = options.nodes;
    out["players"] = json::array();
    for (std::size_t e = 0; e < options.entrants.size(); ++e) {
        const EntrantScore& s = report.scores[e];
        out["players"].push_back({{"name", options.entrants[e].name},
                                  {"points", s.points},
                                  {"games", s.games},
                                  {"mean", s.mean},
                                  {"margin", s.margin}});
    }
    if (options.entrants.size() == 2) {
        const Stats& stats = report.stats;
        const Elo elo = elo_of(stats);
        out["wins"] = stats.wins;
        out["draws"] = stats.draws;
        out["losses"] = stats.losses;
        out["pairs"] = stats.pairs;
        out["score"] = stats.score();
        out["elo"] = {{"difference", finite(elo.difference)},
                      {"margin", finite(elo.margin)},
                      {"los", elo.los},
                      {"draw_ratio", elo.draw_ratio}};
        if (const auto& sprt = options.sprt)
            out["sprt"] = {{"elo0", sprt->elo0},
                           {"elo1", sprt->elo1},
                           {"alpha", sprt->alpha},
                           {"beta", sprt->beta},
                           {"llr", report.llr},
                           {"lower_bound", sprt->lower_bound()},
                           {"upper_bound", sprt->upper_bound()},
                           {"verdict", verdict_name(report.verdict)}};
    }
    out["endings"] = json::array();
    for (const auto& [reason, games] : report.endings)
        out["endings"].push_back({{"reason", reason}, {"games", games}});
    return out.dump(2);
}

}  // namespace vari::match
