// Metatables in the sandbox. setmetatable gives a table a copy of the metamethods its metatable
// has at that moment, so that Lua never reads them from a table a hook can still change:
//   * a __call must be a function: a table whose __call is a table (in the end, itself) would be
//     called over and over inside one instruction, out of reach of the budget and the clock;
//   * an __index or __newindex table is walked by a function that charges one instruction per
//     table of the chain, where Lua's own walk (up to 2,000 tables per access) is one instruction.
// getmetatable still returns the table given. The strings' shared metatable is locked, and
// tables handed to hooks can be read-only views.
//
// Lua raises errors with longjmp: no C++ object with a destructor lives across a Lua call here.
#include <iterator>
#include <string_view>

#include "runtime/lua/lua_sandbox.hpp"

namespace vari::lua {
namespace {

// Every field that Lua or its libraries read from a metatable, but __gc, which is refused.
constexpr const char* EVENTS[] = {
    "__index", "__newindex", "__call",  "__mode",     "__len",  "__eq",    "__lt",
    "__le",    "__concat",   "__unm",   "__add",      "__sub",  "__mul",   "__div",
    "__mod",   "__pow",      "__idiv",  "__band",     "__bor",  "__bxor",  "__shl",
    "__shr",   "__bnot",     "__close", "__tostring", "__name", "__pairs", "__metatable"};
constexpr int EVENT_COUNT = static_cast<int>(std::size(EVENTS));
constexpr int INDEX = 0, NEWINDEX = 1, CALL = 2, METATABLE = EVENT_COUNT - 1;
static_assert(std::string_view(EVENTS[INDEX]) == "__index" &&
              std::string_view(EVENTS[NEWINDEX]) == "__newindex" &&
              std::string_view(EVENTS[CALL]) == "__call" &&
              std::string_view(EVENTS[METATABLE]) == "__metatable");

// set_metatable's upvalues, made at its first call (most hooks never make one): the event
// names in EVENTS order, and the copies made so far, weakly keyed by the metatables they copy.
constexpr int NAMES = 1, COPIES = 2;

void push_event(lua_State* L, int event) { lua_rawgeti(L, lua_upvalueindex(NAMES), event + 1); }

void make_upvalues(lua_State* L) {
    lua_createtable(L, EVENT_COUNT, 0);
    for (int e = 0; e < EVENT_COUNT; ++e) {
        lua_pushstring(L, EVENTS[e]);
        lua_rawseti(L, -2, e + 1);
    }
    lua_replace(L, lua_upvalueindex(NAMES));
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_replace(L, lua_upvalueindex(COPIES));
}

// Lua's own bound on a chain of __index or __newindex tables (MAXTAGLOOP), and its message.
constexpr int MAX_CHAIN = 2000;

// Keys no hook can name (light userdata). In a copy: the metatable it copies, unless that one
// has a __metatable field of its own; what the metatable's fields were. In a read-only view's
// metatable: the view's name.
const char ORIGINAL = 0;
const char SNAPSHOT = 0;
const char READ_ONLY = 0;

// Pushes the table that the metamethod at `index` leads to, when it is a table or `walker` over
// one.
bool push_next_link(lua_State* L, int index, lua_CFunction walker) {
    if (lua_istable(L, index)) {
        lua_pushvalue(L, index);
        return true;
    }
    if (lua_tocfunction(L, index) != walker) return false;
    lua_getupvalue(L, index, 1);
    return true;
}

// The __index of a copy whose metatable's __index is a table: looks the key up along the chain
// of tables as Lua would, one instruction per table. Upvalues: the table, "__index".
int index_through(lua_State* L) {
    Sandbox& sandbox = Sandbox::of(L);
    lua_settop(L, 2);  // what was indexed, the key
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int link = 0; link < MAX_CHAIN; ++link) {
        sandbox.spend(L, 1);
        lua_settop(L, 3);
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 3) != LUA_TNIL || !lua_getmetatable(L, 3)) return 1;
        lua_pushvalue(L, lua_upvalueindex(2));
        const int type = lua_rawget(L, 5);
        if (type == LUA_TNIL) return 1;
        if (push_next_link(L, 6, &index_through)) {
            lua_replace(L, 3);
            continue;
        }
        if (type == LUA_TFUNCTION) {
            lua_pushvalue(L, 3);
            lua_pushvalue(L, 2);
            lua_call(L, 2, 1);
            return 1;
        }
        lua_pushvalue(L, 2);  // a string, say: indexed as Lua would
        lua_gettable(L, 6);
        return 1;
    }
    return luaL_error(L, "'__index' chain too long; possible loop");
}

