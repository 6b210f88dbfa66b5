// Where a match's games start: openings read from a file, one a line, or random plies by seed.
#include <algorithm>
#include <cassert>
#include <random>

#include "runtime/notation/notation.hpp"
#include "tools/match/match.hpp"

namespace vari::match {
namespace {

Diagnostic error_at(const std::string& label, std::uint32_t line, std::uint32_t column,
                    std::string message) {
    Diagnostic d;
    d.file = label;
    d.line = line;
    d.column = column;
    d.message = std::move(message);
    return d;
}

// The opening a line names, or its error's column (1-based, in the line) and message.
std::optional<Opening> opening_of(const CompiledGame& game, std::string_view text,
                                  std::uint32_t& column, std::string& error) {
    Opening opening;
    Position start(game);
    if (text.find('/') != std::string_view::npos) {
        if (const auto bad = notation::parse_position(start, text)) {
            column = bad->column;
            error = "bad position string: " + bad->message;
            return std::nullopt;
        }
        opening.position = text;
    }
    runtime::Game played(game, start);
    if (text.find('/') == std::string_view::npos) {
        if (!runtime::play_moves(played, text, error)) return std::nullopt;
        for (int ply = 0; ply < played.ply(); ++ply) opening.moves.push_back(played.move_at(ply));
    }
    if (const auto& result = played.result()) {
        error = "the opening leaves no game to play: " + result->summary;
        return std::nullopt;
    }
    return opening;
}

}  // namespace

std::optional<std::vector<Opening>> read_openings(const CompiledGame& game, std::string_view text,
                                                  const std::string& label,
                                                  std::vector<Diagnostic>& errors,
                                                  std::size_t max_openings) {
    std::vector<Opening> openings;
    std::uint32_t number = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++number;
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') continue;
        if (openings.size() == max_openings) {
            errors.push_back(error_at(label, number, static_cast<std::uint32_t>(first) + 1,
                                      "more than " + std::to_string(max_openings) +
                                          " openings: no match plays that many"));
            break;
        }
        line = line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
        std::uint32_t column = 1;
        std::string error;
        if (auto opening = opening_of(game, line, column, error))
            openings.push_back(std::move(*opening));
        else
            errors.push_back(
                error_at(label, number, static_cast<std::uint32_t>(first) + column, error));
    }
    if (openings.empty() && errors.empty())
        errors.push_back(error_at(label, 1, 1,
                                  "no opening: expected a position string or a list of moves "
                                  "on a line"));
    if (!errors.empty()) return std::nullopt;
    return openings;
}

Position opening_start(const CompiledGame& game, const Opening& opening) {
    Position start(game);
    if (!opening.position.empty()) {
        [[maybe_unused]] const auto bad = notation::parse_position(start, opening.position);
        assert(!bad);  // read_openings checked it
    }
    return start;
}

Opening random_opening(const CompiledGame& game, int plies, std::uint64_t seed,
                       runtime::HookUse hooks) {
    std::mt19937_64 rng(seed);
    runtime::Game played(game, hooks);
    Opening opening;
    // Each ply draws moves in a random order until one leaves the game going.
    while (static_cast<int>(opening.moves.size()) < plies) {
        std::vector<Move> moves(played.legal_moves().begin(), played.legal_moves().end());
        std::shuffle(moves.begin(), moves.end(), rng);
        const auto going = std::find_if(moves.begin(), moves.end(), [&](Move move) {
            played.play(move);
            const bool over = played.result().has_value();
            played.undo();
            return !over;
        });
        if (going == moves.end()) break;
        played.play(*going);
        opening.moves.push_back(*going);
    }
    return opening;
}

}  // namespace vari::match
