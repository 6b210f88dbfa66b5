// An analysis as JSON, for tools (`vari analyze --json`) and the page of `vari serve`.
#include <nlohmann/json.hpp>

#include "runtime/runtime.hpp"

namespace vari::runtime {

std::string analysis_json(const ir::Game& game, const AnalysisOptions& options, const Analysis& a) {
    nlohmann::json seats = nlohmann::json::array();
    for (std::size_t p = 0; p < options.seats.size(); ++p) {
        nlohmann::json seat{{"player", game.players[p].name},
                            {"spec", options.seats[p].text},
                            {"score", a.score_sums[p]}};
        seat["weights"] = seat_weights(game, options.seats[p]);
        if (a.finished) {
            seat["mean"] = a.score_means[p];
            seat["margin95"] = a.score_margins[p];
        }
        seats.push_back(seat);
    }
    const auto counts = [](const std::vector<std::pair<std::string, int>>& list) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& [reason, games] : list)
            out.push_back({{"reason", reason}, {"games", games}});
        return out;
    };
    nlohmann::json histogram = nlohmann::json::array();
    for (const auto& b : a.lengths)
        histogram.push_back({{"from", b.from}, {"to", b.to}, {"games", b.games}});
    nlohmann::json pieces = nlohmann::json::array();
    for (std::size_t t = 0; t < a.pieces.size(); ++t) {
        const auto& p = a.pieces[t];
        pieces.push_back({{"piece", game.pieces[t].name},
                          {"moves", p.moves},
                          {"drops", p.drops},
                          {"captures", p.captures},
                          {"captured", p.captured},
                          {"promotions", p.promotions}});
    }
    const nlohmann::json out = {{"game", game.name},
                                {"games", a.games},
                                {"seed", options.seed},
                                {"random_plies", options.random_plies},
                                {"max_plies", options.max_plies},
                                {"hooks", options.hooks == HookUse::on},
                                {"seats", seats},
                                {"finished", a.finished},
                                {"unfinished", a.unfinished},
                                {"stopped", a.stopped},
                                {"draws", a.draws},
                                {"decisive", a.decisive},
                                {"endings", counts(a.endings)},
                                {"stops", counts(a.stops)},
                                {"length",
                                 {{"mean", a.mean_plies},
                                  {"median", a.median_plies},
                                  {"min", a.min_plies},
                                  {"max", a.max_plies},
                                  {"histogram", histogram}}},
                                {"branching", a.branching},
                                {"pieces", pieces}};
    return out.dump();
}

}  // namespace vari::runtime
