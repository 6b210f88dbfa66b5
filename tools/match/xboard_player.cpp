// An XBoard (CECP v2) engine as a player. It is kept in force mode between its moves: the moves
// it has not seen go as `usermove`, then `time`/`otim` and `go`; after its `move` comes `force`
// again, so that it never thinks on its own. Moves are written in XBoard's coordinates (e2e4,
// e7e8q, P@e4; a 10-rank board's ranks from 0), as Fairy-Stockfish and most XBoard engines read
// them.
#include <algorithm>
#include <charconv>
#include <sstream>

#include "tools/match/engine_player.hpp"

namespace vari::match {
namespace {

// The features of one `feature` line: NAME=VALUE, a value in quotes when it holds blanks.
std::vector<std::pair<std::string, std::string>> read_features(std::string_view line) {
    std::vector<std::pair<std::string, std::string>> features;
    line.remove_prefix(std::string_view("feature").size());
    while (!line.empty()) {
        const std::size_t start = line.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        line.remove_prefix(start);
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos) break;
        std::string name(line.substr(0, equals));
        line.remove_prefix(equals + 1);
        std::size_t end = 0;
        std::string value;
        if (!line.empty() && line.front() == '"') {
            end = line.find('"', 1);
            value = line.substr(1, end == std::string_view::npos ? end : end - 1);
            end = end == std::string_view::npos ? line.size() : end + 1;
        } else {
            end = std::min(line.find(' '), line.size());
            value = line.substr(0, end);
        }
        line.remove_prefix(end);
        features.emplace_back(std::move(name), std::move(value));
    }
    return features;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, separator);)
        if (!part.empty()) parts.push_back(part);
    return parts;
}

// The score of thinking output ("9 156 1084 48000 Nf3 Nc6"): its second number; nothing for
// any other line.
std::optional<int> read_post_score(const std::string& line) {
    std::istringstream words(line);
    std::string word;
    int numbers[4] = {};
    for (int& n : numbers) {
        if (!(words >> word)) return std::nullopt;
        const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), n);
        if (error != std::errc() || end != word.data() + word.size()) return std::nullopt;
    }
    return numbers[1];
}

std::string centiseconds(std::int64_t ms) {
    return std::to_string(std::max<std::int64_t>(ms, 0) / 10);
}

class XBoardPlayer final : public EnginePlayer {
public:
    using EnginePlayer::EnginePlayer;
    ~XBoardPlayer() override { close(); }

    Choice choose(const runtime::Game& game, const Budget& budget) override {
        const int seat = game.position().side_to_move();
        if (!level_sent_) send_level(budget, seat);
        level_sent_ = true;
        const std::vector<std::string> moves = move_texts(game);
        for (std::size_t ply = known_; ply < moves.size(); ++ply)
            send((usermove_ ? "usermove " : "") + moves[ply]);
        known_ = moves.size();
        if (budget.timed) {
            send("time " + centiseconds(budget.clocks_ms[static_cast<std::size_t>(seat)]));
            send("otim " + centiseconds(budget.clocks_ms[static_cast<std::size_t>(1 - seat)]));
        } else if (budget.movetime_ms % 1000) {
            send("time " + centiseconds(budget.movetime_ms));
            send("otim " + centiseconds(budget.movetime_ms));
        }
        send("go");
        std::optional<int> score;
        std::string best, refused, error;
        bool resigned = false;
        const bool answered = read_until(
            [&](const std::string& line) {
                if (const auto s = read_post_score(line)) score = s;
                if (line.rfind("move ", 0) == 0) best = line.substr(5);
                resigned = line == "resign";
                if (line.rfind("Illegal move", 0) == 0) refused = line;
                // Result claims ("1-0 {White mates}") are not answers: vari judges the game.
                return !best.empty() || resigned || !refused.empty();
            },
            move_deadline(budget), "move", error);
        if (!answered) return failed(error);
        if (!refused.empty()) return failed("it refused a move it was sent: " + printable(refused));
        if (resigned) {
            Choice choice;
            choice.failure = "it resigned";
            return choice;
        }
        send("force");
        ++known_;
        Choice choice = read_move(game, best);
        choice.score = score;
        return choice;
    }

private:
    bool greet(std::string& error) override {
        send("xboard");
        send("protover 2");
        bool done = false, more = false;
        const auto take = [&](const std::string& line) {
            if (line.rfind("feature ", 0) != 0) return false;
            for (const auto& [name, value] : read_features(line)) {
                if (name == "done") {
                    done = value == "1";
                    more = value == "0";
                } else {
                    accept(name, value);
                }
            }
            return true;
        };
        // Features come within two seconds, or longer once the engine has said done=0; an
        // engine that never says done=1 (version 1) is taken as it is, if it still runs.
        auto deadline = Clock::now() + std::chrono::seconds(2);
        while (!done) {
            if (read_until(take, deadline, "feature done=1", error)) {
                if (more) deadline = Clock::now() + std::chrono::milliseconds(HANDSHAKE_MS);
                continue;
            }
            if (more || !process_ || process_->exit_status(0) != "still running") return false;
            error.clear();
            break;
        }
        if (name_.empty()) name_ = config_.command.front();
        return true;
    }

