// What the fuzzing harnesses share: failing loudly, the shipped games, round-trip checks.
#include "tests/fuzz/harness_support.hpp"

#include <cstdio>
#include <cstdlib>

#include "dsl/dsl.hpp"

namespace vari::fuzz {

void broken(std::string_view harness, std::string_view promise, const std::string& detail) {
    std::fprintf(stderr, "fuzz %.*s: %.*s\n  %s\n", static_cast<int>(harness.size()),
                 harness.data(), static_cast<int>(promise.size()), promise.data(), detail.c_str());
    std::abort();
}

std::string with_runs(const std::uint8_t* data, std::size_t size) {
    std::string text;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0xFF && i + 2 < size) {
            text.append(static_cast<std::size_t>(data[i + 1]) * 1000,
                        static_cast<char>(data[i + 2]));
            i += 2;
        } else {
            text += static_cast<char>(data[i]);
        }
    }
    return text;
}

const std::vector<ShippedGame>& shipped() {
    static const std::vector<ShippedGame> games = [] {
        std::vector<ShippedGame> loaded;
        for (const std::string& name : dsl::shipped_games()) {
            const auto path = dsl::resolve_game(name);
            auto result = dsl::load_file(path.value_or(name));
            expect(result.game.has_value(), "setup", "every shipped game loads", name);
            loaded.push_back({name, std::make_unique<CompiledGame>(std::move(*result.game))});
        }
        expect(!loaded.empty(), "setup", "there are shipped games");
        return loaded;
    }();
    return games;
}

const ShippedGame& pick_shipped(std::uint8_t selector) {
    const auto& games = shipped();
    return games[selector % games.size()];
}

void check_notation(std::string_view harness, Position& pos, const MoveList& legal) {
    for (const Move move : legal)
        for (const auto notation :
             {notation::Notation::long_form, notation::Notation::short_form}) {
            const std::string text = notation::format_move(pos, move, notation);
            std::string error;
            const auto read = notation::parse_move(pos, text, error);
            expect(read && *read == move, harness, "a move's notation reads back as that move",
                   text + " in " + notation::to_position_string(pos) + ": " + error);
        }
}

void check_round_trip(std::string_view harness, const Position& pos) {
    const std::string text = notation::to_position_string(pos);
    Position again(pos.game());
    const auto error = notation::parse_position(again, text);
    expect(!error, harness, "a position's string reads back",
           text + ": " + (error ? error->message : std::string()));
    expect(notation::to_position_string(again) == text, harness,
           "a position's string reads back as itself",
           text + " reads back as " + notation::to_position_string(again));
    expect(again.hash() == pos.hash(), harness, "a position's string reads back with its hash",
           text);
}

}  // namespace vari::fuzz
