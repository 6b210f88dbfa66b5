// Fuzzing a rule file: from bytes through check, lowering and compiling to play from its start.
#include "dsl/dsl.hpp"
#include "runtime/lua/hooks.hpp"
#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "rule_file";

// The text is read as if it stood among the shipped games, so that includes and hooks files
// named as the shipped games name them are found.
const std::string LABEL = std::string(VARI_STDLIB_DIR) + "/fuzzed.vari";

}  // namespace

int fuzz_rule_file(const std::uint8_t* data, std::size_t size) {
    auto loaded = dsl::load_text(as_text(data, size), LABEL);
    for (const auto& diagnostic : loaded.diagnostics) {
        expect(!diagnostic.message.empty(), HARNESS, "a diagnostic has a message");
        (void)dsl::render(diagnostic, loaded);
    }
    (void)dsl::to_json(loaded.diagnostics);
    if (!loaded.game) {
        expect(!loaded.diagnostics.empty(), HARNESS, "a file that does not load has an error");
        return 0;
    }

    const CompiledGame game(std::move(*loaded.game));
    Diagnostic hook_error;
    // As `vari check` loads them: the top level runs once, under the usual limits.
    const auto hooks = lua::Hooks::load(game, hook_error);
    expect(hooks || !game.ir().hooks || !hook_error.message.empty(), HARNESS,
           "hooks that fail to load say why");

    Position pos(game);
    check_round_trip(HARNESS, pos);
    (void)runtime::draw_board(pos);
    MoveList legal;
    generate_legal(pos, legal);
    check_notation(HARNESS, pos, legal);
    const std::uint64_t leaves = perft(pos, legal.size <= MAX_ROOT_MOVES_FOR_DEPTH_2 ? 2 : 1);
    expect(legal.size > 0 || leaves == 0, HARNESS, "perft counts no leaves without a root move");
    return 0;
}

}  // namespace vari::fuzz
