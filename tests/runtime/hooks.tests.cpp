// Lua hooks: loading, the game object, verdicts, scores and filters, and the sandbox holding
// against hostile code (tests/hooks/*.lua): each failure is named with its hook and file:line,
// and the test process goes on.
#include "runtime/lua/hooks.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"

namespace vari::runtime_hooks_tests {
namespace {

// Three players on a 4x4 board; White's Rook on b1 faces Black's on b4.
constexpr const char* RULES = R"(
game "Hooks Test"
players White Black Red
board square { files a..d ranks 1..4 }
piece King K royal { step orthogonal diagonal }
piece Rook R { slide orthogonal }
setup White { King a1  Rook b1 }
setup Black { King d4  Rook b4 }
setup Red { King d2 }
end checkmate win
end stalemate draw
)";

std::unique_ptr<CompiledGame> compile(std::optional<ir::HookSource> hooks) {
    auto loaded = dsl::load_text(RULES, "hooks-test.vari");
    REQUIRE(loaded.game);
    loaded.game->hooks = std::move(hooks);
    return std::make_unique<CompiledGame>(std::move(*loaded.game));
}

std::string hook_file(const std::string& name) {
    std::ifstream in(std::string(VARI_TEST_HOOKS) + "/" + name);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A game with its hooks loaded, or the load's error; the game outlives the hooks.
struct Loaded {
    std::unique_ptr<CompiledGame> game;
    Diagnostic error;
    std::unique_ptr<lua::Hooks> hooks;
};

Loaded load(const std::string& code, const std::string& chunk = "test.lua", int first_line = 1,
            lua::HookLimits limits = {}) {
    Loaded loaded;
    loaded.game = compile(ir::HookSource{code, chunk, first_line, {}});
    loaded.hooks = lua::Hooks::load(*loaded.game, loaded.error, limits);
    return loaded;
}

Loaded load_file(const std::string& name) { return load(hook_file(name), name); }

lua::HookContext at(const Position& pos, int ply = 0) {
    lua::HookContext context;
    context.position = &pos;
    context.ply = ply;
    return context;
}

// Calls after_move at the start: its error, or "" when it succeeds.
std::string after_move_error(Loaded& loaded) {
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    std::optional<lua::HookVerdict> verdict;
    if (loaded.hooks->after(lua::HookEvent::after_move, at(pos), verdict)) return {};
    CHECK(!verdict);
    return loaded.hooks->error();
}

std::string after_move_error(const std::string& file) {
    auto loaded = load_file(file);
    return after_move_error(loaded);
}

Move move(const CompiledGame& game, const char* from, const char* to) {
    return Move::make(game.cell_index(from), game.cell_index(to));
}

}  // namespace

// ---- Loading ------------------------------------------------------------------------------

TEST_CASE("a game without hooks loads none and reports nothing", "[hooks]") {
    const auto game = compile(std::nullopt);
    Diagnostic error;
    error.message = "stale";
    CHECK(!lua::Hooks::load(*game, error));
    CHECK(error.message.empty());
}

TEST_CASE("a chunk returning known hooks loads, and handles only those", "[hooks]") {
    auto loaded =
        load("return { after_move = function() end, allow_drop = function() return true end }");
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    CHECK(loaded.error.message.empty());
    CHECK(loaded.hooks->handles(lua::HookEvent::after_move));
    CHECK(loaded.hooks->handles(lua::HookEvent::allow_drop));
    CHECK(!loaded.hooks->handles(lua::HookEvent::score));
    CHECK(!loaded.hooks->handles(lua::HookEvent::allow_move));
    CHECK(loaded.hooks->memory_used() > 0);
    CHECK(loaded.hooks->memory_used() < lua::HookLimits{}.memory);
}

TEST_CASE("a syntax error fails the load at its line", "[hooks]") {
    const auto loaded = load_file("syntax-error.lua");
    CHECK(!loaded.hooks);
    CHECK(loaded.error.file == "syntax-error.lua");
    CHECK(loaded.error.line == 4);
    CHECK(loaded.error.column == 1);
    CHECK(loaded.error.message == "unexpected symbol near '='");
}

TEST_CASE("an error at the top level fails the load at its line", "[hooks]") {
    const auto loaded = load_file("top-level-error.lua");
    CHECK(!loaded.hooks);
    CHECK(loaded.error.file == "top-level-error.lua");
    CHECK(loaded.error.line == 3);
    CHECK(loaded.error.message == "these hooks refuse to load");
}

TEST_CASE("an unknown hook name fails the load, with the likely one as a hint", "[hooks]") {
    const auto loaded = load_file("unknown-hook.lua");
    CHECK(!loaded.hooks);
    CHECK(loaded.error.file == "unknown-hook.lua");
    CHECK(loaded.error.line == 3);
    CHECK(loaded.error.message ==
          "unknown hook 'after_mvoe' (known: at_start, after_move, after_capture, after_pass, "
          "score, allow_move, allow_drop)");
    CHECK(loaded.error.hint == "did you mean 'after_move'?");
}

TEST_CASE("a chunk must return a table of functions", "[hooks]") {
    auto loaded = load("local x = 1\nreturn 42\n");
    CHECK(!loaded.hooks);
    CHECK(loaded.error.line == 2);
    CHECK(loaded.error.message ==
          "hooks: the chunk must return a table of functions (it returned a number)");

    loaded = load("local x = 1\n");
    CHECK(loaded.error.message ==
          "hooks: the chunk must return a table of functions (it returned nothing)");

    loaded = load("return {\n  score = 3,\n}\n");
    CHECK(loaded.error.line == 2);
    CHECK(loaded.error.message == "hook 'score' must be a function (it is a number)");
}

TEST_CASE("inline hooks count their lines from the top of the .vari file", "[hooks]") {
    auto loaded =
        load("return {\n  after_move = function(game)\n    error(\"inline\")\n  end,\n}\n",
             "three-player.vari", 20);
    CHECK(after_move_error(loaded) == "hook after_move failed at three-player.vari:22: inline");

    loaded = load("return {\n  after_move = function(game)\n    local = 1\n  end,\n}\n",
                  "three-player.vari", 20);
    CHECK(!loaded.hooks);
    CHECK(loaded.error.line == 22);
}

// ---- The game object ------------------------------------------------------------------------

TEST_CASE("at the start there is no mover and no last move", "[hooks]") {
    auto loaded = load(R"(
return {
  after_move = function(game)
    assert(game.mover == nil, "mover")
    assert(game:last_move() == nil, "last move")
    assert(game.to_move == "White", "to move")
    assert(game.ply == 0 and game.passes == 0 and game.move_number == 1, "counters")
    assert(#game:cells() == 16 and game:cells()[1] == "a1" and game:cells()[16] == "d4", "cells")
    local piece, owner = game:piece_at("d2")
    assert(piece == "King" and owner == "Red", "d2")
  end,
})");
    CHECK(after_move_error(loaded).empty());
}

TEST_CASE("the game object shows the position, the counters and the last move", "[hooks]") {
    const auto probe = compile(std::nullopt);
    Position pos(*probe);
    Undo undo;
    const Move capture = move(*probe, "b1", "b4");
    pos.do_move(capture, undo);

    const std::string code = R"(
local function check(actual, expected, what)
  if actual ~= expected then
    error(what .. ": " .. tostring(actual) .. " instead of " .. tostring(expected), 2)
  end
end

return {
  after_move = function(game)
    check(#game.players, 3, "players")
    check(game.players[3], "Red", "the third player")
    check(game.to_move, "Black", "to_move")
    check(game.mover, "White", "mover")
    check(game.ply, 7, "ply")
    check(game.passes, 2, "passes")
    check(game.repetitions, 3, "repetitions")
    check(game.ply_clock, )" +
                             std::to_string(pos.ply_clock()) + R"(, "ply_clock")
    check(game.move_number, 1, "move_number")
    check(game:count("Black"), 1, "Black's pieces")
    check(game:count("White"), 2, "White's pieces")
    check(game:count("White", "Rook"), 1, "White's Rooks")
    check(game:in_hand("White"), 0, "White's hand")
    check(game:in_hand("White", "Rook"), 0, "White's Rooks in hand")
    local piece, owner = game:piece_at("b4")
    check(piece, "Rook", "the piece on b4")
    check(owner, "White", "its owner")
    check(game:piece_at("c3"), nil, "c3")
    local cells = game:cells_of("White")
    check(#cells, 2, "White's cells")
    check(cells[1], "a1", "White's first cell")
    check(cells[2], "b4", "White's second cell")
    check(#game:cells_of("Black", "Rook"), 0, "Black's Rooks")
    local last = game:last_move()
    check(last.kind, "move", "kind")
    check(last.from, "b1", "from")
    check(last.to, "b4", "to")
    check(last.piece, "Rook", "piece")
    check(last.promotion, nil, "promotion")
    check(last.captured, "Rook", "captured")
    check(last.captured_owner, "Black", "captured_owner")
  end,
})";
    auto loaded = load(code);
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    lua::HookContext context = at(pos, 7);
    context.repetitions = 3;
    context.passes = 2;
    context.last_move = capture;
    context.last_undo = &undo;
    std::optional<lua::HookVerdict> verdict;
    INFO(loaded.hooks->error());
    CHECK(loaded.hooks->after(lua::HookEvent::after_move, context, verdict));
    CHECK(!verdict);
}

TEST_CASE("the game answers what the engine knows: checks, attacks, attackers and legal moves",
          "[hooks]") {
    const auto plain = compile(std::nullopt);
    Position start(*plain);
    MoveList legal;
    generate_legal(start, legal);
    auto loaded = load(R"(
local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end
return {
  after_move = function(game)
    assert(game:attacked("c1", "White") and not game:attacked("a4", "White"))
    assert(game:attacked("b3", "Black") and not game:attacked("c1", "Black"))
    assert(#game:attackers("c3") == 0)
    if game.to_move == "White" then
      assert(not game:in_check("Red") and not game:in_check("White"))
      local at_b4 = game:attackers("b4")
      assert(#at_b4 == 1 and at_b4[1] == "b1")
      local moves = game:moves()
      assert(#moves == )" +
                       std::to_string(legal.size) + R"(, #moves)
      local rook_takes = false
      for _, m in ipairs(moves) do
        assert(m.kind == "move" and m.piece)
        if m.from == "b1" and m.to == "b4" then
          rook_takes = m.captured == "Rook" and m.captured_owner == "Black"
        end
      end
      assert(rook_takes)
    else
      -- White's Rook on d1 attacks Red's King on d2, which may take it.
      assert(game:in_check("Red") and not game:in_check("Black"))
      assert(has(game:attackers("d2"), "d1") and has(game:attackers("d1"), "d2"))
    end
  end,
})");
    REQUIRE(loaded.hooks);
    Position pos(*loaded.game);
    std::optional<lua::HookVerdict> verdict;
    INFO(loaded.hooks->error());
    CHECK(loaded.hooks->after(lua::HookEvent::after_move, at(pos), verdict));
    Undo undo;
    pos.do_move(move(*loaded.game, "b1", "d1"), undo);
    CHECK(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 1), verdict));
    CHECK(!verdict);
}

TEST_CASE("game:key() is the key repetitions are counted by", "[hooks]") {
    auto loaded = load(R"(
return {
  after_move = function(game) return { draw = true, reason = tostring(game:key()) } end,
})");
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    Position pos(*loaded.game);
    const auto key_seen = [&] {
        std::optional<lua::HookVerdict> verdict;
        REQUIRE(loaded.hooks->after(lua::HookEvent::after_move, at(pos), verdict));
        REQUIRE(verdict);
        return verdict->reason;
    };
    const std::string start = key_seen();
    CHECK(start == std::to_string(static_cast<std::int64_t>(pos.hash())));
    Undo undo;
    pos.do_move(move(*loaded.game, "b1", "b2"), undo);
    const std::string moved = key_seen();
    CHECK(moved == std::to_string(static_cast<std::int64_t>(pos.hash())));
    CHECK(moved != start);
    pos.undo_move(move(*loaded.game, "b1", "b2"), undo);
    CHECK(key_seen() == start);
}

TEST_CASE("game and game.players refuse writes, so every call sees the game as it is", "[hooks]") {
    auto loaded = load(R"(
local function refused(write)
  local ok, message = pcall(write)
  assert(not ok, "a write went through")
  return message
end

return {
  after_move = function(game)
    assert(game.players[1] == "White" and #game.players == 3, "players")
    assert(game.ply == 0 and game.count ~= nil and game.secret == nil, "fields")
    local message = refused(function() game.ply = 5 end)
    assert(message:find("game is read%-only$"), message)
    message = refused(function() game.players[1] = "Grey" end)
    assert(message:find("game.players is read%-only$"), message)
    refused(function() game.count = nil end)
    refused(function() game.secret = 1 end)
    refused(function() table.insert(game.players, "Grey") end)
    refused(function() table.sort(game.players) end)
    refused(function() rawset(game, "ply", 5) end)
    refused(function() rawset(game.players, 1, "Grey") end)
    refused(function() setmetatable(game, nil) end)
    assert(getmetatable(game) == false and getmetatable(game.players) == false, "metatables")
    local keys = 0
    for key, value in pairs(game) do
      keys = keys + 1
      assert(game[key] == value, key)
    end
    assert(keys > 10, "pairs")
    local names = {}
    for i, player in ipairs(game.players) do names[i] = player end
    assert(table.concat(names, " ") == "White Black Red", "ipairs")
    assert(table.concat(game.players, " ") == "White Black Red", "table.concat")
    local f, state = pairs(game.players)
    assert(state == game.players, "pairs hands out the view, not what is behind it")
  end,
})");
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    std::optional<lua::HookVerdict> verdict;
    for (int call = 0; call < 2; ++call) {
        INFO(loaded.hooks->error());
        CHECK(loaded.hooks->after(lua::HookEvent::after_move, at(pos), verdict));
    }
}

TEST_CASE("a write to game fails the hook at its line", "[hooks]") {
    auto loaded = load(
        "return {\n  after_move = function(game)\n    game.players[1] = \"Grey\"\n  end,\n}\n");
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at test.lua:3: game.players is read-only");
}

TEST_CASE("the move and the result are new tables at every call", "[hooks]") {
    auto loaded = load(R"(
local seen = {}
return {
  allow_move = function(game, move)
    assert(move.note == nil and move ~= seen.move, "the move of an earlier call")
    move.note, move.kind, seen.move = "scribbled", "pass", move
    return true
  end,
  score = function(game, result)
    assert(result.note == nil and result ~= seen.result, "the result of an earlier call")
    assert(result.reason == "checkmate", result.reason)
    result.note, result.reason, seen.result = "scribbled", "nothing", result
    return { White = 1, Black = 0, Red = 0 }
  end,
})");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    lua::HookVerdict result;
    result.reason = "checkmate";
    result.outcome = ir::Outcome::win;
    result.player = 0;
    std::vector<double> scores;
    bool allowed = false;
    for (int call = 0; call < 2; ++call) {
        INFO(loaded.hooks->error());
        CHECK(loaded.hooks->allows(at(pos), move(*loaded.game, "a1", "a2"), allowed));
        CHECK(loaded.hooks->score(at(pos), result, scores));
    }
    CHECK(result.reason == "checkmate");
}

TEST_CASE("unknown names given to the game's methods fail the hook", "[hooks]") {
    auto loaded = load(
        "return {\n  after_move = function(game)\n    return game:count(\"Grey\")\n  end,\n}\n");
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at test.lua:3: unknown player 'Grey'");
    loaded =
        load("return {\n  after_move = function(game)\n    game:piece_at(\"z9\")\n  end,\n}\n");
    CHECK(after_move_error(loaded) == "hook after_move failed at test.lua:3: unknown cell 'z9'");
    loaded = load(
        "return {\n  after_move = function(game)\n    game:count(\"Red\", \"Dragon\")\n  "
        "end,\n}\n");
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at test.lua:3: unknown piece 'Dragon'");
}

// ---- Verdicts, scores and filters -----------------------------------------------------------

TEST_CASE("after_move ends the game with a winner, a loser or a draw", "[hooks]") {
    auto loaded = load(R"(
return {
  after_move = function(game)
    if game.ply == 1 then return { winner = "Black", reason = "three Kings" } end
    if game.ply == 2 then return { loser = "Red" } end
    if game.ply == 3 then return { draw = true, reason = "a round of passes" } end
  end,
})");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    std::optional<lua::HookVerdict> verdict;

    REQUIRE(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 0), verdict));
    CHECK(!verdict);

    REQUIRE(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 1), verdict));
    REQUIRE(verdict);
    CHECK(verdict->outcome == ir::Outcome::win);
    CHECK(verdict->player == 1);
    CHECK(verdict->reason == "three Kings");

    REQUIRE(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 2), verdict));
    REQUIRE(verdict);
    CHECK(verdict->outcome == ir::Outcome::loss);
    CHECK(verdict->player == 2);
    CHECK(verdict->reason == "a rule of the game");

