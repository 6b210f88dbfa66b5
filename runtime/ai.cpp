// The AI in a game in play: the search's view of the game, the game's hooks as the search asks
// them, and players that choose moves (the AI at a level, or at random).
#include <algorithm>
#include <cassert>
#include <iomanip>
#include <sstream>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

lua::HookContext context_of(const search::Node& node) {
    lua::HookContext c;
    c.position = node.position;
    c.ply = node.ply;
    c.repetitions = node.repetitions;
    c.passes = node.passes;
    c.last_move = node.last_move;
    c.last_undo = node.last_undo;
    return c;
}

// The game's hooks in a Lua state of the search's own, so that a search never disturbs the game
// in play (and may run beside it).
class SearchHooks final : public search::RuleHooks {
public:
    SearchHooks(const CompiledGame& game, std::unique_ptr<lua::Hooks> hooks)
        : game_(game), hooks_(std::move(hooks)) {}

    bool filter(const search::Node& node, MoveList& moves) override {
        return hooks_->filter(context_of(node), game_.ir().passing, moves);
    }

    bool verdict(const search::Node& node, std::optional<search::HookEnd>& end) override {
        end.reset();
        std::optional<lua::HookVerdict> verdict;
        if (!hooks_->verdict(context_of(node), verdict)) return false;
        if (verdict) end = search::HookEnd{verdict->outcome, verdict->player};
        return true;
    }

    bool scores_endings() const override { return hooks_->handles(lua::HookEvent::score); }

    bool scores(const search::Node& node, const search::HookEnd& end,
                std::vector<double>& scores) override {
        lua::HookVerdict ending;
        ending.outcome = end.outcome;
        ending.player = end.outcome == ir::Outcome::draw ? -1 : end.player;
        return hooks_->score(context_of(node), ending, scores);
    }

    std::string error() const override { return hooks_->error(); }

private:
    const CompiledGame& game_;
    std::unique_ptr<lua::Hooks> hooks_;
};

}  // namespace

search::Root search_root(const Game& game) {
    search::Root root;
    root.position = &game.position();
    root.history.assign(game.hashes().begin(), game.hashes().end() - 1);
    root.ply = game.ply();
    root.passes = game.passes();
    root.last_move = game.last_move();
    root.last_undo = game.last_undo();
    root.moves.assign(game.legal_moves().begin(), game.legal_moves().end());
    return root;
}

std::unique_ptr<search::RuleHooks> search_hooks(const CompiledGame& game, HookUse use,
                                                std::string& error) {
    if (use == HookUse::off || !game.ir().hooks) return nullptr;
    Diagnostic problem;
    auto hooks = lua::Hooks::load(game, problem);
    if (!hooks) {
        error = "the hooks failed to load at " + problem.file + ":" + std::to_string(problem.line) +
                ": " + problem.message;
        return nullptr;
    }
    return std::make_unique<SearchHooks>(game, std::move(hooks));
}

AiPlayer::AiPlayer(const CompiledGame& game, const search::Level& level, std::uint64_t seed,
                   HookUse hooks)
    : level_(level),
      searcher_(game, search::Options{16, seed, level.variety, std::max(level.threads, 1),
                                      !level.derived, level.weights}) {
    hooks_ = search_hooks(game, hooks, hook_error_);
}

AiPlayer::~AiPlayer() = default;

search::Outcome AiPlayer::choose(const Game& game, const search::Searcher::Progress& progress) {
    return choose_within(game, level_.limits, progress);
}

search::Outcome AiPlayer::choose_within(const Game& game, const search::Limits& limits,
                                        const search::Searcher::Progress& progress) {
    assert(!game.result());
    if (!hook_error_.empty()) {
        search::Outcome out;
        out.error = hook_error_;
        return out;
    }
    return searcher_.think(search_root(game), limits, hooks_.get(), progress);
}

std::string score_text(int score, int players) {
    std::ostringstream out;
    if (search::is_decisive(score)) {
        const int plies = search::plies_to_end(score);
        if (players == 2)
            out << '#' << (score > 0 ? "" : "-") << (plies + 1) / 2;
        else
            out << (score > 0 ? "win in " : "loss in ") << plies;
    } else {
        out << (score >= 0 ? "+" : "-") << std::fixed << std::setprecision(2)
            << std::abs(score) / 100.0;
    }
    return out.str();
}

}  // namespace vari::runtime
