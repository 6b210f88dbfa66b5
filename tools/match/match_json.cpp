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

// The limits that are set.
json limits_json(const Limits& limits) {
    json out = json::object();
    if (const auto& tc = limits.time_control)
        out["time_control"] = {
            {"moves", tc->moves}, {"base_ms", tc->base_ms}, {"increment_ms", tc->increment_ms}};
    if (limits.movetime_ms) out["movetime_ms"] = limits.movetime_ms;
    if (limits.depth) out["depth"] = limits.depth;
    if (limits.nodes) out["nodes"] = limits.nodes;
    return out;
}

json elo_json(const Elo& elo) {
    return {{"difference", finite(elo.difference)}, {"margin", finite(elo.margin)}};
}

// A tournament's standings and the results of its pairings.
void add_tournament(json& out, const MatchOptions& options, const MatchReport& report) {
    out["tournament"] = {{"format", format_name(options.format)},
                         {"rounds", options.rounds},
                         {"games_per_pairing", options.games}};
    out["standings"] = json::array();
    for (const Standing& standing : standings(report)) {
        const EntrantScore& s = report.scores[static_cast<std::size_t>(standing.entrant)];
        out["standings"].push_back(
            {{"rank", standing.rank},
             {"player", standing.entrant},
             {"name", options.entrants[static_cast<std::size_t>(standing.entrant)].name},
             {"games", s.games},
             {"points", s.points},
             {"score", s.mean},
             {"elo", standing.elo ? elo_json(*standing.elo) : json(nullptr)},
             {"wins", s.wins},
             {"draws", s.draws},
             {"losses", s.losses}});
    }
    out["pairings"] = json::array();
    for (const PairingResult& pairing : report.pairings) {
        json entry = {
            {"players", pairing.entrants}, {"games", pairing.games}, {"points", pairing.points}};
        if (pairing.entrants.size() == 2)
            entry.update({{"wins", pairing.stats.wins},
                          {"draws", pairing.stats.draws},
                          {"losses", pairing.stats.losses}});
        out["pairings"].push_back(std::move(entry));
    }
}

}  // namespace

std::string match_json(const ir::Game& game, const MatchOptions& options,
                       const MatchReport& report) {
    json out;
    out["game"] = game.name;
    out["games"] = {{"planned", report.planned},
                    {"played", report.played},
                    {"stopped", report.stopped},
                    {"time_forfeits", report.time_forfeits}};
    if (options.limits.time_control || options.limits.movetime_ms)
        out["time_margin_ms"] = time_margin(options, options.limits);
    out["seed"] = options.seed;
    if (options.openings.empty())
        out["random_plies"] = options.random_plies;
    else
        out["openings"] = options.openings.size();
    out.update(limits_json(options.limits));
    out["players"] = json::array();
    for (std::size_t e = 0; e < options.entrants.size(); ++e) {
        const EntrantScore& s = report.scores[e];
        json player = {{"name", options.entrants[e].name},
                       {"points", s.points},
                       {"games", s.games},
                       {"mean", s.mean},
                       {"margin", s.margin},
                       {"wins", s.wins},
                       {"draws", s.draws},
                       {"losses", s.losses}};
        if (options.entrants[e].limits.any())
            player["limits"] = limits_json(options.entrants[e].limits);
        out["players"].push_back(std::move(player));
    }
    if (options.format != Format::match) add_tournament(out, options, report);
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