// The same for __newindex. Upvalues: the table, "__newindex".
int newindex_through(lua_State* L) {
    Sandbox& sandbox = Sandbox::of(L);
    lua_settop(L, 3);  // what was assigned to, the key, the value
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int link = 0; link < MAX_CHAIN; ++link) {
        sandbox.spend(L, 1);
        lua_settop(L, 4);
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 4) == LUA_TNIL && lua_getmetatable(L, 4)) {
            lua_pushvalue(L, lua_upvalueindex(2));
            const int type = lua_rawget(L, 6);
            if (push_next_link(L, 7, &newindex_through)) {
                lua_replace(L, 4);
                continue;
            }
            if (type == LUA_TFUNCTION) {
                lua_pushvalue(L, 4);
                lua_pushvalue(L, 2);
                lua_pushvalue(L, 3);
                lua_call(L, 3, 0);
                return 0;
            }
            if (type != LUA_TNIL) {
                lua_pushvalue(L, 2);
                lua_pushvalue(L, 3);
                lua_settable(L, 7);
                return 0;
            }
        }
        lua_settop(L, 4);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, 4);
        return 0;
    }
    return luaL_error(L, "'__newindex' chain too long; possible loop");
}

// Whether the metatable of the table at `index` says it may not be replaced.
bool is_protected(lua_State* L, int index) {
    if (!lua_getmetatable(L, index)) return false;
    lua_pushliteral(L, "__metatable");
    const bool locked = lua_rawget(L, -2) != LUA_TNIL;
    const bool copied = lua_rawgetp(L, -2, &ORIGINAL) != LUA_TNIL;
    lua_pop(L, 3);
    return locked && !copied;
}

// Whether the copy at `copy` was made of the metatable at `metatable` as it is now.
bool is_current(lua_State* L, int metatable, int copy) {
    lua_rawgetp(L, copy, &SNAPSHOT);
    const int snapshot = lua_gettop(L);
    bool same = true;
    for (int e = 0; same && e < EVENT_COUNT; ++e) {
        push_event(L, e);
        lua_rawget(L, metatable);
        push_event(L, e);
        lua_rawget(L, snapshot);
        same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    return same;
}

// Pushes a new copy of the metatable at `metatable`, and keeps it for the next time.
void push_new_copy(lua_State* L, int metatable) {
    lua_createtable(L, 0, 4);
    const int copy = lua_gettop(L);
    lua_createtable(L, 0, 4);
    const int snapshot = lua_gettop(L);
    for (int e = 0; e < EVENT_COUNT; ++e) {
        push_event(L, e);
        if (lua_rawget(L, metatable) == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        push_event(L, e);
        lua_pushvalue(L, -2);
        lua_rawset(L, snapshot);
        if ((e == INDEX || e == NEWINDEX) && lua_istable(L, -1)) {
            push_event(L, e);
            lua_pushcclosure(L, e == INDEX ? &index_through : &newindex_through, 2);
        }
        push_event(L, e);
        lua_insert(L, -2);
        lua_rawset(L, copy);
    }
    lua_rawsetp(L, copy, &SNAPSHOT);
    push_event(L, METATABLE);
    if (lua_rawget(L, copy) == LUA_TNIL) {  // getmetatable shall return the table given
        push_event(L, METATABLE);
        lua_pushvalue(L, metatable);
        lua_rawset(L, copy);
        lua_pushvalue(L, metatable);
        lua_rawsetp(L, copy, &ORIGINAL);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, metatable);
    lua_pushvalue(L, copy);
    lua_rawset(L, lua_upvalueindex(COPIES));
}

// setmetatable(table, metatable): as Lua's, with a copy of the metamethods, and no __gc (a
// finalizer runs with hooks disabled, so outside the budget).
int set_metatable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (is_protected(L, 1)) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    if (type == LUA_TTABLE) {
        if (lua_isnil(L, lua_upvalueindex(NAMES))) make_upvalues(L);
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "__gc metamethods are not allowed");
        push_event(L, CALL);
        const int call = lua_rawget(L, 2);
        if (call != LUA_TNIL && call != LUA_TFUNCTION)
            return luaL_error(L, "a __call metamethod must be a function");
        lua_settop(L, 2);
        // Comparing with the copy made before, or making one, looks up every event.
        Sandbox::of(L).spend(L, EVENT_COUNT);
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(COPIES)) != LUA_TTABLE || !is_current(L, 2, 3)) {
            lua_settop(L, 2);
            push_new_copy(L, 2);
        }
    }
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

