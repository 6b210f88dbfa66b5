// Fuzzing Lua hooks: any text as the hooks of a small game, each hook called over a few plies.
#include "runtime/lua/hooks.hpp"

#include <utility>

#include "dsl/dsl.hpp"
#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "hooks";

// Captures from the first move, a promotion, drops (Kings too: they can be captured) and passes:
// every hook has its event within a few plies.
constexpr const char* RULES = R"(
game "Hook Fuzz"
players White Black
orient Black rotate 180
board square { files a..d ranks 1..4 }
direction forward = n
zone last-rank = rank 4
piece King K royal { step orthogonal diagonal  drop }
piece Rook R { slide orthogonal  drop }
piece Pawn P {
  move step forward
  capture step forward ne nw
  promote in last-rank to Rook
  drop where-movable
}
hands
royals capturable
pass allowed
setup White { King a1  Rook b1  Pawn a2 b2 c2 }
setup Black { King d4  Rook c4  Pawn b3 c3 d3 }
end no-pieces loss
end repetition 3 draw
end ply-limit 40 draw
)";

constexpr int PLIES = 12;

// Hooks are called hundreds of times per input, so they get a fifth of the usual instruction
// budget: a call within it takes milliseconds. Work that escapes the budget grows with its square
// (long operands bought with it, then an operation on them per instruction), so a budget much
// smaller would hide it below libFuzzer's timeout.
constexpr lua::HookLimits HOOK_LIMITS{200'000, std::size_t{8} << 20};

const ir::Game& rules() {
    static const ir::Game game = [] {
        auto loaded = dsl::load_text(RULES, "hook-fuzz.vari");
        expect(loaded.game.has_value(), HARNESS, "the hook game loads");
        return std::move(*loaded.game);
    }();
    return game;
}

// The moves the filter hooks keep, or false when one failed.
bool filter(lua::Hooks& hooks, const lua::HookContext& context, MoveList& legal) {
    int kept = 0;
    for (const Move move : legal) {
        bool allowed = true;
        if (!move.is_pass() && !hooks.allows(context, move, allowed)) return false;
        if (allowed) legal.moves[kept++] = move;
    }
    legal.size = kept;
    return true;
}

// The after hooks for the last move; false when one failed or ended the game.
bool after(lua::Hooks& hooks, const lua::HookContext& context, const Undo& undo) {
    const std::pair<lua::HookEvent, bool> events[] = {
        {lua::HookEvent::after_move, true},
        {lua::HookEvent::after_capture, undo.captured != NO_PIECE},
        {lua::HookEvent::after_pass, context.last_move.is_pass()},
    };
    for (const auto& [event, happened] : events) {
        if (!happened) continue;
        std::optional<lua::HookVerdict> verdict;
        if (!hooks.after(event, context, verdict)) return false;
        if (verdict) {
            expect(!verdict->reason.empty(), HARNESS, "a verdict has a reason");
            return false;
        }
    }
    return true;
}

}  // namespace

int fuzz_hooks(const std::uint8_t* data, std::size_t size) {
    ir::Game ir = rules();
    ir.hooks = ir::HookSource{std::string(as_text(data, size)), "fuzzed.lua", 1, {}};
    const CompiledGame game(std::move(ir));
    Diagnostic error;
    const auto hooks = lua::Hooks::load(game, error, HOOK_LIMITS);
    if (!hooks) {
        expect(!error.message.empty(), HARNESS, "hooks that fail to load say why");
        return 0;
    }

    Position pos(game);
    Undo undos[PLIES];
    lua::HookContext context;
    context.position = &pos;
    bool going = true;
    for (int ply = 0; going && ply < PLIES; ++ply) {
        MoveList legal;
        generate_legal(pos, legal);
        if (!filter(*hooks, context, legal) || legal.size == 0) break;
        // Varied but fixed: the same input plays the same moves.
        const Move move = legal.moves[(ply * 7 + 3) % legal.size];
        pos.do_move(move, undos[ply]);
        context.ply = ply + 1;
        context.passes = move.is_pass() ? context.passes + 1 : 0;
        context.last_move = move;
        context.last_undo = &undos[ply];
        going = after(*hooks, context, undos[ply]);
        expect(hooks->memory_used() <= HOOK_LIMITS.memory, HARNESS,
               "hooks stay under the memory cap", std::to_string(hooks->memory_used()) + " bytes");
    }

    lua::HookVerdict ending;
    ending.reason = "a fuzzed ending";
    std::vector<double> scores;
    if (hooks->handles(lua::HookEvent::score) && hooks->score(context, ending, scores))
        expect(static_cast<int>(scores.size()) == game.tables().player_count, HARNESS,
               "a score hook scores every player", std::to_string(scores.size()) + " scores");
    return 0;
}

}  // namespace vari::fuzz
