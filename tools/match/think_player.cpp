// Another vari as a match's player ("think:COMMAND"): for each move, COMMAND (that vari's `think`
// for the game, "/opt/vari-old/vari think hex-shogi-41") is run with the game so far and the
// move's limit, and the move of its JSON answer is played. It speaks no protocol, so it plays
// every game vari can define (hexagonal boards, three players) against a build with other rules
// of play: an older version, a change under test. It keeps nothing between moves.
#include <nlohmann/json.hpp>

#include "runtime/notation/notation.hpp"
#include "tools/match/child_process.hpp"
#include "tools/match/engine_player.hpp"

namespace vari::match {
namespace {

// Loading the game and starting up come on top of a move's time: as an engine's greeting may.
constexpr int START_UP_MS = 30'000;

// The game so far as `think` takes it: a position string when it started elsewhere than the
// game's start, then its moves in long notation (which every vari reads).
std::vector<std::string> game_arguments(const runtime::Game& game) {
    std::vector<std::string> words;
    if (!starts_at_start(game))
        words.insert(words.end(), {"--position", notation::to_position_string(game.start())});
    const auto moves = written_moves(game, [](const Position& pos, Move move) {
        return notation::format_move(pos, move, notation::Notation::long_form);
    });
    if (!moves.empty()) {
        std::string joined;
        for (const auto& move : moves) joined += (joined.empty() ? "" : " ") + move;
        words.insert(words.end(), {"--moves", joined});
    }
    return words;
}

// The limit of one move: a depth, a node count, or milliseconds (a move time, or a share of the
// clock as vari's own AI takes it).
std::vector<std::string> limit_arguments(const Budget& budget, int seat) {
    if (budget.depth) return {"--depth", std::to_string(budget.depth)};
    if (budget.nodes) return {"--nodes", std::to_string(budget.nodes)};
    const std::int64_t ms = budget.movetime_ms ? budget.movetime_ms : clock_share(budget, seat);
    return {"--time", std::to_string(std::max<std::int64_t>(1, ms))};
}

class ThinkPlayer final : public Player {
public:
    ThinkPlayer(std::vector<std::string> command, std::string log)
        : command_(std::move(command)), log_(std::move(log)) {}

    bool start_game(const runtime::Game&, int seat, std::uint64_t, std::string&) override {
        seat_ = seat;
        return true;
    }

    Choice choose(const runtime::Game& game, const Budget& budget) override {
        std::vector<std::string> argv = command_;
        const auto game_words = game_arguments(game);
        const auto limit_words = limit_arguments(budget, seat_);
        argv.insert(argv.end(), game_words.begin(), game_words.end());
        argv.insert(argv.end(), limit_words.begin(), limit_words.end());
        argv.insert(argv.end(), {"--notation", "long", "--json"});
        const auto deadline =
            ChildProcess::Clock::now() + std::chrono::milliseconds(budget.wait_ms + START_UP_MS);
        Choice choice;
        const auto answer = run_think(argv, deadline, choice.failure);
        if (!answer) return choice;
        choice.text = answer->at("best").get<std::string>();
        if (answer->contains("score") && answer->at("score").is_number_integer())
            choice.score = answer->at("score").get<int>();
        return choice;
    }

    // Runs `argv` to its end and reads its last line as think's JSON answer; nothing, with
    // `failure` saying why, when it does not end by `deadline` or answers otherwise.
    std::optional<nlohmann::json> run_think(const std::vector<std::string>& argv,
                                            ChildProcess::Clock::time_point deadline,
                                            std::string& failure) const {
        std::string error;
        const auto process = ChildProcess::start(argv, log_, error);
        if (!process) {
            failure = "'" + argv[0] + "': " + error;
            return std::nullopt;
        }
        std::string line, last;
        for (;;) {
            const auto read = process->read_line(line, deadline);
            if (read == ChildProcess::Read::line) {
                if (!line.empty()) last = line;
                continue;
            }
            if (read == ChildProcess::Read::timeout) {
                failure = "no answer from think within its time";
                return std::nullopt;
            }
            break;
        }
        const std::string status = process->exit_status(START_UP_MS);
        auto answer = nlohmann::json::parse(last, nullptr, false);
        if (status != "exited with code 0" || !answer.is_object() || !answer.contains("best") ||
            !answer["best"].is_string()) {
            failure = "think " + status + (last.empty() ? "" : "; its last line: '" + last + "'");
            return std::nullopt;
        }
        return answer;
    }

private:
    std::vector<std::string> command_;
    std::string log_;
    int seat_ = 0;
};

}  // namespace

std::optional<Entrant> think_entrant(std::string_view command_text, const EngineSetup& setup,
                                     std::string& error) {
    if (!setup.options.empty()) {
        error = "think: takes no --option (give the level's limits after the player)";
        return std::nullopt;
    }
    auto command = split_command(command_text, error);
    if (!command) return std::nullopt;
    if (command->empty()) {
        error = "no command after 'think:'";
        return std::nullopt;
    }
    // Asked once for the start's move, so that a command that cannot play the game is refused
    // before the match rather than losing every game.
    const ThinkPlayer probe(*command, setup.log);
    std::vector<std::string> argv = *command;
    argv.insert(argv.end(), {"--depth", "1", "--notation", "long", "--json"});
    std::string failure;
    const auto answer = probe.run_think(
        argv, ChildProcess::Clock::now() + std::chrono::milliseconds(START_UP_MS), failure);
    if (!answer) {
        error = "'" + std::string(command_text) +
                " --depth 1 --json' does not answer a move: " + failure;
        return std::nullopt;
    }
    Entrant entrant;
    entrant.name = "think:" + std::string(command_text);
    entrant.make = [command = std::move(*command),
                    log = setup.log](const CompiledGame&) -> std::unique_ptr<Player> {
        return std::make_unique<ThinkPlayer>(command, log);
    };
    return entrant;
}

}  // namespace vari::match
