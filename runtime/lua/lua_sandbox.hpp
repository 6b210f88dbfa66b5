// The Lua state that hooks run in: only safe libraries, text-only loading, a memory cap, and runs
// under an instruction budget and a time limit whose failures are located at the Lua line that
// failed. Internal to runtime/lua/.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <lua.hpp>
#include <memory>
#include <string>

#include "runtime/lua/hooks.hpp"

static_assert(LUA_VERSION_NUM == 504, "hooks need Lua 5.4");

namespace vari::lua {

// What work done inside one C call costs, in instructions (an instruction takes about 5 ns).
// Copying, searching or comparing a block of bytes (memcpy, memchr, memcmp) goes 32 bytes in that
// time; reading text a byte at a time (the lexer, a format, a number, a write to a stream) one.
constexpr double COPIED_BYTES_PER_INSTRUCTION = 32;
constexpr double READ_BYTES_PER_INSTRUCTION = 1;

// Where and why a run failed.
struct Failure {
    std::string source;  // the chunk as Lua shows it ("three-player.lua"); empty: no Lua line
    int line = 0;
    std::string message;  // without a "source:line:" prefix
};

class Sandbox {
public:
    // A fresh state whose print() names `chunk_name`; nothing and `error` set when even that
    // does not fit the memory cap.
    static std::unique_ptr<Sandbox> create(const HookLimits& limits, const std::string& chunk_name,
                                           std::string& error);
    ~Sandbox();
    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;

    // Every run happens on this thread, never on the main one.
    lua_State* thread() const { return thread_; }

    // Compiles `code` (text only) as "@chunk_name" and pushes it on the thread; false and
    // `failure` set when it does not compile, or not within the time limit, which starts here.
    bool load(const std::string& code, const std::string& chunk_name, Failure& failure);

    // Calls the function below the `nargs` values on top of the thread's stack, in protected
    // mode, under the budget and the time limit. true: its `nresults` results are on the stack.
    // false: `failure` says where and why, and the thread is empty again. A C function run this
    // way may allocate.
    bool run(int nargs, int& nresults, Failure& failure);

    // While set, run() notes the line where the run's outermost function returns.
    void note_returns(bool on) { note_returns_ = on; }
    int return_line() const { return return_line_; }
    // While set, run() goes on with the time limit started before (by load()) instead of its own.
    void keep_clock(bool on) { keep_clock_ = on; }

    std::size_t memory_used() const { return memory_used_; }
    // "out of memory (cap 32 MiB)"
    std::string out_of_memory() const;

    // For the library's wrappers, which charge work done inside one C call against the budget.
    static Sandbox& of(lua_State* L);
    bool charge(double instructions);  // false, and nothing charged, when it does not fit
    // Charges work already under way: past the budget, raises the budget's error in `L`.
    void spend(lua_State* L, double instructions);
    // Whether the run ran out of budget or time; every instruction then raises again.
    bool stopped() const { return !stopped_.empty(); }

private:
    using Clock = std::chrono::steady_clock;
    explicit Sandbox(const HookLimits& limits);
    static void* allocate(void* self, void* block, std::size_t old_size, std::size_t new_size);
    static void on_hook(lua_State* L, lua_Debug* event);
    static int set_up(lua_State* L);
    static const char* read_piece(lua_State* L, void* source, std::size_t* size);
    // load(chunk [, chunkname [, mode [, env]]]) for text only.
    static int load_text(lua_State* L);
    // A run's message handler: the first error and where it was raised. Upvalue: that error.
    static int on_error(lua_State* L);
    struct Place {  // a frame of the thread
        char source[LUA_IDSIZE] = {};
        int line = 0;
    };
    void note_place(Place& place) const;  // the innermost frame with a line, if any
    void start_clock() {
        deadline_ = Clock::now() + std::chrono::milliseconds(limits_.milliseconds);
    }
    bool out_of_time() const { return Clock::now() > deadline_; }
    // The budget or the time is spent: raise why now, and at every instruction after.
    enum class Stop { budget, time };
    void stop(lua_State* L, Stop why);
    std::string budget_exceeded() const;
    std::string time_exceeded() const;
    int check_interval() const;
    void set_interval(int instructions);

    HookLimits limits_;
    lua_State* main_ = nullptr;
    lua_State* thread_ = nullptr;
    std::string chunk_name_;
    std::size_t memory_used_ = 0;
    std::size_t longest_string_ = 0;  // bytes of the longest string ever made in the state
    std::int64_t spent_ = 0;          // this run's instructions, and work charged for C calls
    int interval_ = 1;                // instructions between checks of the budget and the clock
    Clock::time_point deadline_;
    std::string stopped_;            // why the run was stopped; empty while it goes on
    int error_handler_ = LUA_NOREF;  // on_error's closure, in the registry
    bool error_noted_ = false;
    bool compiling_ = false;            // in load(): its errors are load()'s results
    Place error_place_, memory_place_;  // where the run's first error, its last memory error
    bool running_ = false;
    bool note_returns_ = false;
    bool keep_clock_ = false;
    int return_line_ = 0;
};

// Installs the wrappers that charge the work of library functions that can run long inside one
// call: pattern matching, formats, number reading, and table and string functions driven by a
// count (lua_guards.cpp). `L` is in protected mode with the libraries open.
void install_cost_guards(lua_State* L);

// Replaces setmetatable and rawset, and locks the strings' metatable (lua_metatables.cpp).
void install_metatables(lua_State* L);

// Pushes a view of the table at `index` that reads through to it and refuses writes, with
// "NAME is read-only"; the table itself stays out of reach.
void push_read_only(lua_State* L, int index, const char* name);

}  // namespace vari::lua
