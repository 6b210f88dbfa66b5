// The journal of a tuning run: a line naming the run, then one line per finished game.
#include "runtime/tune/journal.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace vari::tune {

using nlohmann::json;

std::optional<Journal> Journal::open(const std::string& path, const std::string& run,
                                     std::string& error) {
    Journal journal;
    std::ifstream in(path);
    std::string line;
    if (in && std::getline(in, line)) {
        if (line != run) {
            error = "the journal " + path + " was written by another run (" + line +
                    "): remove it, or run as that one did";
            return std::nullopt;
        }
        // A line cut short by a stop at the wrong moment is the last; it is played again.
        while (std::getline(in, line)) {
            const json entry = json::parse(line, nullptr, false);
            if (entry.is_discarded() || !entry.is_object()) break;
            try {
                JournalGame game;
                game.choices = entry.at("choices").get<std::vector<int>>();
                game.scores = entry.at("scores").get<std::vector<double>>();
                journal.games_[entry.at("game").get<int>()] = std::move(game);
            } catch (const json::exception&) {
                break;
            }
        }
    }
    in.close();
    // Rewritten whole, so that a damaged tail is not followed by new lines.
    const std::string temporary = path + ".new";
    std::FILE* out = std::fopen(temporary.c_str(), "w");
    if (!out) {
        error = "cannot write the journal " + temporary;
        return std::nullopt;
    }
    std::fprintf(out, "%s\n", run.c_str());
    for (const auto& [index, game] : journal.games_) {
        const json entry = {{"game", index}, {"choices", game.choices}, {"scores", game.scores}};
        std::fprintf(out, "%s\n", entry.dump().c_str());
    }
    if (std::fflush(out) != 0 || std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::fclose(out);
        error = "cannot write the journal " + path;
        return std::nullopt;
    }
    journal.file_ = out;
    return journal;
}

Journal::Journal(Journal&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)), games_(std::move(other.games_)) {}

Journal& Journal::operator=(Journal&& other) noexcept {
    if (this != &other) {
        if (file_) std::fclose(file_);
        file_ = std::exchange(other.file_, nullptr);
        games_ = std::move(other.games_);
    }
    return *this;
}

Journal::~Journal() {
    if (file_) std::fclose(file_);
}

bool Journal::add(int index, const JournalGame& game, std::string& error) {
    games_[index] = game;
    const json entry = {{"game", index}, {"choices", game.choices}, {"scores", game.scores}};
    if (std::fprintf(file_, "%s\n", entry.dump().c_str()) < 0 || std::fflush(file_) != 0) {
        error = "cannot write the journal";
        return false;
    }
    return true;
}

std::optional<std::vector<Move>> replay_choices(const CompiledGame& compiled,
                                                const std::vector<int>& choices) {
    runtime::Game game(compiled);
    std::vector<Move> moves;
    for (const int choice : choices) {
        if (game.result() || choice < 0 || choice >= game.legal_moves().size) return std::nullopt;
        moves.push_back(game.legal_moves().moves[choice]);
        game.play(moves.back());
    }
    return moves;
}

}  // namespace vari::tune