    REQUIRE(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 3), verdict));
    REQUIRE(verdict);
    CHECK(verdict->outcome == ir::Outcome::draw);
    CHECK(verdict->player == -1);
    CHECK(verdict->reason == "a round of passes");
}

TEST_CASE("score gets the result and gives every player a number", "[hooks]") {
    auto loaded = load(R"(
return {
  score = function(game, result)
    if result.draw then return { White = 1/3, Black = 1/3, Red = 1/3 } end
    assert(result.reason == "checkmate" and result.loser == nil)
    local scores = { White = 0, Black = 0, Red = 0 }
    scores[result.winner] = 1
    return scores
  end,
})");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    lua::HookVerdict result;
    result.reason = "checkmate";
    result.outcome = ir::Outcome::win;
    result.player = 1;
    std::vector<double> scores;
    INFO(loaded.hooks->error());
    REQUIRE(loaded.hooks->score(at(pos), result, scores));
    CHECK(scores == std::vector<double>{0, 1, 0});

    result = {};
    result.reason = "stalemate";
    REQUIRE(loaded.hooks->score(at(pos), result, scores));
    REQUIRE(scores.size() == 3);
    CHECK(scores[2] == Approx(1.0 / 3));
}

TEST_CASE("allow_move filters moves and sees the move about to be played", "[hooks]") {
    auto loaded = load(R"(
return {
  allow_move = function(game, move)
    assert(move.kind == "move" and game.to_move == "White")
    if move.captured then
      assert(move.piece == "Rook" and move.from == "b1" and move.to == "b4")
      assert(move.captured == "Rook" and move.captured_owner == "Black")
      return false
    end
    return true
  end,
})");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    bool allowed = false;
    INFO(loaded.hooks->error());
    REQUIRE(loaded.hooks->allows(at(pos), move(*loaded.game, "b1", "b4"), allowed));
    CHECK(!allowed);
    REQUIRE(loaded.hooks->allows(at(pos), move(*loaded.game, "a1", "a2"), allowed));
    CHECK(allowed);
    // No allow_drop: drops are allowed without a call.
    allowed = false;
    REQUIRE(
        loaded.hooks->allows(at(pos), Move::make_drop(1, loaded.game->cell_index("c2")), allowed));
    CHECK(allowed);
}

