// Hooks: loading a game's Lua code, calling its hooks on a coroutine thread, and checking that
// what they return has the shape each event asks for.
//
// Lua raises errors with longjmp: the C functions run in the state keep no C++ object with a
// destructor alive across a Lua call.
#include "runtime/lua/hooks.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "runtime/lua/hook_game.hpp"
#include "runtime/lua/lua_sandbox.hpp"

namespace vari::lua {

constexpr int EVENTS = 7;
constexpr const char* EVENT_NAMES[EVENTS] = {"after_move", "after_capture", "after_pass", "score",
                                             "allow_move", "allow_drop",    "at_start"};
constexpr const char* KNOWN_HOOKS =
    "at_start, after_move, after_capture, after_pass, score, allow_move, allow_drop";
constexpr const char* DEFAULT_REASON = "a rule of the game";

struct HookCall;

// What Hooks::State holds, named here so that the C functions run in the state can reach it.
struct HookState {
    explicit HookState(const CompiledGame& game) : game(game) {}
    std::unique_ptr<Sandbox> sandbox;
    HookGame game;
    bool handled[EVENTS] = {};
    int caller = LUA_NOREF;          // the closure that makes every call (call_hook below)
    const HookCall* call = nullptr;  // the call it makes next
    std::string defined_at[EVENTS];  // "three-player.lua:12"
    std::string error;
};

// One call of a hook.
struct HookCall {
    HookEvent event = HookEvent::after_move;
    const HookContext* context = nullptr;
    const HookVerdict* end = nullptr;
    MoveFacts move;
};

// call_hook's upvalues: the HookState, the four hook functions (or nil), then the game's.
constexpr int FIRST_HOOK_UPVALUE = 2;
constexpr int FIRST_GAME_UPVALUE = FIRST_HOOK_UPVALUE + EVENTS;
constexpr int CALLER_UPVALUES = FIRST_GAME_UPVALUE - 1 + HookGame::UPVALUES;

struct Hooks::State : HookState {
    using HookState::HookState;
};

namespace {

// Run in protected mode with HookState::call set: builds the arguments (which allocates) and
// calls the hook. Its upvalues are laid out as FIRST_HOOK_UPVALUE and FIRST_GAME_UPVALUE say.
int call_hook(lua_State* L) {
    auto& state = *static_cast<HookState*>(lua_touserdata(L, lua_upvalueindex(1)));
    const HookCall& call = *state.call;
    const auto names = Names::at_upvalue(FIRST_GAME_UPVALUE);
    lua_pushvalue(L, lua_upvalueindex(FIRST_HOOK_UPVALUE + static_cast<int>(call.event)));
    state.game.push(L, *call.context, FIRST_GAME_UPVALUE);
    int arguments = 1;
    if (call.event == HookEvent::score) {
        state.game.push_result(L, *call.end, names);
        ++arguments;
    } else if (call.event == HookEvent::allow_move || call.event == HookEvent::allow_drop) {
        state.game.push_move(L, call.move, names);
        ++arguments;
    }
    lua_call(L, arguments, 1);
    return 1;
}

// Run in protected mode: makes call_hook's closure, kept in the registry.
// Stack: the table the chunk returned, the HookState.
int make_caller(lua_State* L) {
    auto& state = *static_cast<HookState*>(lua_touserdata(L, 2));
    lua_pushvalue(L, 2);
    for (int e = 0; e < EVENTS; ++e) {
        lua_pushstring(L, EVENT_NAMES[e]);
        state.handled[e] = lua_rawget(L, 1) == LUA_TFUNCTION;
    }
    state.game.create(L);
    lua_pushcclosure(L, &call_hook, CALLER_UPVALUES);
    state.caller = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

std::string_view string_at(lua_State* L, int index) {
    std::size_t size = 0;
    const char* text = lua_tolstring(L, index, &size);  // only ever called on strings
    return {text, size};
}

// "nil", "true", "a number", "a table", ...
std::string describe(lua_State* L, int index) {
    const int type = lua_type(L, index);
    if (type == LUA_TNIL) return "nil";
    if (type == LUA_TBOOLEAN) return lua_toboolean(L, index) ? "true" : "false";
    return std::string("a ") + lua_typename(L, type);
}

std::string key_text(lua_State* L, int index) {
    if (lua_type(L, index) == LUA_TSTRING)
        return "the key '" + std::string(string_at(L, index)) + "'";
    return describe(L, index) + " key";
}

std::string player_list(const ir::Game& rules) {
    std::string names;
    for (const auto& player : rules.players) names += (names.empty() ? "" : ", ") + player.name;
    return names;
}

std::string location(const Failure& failure) {
    return failure.source + ":" + std::to_string(failure.line);
}

// The line of the first whole-word `word` in `code`; 0 when it is not there.
int line_of(const std::string& code, const std::string& word) {
    auto is_name = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = code.find(word); at != std::string::npos; at = code.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at == 0 || !is_name(code[at - 1])) && (end == code.size() || !is_name(code[end])))
            return 1 + int(std::count(code.begin(), code.begin() + std::ptrdiff_t(at), '\n'));
    }
    return 0;
}

