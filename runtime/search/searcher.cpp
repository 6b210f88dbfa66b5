// Searcher: picks the search for the game's player count (past two, the one the limits name) and
// keeps its state between moves.
#include "runtime/search/engines.hpp"

namespace vari::search {

struct Searcher::Impl {
    Impl(const CompiledGame& game, Options options)
        : game(game),
          options(options),
          evaluation(options.weights ? Evaluation(game, *options.weights)
                                     : Evaluation(game, options.learned)),
          state(make_search_state(game, options)) {}
    const CompiledGame& game;
    Options options;
    Evaluation evaluation;
    StatePointer state;
};

Searcher::Searcher(const CompiledGame& game, Options options)
    : impl_(std::make_unique<Impl>(game, options)) {}

Searcher::~Searcher() = default;

void Searcher::clear() { search::clear(*impl_->state); }

const Evaluation& Searcher::evaluation() const { return impl_->evaluation; }

Outcome Searcher::think(const Root& root, const Limits& limits, RuleHooks* hooks,
                        const Progress& progress) {
    stop_.store(false, std::memory_order_relaxed);
    Budget budget(limits, stop_);
    Context context{impl_->evaluation, impl_->options, budget, hooks, progress};
    if (impl_->game.tables().player_count == 2)
        return search_two_players(root, context, *impl_->state);
    switch (limits.many_players) {
        case ManyPlayerSearch::max_n:
            return search_max_n(root, context);
        case ManyPlayerSearch::best_reply:
            return search_best_reply(root, context);
        case ManyPlayerSearch::paranoid:
            break;
    }
    return search_paranoid(root, context);
}

}  // namespace vari::search
