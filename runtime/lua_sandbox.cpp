// The hook sandbox: a Lua state with a counting allocator, a whitelist of libraries, text-only
// load(), and runs on a coroutine thread under an instruction budget.
//
// Lua raises errors with longjmp, so the C functions below keep no C++ object with a destructor
// alive across a call that may raise.
#include "runtime/lua_sandbox.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace vari::runtime::lua {
namespace {

// The budget is checked every this many instructions; fewer when the budget itself is smaller.
constexpr std::int64_t CHECK_INTERVAL = 1000;
// Allocation is work the count hook cannot see (a concatenation of two large strings is one
// instruction): every this many bytes allocated during a run count as one instruction.
constexpr std::size_t BYTES_PER_INSTRUCTION = 32;

// load(chunk [, chunkname [, mode [, env]]]) for text only.
int load_text(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) return luaL_typeerror(L, 1, "string");
    std::size_t size = 0;
    const char* text = lua_tolstring(L, 1, &size);
    const char* name = luaL_optstring(L, 2, text);
    const char* mode = luaL_optstring(L, 3, "t");
    if (std::strchr(mode, 'b')) return luaL_error(L, "binary chunks are not allowed");
    if (std::strcmp(mode, "t") != 0) return luaL_argerror(L, 3, "mode must be \"t\"");
    const bool has_env = !lua_isnone(L, 4);
    const int status = luaL_loadbufferx(L, text, size, name, "t");
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

// print(...) to stderr, after the chunk's name: standard output belongs to the program.
int print_to_stderr(lua_State* L) {
    const int count = lua_gettop(L);
    std::fprintf(stderr, "%s:", lua_tostring(L, lua_upvalueindex(1)));
    for (int i = 1; i <= count; ++i) {
        std::size_t size = 0;
        const char* text = luaL_tolstring(L, i, &size);
        std::fputc(i == 1 ? ' ' : '\t', stderr);
        std::fwrite(text, 1, size, stderr);
        lua_pop(L, 1);
    }
    std::fputc('\n', stderr);
    return 0;
}

// setmetatable without __gc: finalizers run with hooks disabled, so outside the budget.
int set_metatable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "__gc metamethods are not allowed");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
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

Sandbox::Sandbox(const HookLimits& limits)
    : limits_(limits),
      interval_(
          static_cast<int>(std::clamp<std::int64_t>(limits.instructions, 1, CHECK_INTERVAL))) {}

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
    lua_pushcfunction(L, &load_text);
    lua_setglobal(L, "load");
    lua_pushstring(L, self->chunk_name_.c_str());
    lua_pushcclosure(L, &print_to_stderr, 1);
    lua_setglobal(L, "print");
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, &set_metatable, 1);
    lua_setglobal(L, "setmetatable");
    install_cost_guards(L);

    lua_sethook(L, &Sandbox::on_hook, LUA_MASKCOUNT, self->interval_);  // inherited by threads
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
    if (new_size > old && new_size - old > self.limits_.memory - self.memory_used_) return nullptr;
    void* moved = std::realloc(block, new_size);
    if (!moved) return nullptr;
    self.memory_used_ = self.memory_used_ - old + new_size;
    if (self.running_ && new_size > old) {
        self.spent_ += static_cast<std::int64_t>((new_size - old) / BYTES_PER_INSTRUCTION);
        // Make the very next instruction raise; the allocation itself may not fail for this.
        if (self.spent_ > self.limits_.instructions)
            lua_sethook(self.thread_, &Sandbox::on_hook, self.hook_mask(), 1);
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
    if (self.spent_ > self.limits_.instructions) self.exhaust(L);
}

void Sandbox::exhaust(lua_State* L) {
    // Checking at every instruction from now on means a pcall cannot swallow the error for long.
    lua_sethook(L, &Sandbox::on_hook, hook_mask(), 1);
    char text[80];
    std::snprintf(text, sizeof text, "instruction budget of %lld exceeded",
                  static_cast<long long>(limits_.instructions));
    lua_pushstring(L, text);
    lua_error(L);
}

int Sandbox::hook_mask() const { return LUA_MASKCOUNT | (note_returns_ ? LUA_MASKRET : 0); }

Sandbox& Sandbox::of(lua_State* L) { return **static_cast<Sandbox**>(lua_getextraspace(L)); }

bool Sandbox::charge(double instructions) {
    if (!(instructions <= static_cast<double>(limits_.instructions - spent_))) return false;
    spent_ += static_cast<std::int64_t>(instructions);
    return true;
}

std::string Sandbox::out_of_memory() const {
    return "out of memory (cap " + size_text(limits_.memory) + ")";
}

bool Sandbox::load(const std::string& code, const std::string& chunk_name, Failure& failure) {
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
    const int status = luaL_loadbufferx(thread_, code.data(), code.size(), name.c_str(), "t");
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
    running_ = true;
    lua_sethook(thread_, &Sandbox::on_hook, hook_mask(), interval_);
    nresults = 0;
    const int status = lua_resume(thread_, nullptr, nargs, &nresults);
    if (status == LUA_OK) {
        running_ = false;
        return true;
    }

    // The failed thread's stack is still there: the innermost frame with a line is the place.
    failure = {};
    lua_Debug frame;
    for (int level = 0; lua_getstack(thread_, level, &frame); ++level) {
        lua_getinfo(thread_, "Sl", &frame);
        if (frame.currentline > 0) {
            failure.source = frame.short_src;
            failure.line = frame.currentline;
            break;
        }
    }
    const int type = lua_type(thread_, -1);
    if (status == LUA_ERRMEM) {
        failure.message = out_of_memory();
    } else if (status == LUA_YIELD) {
        failure.message = "a hook may not yield";
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
    lua_resetthread(thread_);  // closes pending to-be-closed variables, still under the budget
    running_ = false;
    lua_settop(thread_, 0);
    return false;
}

}  // namespace vari::runtime::lua