TEST_CASE("a hook that failed can be called again", "[hooks]") {
    auto loaded = load(
        "return {\n  after_move = function(game)\n    if game.ply == 0 then error(\"not yet\") "
        "end\n"
        "    return { draw = true }\n  end,\n}\n");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    std::optional<lua::HookVerdict> verdict;
    CHECK(!loaded.hooks->after(lua::HookEvent::after_move, at(pos, 0), verdict));
    CHECK(loaded.hooks->error() == "hook after_move failed at test.lua:3: not yet");
    CHECK(loaded.hooks->after(lua::HookEvent::after_move, at(pos, 1), verdict));
    CHECK(verdict);
}

TEST_CASE("the budget and the cap are the limits given", "[hooks]") {
    auto loaded =
        load(hook_file("endless-loop.lua"), "endless-loop.lua", 1, {5000, std::size_t{32} << 20});
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at endless-loop.lua:4: instruction budget of 5000 exceeded");
    loaded = load(
        "return {\n  after_move = function(game)\n    local s = string.rep(\"x\", 2 << 20)\n  "
        "end,\n}\n",
        "test.lua", 1, {1'000'000, std::size_t{1} << 20});
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at test.lua:3: out of memory (cap 1 MiB)");
    CHECK(loaded.hooks->memory_used() <= std::size_t{1} << 20);

    // With budget to spare, filling memory and recursing stop at the cap.
    const lua::HookLimits roomy{1'000'000'000, std::size_t{4} << 20};
    loaded = load(hook_file("table-fill.lua"), "table-fill.lua", 1, roomy);
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at table-fill.lua:5: out of memory (cap 4 MiB)");
    loaded = load(hook_file("deep-recursion.lua"), "deep-recursion.lua", 1, roomy);
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at deep-recursion.lua:3: out of memory (cap 4 MiB)");
}

TEST_CASE("a call, and the loading, end at the time limit given", "[hooks]") {
    const lua::HookLimits quick{1'000'000'000'000, std::size_t{32} << 20, 1};
    auto loaded = load(hook_file("endless-loop.lua"), "endless-loop.lua", 1, quick);
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at endless-loop.lua:4: time limit of 1 ms exceeded");
    CHECK(after_move_error(loaded) ==
          "hook after_move failed at endless-loop.lua:4: time limit of 1 ms exceeded");

    loaded = load("local x = 0\nwhile true do x = x + 1 end\nreturn {}\n", "test.lua", 1, quick);
    CHECK(!loaded.hooks);
    CHECK(loaded.error.line == 2);
    CHECK(loaded.error.message == "time limit of 1 ms exceeded");

    // Compiling counts too: megabytes of comments take longer than a millisecond.
    std::string comments;
    for (int line = 0; line < 1'000'000; ++line) comments += "-- a comment\n";
    loaded = load(comments + "return {}\n", "test.lua", 1, quick);
    CHECK(!loaded.hooks);
    CHECK(loaded.error.file == "test.lua");
    CHECK(loaded.error.line > 1);
    CHECK(loaded.error.message == "time limit of 1 ms exceeded");
}

TEST_CASE("short patterns, loads of text and print work in the sandbox", "[hooks]") {
    auto loaded = load(R"(
return {
  after_move = function(game)
    local file, rank = ("e10"):match("^(%a+)(%d+)$")
    assert(file == "e" and rank == "10")
    assert(("a rule of the game"):gsub("%s+", "_") == "a_rule_of_the_game")
    assert(load("return 1 + 1")() == 2)
    assert(load("return x", "chunk", "t", { x = 5 })() == 5)
    assert(string.rep("", 1 << 62) == "" and string.rep("", 2^62, "") == "")
    assert(string.rep("", "4611686018427387904") == "" and string.rep("ab", 2.0, ",") == "ab,ab")
    assert(("a,b,,c"):find(",,", 1, true) == 4 and ("[x]"):find("[", 1, true) == 1)
    assert(("key = value"):match("^(%w+)%s*=%s*(%w+)$") == "key")
    assert(("abc"):find("b", -2) == 2 and ("abc"):find("b", 10) == nil)
    assert(string.unpack("z", string.pack("z", "text")) == "text")
    assert(string.packsize("i4 i4") == 8 and string.format("%d-%s", 3, "x") == "3-x")
    assert(tonumber(" 12 ") == 12 and tonumber("ff", 16) == 255 and "10" + 1 == 11)
    local Point = {}
    Point.__index = Point
    function Point.new(x) return setmetatable({ x = x }, Point) end
    function Point:double() return self.x * 2 end
    local Named = setmetatable({ name = "named" }, { __index = Point })
    Named.__index = Named
    local p = setmetatable({ x = 4 }, Named)
    assert(Point.new(3):double() == 6 and p:double() == 8 and p.name == "named")
    assert(getmetatable(p) == Named and getmetatable(Point.new(1)) == Point)
    local log = {}
    local logged = setmetatable({}, { __newindex = log })
    logged.a = 1
    assert(rawget(logged, "a") == nil and log.a == 1)
    local locked = setmetatable({}, { __metatable = "locked" })
    assert(getmetatable(locked) == "locked" and not pcall(setmetatable, locked, {}))
    local weak = setmetatable({}, { __mode = "k" })
    assert(getmetatable(weak).__mode == "k")
    local callable = setmetatable({}, { __call = function(self, x) return x + 1 end })
    assert(callable(1) == 2)
    assert(not pcall(setmetatable, {}, { __call = {} }))
    assert(select(2, xpcall(error, function(e) return "handled " .. e end, "x")) == "handled x")
    assert(select(2, load("return +")) ~= nil)
    assert(math.floor(2.5) == 2 and table.concat({ "a", "b" }, ",") == "a,b")
    local t = { 3, 1, 2 }
    table.sort(t)
    table.insert(t, 1, 0)
    assert(table.remove(t, 1) == 0 and t[3] == 3)
    assert(not pcall(string.find, "x", "[", 1))
    print("hooks may print to the error stream")
  end,
})");
    CHECK(after_move_error(loaded).empty());
}

TEST_CASE("the hooks reference's example: three Kings win, passes draw, the living share a draw",
          "[hooks]") {
    const std::string code = hook_file("three-kings.lua");
    std::ifstream reference(std::string(VARI_TEST_HOOKS) + "/../../runtime/lua/HOOKS.md");
    std::stringstream text;
    text << reference.rdbuf();
    CHECK(text.str().find("```lua\n" + code + "```\n") != std::string::npos);

    auto loaded = load(code, "three-kings.lua");
    INFO(loaded.error.message);
    REQUIRE(loaded.hooks);
    const CompiledGame& game = *loaded.game;
    constexpr int KING = 0, ROOK = 1;
    // White holds three Kings, Black a Rook, Red nothing; White moved last.
    Position held(game);
    held.clear();
    for (const char* cell : {"a1", "b2", "c3"})
        held.put(game.cell_index(cell), make_piece(0, KING));
    held.put(game.cell_index("d4"), make_piece(1, ROOK));
    held.set_side_to_move(1);
    lua::HookContext context = at(held, 9);
    context.last_move = move(game, "b1", "b2");
    std::optional<lua::HookVerdict> verdict;
    INFO(loaded.hooks->error());
    REQUIRE(loaded.hooks->after(lua::HookEvent::after_capture, context, verdict));
    REQUIRE(verdict);
    CHECK(verdict->outcome == ir::Outcome::win);
    CHECK(verdict->player == 0);
    CHECK(verdict->reason == "all three Kings");
    // Given as the position to start from, the same board is won already.
    REQUIRE(loaded.hooks->verdict(at(held), verdict));
    REQUIRE(verdict);
    CHECK(verdict->player == 0);
    // After a quiet move the hooks that judge captures are not asked.
    REQUIRE(loaded.hooks->verdict(context, verdict));
    CHECK(!verdict);

    const Position start(game);
    context = at(start, 12);
    context.last_move = Move::make_pass();
    context.passes = 2;
    REQUIRE(loaded.hooks->after(lua::HookEvent::after_pass, context, verdict));
    CHECK(!verdict);
    context.passes = 3;
    REQUIRE(loaded.hooks->after(lua::HookEvent::after_pass, context, verdict));
    REQUIRE(verdict);
    CHECK(verdict->outcome == ir::Outcome::draw);
    CHECK(verdict->reason == "a full round of passes");

    lua::HookVerdict result;
    result.reason = "a full round of passes";
    std::vector<double> scores;
    REQUIRE(loaded.hooks->score(at(held), result, scores));
    CHECK(scores == std::vector<double>{0.5, 0.5, 0});
    REQUIRE(loaded.hooks->score(at(start), result, scores));
    CHECK(scores == std::vector<double>{1.0 / 3, 1.0 / 3, 1.0 / 3});
    result.outcome = ir::Outcome::win;
    result.player = 2;
    REQUIRE(loaded.hooks->score(at(start), result, scores));
    CHECK(scores == std::vector<double>{0, 0, 1});
    result.outcome = ir::Outcome::loss;
    result.player = 0;
    REQUIRE(loaded.hooks->score(at(start), result, scores));
    CHECK(scores == std::vector<double>{0, 0.5, 0.5});
}

// ---- Hostile hooks ---------------------------------------------------------------------------

TEST_CASE("hostile: os.execute is not there", "[hooks]") {
    CHECK(after_move_error("os-execute.lua") ==
          "hook after_move failed at os-execute.lua:4: attempt to index a nil value (global 'os')");
}

TEST_CASE("hostile: io.open is not there", "[hooks]") {
    CHECK(after_move_error("io-open.lua") ==
          "hook after_move failed at io-open.lua:4: attempt to index a nil value (global 'io')");
}

TEST_CASE("hostile: require is not there", "[hooks]") {
    CHECK(
        after_move_error("require.lua") ==
        "hook after_move failed at require.lua:4: attempt to call a nil value (global 'require')");
}

TEST_CASE("hostile: dofile is not there", "[hooks]") {
    CHECK(after_move_error("dofile.lua") ==
          "hook after_move failed at dofile.lua:4: attempt to call a nil value (global 'dofile')");
}

TEST_CASE("hostile: loadfile is not there", "[hooks]") {
    CHECK(after_move_error("loadfile.lua") ==
          "hook after_move failed at loadfile.lua:4: attempt to call a nil value (global "
          "'loadfile')");
}

TEST_CASE("hostile: debug.traceback is not there", "[hooks]") {
    CHECK(after_move_error("debug-traceback.lua") ==
          "hook after_move failed at debug-traceback.lua:4: attempt to index a nil value (global "
          "'debug')");
}

TEST_CASE("hostile: string.dump is not there", "[hooks]") {
    CHECK(
        after_move_error("string-dump.lua") ==
        "hook after_move failed at string-dump.lua:4: attempt to call a nil value (field 'dump')");
}

TEST_CASE("hostile: an endless loop runs out of budget", "[hooks]") {
    CHECK(after_move_error("endless-loop.lua") ==
          "hook after_move failed at endless-loop.lua:4: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: pcall does not swallow the budget's error", "[hooks]") {
    CHECK(after_move_error("pcall-loop.lua") ==
          "hook after_move failed at pcall-loop.lua:4: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: a string.rep bomb hits the memory cap", "[hooks]") {
    CHECK(after_move_error("rep-bomb.lua") ==
          "hook after_move failed at rep-bomb.lua:4: out of memory (cap 32 MiB)");
}

TEST_CASE("hostile: filling a table hits the cap or the budget", "[hooks]") {
    const auto error = after_move_error("table-fill.lua");
    CHECK_THAT(error, Catch::StartsWith("hook after_move failed at table-fill.lua:5: "));
    CHECK_THAT(error, Catch::EndsWith("out of memory (cap 32 MiB)") ||
                          Catch::EndsWith("instruction budget of 1000000 exceeded"));
}

TEST_CASE("hostile: copying megabytes per instruction runs out of budget", "[hooks]") {
    CHECK(after_move_error("concat-loop.lua") ==
          "hook after_move failed at concat-loop.lua:5: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: deep recursion overflows the stack, the cap or the budget", "[hooks]") {
    const auto error = after_move_error("deep-recursion.lua");
    CHECK_THAT(error, Catch::StartsWith("hook after_move failed at deep-recursion.lua:3: "));
    CHECK_THAT(error, Catch::EndsWith("stack overflow") ||
                          Catch::EndsWith("out of memory (cap 32 MiB)") ||
                          Catch::EndsWith("instruction budget of 1000000 exceeded"));
}

TEST_CASE("hostile: load refuses a binary chunk", "[hooks]") {
    CHECK(after_move_error("binary-chunk.lua") ==
          "hook after_move failed at binary-chunk.lua:4: attempt to load a binary chunk (mode is "
          "'t')");
}

TEST_CASE("hostile: load refuses the binary mode", "[hooks]") {
    CHECK(after_move_error("load-binary-mode.lua") ==
          "hook after_move failed at load-binary-mode.lua:4: binary chunks are not allowed");
}

TEST_CASE("hostile: a pattern bomb is refused before it runs", "[hooks]") {
    CHECK(after_move_error("pattern-bomb.lua") ==
          "hook after_move failed at pattern-bomb.lua:4: pattern too costly for the instruction "
          "budget");
}

TEST_CASE("hostile: a finalizer is refused", "[hooks]") {
    CHECK(after_move_error("gc-metamethod.lua") ==
          "hook after_move failed at gc-metamethod.lua:4: __gc metamethods are not allowed");
}

TEST_CASE("hostile: a table function looping over nothing is refused", "[hooks]") {
    CHECK(after_move_error("table-move.lua") ==
          "hook after_move failed at table-move.lua:4: table.move: too much work for the "
          "instruction budget");
}

TEST_CASE("hostile: string.rep of nothing with a float count costs nothing", "[hooks]") {
    CHECK(
        after_move_error("rep-empty-float.lua") ==
        "hook after_move failed at rep-empty-float.lua:4: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: string.rep of nothing with a string count costs nothing", "[hooks]") {
    CHECK(after_move_error("rep-empty-string-count.lua") ==
          "hook after_move failed at rep-empty-string-count.lua:4: instruction budget of 1000000 "
          "exceeded");
}

TEST_CASE("hostile: a character set is paid for by its length", "[hooks]") {
    CHECK(after_move_error("pattern-set.lua") ==
          "hook after_move failed at pattern-set.lua:5: pattern too costly for the instruction "
          "budget");
}

TEST_CASE("hostile: a long pattern is paid for by its length", "[hooks]") {
    CHECK(after_move_error("pattern-long.lua") ==
          "hook after_move failed at pattern-long.lua:5: pattern too costly for the instruction "
          "budget");
}

TEST_CASE("hostile: a plain search is paid for by the text times what it looks for", "[hooks]") {
    CHECK(after_move_error("plain-find.lua") ==
          "hook after_move failed at plain-find.lua:5: string.find: too much work for the "
          "instruction budget");
}

TEST_CASE("hostile: a chain of __index tables is paid for by its length", "[hooks]") {
    CHECK(after_move_error("index-chain.lua") ==
          "hook after_move failed at index-chain.lua:6: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: a chain of __newindex tables is paid for by its length", "[hooks]") {
    CHECK(after_move_error("newindex-chain.lua") ==
          "hook after_move failed at newindex-chain.lua:6: instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: load pays for the comments it reads", "[hooks]") {
    CHECK(after_move_error("load-comments.lua") ==
          "hook after_move failed at load-comments.lua:5: load: too much work for the instruction "
          "budget");
}

TEST_CASE("hostile: load pays for the blanks it reads", "[hooks]") {
    CHECK(after_move_error("load-blanks.lua") ==
          "hook after_move failed at load-blanks.lua:5: load: too much work for the instruction "
          "budget");
}

TEST_CASE("hostile: string.pack pays for its format", "[hooks]") {
    CHECK(after_move_error("pack-format.lua") ==
          "hook after_move failed at pack-format.lua:5: string.pack: too much work for the "
          "instruction budget");
}

TEST_CASE("hostile: string.packsize pays for its format", "[hooks]") {
    CHECK(after_move_error("packsize-format.lua") ==
          "hook after_move failed at packsize-format.lua:5: string.packsize: too much work for the "
          "instruction budget");
}

TEST_CASE("hostile: tonumber pays for the text it reads", "[hooks]") {
    CHECK(after_move_error("tonumber-loop.lua") ==
          "hook after_move failed at tonumber-loop.lua:5: tonumber: too much work for the "
          "instruction budget");
}

TEST_CASE("hostile: print pays for what it writes", "[hooks]") {
    CHECK(after_move_error("print-loop.lua") ==
          "hook after_move failed at print-loop.lua:5: print: too much work for the instruction "
          "budget");
}

TEST_CASE("hostile: comparing two long strings for equality ends at the time limit", "[hooks]") {
    CHECK(after_move_error("equal-strings.lua") ==
          "hook after_move failed at equal-strings.lua:5: time limit of 500 ms exceeded");
}

TEST_CASE("hostile: ordering two long strings ends at the time limit", "[hooks]") {
    CHECK(after_move_error("less-strings.lua") ==
          "hook after_move failed at less-strings.lua:5: time limit of 500 ms exceeded");
}

TEST_CASE("hostile: a loop bound read from a long string ends at the time limit", "[hooks]") {
    CHECK(after_move_error("for-from-string.lua") ==
          "hook after_move failed at for-from-string.lua:5: time limit of 500 ms exceeded");
}

TEST_CASE("hostile: a metatable changed after setmetatable does not make a __call loop",
          "[hooks]") {
    CHECK(after_move_error("call-cycle.lua") ==
          "hook after_move failed at call-cycle.lua:7: attempt to call a table value (local 't')");
}

TEST_CASE("hostile: the strings' metatable is locked", "[hooks]") {
    CHECK(after_move_error("string-metatable.lua") ==
          "hook after_move failed at string-metatable.lua:4: attempt to index a boolean value");
}

TEST_CASE("hostile: a loading that repeats nothing forever runs out of budget", "[hooks]") {
    const auto loaded = load_file("rep-empty-top-level.lua");
    CHECK(!loaded.hooks);
    CHECK(loaded.error.file == "rep-empty-top-level.lua");
    CHECK(loaded.error.line == 3);
    CHECK(loaded.error.message == "instruction budget of 1000000 exceeded");
}

TEST_CASE("hostile: an endless __close after an error ends with the budget", "[hooks]") {
    CHECK(after_move_error("close-loop.lua") ==
          "hook after_move failed at close-loop.lua:5: failed on purpose");
}

TEST_CASE("hostile: an endless __close after the budget ran out ends with the budget", "[hooks]") {
    auto loaded = load_file("close-after-budget.lua");
    // Twice: a call stopped by the budget leaves the next one under it too.
    for (int call = 0; call < 2; ++call)
        CHECK(after_move_error(loaded) ==
              "hook after_move failed at close-after-budget.lua:5: instruction budget of 1000000 "
              "exceeded");
}

TEST_CASE("hostile: an endless message handler ends with the budget", "[hooks]") {
    CHECK(after_move_error("xpcall-handler-loop.lua") ==
          "hook after_move failed at xpcall-handler-loop.lua:4: instruction budget of 1000000 "
          "exceeded");
}

TEST_CASE("hostile: an error with a table value", "[hooks]") {
    CHECK(after_move_error("error-table.lua") ==
          "hook after_move failed at error-table.lua:4: error object is a table value");
}

TEST_CASE("hostile: after_move returning a number", "[hooks]") {
    CHECK(after_move_error("after-move-number.lua") ==
          "hook after_move at after-move-number.lua:2 returned a number; expected nil or a table "
          "with "
          "winner, loser or draw");
}

TEST_CASE("hostile: after_move naming an unknown player", "[hooks]") {
    CHECK(after_move_error("after-move-unknown-player.lua") ==
          "hook after_move at after-move-unknown-player.lua:2 returned winner = 'Grey', which is "
          "not a "
          "player (White, Black, Red)");
}

TEST_CASE("hostile: after_move with both a winner and a draw", "[hooks]") {
    CHECK(
        after_move_error("after-move-winner-and-draw.lua") ==
        "hook after_move at after-move-winner-and-draw.lua:2 returned a table with both winner and "
        "draw; expected exactly one of winner, loser or draw");
}

TEST_CASE("hostile: score missing a player", "[hooks]") {
    auto loaded = load_file("score-missing-player.lua");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    std::vector<double> scores{0.5, 0.5, 0.5};
    CHECK(!loaded.hooks->score(at(pos), lua::HookVerdict{}, scores));
    CHECK(loaded.hooks->error() ==
          "hook score at score-missing-player.lua:2 returned no score for Red; expected a table "
          "with a "
          "number for each player (White, Black, Red)");
    CHECK(scores == std::vector<double>{0.5, 0.5, 0.5});
}

TEST_CASE("hostile: allow_move returning a string", "[hooks]") {
    auto loaded = load_file("allow-move-string.lua");
    REQUIRE(loaded.hooks);
    const Position pos(*loaded.game);
    bool allowed = false;
    CHECK(!loaded.hooks->allows(at(pos), move(*loaded.game, "a1", "a2"), allowed));
    CHECK(loaded.hooks->error() ==
          "hook allow_move at allow-move-string.lua:2 returned a string; expected true or false");
}

}  // namespace vari::runtime_hooks_tests

namespace vari::runtime_hooks_tests {

TEST_CASE("a game in play asks after_capture only after captures, after every after_move",
          "[hooks]") {
    // after_move counts the moves; after_capture ends the game at the first capture and says
    // how many moves after_move saw.
    auto loaded = load(R"(
local moves = 0
return {
  after_move = function(game) moves = moves + 1 end,
  after_capture = function(game)
    return { winner = game.mover, reason = "a capture after " .. moves .. " moves" }
  end,
  after_pass = function(game) error("this game has no passes") end,
})");
    REQUIRE(loaded.hooks);
    runtime::Game play(*loaded.game);
    play.play(move(*loaded.game, "a1", "a2"));  // White's King: quiet
    CHECK(!play.result());
    play.play(move(*loaded.game, "b4", "b1"));  // Black's Rook takes White's
    REQUIRE(play.result());
    CHECK(play.result()->summary == "Black wins by a capture after 2 moves");
}

TEST_CASE("a game restarted loads its hooks again: their state starts anew", "[hooks]") {
    auto loaded = load(R"(
local moves = 0
return {
  after_move = function(game)
    moves = moves + 1
    if moves == 2 then return { draw = true, reason = "two moves" } end
  end,
})");
    REQUIRE(loaded.hooks);
    runtime::Game play(*loaded.game);
    play.play(move(*loaded.game, "a1", "a2"));
    play.restart();
    play.play(move(*loaded.game, "a1", "a2"));  // the first move of this game, not the second
    CHECK(!play.result());
    play.play(move(*loaded.game, "b4", "b3"));
    REQUIRE(play.result());
    CHECK(play.result()->summary == "draw by two moves");
}

}  // namespace vari::runtime_hooks_tests
