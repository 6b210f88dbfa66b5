// The hook sandbox: a Lua state with a counting allocator, a whitelist of libraries, text-only
// load(), and protected calls on a thread of its own under an instruction budget and a time limit.
//
// Lua raises errors with longjmp, so the C functions below keep no C++ object with a destructor
// alive across a call that may raise.
#include "runtime/lua/lua_sandbox.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace vari::lua {
namespace {

// The budget and the clock are checked every this many instructions, or fewer (check_interval).
constexpr std::int64_t CHECK_INTERVAL = 1000;
// Some instructions do work that grows with the length of the strings they take, and no wrapper
// sees it: '==' and '<' on two long strings, a string read as a loop's bound. The slowest is '<'
// on zero bytes, about 15 ns a byte (strcoll once for each), so that the clock is read before
// such work takes much time, checks come once per this many bytes of the longest string:
// 60 ms of it at worst.
constexpr std::int64_t STRING_BYTES_PER_CHECK = std::int64_t{4} << 20;
// The hooks' own code is compiled in pieces of this many bytes, with the clock read between two.
constexpr std::size_t COMPILED_PIECE = std::size_t{64} << 10;

// print(...) to stderr, after the chunk's name: standard output belongs to the program. Writing
// is charged by the byte, before anything is written. No Lua call follows the strings made
// here, so none is left behind by an error.
int print_to_stderr(lua_State* L) {
    const int count = lua_gettop(L);
    luaL_checkstack(L, count, "too many values to print");
    double bytes = 0;
    for (int i = 1; i <= count; ++i) {
        std::size_t size = 0;
        luaL_tolstring(L, i, &size);
        bytes += static_cast<double>(size) + 1;
    }
    if (!Sandbox::of(L).charge(bytes / READ_BYTES_PER_INSTRUCTION))
        return luaL_error(L, "print: too much work for the instruction budget");
    // Escaped as diagnostics are, so that a hook cannot restyle the terminal or forge lines.
    std::string line = printable(lua_tostring(L, lua_upvalueindex(1))) + ":";
    for (int i = 1; i <= count; ++i) {
        std::size_t size = 0;
        const char* text = lua_tolstring(L, count + i, &size);
        line += i == 1 ? ' ' : '\t';
        line += printable(std::string_view(text, size));
    }
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
    return 0;
}

// Wraps xpcall's message handler. Lua calls it before unwinding, so for an error raised in the
// count hook, with hooks off: once the run is stopped, the handler is left out, else it would run
// without budget or clock. Upvalue: the handler.
int handle_unless_stopped(lua_State* L) {
    if (Sandbox::of(L).stopped()) return 1;  // the error as it is
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// xpcall(f, msgh, ...) with msgh wrapped. Upvalue: the original, run in this frame.
int guarded_xpcall(lua_State* L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, &handle_unless_stopped, 1);
    lua_replace(L, 2);
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

int panic(lua_State* L) {
    const char* message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
    std::fprintf(stderr, "vari: unprotected error in a hook's Lua state: %s\n", message);
    return 0;  // Lua aborts
}

std::string size_text(std::size_t bytes) {
    constexpr std::size_t KiB = 1024, MiB = KiB * 1024;
    if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
    if (bytes >= KiB && bytes % KiB == 0) return std::to_string(bytes / KiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// What Sandbox::read_piece hands the compiler.
struct Source {
    const std::string& code;
    const char* name;     // the chunk's, as its errors show it
    std::size_t fed = 0;  // bytes handed over so far
    int line = 1;         // where they end: the line the compiler has reached
};

// Splits "source:line: message" as Lua writes compile errors.
void split_location(const std::string& text, Failure& failure) {
    for (std::size_t colon = text.find(':'); colon != std::string::npos;
         colon = text.find(':', colon + 1)) {
        std::size_t end = colon + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        if (end > colon + 1 && text.compare(end, 2, ": ") == 0) {
            failure.source = text.substr(0, colon);
            failure.line = std::atoi(text.c_str() + colon + 1);
            failure.message = text.substr(end + 2);
            return;
        }
    }
    failure.message = text;
}

}  // namespace

Sandbox::Sandbox(const HookLimits& limits) : limits_(limits) {}

Sandbox::~Sandbox() {
    if (main_) lua_close(main_);
}

std::unique_ptr<Sandbox> Sandbox::create(const HookLimits& limits, const std::string& chunk_name,
                                         std::string& error) {
    std::unique_ptr<Sandbox> self(new Sandbox(limits));
    self->chunk_name_ = chunk_name;
    self->main_ = lua_newstate(&Sandbox::allocate, self.get());
    if (!self->main_) {
        error = self->out_of_memory();
        return nullptr;
    }
    *static_cast<Sandbox**>(lua_getextraspace(self->main_)) = self.get();
    lua_atpanic(self->main_, &panic);
    // Opening the libraries makes no garbage: collecting meanwhile would be wasted work, and a
    // state is made for every game in play.
    lua_gc(self->main_, LUA_GCSTOP);
    lua_pushcfunction(self->main_, &Sandbox::set_up);
    lua_pushlightuserdata(self->main_, self.get());
    const int status = lua_pcall(self->main_, 1, 0, 0);
    lua_gc(self->main_, LUA_GCRESTART);
    if (status != LUA_OK) {
        error = status == LUA_ERRMEM || lua_type(self->main_, -1) != LUA_TSTRING
                    ? self->out_of_memory()
                    : lua_tostring(self->main_, -1);
        return nullptr;
    }
    return self;
}

int Sandbox::set_up(lua_State* L) {
    auto* self = static_cast<Sandbox*>(lua_touserdata(L, 1));
    static const luaL_Reg libraries[] = {{LUA_GNAME, luaopen_base},
                                         {LUA_STRLIBNAME, luaopen_string},
                                         {LUA_TABLIBNAME, luaopen_table},
                                         {LUA_MATHLIBNAME, luaopen_math}};
    for (const luaL_Reg& library : libraries) {
        luaL_requiref(L, library.name, library.func, 1);
        lua_pop(L, 1);
    }
    for (const char* name : {"dofile", "loadfile", "require", "collectgarbage"}) {
        lua_pushnil(L);
        lua_setglobal(L, name);
    }
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_pushcfunction(L, &Sandbox::load_text);
    lua_setglobal(L, "load");
    lua_pushstring(L, self->chunk_name_.c_str());
    lua_pushcclosure(L, &print_to_stderr, 1);
    lua_setglobal(L, "print");
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, &guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
    install_cost_guards(L);
    install_metatables(L);
    lua_pushnil(L);  // the first error of a run
    lua_pushcclosure(L, &Sandbox::on_error, 1);
    self->error_handler_ = luaL_ref(L, LUA_REGISTRYINDEX);

    self->thread_ = lua_newthread(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, self);  // keeps the thread from being collected
    return 0;
}

void* Sandbox::allocate(void* self_pointer, void* block, std::size_t old_size,
                        std::size_t new_size) {
    Sandbox& self = *static_cast<Sandbox*>(self_pointer);
    const std::size_t old = block ? old_size : 0;  // without a block, old_size is a type tag
    if (new_size == 0) {
        std::free(block);
        self.memory_used_ -= old;
        return nullptr;
    }
    void* moved = new_size > old && new_size - old > self.limits_.memory - self.memory_used_
                      ? nullptr
                      : std::realloc(block, new_size);
    if (!moved) {
        // Lua raises the memory error without calling a handler: where it happens is noted now.
        if (self.running_) self.note_place(self.memory_place_);
        return nullptr;
    }
    self.memory_used_ = self.memory_used_ - old + new_size;
    if (!block && old_size == LUA_TSTRING && new_size > self.longest_string_) {
        self.longest_string_ = new_size;
        if (self.running_) self.set_interval(std::min(self.interval_, self.check_interval()));
    }
    if (self.running_ && new_size > old) {
        self.spent_ += static_cast<std::int64_t>(static_cast<double>(new_size - old) /
                                                 COPIED_BYTES_PER_INSTRUCTION);
        // Make the very next instruction raise; the allocation itself may not fail for this.
        if (self.spent_ > self.limits_.instructions) self.set_interval(1);
    }
    return moved;
}

void Sandbox::on_hook(lua_State* L, lua_Debug* event) {
    Sandbox& self = of(L);
    if (event->event == LUA_HOOKRET) {
        lua_Debug caller;
        if (!lua_getstack(L, 1, &caller) && lua_getinfo(L, "l", event))
            self.return_line_ = event->currentline;
        return;
    }
    self.spent_ += self.interval_;
    if (!self.stopped_.empty() || self.spent_ > self.limits_.instructions)
        self.stop(L, Stop::budget);
    if (self.out_of_time()) self.stop(L, Stop::time);
}

void Sandbox::stop(lua_State* L, Stop why) {
    // Checking at every instruction from now on means a pcall cannot swallow the error for long;
    // the first reason stays the reason.
    if (stopped_.empty()) stopped_ = why == Stop::budget ? budget_exceeded() : time_exceeded();
    set_interval(1);
    lua_pushstring(L, stopped_.c_str());
    lua_error(L);
}

std::string Sandbox::budget_exceeded() const {
    return "instruction budget of " + std::to_string(limits_.instructions) + " exceeded";
}

std::string Sandbox::time_exceeded() const {
    return "time limit of " + std::to_string(limits_.milliseconds) + " ms exceeded";
}

int Sandbox::check_interval() const {
    std::int64_t interval = std::min(CHECK_INTERVAL, limits_.instructions);
    if (longest_string_ > 0)
        interval =
            std::min(interval, STRING_BYTES_PER_CHECK / static_cast<std::int64_t>(longest_string_));
    return static_cast<int>(std::max<std::int64_t>(interval, 1));
}

void Sandbox::set_interval(int instructions) {
    interval_ = instructions;
    lua_sethook(thread_, &Sandbox::on_hook, LUA_MASKCOUNT | (note_returns_ ? LUA_MASKRET : 0),
                interval_);
}

Sandbox& Sandbox::of(lua_State* L) { return **static_cast<Sandbox**>(lua_getextraspace(L)); }

bool Sandbox::charge(double instructions) {
    if (!(instructions <= static_cast<double>(limits_.instructions - spent_))) return false;
    spent_ += static_cast<std::int64_t>(instructions);
    return true;
}

void Sandbox::spend(lua_State* L, double instructions) {
    if (!charge(instructions)) stop(L, Stop::budget);
}

std::string Sandbox::out_of_memory() const {
    return "out of memory (cap " + size_text(limits_.memory) + ")";
}

const char* Sandbox::read_piece(lua_State* L, void* data, std::size_t* size) {
    auto& source = *static_cast<Source*>(data);
    const Sandbox& self = of(L);
    if (source.fed > 0 && self.out_of_time()) {
        lua_pushfstring(L, "%s:%d: time limit of %I ms exceeded", source.name, source.line,
                        static_cast<lua_Integer>(self.limits_.milliseconds));
        lua_error(L);
    }
    const char* piece = source.code.data() + source.fed;
    *size = std::min(COMPILED_PIECE, source.code.size() - source.fed);
    source.fed += *size;
    source.line += static_cast<int>(std::count(piece, piece + *size, '\n'));
    return piece;
}

bool Sandbox::load(const std::string& code, const std::string& chunk_name, Failure& failure) {
    start_clock();
    const std::string name = "@" + chunk_name;
    // Every game in play compiles the same code: the first compilation is kept, as bytecode that
    // only this function ever made (users' load() still takes text only), and read back after.
    static std::mutex compiled_mutex;
    static std::map<std::string, std::string> compiled;  // name, '\0', code -> bytecode
    const std::string key = name + '\0' + code;
    {
        const std::lock_guard<std::mutex> lock(compiled_mutex);
        if (const auto found = compiled.find(key); found != compiled.end()) {
            const std::string& bytecode = found->second;
            if (luaL_loadbufferx(thread_, bytecode.data(), bytecode.size(), name.c_str(), "b") ==
                LUA_OK)
                return true;
            lua_settop(thread_, 0);  // out of memory: compile it again below, and say so there
        }
    }
    Source source{code, chunk_name.c_str()};
    const int status = lua_load(thread_, &Sandbox::read_piece, &source, name.c_str(), "t");
    if (status == LUA_OK) {
        std::string bytecode;
        const auto append = [](lua_State*, const void* data, std::size_t size, void* out) {
            try {  // called from C: nothing may be thrown through it
                static_cast<std::string*>(out)->append(static_cast<const char*>(data), size);
                return 0;
            } catch (...) {
                return 1;
            }
        };
        if (lua_dump(thread_, append, &bytecode, 0) == 0) {
            const std::lock_guard<std::mutex> lock(compiled_mutex);
            compiled.emplace(key, std::move(bytecode));
        }
        return true;
    }
    failure = {};
    if (status == LUA_ERRMEM || lua_type(thread_, -1) != LUA_TSTRING)
        failure.message = out_of_memory();
    else
        split_location(lua_tostring(thread_, -1), failure);
    lua_settop(thread_, 0);
    return false;
}

bool Sandbox::run(int nargs, int& nresults, Failure& failure) {
    spent_ = 0;
    return_line_ = 0;
    stopped_.clear();
    error_noted_ = false;
    memory_place_.line = 0;
    memory_place_.source[0] = '\0';
    if (!keep_clock_) start_clock();
    // A protected call, not a resume: when the error comes from the count hook, only a protected
    // call turns hooks back on for the to-be-closed variables it closes and for the next run.
    const int base = lua_gettop(thread_) - nargs;  // the function's place, and then the handler's
    lua_rawgeti(thread_, LUA_REGISTRYINDEX, error_handler_);
    lua_insert(thread_, base);
    running_ = true;
    set_interval(check_interval());
    const int status = lua_pcall(thread_, nargs, LUA_MULTRET, base);
    running_ = false;
    nresults = 0;
    if (status == LUA_OK) {
        lua_remove(thread_, base);
        nresults = lua_gettop(thread_) - base + 1;
        return true;
    }

    // The first error the handler saw is the failure, even when closing a to-be-closed variable
    // raised another after it. Lua raises memory errors without calling the handler.
    failure = {};
    const Place& place = error_noted_ ? error_place_ : memory_place_;
    failure.source = place.source;
    failure.line = place.line;
    lua_getupvalue(thread_, base, 1);
    if (!error_noted_) lua_pushvalue(thread_, -2);
    const int type = lua_type(thread_, -1);
    if (!error_noted_ && status == LUA_ERRMEM) {
        failure.message = out_of_memory();
    } else if (type == LUA_TSTRING) {
        std::size_t size = 0;
        const char* text = lua_tolstring(thread_, -1, &size);
        failure.message.assign(text, size);
        const std::string prefix = failure.source + ":" + std::to_string(failure.line) + ": ";
        if (!failure.source.empty() && failure.message.starts_with(prefix))
            failure.message.erase(0, prefix.size());
        if (failure.message == "not enough memory") failure.message = out_of_memory();
    } else if (type == LUA_TNUMBER) {
        char text[64];
        if (lua_isinteger(thread_, -1))
            std::snprintf(text, sizeof text, "%lld",
                          static_cast<long long>(lua_tointeger(thread_, -1)));
        else
            std::snprintf(text, sizeof text, "%.14g", lua_tonumber(thread_, -1));
        failure.message = text;
    } else {
        failure.message =
            std::string("error object is a ") + lua_typename(thread_, type) + " value";
    }
    lua_pushnil(thread_);  // the handler lets go of the error
    lua_setupvalue(thread_, base, 1);
    lua_settop(thread_, 0);
    return false;
}

// load(chunk [, chunkname [, mode [, env]]]) for text only. Lexing reads every byte, also those of
// comments and blanks, which make nothing to charge after: the text is charged first.
int Sandbox::load_text(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) return luaL_typeerror(L, 1, "string");
    std::size_t size = 0;
    const char* text = lua_tolstring(L, 1, &size);
    const char* name = luaL_optstring(L, 2, text);
    const char* mode = luaL_optstring(L, 3, "t");
    if (std::strchr(mode, 'b')) return luaL_error(L, "binary chunks are not allowed");
    if (std::strcmp(mode, "t") != 0) return luaL_argerror(L, 3, "mode must be \"t\"");
    Sandbox& self = of(L);
    if (!self.charge(static_cast<double>(size) / READ_BYTES_PER_INSTRUCTION))
        return luaL_error(L, "load: too much work for the instruction budget");
    const bool has_env = !lua_isnone(L, 4);
    // Lua hands compile errors to the run's handler too, though load() returns them.
    self.compiling_ = true;
    const int status = luaL_loadbufferx(L, text, size, name, "t");
    self.compiling_ = false;
    if (status == LUA_ERRMEM) return lua_error(L);  // the cap is not a compile error to go past
    if (status != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

int Sandbox::on_error(lua_State* L) {
    Sandbox& self = of(L);
    if (!self.error_noted_ && !self.compiling_) {
        self.error_noted_ = true;
        lua_pushvalue(L, 1);
        lua_replace(L, lua_upvalueindex(1));
        self.note_place(self.error_place_);
    }
    return 1;
}

void Sandbox::note_place(Place& place) const {
    lua_Debug frame;
    for (int level = 0; lua_getstack(thread_, level, &frame); ++level) {
        lua_getinfo(thread_, "Sl", &frame);
        if (frame.currentline > 0) {
            std::memcpy(place.source, frame.short_src, sizeof place.source);
            place.line = frame.currentline;
            return;
        }
    }
}

}  // namespace vari::lua
