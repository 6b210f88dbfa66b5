// Library functions that can work for long inside one C call, where the instruction count hook
// cannot fire, are wrapped: before calling the original, a wrapper charges an estimate of the
// work against the run's instruction budget and refuses the call when it does not fit.
//   * pattern matching: backtracking makes it polynomial in the subject's length (n), with the
//     number of quantifiers (k) as exponent, and each step may walk the whole pattern (m bytes,
//     character sets included): m·n^(k+1) from every start, m·n^k when anchored;
//   * plain searches: memchr stops wherever the first byte matches, and memcmp compares up to m
//     bytes there;
//   * formats (string.format, pack, packsize, unpack) and numbers read from strings (tonumber,
//     arithmetic on strings): read a byte at a time, even where they make nothing;
//   * table functions that loop over a count taken from their arguments or from a __len
//     metamethod, which may be huge while no memory is used;
//   * string.rep of empty strings, which loops its count without building anything.
// What a call builds is charged by the allocator besides. load() and print() charge their text
// themselves (lua_sandbox.cpp); chains of __index and __newindex tables are charged link by link
// (lua_metatables.cpp).
//
// Lua raises errors with longjmp: no C++ object with a destructor lives across a Lua call here.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>

#include "runtime/lua/lua_sandbox.hpp"