// What is wrong with the chunk's results (on the stack from 1), or "" when they are a table of
// known hooks. `key` is then the hook name at fault, if one is.
std::string shape_problem(lua_State* L, int results, std::string& hint, std::string& key) {
    const std::string expected = "hooks: the chunk must return a table of functions (it returned ";
    if (results == 0) return expected + "nothing)";
    if (lua_type(L, 1) != LUA_TTABLE) return expected + describe(L, 1) + ")";
    lua_settop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            return "hooks: the returned table has " + key_text(L, -2) +
                   "; its keys are hook names (known: " + KNOWN_HOOKS + ")";
        const std::string name(string_at(L, -2));
        key = name;
        const auto known = std::find(std::begin(EVENT_NAMES), std::end(EVENT_NAMES), name);
        if (known == std::end(EVENT_NAMES)) {
            hint = did_you_mean(name, {std::begin(EVENT_NAMES), std::end(EVENT_NAMES)});
            return "unknown hook '" + name + "' (known: " + KNOWN_HOOKS + ")";
        }
        if (lua_type(L, -1) != LUA_TFUNCTION)
            return "hook '" + name + "' must be a function (it is " + describe(L, -1) + ")";
        lua_pop(L, 1);
    }
    return {};
}

// A verdict from after_move's result at index 1, or what is wrong with it after "returned ".
std::string read_verdict(lua_State* L, const HookGame& game, std::optional<HookVerdict>& verdict) {
    constexpr const char* KEYS[] = {"winner", "loser", "draw", "reason"};
    constexpr int WINNER = 2, LOSER = 3, DRAW = 4, REASON = 5;  // where their values go
    if (lua_isnil(L, 1)) return {};
    if (!lua_istable(L, 1))
        return describe(L, 1) + "; expected nil or a table with winner, loser or draw";
    lua_settop(L, REASON);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        const auto key = lua_type(L, -2) == LUA_TSTRING ? string_at(L, -2) : std::string_view();
        const auto known = std::find(std::begin(KEYS), std::end(KEYS), key);
        if (key.empty() || known == std::end(KEYS))
            return "a table with " + key_text(L, -2) +
                   "; expected winner, loser or draw, and a reason";
        lua_copy(L, -1, WINNER + int(known - std::begin(KEYS)));
        lua_pop(L, 1);
    }
    std::vector<const char*> given;
    for (int slot = WINNER; slot <= DRAW; ++slot)
        if (!lua_isnil(L, slot)) given.push_back(KEYS[slot - WINNER]);
    if (given.empty()) return "a table without winner, loser or draw";
    if (given.size() > 1)
        return std::string("a table with both ") + given[0] + " and " + given[1] +
               "; expected exactly one of winner, loser or draw";

    HookVerdict result;
    const int slot = lua_isnil(L, WINNER) ? (lua_isnil(L, LOSER) ? DRAW : LOSER) : WINNER;
    const std::string key = KEYS[slot - WINNER];
    if (slot == DRAW) {
        if (!lua_isboolean(L, DRAW) || !lua_toboolean(L, DRAW))
            return "draw = " + describe(L, DRAW) + "; expected draw = true";
    } else {
        if (lua_type(L, slot) != LUA_TSTRING)
            return key + " = " + describe(L, slot) + "; expected a player's name";
        const auto name = string_at(L, slot);
        result.player = game.player_named(name);
        if (result.player < 0)
            return key + " = '" + std::string(name) + "', which is not a player (" +
                   player_list(game.rules()) + ")";
        result.outcome = slot == WINNER ? ir::Outcome::win : ir::Outcome::loss;
    }
    if (!lua_isnil(L, REASON) && lua_type(L, REASON) != LUA_TSTRING)
        return "reason = " + describe(L, REASON) + "; expected a string";
    result.reason = lua_isnil(L, REASON) ? "" : std::string(string_at(L, REASON));
    if (result.reason.empty()) result.reason = DEFAULT_REASON;
    verdict = std::move(result);
    return {};
}

