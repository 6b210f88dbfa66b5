// The searched line: make and unmake with the history the end conditions and hooks read.
#include "runtime/search/line.hpp"

#include <cassert>

namespace vari::search {

Line::Line(const Root& root, RuleHooks* hooks)
    : pos_(*root.position),
      hooks_(hooks),
      players_(root.position->tables().player_count),
      root_(root),
      hashes_(root.history),
      undos_(MAX_LINE) {
    counts_repetitions_ = false;
    for (const auto& end : pos_.game().ir().ends)
        if (end.kind == ir::EndKind::repetition) counts_repetitions_ = true;
    hashes_.push_back(pos_.hash());
    if (counts_repetitions_)
        for (std::uint64_t hash : hashes_) counts_.add(hash);
    passes_.push_back(root.passes);
    checked_.reserve(MAX_LINE + 1);
    checked_.push_back(-1);
    moves_.reserve(MAX_LINE);
}

void Line::play(Move move) {
    assert(depth() < MAX_LINE);
    pos_.do_move(move, undos_[moves_.size()]);
    moves_.push_back(move);
    hashes_.push_back(pos_.hash());
    if (counts_repetitions_) counts_.add(pos_.hash());
    passes_.push_back(move.is_pass() ? passes_.back() + 1 : 0);
    checked_.push_back(-1);
}

void Line::undo() {
    pos_.undo_move(moves_.back(), undos_[moves_.size() - 1]);
    moves_.pop_back();
    if (counts_repetitions_) counts_.remove(hashes_.back());
    hashes_.pop_back();
    passes_.pop_back();
    checked_.pop_back();
}

bool Line::in_check() {
    if (checked_.back() < 0) checked_.back() = pos_.in_check();
    return checked_.back();
}

int Line::repetitions() const {
    if (!counts_repetitions_) return 1;
    return counts_.count(hashes_.back());
}

Node Line::node() const {
    Node n;
    n.position = &pos_;
    n.ply = root_.ply + depth();
    n.repetitions = repetitions();
    n.passes = passes_.back();
    if (moves_.empty()) {
        n.last_move = root_.last_move;
        n.last_undo = root_.last_undo;
    } else {
        n.last_move = moves_.back();
        n.last_undo = &undos_[moves_.size() - 1];
    }
    return n;
}

bool Line::hook_failed() {
    error_ = hooks_->error();
    return false;
}

bool Line::generate(MoveList& moves) {
    generate_legal(pos_, moves);
    if (hooks_ && !hooks_->filter(node(), moves)) return hook_failed();
    return true;
}

Ending Line::score(ir::Outcome outcome, int player) {
    Ending e;
    outcome_scores(players_, outcome, outcome == ir::Outcome::draw ? -1 : player, e.scores.data());
    return e;
}

bool Line::ended(bool has_move, std::optional<Ending>& ending) {
    ending.reset();
    std::optional<HookEnd> decided;
    // The root's verdict was given before the search was asked for a move.
    if (hooks_ && depth() > 0 && !hooks_->verdict(node(), decided)) return hook_failed();
    if (!decided) {
        const Judgement j = judge(pos_, has_move, repetitions());
        if (!j.over) return true;
        decided = HookEnd{j.outcome, j.mover};
    }
    ending = score(decided->outcome, decided->player);
    if (hooks_ && hooks_->scores_endings()) {
        std::vector<double> scores;
        if (!hooks_->scores(node(), *decided, scores)) return hook_failed();
        for (int p = 0; p < players_; ++p) ending->scores[p] = scores[p];
    }
    return true;
}

}  // namespace vari::search
