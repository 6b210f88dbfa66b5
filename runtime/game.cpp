// A game in play: the move history, repetition counting, the game's end conditions and results.
#include <algorithm>
#include <cassert>

#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

std::string repetition_name(int count) {
    switch (count) {
        case 2:
            return "twofold";
        case 3:
            return "threefold";
        case 4:
            return "fourfold";
        case 5:
            return "fivefold";
        default:
            return std::to_string(count) + "-fold";
    }
}

std::string reason_of(const ir::EndCondition& end) {
    switch (end.kind) {
        case ir::EndKind::checkmate:
            return "checkmate";
        case ir::EndKind::stalemate:
            return "stalemate";
        case ir::EndKind::repetition:
            return repetition_name(end.count) + " repetition";
        case ir::EndKind::ply_limit:
            return "the " + std::to_string(end.count) + "-ply rule";
    }
    return "the end of the game";
}

// Scores and summary for `outcome` of the last move, made by `mover`.
Result make_result(const ir::Game& game, ir::Outcome outcome, int mover, std::string reason) {
    const int count = static_cast<int>(game.players.size());
    const std::string& name = game.players[mover].name;
    Result r;
    r.scores.assign(count, 0.0);
    switch (outcome) {
        case ir::Outcome::win:
            r.scores[mover] = 1.0;
            r.summary = name + " wins by " + reason;
            break;
        case ir::Outcome::draw:
            std::fill(r.scores.begin(), r.scores.end(), 1.0 / count);
            r.summary = "draw by " + reason;
            break;
        case ir::Outcome::loss:
            // The others share the point; with two players that is a win for the other one.
            for (int p = 0; p < count; ++p)
                if (p != mover) r.scores[p] = 1.0 / (count - 1);
            r.summary = count == 2 ? game.players[1 - mover].name + " wins by " + reason
                                   : name + " loses by " + reason;
            break;
    }
    r.reason = std::move(reason);
    return r;
}

}  // namespace

Game::Game(const CompiledGame& game) : Game(game, Position(game)) {}

Game::Game(const CompiledGame& game, const Position& start) : game_(game), pos_(start) {
    assert(&start.game() == &game);
    hashes_.push_back(pos_.hash());
    refresh();
}

void Game::play(Move move) {
    assert(std::find(legal_.begin(), legal_.end(), move) != legal_.end());
    history_.push_back({move, Undo{}});
    pos_.do_move(move, history_.back().undo);
    hashes_.push_back(pos_.hash());
    refresh();
}

bool Game::undo() {
    if (history_.empty()) return false;
    pos_.undo_move(history_.back().move, history_.back().undo);
    history_.pop_back();
    hashes_.pop_back();
    refresh();
    return true;
}

int Game::repetitions() const {
    // The hash includes the side to move, so only every player_count-th position can match. The
    // whole history is scanned: whether a clock-resetting move is irreversible depends on the game.
    const int step = game_.tables().player_count;
    int count = 0;
    for (int i = static_cast<int>(hashes_.size()) - 1; i >= 0; i -= step)
        if (hashes_[i] == pos_.hash()) ++count;
    return count;
}

void Game::refresh() {
    generate_legal(pos_, legal_);
    result_.reset();
    const ir::Game& game = game_.ir();
    const int count = game_.tables().player_count;
    const int mover = (pos_.side_to_move() + count - 1) % count;
    // Mate and stalemate come first: a mate on the last ply of a counter is still a mate.
    if (legal_.size == 0) {
        const auto kind = pos_.in_check() ? ir::EndKind::checkmate : ir::EndKind::stalemate;
        for (const auto& end : game.ends)
            if (end.kind == kind) {
                result_ = make_result(game, end.outcome, mover, reason_of(end));
                return;
            }
        // No rule says what happens, but the game cannot go on.
        result_ = make_result(game, ir::Outcome::draw, mover, "no legal move");
        return;
    }
    for (const auto& end : game.ends) {
        const bool over = (end.kind == ir::EndKind::repetition && repetitions() >= end.count) ||
                          (end.kind == ir::EndKind::ply_limit && pos_.ply_clock() >= end.count);
        if (over) {
            result_ = make_result(game, end.outcome, mover, reason_of(end));
            return;
        }
    }
}

Move random_move(const Game& game, std::mt19937_64& rng) {
    const MoveList& legal = game.legal_moves();
    if (legal.size == 0) return Move::none();
    std::uniform_int_distribution<int> pick(0, legal.size - 1);
    return legal.moves[pick(rng)];
}

}  // namespace vari::runtime