// ---- Read-only views: an empty table whose metatable reads through to the table behind ------

// Pushes the table behind the view at `index`; false, and nothing pushed, when it is no view.
bool push_behind(lua_State* L, int index) {
    if (!lua_getmetatable(L, index)) return false;
    if (lua_rawgetp(L, -1, &READ_ONLY) == LUA_TNIL) {
        lua_pop(L, 2);
        return false;
    }
    lua_pushliteral(L, "__index");
    lua_rawget(L, -3);
    lua_replace(L, -3);
    lua_pop(L, 1);
    return true;
}

int refuse_write(lua_State* L) {
    lua_getmetatable(L, 1);
    lua_rawgetp(L, -1, &READ_ONLY);
    return luaL_error(L, "%s is read-only", lua_tostring(L, -1));
}

int length_behind(lua_State* L) {
    push_behind(L, 1);
    lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
    return 1;
}

// next() over the table behind: the view is pairs()'s state, so the table stays out of reach.
int next_behind(lua_State* L) {
    lua_settop(L, 2);
    if (!push_behind(L, 1)) return luaL_argerror(L, 1, "a read-only view expected");
    lua_insert(L, 2);
    if (lua_next(L, 2)) return 2;
    lua_pushnil(L);
    return 1;
}

int pairs_behind(lua_State* L) {
    lua_pushcfunction(L, &next_behind);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// rawset, but not into a read-only view. Upvalue: the original, run in this frame so that its
// errors name rawset.
int raw_set(lua_State* L) {
    if (lua_getmetatable(L, 1)) {
        if (lua_rawgetp(L, -1, &READ_ONLY) == LUA_TSTRING)
            return luaL_error(L, "%s is read-only", lua_tostring(L, -1));
        lua_pop(L, 2);
    }
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

}  // namespace

void install_metatables(lua_State* L) {
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushcclosure(L, &set_metatable, 2);
    lua_setglobal(L, "setmetatable");

    lua_getglobal(L, "rawset");
    lua_pushcclosure(L, &raw_set, 1);
    lua_setglobal(L, "rawset");

    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

void push_read_only(lua_State* L, int index, const char* name) {
    index = lua_absindex(L, index);
    lua_newtable(L);
    lua_createtable(L, 0, 6);
    lua_pushvalue(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, &refuse_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, &length_behind);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, &pairs_behind);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushstring(L, name);
    lua_rawsetp(L, -2, &READ_ONLY);
    lua_setmetatable(L, -2);
}

}  // namespace vari::lua