std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// Scores from score's result at index 1, or what is wrong with it after "returned ".
std::string read_scores(lua_State* L, const HookGame& game, std::vector<double>& scores) {
    const ir::Game& rules = game.rules();
    const std::string expected =
        "; expected a table with a number for each player (" + player_list(rules) + ")";
    if (!lua_istable(L, 1)) return describe(L, 1) + expected;
    std::vector<double> found(rules.players.size(), 0.0);
    std::vector<bool> seen(rules.players.size(), false);
    lua_settop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING) return "a table with " + key_text(L, -2) + expected;
        const auto name = string_at(L, -2);
        const int player = game.player_named(name);
        if (player < 0)
            return "a score for '" + std::string(name) + "', which is not a player" + expected;
        if (lua_type(L, -1) != LUA_TNUMBER)
            return std::string(name) + " = " + describe(L, -1) + "; expected a number";
        const double value = lua_tonumber(L, -1);
        if (!std::isfinite(value))
            return std::string(name) + " = " + number_text(value) + "; expected a finite number";
        found[player] = value;
        seen[player] = true;
        lua_pop(L, 1);
    }
    for (std::size_t p = 0; p < seen.size(); ++p)
        if (!seen[p]) return "no score for " + rules.players[p].name + expected;
    scores = std::move(found);
    return {};
}

// Fills `error` from a failure of the chunk's compilation or top level.
void report(Diagnostic& error, const Failure& failure, const std::string& own_source) {
    if (failure.source == own_source && failure.line > 0) {
        error.line = static_cast<std::uint32_t>(failure.line);
        error.message = failure.message;
    } else if (!failure.source.empty()) {
        error.message = location(failure) + ": " + failure.message;
    } else {
        error.message = failure.message;
    }
}

// Makes `call`. true: the hook's one result is at index 1 of the thread's stack.
bool invoke(HookState& state, const HookCall& call) {
    lua_State* thread = state.sandbox->thread();
    Failure failure;
    int results = 0;
    state.call = &call;
    lua_rawgeti(thread, LUA_REGISTRYINDEX, state.caller);  // no allocation: the stack has room
    const bool ok = state.sandbox->run(0, results, failure);
    state.call = nullptr;
    state.game.release();
    const int event = static_cast<int>(call.event);
    if (!ok)
        state.error = std::string("hook ") + EVENT_NAMES[event] + " failed at " +
                      (failure.source.empty() ? state.defined_at[event] : location(failure)) +
                      ": " + failure.message;
    return ok;
}

// After a call: the result's problem, if any, becomes the error.
bool judge(HookState& state, HookEvent event, const std::string& problem) {
    lua_settop(state.sandbox->thread(), 0);
    if (problem.empty()) return true;
    const int e = static_cast<int>(event);
    state.error = std::string("hook ") + EVENT_NAMES[e] + " at " + state.defined_at[e] +
                  " returned " + problem;
    return false;
}

}  // namespace

Hooks::Hooks(std::unique_ptr<State> state) : state_(std::move(state)) {}

Hooks::~Hooks() = default;

