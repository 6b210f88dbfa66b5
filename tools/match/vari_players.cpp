// vari's own players in a match: the AI at a level and the random mover.
#include <algorithm>
#include <random>

#include "tools/match/match.hpp"

namespace vari::match {

std::int64_t clock_share(const Budget& budget, int seat) {
    const std::int64_t left = budget.clocks_ms[static_cast<std::size_t>(seat)];
    const std::int64_t moves = budget.moves_to_go > 0 ? budget.moves_to_go : 30;
    const std::int64_t share =
        left / moves + budget.increments_ms[static_cast<std::size_t>(seat)] * 3 / 4;
    return std::clamp<std::int64_t>(share, 1, std::max<std::int64_t>(1, left / 2));
}

namespace {

class AiSeat final : public Player {
public:
    AiSeat(const CompiledGame& game, const search::Level& level) : game_(game), level_(level) {}

    bool start_game(const runtime::Game& game, int seat, std::uint64_t seed,
                    std::string&) override {
        seat_ = seat;
        const auto hooks = game.runs_hooks() ? runtime::HookUse::on : runtime::HookUse::off;
        ai_ = std::make_unique<runtime::AiPlayer>(game_, level_, seed, hooks);
        return true;
    }

    Choice choose(const runtime::Game& game, const Budget& budget) override {
        search::Limits limits = level_.limits;
        if (budget.depth || budget.nodes) {  // the match's budget replaces the level's
            limits.depth = limits.many_players_depth = budget.depth;
            limits.nodes = budget.nodes;
        }
        if (budget.timed) limits.milliseconds = clock_share(budget, seat_);
        if (budget.movetime_ms) limits.milliseconds = budget.movetime_ms;
        const search::Outcome outcome = ai_->choose_within(game, limits);
        Choice choice;
        if (!outcome.error.empty()) {
            choice.failure = "the AI stopped: " + outcome.error;
            return choice;
        }
        choice.move = outcome.best;
        if (outcome.last.depth > 0) choice.score = outcome.last.score;
        return choice;
    }

private:
    const CompiledGame& game_;
    search::Level level_;
    int seat_ = 0;
    std::unique_ptr<runtime::AiPlayer> ai_;
};

class RandomSeat final : public Player {
public:
    bool start_game(const runtime::Game&, int, std::uint64_t seed, std::string&) override {
        rng_.seed(seed);
        return true;
    }

    Choice choose(const runtime::Game& game, const Budget&) override {
        Choice choice;
        choice.move = runtime::random_move(game, rng_);
        return choice;
    }

private:
    std::mt19937_64 rng_;
};

}  // namespace

std::optional<Entrant> vari_entrant(std::string_view spec, std::string& error) {
    const auto seat = runtime::parse_seat(spec, error, runtime::SeatsAllowed::computers);
    if (!seat) return std::nullopt;
    Entrant entrant;
    entrant.name = seat->text;
    if (const auto level = seat->level)
        entrant.make = [level = *level](const CompiledGame& game) -> std::unique_ptr<Player> {
            return std::make_unique<AiSeat>(game, level);
        };
    else
        entrant.make = [](const CompiledGame&) -> std::unique_ptr<Player> {
            return std::make_unique<RandomSeat>();
        };
    return entrant;
}

}  // namespace vari::match
