// Who plays: the seat words, and a game at a table with its seats, undo, redo and check.
#include <algorithm>

#include "runtime/runtime.hpp"

namespace vari::runtime {

bool in_check(const Position& pos) { return !pos.tables().royals_capturable && pos.in_check(); }

int player_named(const ir::Game& game, std::string_view name) {
    const auto same = [](char a, char b) { return to_lower(a) == to_lower(b); };
    for (std::size_t p = 0; p < game.players.size(); ++p)
        if (std::ranges::equal(game.players[p].name, name, same)) return static_cast<int>(p);
    return -1;
}

std::optional<Seat> parse_seat(std::string_view text, std::string& error, SeatsAllowed allowed) {
    const bool person = allowed == SeatsAllowed::any;
    if (person && text == "human") return Seat{};
    if (text == "random") return Seat{Seat::Kind::random, std::string(text), std::nullopt};
    if (!text.starts_with("ai")) {
        error = std::string("expected ") + (person ? "human, " : "") +
                "random, ai or ai:LEVEL (ai:3, ai:depth=2, ai:time=500, ai:nodes=5000)";
        return std::nullopt;
    }
    auto level = search::parse_level(text.substr(2), error);
    if (!level) return std::nullopt;
    return Seat{Seat::Kind::ai, std::string(text), level};
}

std::string seat_weights(const ir::Game& game, const Seat& seat) {
    if (!seat.level) return "";
    return game.weights && !seat.level->derived ? game.weights->file : "derived";
}

Table::Table(const CompiledGame& game, std::unique_ptr<Game> played, std::vector<Seat> seats,
             std::uint64_t seed, int first_ply)
    : compiled_(game), game_(std::move(played)), first_ply_(first_ply) {
    assert(first_ply >= 0 && first_ply <= game_->ply());
    reseat(std::move(seats), seed);
}

Table::~Table() = default;

const Seat& Table::seat_to_move() const {
    return seats_[static_cast<std::size_t>(game_->position().side_to_move())];
}

bool Table::has_person() const {
    return std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.person(); });
}

bool Table::person_to_move() const { return !game_->result() && seat_to_move().person(); }

search::Outcome Table::computer_move(const search::Searcher::Progress& progress) {
    assert(!game_->result() && !seat_to_move().person());
    AiPlayer* ai = ais_[static_cast<std::size_t>(game_->position().side_to_move())].get();
    if (!ai) {
        search::Outcome outcome;
        outcome.best = random_move(*game_, rng_);
        return outcome;
    }
    thinking_ = ai;
    search::Outcome outcome = ai->choose(*game_, progress);
    thinking_ = nullptr;
    return outcome;
}

void Table::stop_thinking() {
    if (AiPlayer* ai = thinking_) ai->stop();
}

void Table::play(Move move) {
    game_->play(move);
    undone_.clear();
}

bool Table::undo() {
    if (!can_undo()) return false;
    const bool person = has_person();
    do {
        undone_.push_back(game_->last_move());
        game_->undo();
    } while (person && can_undo() && !seat_to_move().person());
    return true;
}

bool Table::redo() {
    if (!can_redo()) return false;
    do {
        game_->play(undone_.back());
        undone_.pop_back();
    } while (!undone_.empty() && !game_->result() && !seat_to_move().person());
    return true;
}

void Table::reseat(std::vector<Seat> seats, std::uint64_t seed) {
    assert(seats.size() == compiled_.ir().players.size());
    seats_ = std::move(seats);
    ais_.clear();
    ais_.resize(seats_.size());
    const HookUse hooks = game_->runs_hooks() ? HookUse::on : HookUse::off;
    for (std::size_t p = 0; p < seats_.size(); ++p)
        if (seats_[p].level)
            ais_[p] = std::make_unique<AiPlayer>(compiled_, *seats_[p].level, seed + p, hooks);
    rng_.seed(seed);
}

void Table::replace_game(std::unique_ptr<Game> played, int first_ply) {
    game_ = std::move(played);
    undone_.clear();
    first_ply_ = first_ply;
}

}  // namespace vari::runtime