std::unique_ptr<Hooks> Hooks::load(const CompiledGame& game, Diagnostic& error, HookLimits limits) {
    error = Diagnostic{};
    const auto& source = game.ir().hooks;
    if (!source) return nullptr;
    const int first_line = std::max(1, source->first_line);
    error.file = source->chunk_name;
    error.line = static_cast<std::uint32_t>(first_line);
    error.column = 1;

    auto state = std::make_unique<State>(game);
    state->sandbox = Sandbox::create(limits, source->chunk_name, error.message);
    if (!state->sandbox) return nullptr;
    Sandbox& sandbox = *state->sandbox;
    lua_State* thread = sandbox.thread();
    Failure failure;

    // Blank lines ahead of inline code make Lua's line numbers the .vari file's.
    const std::string code =
        std::string(static_cast<std::size_t>(first_line - 1), '\n') + source->code;
    if (!sandbox.load(code, source->chunk_name, failure)) {
        report(error, failure, failure.source);
        return nullptr;
    }
    sandbox.keep_clock(true);  // compiling and the runs below share the loading's time limit
    lua_Debug chunk;
    lua_pushvalue(thread, -1);
    lua_getinfo(thread, ">S", &chunk);
    const std::string own_source = chunk.short_src;

    int results = 0;
    sandbox.note_returns(true);
    const bool ran = sandbox.run(0, results, failure);
    sandbox.note_returns(false);
    if (!ran) {
        report(error, failure, own_source);
        return nullptr;
    }
    const int return_line = std::max(sandbox.return_line(), first_line);
    std::string key;
    const std::string problem = shape_problem(thread, results, error.hint, key);
    if (!problem.empty()) {
        // The table keeps no lines; the name at fault is most likely where it is first written.
        const int key_line = key.empty() ? 0 : line_of(code, key);
        error.line = static_cast<std::uint32_t>(key_line > 0 ? key_line : return_line);
        error.message = problem;
        return nullptr;
    }

    lua_settop(thread, 1);
    lua_pushcfunction(thread, &make_caller);
    lua_insert(thread, 1);
    lua_pushlightuserdata(thread, static_cast<HookState*>(state.get()));
    if (!sandbox.run(2, results, failure)) {
        report(error, failure, own_source);
        return nullptr;
    }
    lua_settop(thread, 0);
    lua_rawgeti(thread, LUA_REGISTRYINDEX, state->caller);
    for (int e = 0; e < EVENTS; ++e) {
        if (!state->handled[e]) continue;
        lua_Debug function;
        lua_getupvalue(thread, 1, FIRST_HOOK_UPVALUE + e);
        lua_getinfo(thread, ">S", &function);
        state->defined_at[e] =
            function.linedefined > 0
                ? std::string(function.short_src) + ":" + std::to_string(function.linedefined)
                : own_source + ":" + std::to_string(return_line);
    }
    lua_settop(thread, 0);
    sandbox.keep_clock(false);
    error = Diagnostic{};
    return std::unique_ptr<Hooks>(new Hooks(std::move(state)));
}

bool Hooks::handles(HookEvent event) const { return state_->handled[static_cast<int>(event)]; }

bool Hooks::after(HookEvent event, const HookContext& context,
                  std::optional<HookVerdict>& verdict) {
    verdict.reset();
    if (!handles(event)) return true;
    const HookCall call{event, &context, nullptr, {}};
    if (!invoke(*state_, call)) return false;
    const std::string problem = read_verdict(state_->sandbox->thread(), state_->game, verdict);
    if (!problem.empty()) verdict.reset();
    return judge(*state_, event, problem);
}

bool Hooks::score(const HookContext& context, const HookVerdict& end, std::vector<double>& scores) {
    if (!handles(HookEvent::score)) return true;
    const HookCall call{HookEvent::score, &context, &end, {}};
    if (!invoke(*state_, call)) return false;
    return judge(*state_, HookEvent::score,
                 read_scores(state_->sandbox->thread(), state_->game, scores));
}

bool Hooks::verdict(const HookContext& context, std::optional<HookVerdict>& verdict) {
    verdict.reset();
    if (context.last_move.is_none()) return after(HookEvent::at_start, context, verdict);
    const bool events[] = {true, context.last_undo && context.last_undo->captured != NO_PIECE,
                           context.last_move.is_pass()};
    for (const HookEvent event :
         {HookEvent::after_move, HookEvent::after_capture, HookEvent::after_pass}) {
        if (!events[static_cast<int>(event)] || !handles(event)) continue;
        if (!after(event, context, verdict)) return false;
        if (verdict) return true;
    }
    return true;
}

bool Hooks::filter(const HookContext& context, ir::Passing passing, MoveList& moves) {
    if (!handles(HookEvent::allow_move) && !handles(HookEvent::allow_drop)) return true;
    int kept = 0;
    for (const Move m : moves) {
        bool allowed = true;
        if (!m.is_pass() && !allows(context, m, allowed)) return false;
        if (allowed) moves.moves[kept++] = m;
    }
    moves.size = kept;
    // The filters may have taken every move: a player who must pass when stuck does.
    if (kept == 0 && passing == ir::Passing::forced) moves.moves[moves.size++] = Move::make_pass();
    return true;
}

bool Hooks::allows(const HookContext& context, Move move, bool& allowed) {
    allowed = true;
    const HookEvent event = move.is_drop() ? HookEvent::allow_drop : HookEvent::allow_move;
    if (!handles(event)) return true;
    const HookCall call{event, &context, nullptr, HookGame::facts_before(*context.position, move)};
    if (!invoke(*state_, call)) return false;
    lua_State* thread = state_->sandbox->thread();
    std::string problem;
    if (lua_isboolean(thread, 1))
        allowed = lua_toboolean(thread, 1);
    else
        problem = describe(thread, 1) + "; expected true or false";
    return judge(*state_, event, problem);
}

const std::string& Hooks::error() const { return state_->error; }

std::size_t Hooks::memory_used() const { return state_->sandbox->memory_used(); }

}  // namespace vari::lua
