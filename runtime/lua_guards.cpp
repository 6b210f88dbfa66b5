// Library functions that can work for long inside one C call, where the instruction count hook
// cannot fire, are wrapped: before calling the original, a wrapper charges an estimate of the
// work against the run's instruction budget and refuses the call when it does not fit.
//   * pattern matching: backtracking makes it polynomial in the subject's length (n), with the
//     number of quantifiers (k) as exponent: n^(k+1) from every start, n^k when anchored;
//   * table functions that loop over a count taken from their arguments or from a __len
//     metamethod, which may be huge while no memory is used;
//   * string.rep of empty strings, which loops its count without building anything.
//
// Lua raises errors with longjmp: no C++ object with a destructor lives across a Lua call here.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "runtime/lua_sandbox.hpp"

namespace vari::runtime::lua {
namespace {

enum class Work : int {
    find,
    match,
    gmatch,
    gsub,
    rep,
    byte,
    move,
    insert,
    remove,
    concat,
    unpack,
    sort
};

struct Guard {
    const char* library;
    const char* name;
    Work work;
};

constexpr Guard GUARDS[] = {
    {LUA_STRLIBNAME, "find", Work::find},     {LUA_STRLIBNAME, "match", Work::match},
    {LUA_STRLIBNAME, "gmatch", Work::gmatch}, {LUA_STRLIBNAME, "gsub", Work::gsub},
    {LUA_STRLIBNAME, "rep", Work::rep},       {LUA_STRLIBNAME, "byte", Work::byte},
    {LUA_TABLIBNAME, "move", Work::move},     {LUA_TABLIBNAME, "insert", Work::insert},
    {LUA_TABLIBNAME, "remove", Work::remove}, {LUA_TABLIBNAME, "concat", Work::concat},
    {LUA_TABLIBNAME, "unpack", Work::unpack}, {LUA_TABLIBNAME, "sort", Work::sort},
};

// Bytes a plain search or copy gets through in about the time of one instruction.
constexpr double BYTES_PER_INSTRUCTION = 32;

// Worst-case matching steps of pattern `p` over a subject of `n` characters. Quantifiers are
// * + - ?, and also %b and back-references, which scan the subject too; characters in sets and
// escaped ones are not.
double pattern_work(const char* p, std::size_t size, double n, bool may_anchor) {
    const bool anchored = may_anchor && size > 0 && p[0] == '^';
    int quantifiers = 0;
    for (std::size_t i = anchored ? 1 : 0; i < size; ++i) {
        switch (p[i]) {
            case '%':
                if (++i < size) {
                    if (p[i] == 'b') {
                        ++quantifiers;
                        i += 2;
                    } else if (p[i] >= '1' && p[i] <= '9') {
                        ++quantifiers;
                    }
                }
                break;
            case '[':  // a ']' first in a set is a member, not its end
                if (++i < size && p[i] == '^') ++i;
                if (i < size && p[i] == ']') ++i;
                while (i < size && p[i] != ']') i += p[i] == '%' ? 2 : 1;
                break;
            case '*':
            case '+':
            case '-':
            case '?':
                ++quantifiers;
                break;
            default:
                break;
        }
    }
    return (anchored ? 1.0 : n + 1) * std::pow(n + 1, quantifiers);
}

// Lua's own test for a pattern that find() searches for as plain text.
bool has_specials(const char* p, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        if (std::strchr("^$*+?.([%-", p[i]) && p[i] != '\0') return true;
    return false;
}

// An optional integer argument; `fallback` when absent, nothing usable when not an integer.
bool integer_argument(lua_State* L, int arg, lua_Integer fallback, double& value) {
    if (lua_isnoneornil(L, arg)) {
        value = static_cast<double>(fallback);
        return true;
    }
    int is_integer = 0;
    const lua_Integer v = lua_tointegerx(L, arg, &is_integer);
    value = static_cast<double>(v);
    return is_integer != 0;
}

// #t through __len, as the table functions see it; 0 when argument 1 is no table.
lua_Integer length(lua_State* L) { return lua_type(L, 1) == LUA_TTABLE ? luaL_len(L, 1) : 0; }

double span(double first, double last) { return last >= first ? last - first + 1 : 0; }

double pattern_call(lua_State* L, Work work) {
    if (!lua_isstring(L, 1) || !lua_isstring(L, 2)) return 0;  // the original raises
    std::size_t n = 0, size = 0;
    lua_tolstring(L, 1, &n);
    const char* p = lua_tolstring(L, 2, &size);
    if (work == Work::find && (lua_toboolean(L, 4) || !has_specials(p, size)))
        return static_cast<double>(n) / BYTES_PER_INSTRUCTION;
    return pattern_work(p, size, static_cast<double>(n), work != Work::gmatch);
}

// Estimated instructions of the original call, 0 when its arguments are wrong (it raises).
double estimate(lua_State* L, Work work) {
    double first = 0, last = 0;
    switch (work) {
        case Work::find:
        case Work::match:
        case Work::gmatch:
        case Work::gsub:
            return pattern_call(L, work);
        case Work::rep:
            return 0;  // what it builds is charged by the allocator
        case Work::byte: {
            if (!lua_isstring(L, 1)) return 0;
            std::size_t n = 0;
            lua_tolstring(L, 1, &n);
            if (!integer_argument(L, 2, 1, first) ||
                !integer_argument(L, 3, static_cast<lua_Integer>(first), last))
                return 0;
            const double size = static_cast<double>(n);
            if (first < 0) first += size + 1;
            if (last < 0) last += size + 1;
            return span(std::max(first, 1.0), std::min(last, size));
        }
        case Work::move:
            if (!integer_argument(L, 2, 0, first) || !integer_argument(L, 3, 0, last)) return 0;
            return span(first, last);
        case Work::insert:
            if (lua_gettop(L) != 3 || !integer_argument(L, 2, 0, first))
                return 0;  // appending is cheap
            return span(first, static_cast<double>(length(L)) + 1);
        case Work::remove:
            if (lua_gettop(L) < 2 || !integer_argument(L, 2, 0, first)) return 0;  // so is popping
            return span(first, static_cast<double>(length(L)));
        case Work::concat:
            if (lua_type(L, 1) != LUA_TTABLE || !integer_argument(L, 3, 1, first)) return 0;
            if (lua_isnoneornil(L, 4)) return span(first, static_cast<double>(length(L)));
            return integer_argument(L, 4, 0, last) ? span(first, last) : 0;
        case Work::unpack:
            if (!integer_argument(L, 2, 1, first)) return 0;
            if (lua_isnoneornil(L, 3)) return span(first, static_cast<double>(length(L)));
            return integer_argument(L, 3, 0, last) ? span(first, last) : 0;
        case Work::sort: {
            const double n = static_cast<double>(length(L));
            return n > 1 ? n * std::log2(n) : 0;
        }
    }
    return 0;
}

// string.rep of an empty string and separator: Lua would loop its count to build "".
bool repeats_nothing(lua_State* L) {
    if (!lua_isstring(L, 1) || !lua_isinteger(L, 2)) return false;
    std::size_t size = 0, separator = 0;
    lua_tolstring(L, 1, &size);
    if (!lua_isnoneornil(L, 3)) {
        if (!lua_isstring(L, 3)) return false;
        lua_tolstring(L, 3, &separator);
    }
    return size + separator == 0;
}

// Upvalues: the original function, its Work, its name.
int guarded(lua_State* L) {
    const auto work = static_cast<Work>(lua_tointeger(L, lua_upvalueindex(2)));
    if (work == Work::rep && repeats_nothing(L)) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (!Sandbox::of(L).charge(estimate(L, work))) {
        if (work == Work::find || work == Work::match || work == Work::gmatch || work == Work::gsub)
            return luaL_error(L, "pattern too costly for the instruction budget");
        return luaL_error(L, "%s: too much work for the instruction budget",
                          lua_tostring(L, lua_upvalueindex(3)));
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

}  // namespace

void install_cost_guards(lua_State* L) {
    for (const char* library : {LUA_STRLIBNAME, LUA_TABLIBNAME}) {
        lua_getglobal(L, library);  // also the string metatable's __index: methods are covered
        const int functions = lua_gettop(L);
        // The originals stay registered as the loaded module, so their argument errors still
        // name them ("bad argument #1 to 'string.find'") when called from a wrapper.
        lua_newtable(L);
        const int originals = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, functions)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, originals);
        }
        luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
        lua_pushvalue(L, originals);
        lua_setfield(L, -2, library);
        lua_pop(L, 2);
        for (const Guard& guard : GUARDS) {
            if (std::strcmp(guard.library, library) != 0) continue;
            lua_getfield(L, functions, guard.name);
            lua_pushinteger(L, static_cast<lua_Integer>(guard.work));
            lua_pushfstring(L, "%s.%s", library, guard.name);
            lua_pushcclosure(L, &guarded, 3);
            lua_setfield(L, functions, guard.name);
        }
        lua_pop(L, 1);
    }
}

}  // namespace vari::runtime::lua
