// A UCI or USI engine as a player: `uci`/`usi` with its options and UCI_Variant, `setoption`,
// `isready`, a new game, then for each move `position ... moves ...` and `go` within the budget,
// reading `info ... score` and `bestmove`.
#include <algorithm>
#include <sstream>

#include "tools/match/engine_player.hpp"

namespace vari::match {
namespace {

// "option name Skill Level type spin default 20 min -20 max 20": the name, and the values of a
// combo ("var chess var shogi").
struct OptionLine {
    std::string name;
    std::vector<std::string> choices;
};

std::optional<OptionLine> read_option(const std::string& line) {
    const std::size_t name = line.find(" name ");
    const std::size_t type = line.find(" type ");
    if (name == std::string::npos || type == std::string::npos || type < name) return std::nullopt;
    OptionLine option;
    option.name = line.substr(name + 6, type - name - 6);
    std::istringstream words(line.substr(type));
    for (std::string word; words >> word;)
        if (word == "var" && words >> word) option.choices.push_back(word);
    return option;
}

// The score of an `info` line, for the side to move; nothing when it has none. UCI counts a mate
// in moves, USI in plies.
std::optional<int> read_score(const std::string& line, bool in_plies) {
    std::istringstream words(line);
    std::string word;
    while (words >> word && word != "score") {
    }
    std::string kind;
    int value = 0;
    if (!(words >> kind >> value)) return std::nullopt;
    if (kind == "cp") return value;
    if (kind != "mate") return std::nullopt;
    if (in_plies) return mate_score(value);
    return mate_score(value > 0 ? 2 * value - 1 : 2 * value);
}

class UciPlayer final : public EnginePlayer {
public:
    using EnginePlayer::EnginePlayer;
    ~UciPlayer() override { close(); }

    Choice choose(const runtime::Game& game, const Budget& budget) override {
        std::string position = "position ";
        position += from_start_ ? std::string("startpos")
                                : std::string(words().position_word) + ' ' +
                                      text_.write_position(game.start());
        const std::vector<std::string> moves = move_texts(game);
        if (!moves.empty()) position += " moves";
        for (const std::string& move : moves) position += ' ' + move;
        send(position);
        send(go(budget));
        std::optional<int> score;
        std::string best, error;
        const bool answered = read_until(
            [&](const std::string& line) {
                std::istringstream words(line);
                std::string first;
                words >> first;
                if (first == "info") {
                    if (const auto s = read_score(line, usi())) score = s;
                } else if (first == "bestmove") {
                    words >> best;
                    return true;
                }
                return false;
            },
            move_deadline(budget), "bestmove", error);
        if (!answered) return failed(error);
        if (best == "resign") {  // USI's resignation
            Choice resigned;
            resigned.failure = "it resigned";
            return resigned;
        }
        Choice choice = read_move(game, best);
        choice.score = score;
        return choice;
    }

private:
    bool usi() const { return config_.protocol == notation::Protocol::usi; }
    const notation::ProtocolWords& words() const {
        return usi() ? notation::USI_WORDS : notation::UCI_WORDS;
    }

    bool greet(std::string& error) override {
        send(std::string(words().hello));
        const std::string ok(words().hello_ok);
        const bool greeted = read_until(
            [&](const std::string& line) {
                if (line.rfind("id name ", 0) == 0) name_ = line.substr(8);
                if (line.rfind("option ", 0) == 0)
                    if (auto option = read_option(line)) {
                        if (option->name == "UCI_Variant") variants_ = option->choices;
                        option_names_.push_back(std::move(option->name));
                    }
                return line == ok;
            },
            Clock::now() + std::chrono::milliseconds(HANDSHAKE_MS), ok, error);
        if (name_.empty()) name_ = config_.command.front();
        return greeted;
    }

    bool configure(std::string& error) override {
        if (variants_ && !config_.setup.variant.empty())
            send("setoption name UCI_Variant value " + config_.setup.variant);
        for (const auto& [option, value] : config_.setup.options)
            send("setoption name " + option + " value " + value);
        return ready(error);
    }

    bool begin(const runtime::Game& game, std::string& error) override {
        from_start_ = starts_at_start(game);
        send(std::string(words().new_game));
        return ready(error);
    }

    void say_goodbye() override { send("quit"); }

    bool ready(std::string& error) {
        send("isready");
        return read_until([](const std::string& line) { return line == "readyok"; },
                          Clock::now() + std::chrono::milliseconds(HANDSHAKE_MS), "readyok", error);
    }

    // The `go` of a budget, the clocks in turn order (USI's first player is black: btime).
    std::string go(const Budget& budget) const {
        std::ostringstream go;
        go << "go";
        if (budget.timed) {
            const auto first = std::max<std::int64_t>(budget.clocks_ms[0], 0);
            const auto second = std::max<std::int64_t>(budget.clocks_ms[1], 0);
            const auto& increment = budget.increments_ms;
            const auto& w = words();
            go << ' ' << w.clock[0] << ' ' << first << ' ' << w.clock[1] << ' ' << second << ' '
               << w.increment[0] << ' ' << increment[0] << ' ' << w.increment[1] << ' '
               << increment[1];
            if (budget.moves_to_go && !usi()) go << " movestogo " << budget.moves_to_go;
        }
        if (budget.movetime_ms) {
            if (usi() && !budget.timed)
                go << " btime 0 wtime 0 byoyomi " << budget.movetime_ms;
            else if (!usi())
                go << " movetime " << budget.movetime_ms;
        }
        if (budget.depth) go << " depth " << budget.depth;
        if (budget.nodes) go << " nodes " << budget.nodes;
        return go.str();
    }

    bool from_start_ = true;
};

}  // namespace

std::unique_ptr<EnginePlayer> make_uci_player(const CompiledGame& game, EngineConfig config,
                                              notation::ProtocolText text) {
    return std::make_unique<UciPlayer>(game, std::move(config), std::move(text));
}

}  // namespace vari::match