    // Takes a feature, answering `accepted`, or `rejected` for SAN: moves are read in coordinates.
    void accept(const std::string& name, const std::string& value) {
        if (name == "san" && value == "1") {
            send("rejected san");
            return;
        }
        send("accepted " + name);
        if (name == "myname") name_ = value;
        if (name == "usermove") usermove_ = value == "1";
        if (name == "setboard") setboard_ = value == "1";
        if (name == "ping") ping_ = value == "1";
        if (name == "variants") variants_ = split(value, ',');
        if (name == "option") option_names_.push_back(value.substr(0, value.find(" -")));
        // Hash and Threads are XBoard's `memory` and `cores` commands.
        memory_ = memory_ || (name == "memory" && value == "1");
        smp_ = smp_ || (name == "smp" && value == "1");
        if ((name == "memory" || name == "smp") && value == "1")
            option_names_.push_back(name == "memory" ? "Hash" : "Threads");
    }

    bool configure(std::string& error) override {
        for (const auto& [option, value] : config_.setup.options) {
            if (option == "Hash" && memory_)
                send("memory " + value);
            else if (option == "Threads" && smp_)
                send("cores " + value);
            else
                send("option " + option + "=" + value);
        }
        return sync(error);
    }

    bool begin(const runtime::Game& game, std::string& error) override {
        send("new");
        const std::string& variant = config_.setup.variant;
        if (variants_ && !variant.empty() && variant != "normal") send("variant " + variant);
        send("force");
        send("easy");
        send("post");
        if (!starts_at_start(game)) {
            if (!setboard_) {
                error = name_ + " cannot be given the opening's position: it has no setboard";
                return false;
            }
            send("setboard " + text_.write_position(game.start()));
        }
        known_ = 0;
        level_sent_ = false;
        return sync(error);
    }

    void say_goodbye() override { send("quit"); }

    // XBoard's clock for the game: `level` for a time control, `st` for a move time in whole
    // seconds (else a one-move level, its time given by `time` before each move), `sd` for a
    // depth, and for nodes `nps` with one second a move (the protocol's node budget; an engine
    // without `nps` thinks the second).
    // The clock is read at the engine's first move of the game, when it is still whole.
    void send_level(const Budget& budget, int seat) {
        if (budget.timed) {
            const std::int64_t base_s =
                std::max<std::int64_t>(budget.clocks_ms[static_cast<std::size_t>(seat)] / 1000, 1);
            std::ostringstream level;
            level << "level " << budget.moves_to_go << ' ' << base_s / 60;
            if (base_s % 60) level << ':' << (base_s % 60 < 10 ? "0" : "") << base_s % 60;
            level << ' '
                  << static_cast<double>(budget.increments_ms[static_cast<std::size_t>(seat)]) /
                         1000;
            send(level.str());
        } else if (budget.movetime_ms % 1000) {
            send("level 1 " + std::to_string(budget.movetime_ms / 60000 + 1) + " 0");
        } else if (budget.movetime_ms) {
            send("st " + std::to_string(budget.movetime_ms / 1000));
        }
        if (budget.depth) send("sd " + std::to_string(budget.depth));
        if (budget.nodes) {
            send("nps " + std::to_string(budget.nodes));
            if (!budget.timed && !budget.movetime_ms) send("st 1");
        }
    }

    bool sync(std::string& error) {
        if (!ping_) return true;
        const std::string pong = "pong " + std::to_string(++pings_);
        send("ping " + std::to_string(pings_));
        return read_until([&](const std::string& line) { return line == pong; },
                          Clock::now() + std::chrono::milliseconds(HANDSHAKE_MS), pong, error);
    }

    bool usermove_ = false, setboard_ = false, ping_ = false, memory_ = false, smp_ = false;
    bool level_sent_ = false;
    std::size_t known_ = 0;  // the game's moves the engine has been told or has played
    int pings_ = 0;
};

}  // namespace

std::unique_ptr<EnginePlayer> make_xboard_player(const CompiledGame& game, EngineConfig config,
                                                 notation::ProtocolText text) {
    return std::make_unique<XBoardPlayer>(game, std::move(config), std::move(text));
}

}  // namespace vari::match
