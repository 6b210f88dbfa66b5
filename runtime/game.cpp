// A game in play: the move history, repetition counting, the game's end conditions and results.
#include <algorithm>
#include <cassert>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

// Scores and summary for `outcome` of `player` (-1 with a draw).
Result make_result(const ir::Game& game, ir::Outcome outcome, int player, std::string reason) {
    const int count = static_cast<int>(game.players.size());
    Result r;
    r.outcome = outcome;
    r.player = outcome == ir::Outcome::draw ? -1 : player;
    r.scores.assign(count, 0.0);
    outcome_scores(count, outcome, r.player, r.scores.data());
    switch (outcome) {
        case ir::Outcome::win:
            r.summary = game.players[player].name + " wins by " + reason;
            break;
        case ir::Outcome::draw:
            r.summary = "draw by " + reason;
            break;
        case ir::Outcome::loss:
            r.summary = count == 2 ? game.players[1 - player].name + " wins by " + reason
                                   : game.players[player].name + " loses by " + reason;
            break;
    }
    r.reason = std::move(reason);
    return r;
}

}  // namespace

std::string too_many_moves() {
    return "this position has more capture sequences than vari can list (more than " +
           std::to_string(MAX_JUMP_ORDINAL + 1) + " between two cells, or " +
           std::to_string(MAX_MOVES) + " moves in all)";
}

Game::Game(const CompiledGame& game, HookUse hooks) : Game(game, Position(game), hooks) {}

Game::Game(const CompiledGame& game, const Position& start, HookUse hooks)
    : game_(game), start_(start), pos_(start), hook_use_(hooks) {
    assert(&start.game() == &game);
    load_hooks();
    hashes_.push_back(pos_.hash());
    repetitions_ = counts_.add(pos_.hash());
    refresh();
}

void Game::load_hooks() {
    if (hook_use_ == HookUse::off) return;
    Diagnostic error;
    hooks_ = lua::Hooks::load(game_, error);
    hook_load_error_.clear();
    if (!hooks_ && !error.message.empty())
        hook_load_error_ = "the hooks failed to load at " + error.file + ":" +
                           std::to_string(error.line) + ": " + error.message;
}

void Game::restart() {
    load_hooks();
    plies_ = 0;
    pos_ = start_;
    hashes_.assign(1, pos_.hash());
    counts_.clear();
    repetitions_ = counts_.add(pos_.hash());
    refresh();
}

Game::~Game() = default;

int Game::passes() const {
    int count = 0;
    for (int ply = plies_ - 1; ply >= 0 && step(ply).move.is_pass(); --ply) ++count;
    return count;
}

void Game::play(Move move) {
    assert(!judged_ || std::find(legal_.begin(), legal_.end(), move) != legal_.end());
    if (plies_ == static_cast<int>(steps_.size()) * STEPS_PER_BLOCK)
        steps_.emplace_back(new Step[STEPS_PER_BLOCK]);
    Step& played = step(plies_++);
    played.move = move;
    pos_.do_move(move, played.undo);
    hashes_.push_back(pos_.hash());
    repetitions_ = counts_.add(pos_.hash());
    refresh();
}

bool Game::undo() {
    if (!undo_unjudged()) return false;
    refresh();
    return true;
}

bool Game::undo_unjudged() {
    if (plies_ == 0) return false;
    const Step& last = step(--plies_);
    counts_.remove(hashes_.back());
    pos_.undo_move(last.move, last.undo);
    hashes_.pop_back();
    repetitions_ = counts_.count(pos_.hash());
    judged_ = false;
    return true;
}

lua::HookContext Game::context() const {
    lua::HookContext c;
    c.position = &pos_;
    c.ply = ply();
    c.repetitions = repetitions_;
    c.passes = passes();
    if (plies_ > 0) {
        c.last_move = step(plies_ - 1).move;
        c.last_undo = &step(plies_ - 1).undo;
    }
    return c;
}

bool Game::filter_moves() {
    return !hooks_ || hooks_->filter(context(), game_.ir().passing, legal_);
}

void Game::stop(const std::string& why) {
    Result r;
    r.reason = "a failed hook";
    r.stopped = true;
    r.summary = "game stopped: " + why;
    result_ = std::move(r);
}

void Game::end(Result result) {
    if (hooks_ && hooks_->handles(lua::HookEvent::score)) {
        std::vector<double> scores;
        const lua::HookVerdict end{result.outcome, result.player, result.reason};
        if (!hooks_->score(context(), end, scores)) return stop(hooks_->error());
        result.scores = std::move(scores);
    }
    result_ = std::move(result);
}

void Game::refresh() {
    judge_position();
    if (result_) legal_.size = 0;  // an ended game has no moves, whatever ended it
}

void Game::judge_position() {
    judged_ = true;
    generate_legal(pos_, legal_);
    result_.reset();
    if (!hook_load_error_.empty()) return stop(hook_load_error_);
    if (legal_.overflow) return stop(too_many_moves());
    if (!filter_moves()) return stop(hooks_->error());
    const ir::Game& game = game_.ir();
    if (hooks_) {
        std::optional<lua::HookVerdict> verdict;
        if (!hooks_->verdict(context(), verdict)) return stop(hooks_->error());
        if (verdict)
            return end(make_result(game, verdict->outcome, verdict->player, verdict->reason));
    }
    const Judgement judgement = judge(pos_, legal_.size > 0, repetitions_);
    if (!judgement.over) return;
    const int mover = judgement.mover;
    if (judgement.rule < 0)
        return end(make_result(game, ir::Outcome::draw, mover, "no legal move"));
    const ir::EndCondition& rule = game.ends[static_cast<std::size_t>(judgement.rule)];
    end(make_result(game, judgement.outcome, mover,
                    end_rule(rule.kind).reason(pos_, rule, judgement)));
}

Move random_move(const Game& game, std::mt19937_64& rng) {
    const MoveList& legal = game.legal_moves();
    if (legal.size == 0) return Move::none();
    std::uniform_int_distribution<int> pick(0, legal.size - 1);
    return legal.moves[pick(rng)];
}

}  // namespace vari::runtime