namespace vari::lua {
namespace {

enum class Work : int {
    find,
    match,
    gmatch,
    gsub,
    rep,
    byte,
    format,
    pack,
    packsize,
    string_unpack,
    tonumber,
    arithmetic,
    move,
    insert,
    remove,
    concat,
    table_unpack,
    sort
};

struct Guard {
    const char* library;
    const char* name;
    Work work;
};

constexpr Guard GUARDS[] = {
    {LUA_GNAME, "tonumber", Work::tonumber},
    {LUA_STRLIBNAME, "find", Work::find},
    {LUA_STRLIBNAME, "match", Work::match},
    {LUA_STRLIBNAME, "gmatch", Work::gmatch},
    {LUA_STRLIBNAME, "gsub", Work::gsub},
    {LUA_STRLIBNAME, "rep", Work::rep},
    {LUA_STRLIBNAME, "byte", Work::byte},
    {LUA_STRLIBNAME, "format", Work::format},
    {LUA_STRLIBNAME, "pack", Work::pack},
    {LUA_STRLIBNAME, "packsize", Work::packsize},
    {LUA_STRLIBNAME, "unpack", Work::string_unpack},
    {LUA_TABLIBNAME, "move", Work::move},
    {LUA_TABLIBNAME, "insert", Work::insert},
    {LUA_TABLIBNAME, "remove", Work::remove},
    {LUA_TABLIBNAME, "concat", Work::concat},
    {LUA_TABLIBNAME, "unpack", Work::table_unpack},
    {LUA_TABLIBNAME, "sort", Work::sort},
};

// The strings' metatable does arithmetic on strings that read as numbers ("10" + 1).
constexpr const char* ARITHMETIC[] = {"__add", "__sub", "__mul",  "__mod",
                                      "__pow", "__div", "__idiv", "__unm"};

double read_cost(std::size_t bytes) {
    return static_cast<double>(bytes) / READ_BYTES_PER_INSTRUCTION;
}

double copy_cost(double bytes) { return bytes / COPIED_BYTES_PER_INSTRUCTION; }

// Worst-case matching steps of pattern `p` over a subject of `n` characters. Quantifiers are
// * + - ?, and also %b and back-references, which scan the subject too. A step tries the pattern
// from one place: up to its `size` bytes, as a character set is tried member by member.
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
    const double starts = anchored ? 1.0 : n + 1;
    return starts * std::pow(n + 1, quantifiers) *
           static_cast<double>(std::max<std::size_t>(size, 1));
}

// Lua's own test for a pattern that find() searches for as plain text.
bool has_specials(const char* p, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        if (std::strchr("^$*+?.([%-", p[i]) && p[i] != '\0') return true;
    return false;
}

// memchr finds each place where the first byte matches, memcmp compares the rest there.
double plain_search_work(double n, double m) {
    if (m == 0 || m > n) return 1;
    return (n - m + 1) * (1 + copy_cost(m));
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

// Characters of a subject of `n` from the start position at `arg`, as Lua reads it (negative:
// from the end); all of them when it is not an integer (the original raises).
double from_start(lua_State* L, int arg, std::size_t n) {
    const double size = static_cast<double>(n);
    double start = 1;
    if (!integer_argument(L, arg, 1, start)) return size;
    if (start < 0) start = std::max(size + start + 1, 1.0);
    start = std::max(start, 1.0);
    return std::max(size - start + 1, 0.0);
}

// #t through __len, as the table functions see it; 0 when argument 1 is no table.
lua_Integer length(lua_State* L) { return lua_type(L, 1) == LUA_TTABLE ? luaL_len(L, 1) : 0; }

double span(double first, double last) { return last >= first ? last - first + 1 : 0; }

std::size_t string_length(lua_State* L, int arg) {
    std::size_t size = 0;
    if (lua_type(L, arg) == LUA_TSTRING) lua_tolstring(L, arg, &size);
    return size;
}

bool is_plain_search(lua_State* L) {
    std::size_t size = 0;
    const char* p = lua_tolstring(L, 2, &size);
    return lua_toboolean(L, 4) || !has_specials(p, size);
}

double pattern_call(lua_State* L, Work work) {
    if (!lua_isstring(L, 1) || !lua_isstring(L, 2)) return 0;  // the original raises
    std::size_t n = 0, size = 0;
    lua_tolstring(L, 1, &n);
    const char* p = lua_tolstring(L, 2, &size);
    const double subject = work == Work::gsub ? static_cast<double>(n) : from_start(L, 3, n);
    if (work == Work::find && is_plain_search(L))
        return plain_search_work(subject, static_cast<double>(size));
    return pattern_work(p, size, subject, work != Work::gmatch);
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
        case Work::format:
        case Work::pack:
        case Work::packsize:
            return read_cost(string_length(L, 1));
        case Work::string_unpack: {
            // Format "z" also looks for the end of a string in the data.
            std::size_t size = 0;
            const char* format = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &size) : "";
            const bool finds_ends = std::memchr(format, 'z', size) != nullptr;
            return read_cost(size) +
                   (finds_ends ? copy_cost(static_cast<double>(string_length(L, 2))) : 0);
        }
        case Work::tonumber:
            return read_cost(string_length(L, 1));
        case Work::arithmetic:
            return read_cost(string_length(L, 1) + string_length(L, 2));
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
        case Work::table_unpack:
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

// string.rep of an empty string and separator: Lua would loop its count to build "". The count
// is read as the original reads it: an integer, or a float or string with an integer's value.
bool repeats_nothing(lua_State* L) {
    int is_integer = 0;
    if (!lua_isstring(L, 1)) return false;
    lua_tointegerx(L, 2, &is_integer);
    if (!is_integer) return false;
    std::size_t size = 0, separator = 0;
    lua_tolstring(L, 1, &size);
    if (!lua_isnoneornil(L, 3)) {
        if (!lua_isstring(L, 3)) return false;
        lua_tolstring(L, 3, &separator);
    }
    return size + separator == 0;
}

bool is_pattern_work(lua_State* L, Work work) {
    switch (work) {
        case Work::find:
            return !is_plain_search(L);
        case Work::match:
        case Work::gmatch:
        case Work::gsub:
            return true;
        default:
            return false;
    }
}

// Upvalues: the original, a C function without upvalues of its own; its guard's index in GUARDS
// (GUARD_COUNT for the strings' arithmetic). The original runs in the guard's own frame, so that
// its errors name the function and the Lua line that called it, as if unguarded.
constexpr int GUARD_COUNT = static_cast<int>(std::size(GUARDS));

int guarded(lua_State* L) {
    const auto guard = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
    const Work work = guard < GUARD_COUNT ? GUARDS[guard].work : Work::arithmetic;
    if (work == Work::rep && repeats_nothing(L)) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (!Sandbox::of(L).charge(estimate(L, work))) {
        if (is_pattern_work(L, work))
            return luaL_error(L, "pattern too costly for the instruction budget");
        if (guard == GUARD_COUNT)
            return luaL_error(L,
                              "arithmetic on a string: too much work for the instruction budget");
        if (std::strcmp(GUARDS[guard].library, LUA_GNAME) == 0)
            return luaL_error(L, "%s: too much work for the instruction budget",
                              GUARDS[guard].name);
        return luaL_error(L, "%s.%s: too much work for the instruction budget",
                          GUARDS[guard].library, GUARDS[guard].name);
    }
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// Replaces field `name` of the table at `table` with a guard calling it.
void guard(lua_State* L, int table, const char* name, int guard_index) {
    lua_getfield(L, table, name);
    lua_pushinteger(L, guard_index);
    lua_pushcclosure(L, &guarded, 2);
    lua_setfield(L, table, name);
}

}  // namespace

void install_cost_guards(lua_State* L) {
    for (int g = 0; g < GUARD_COUNT; ++g) {
        lua_getglobal(L, GUARDS[g].library);  // string's is also the strings' __index: methods too
        guard(L, lua_gettop(L), GUARDS[g].name, g);
        lua_pop(L, 1);
    }
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    for (const char* event : ARITHMETIC) guard(L, lua_gettop(L), event, GUARD_COUNT);
    lua_pop(L, 2);
}

}  // namespace vari::lua
