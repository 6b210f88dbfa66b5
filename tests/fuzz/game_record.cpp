// Fuzzing game records: any text as a record of a shipped game.
#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "game_record";

// The position strings of a game from its start, one per ply.
std::vector<std::string> positions_of(const runtime::Game& game) {
    std::vector<std::string> out;
    Position pos = game.start();
    out.push_back(notation::to_position_string(pos));
    for (int ply = 0; ply < game.ply(); ++ply) {
        Undo undo;
        pos.do_move(game.move_at(ply), undo);
        out.push_back(notation::to_position_string(pos));
    }
    return out;
}

}  // namespace

int fuzz_game_record(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const CompiledGame& game = *pick_shipped(data[0]).game;
    const std::string text = with_runs(data + 1, size - 1);
    runtime::Record record;
    if (const auto error = runtime::read_record(game, text, "record", record)) {
        expect(!error->message.empty() && error->line >= 1 && error->column >= 1, HARNESS,
               "a refused record is told why, at a line and column");
        return 0;
    }
    expect(record.game != nullptr, HARNESS, "a record read holds a game");
    // What is read is written as a record that reads back as the same game.
    const std::string written = runtime::write_record(*record.game, {});
    runtime::Record again;
    const auto error = runtime::read_record(game, written, "written", again);
    expect(!error, HARNESS, "a record written reads back", written);
    expect(positions_of(*again.game) == positions_of(*record.game), HARNESS,
           "a record written replays the same positions", written);
    return 0;
}

}  // namespace vari::fuzz
