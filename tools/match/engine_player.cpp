// What every engine protocol's player shares: starting and ending the process, reading against a
// deadline with a failure that says what was awaited, and the game's moves in the protocol's text.
#include "tools/match/engine_player.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "runtime/notation/notation.hpp"

namespace vari::match {
namespace {

std::string seconds(std::int64_t ms) {
    std::ostringstream out;
    out << static_cast<double>((ms + 50) / 100) / 10 << " s";
    return out.str();
}

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

std::string joined(const std::vector<std::string>& words) {
    std::string all;
    for (const std::string& word : words) all += (all.empty() ? "" : ", ") + word;
    return all.empty() ? "none" : all;
}

}  // namespace

int mate_score(int plies) { return plies > 0 ? search::WIN - plies : -search::WIN - plies; }

bool EnginePlayer::open(std::string& error) {
    close();
    process_ = ChildProcess::start(config_.command, config_.setup.log, error);
    if (!process_) return false;
    if (greet(error)) {
        if (const auto unknown = unknown_setting())
            error = *unknown;
        else if (configure(error))
            return true;
    }
    process_.reset();
    return false;
}

void EnginePlayer::close() {
    if (!process_) return;
    say_goodbye();
    process_.reset();
}

bool EnginePlayer::start_game(const runtime::Game& game, int, std::uint64_t, std::string& error) {
    if (!process_ && !open(error)) return false;
    if (begin(game, error)) return true;
    process_.reset();
    return false;
}

std::optional<std::string> EnginePlayer::unknown_setting() const {
    const std::string& variant = config_.setup.variant;
    if (variants_ && !variant.empty() &&
        std::none_of(variants_->begin(), variants_->end(),
                     [&](const std::string& v) { return v == variant; }))
        return name_ + " does not play the variant '" + variant + "' (it plays " +
               joined(*variants_) + ")";
    for (const auto& setting : config_.setup.options) {
        const std::string& option = setting.first;  // clang 14 captures no structured binding
        if (std::none_of(option_names_.begin(), option_names_.end(),
                         [&](const std::string& o) { return same_name(o, option); }))
            return name_ + " has no option '" + option +
                   "' (its options: " + joined(option_names_) + ")";
    }
    return std::nullopt;
}

bool EnginePlayer::send(const std::string& line) { return process_ && process_->write_line(line); }

bool EnginePlayer::read_until(const std::function<bool(const std::string&)>& take,
                              Clock::time_point deadline, const std::string& awaited,
                              std::string& error) {
    const auto asked = Clock::now();
    std::string line;
    for (;;) {
        const auto read =
            process_ ? process_->read_line(line, deadline) : ChildProcess::Read::closed;
        if (read == ChildProcess::Read::line) {
            last_line_ = line;
            if (take(line)) return true;
            continue;
        }
        if (read == ChildProcess::Read::timeout)
            error = "no " + awaited + " within " +
                    seconds(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - asked)
                                .count());
        else
            error = "it ended (" + (process_ ? process_->exit_status() : "not running") +
                    ") before " + awaited;
        if (!last_line_.empty()) error += "; its last line: '" + printable(last_line_) + "'";
        return false;
    }
}

Choice EnginePlayer::failed(std::string why) {
    process_.reset();
    Choice choice;
    choice.failure = std::move(why);
    return choice;
}

ChildProcess::Clock::time_point EnginePlayer::move_deadline(const Budget& budget) const {
    return Clock::now() +
           std::chrono::milliseconds(std::max<std::int64_t>(budget.wait_ms, 0) + LATE_MS);
}

std::vector<std::string> written_moves(
    const runtime::Game& game, const std::function<std::string(const Position&, Move)>& write) {
    std::vector<std::string> texts;
    Position pos = game.start();
    const auto undo = std::make_unique<Undo>();  // large: it may hold a capture sequence
    for (int ply = 0; ply < game.ply(); ++ply) {
        texts.push_back(write(pos, game.move_at(ply)));
        pos.do_move(game.move_at(ply), *undo);
    }
    return texts;
}

bool starts_at_start(const runtime::Game& game) {
    return notation::to_position_string(game.start()) ==
           notation::to_position_string(Position(game.game()));
}

std::vector<std::string> EnginePlayer::move_texts(const runtime::Game& game) const {
    return written_moves(
        game, [this](const Position& pos, Move move) { return text_.write_move(pos, move); });
}

Choice EnginePlayer::read_move(const runtime::Game& game, const std::string& text) const {
    Choice choice;
    choice.text = text;
    Position scratch = game.position();
    std::string error;
    if (const auto move = text_.read_move(scratch, text, error))
        choice.move = *move;
    else
        choice.illegal = error;
    return choice;
}

}  // namespace vari::match
