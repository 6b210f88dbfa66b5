// The Lua state that hooks run in: only safe libraries, text-only loading, a memory cap, and runs
// under an instruction budget whose failures are located at the Lua line that failed.
// Private to the runtime.
#pragma once

#include <cstddef>
#include <cstdint>
#include <lua.hpp>
#include <memory>
#include <string>

#include "runtime/runtime.hpp"

static_assert(LUA_VERSION_NUM == 504, "hooks need Lua 5.4");

namespace vari::runtime::lua {

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
    // `failure` set when it does not compile.
    bool load(const std::string& code, const std::string& chunk_name, Failure& failure);

    // Resumes the thread on the function below the `nargs` values on top of its stack, under the
    // budget. true: its `nresults` results are on the stack. false: `failure` says where and why,
    // and the thread is empty again. A C function run this way runs in protected mode, so it may
    // allocate.
    bool run(int nargs, int& nresults, Failure& failure);

    // While set, run() notes the line where the run's outermost function returns.
    void note_returns(bool on) { note_returns_ = on; }
    int return_line() const { return return_line_; }

    std::size_t memory_used() const { return memory_used_; }
    // "out of memory (cap 32 MiB)"
    std::string out_of_memory() const;

    // For the library's wrappers, which charge work done inside one C call against the budget.
    static Sandbox& of(lua_State* L);
    bool charge(double instructions);  // false, and nothing charged, when it does not fit

private:
    explicit Sandbox(const HookLimits& limits);
    static void* allocate(void* self, void* block, std::size_t old_size, std::size_t new_size);
    static void on_hook(lua_State* L, lua_Debug* event);
    static int set_up(lua_State* L);
    void exhaust(lua_State* L);  // the budget is spent: raise now and at every instruction after
    int hook_mask() const;

    HookLimits limits_;
    lua_State* main_ = nullptr;
    lua_State* thread_ = nullptr;
    std::string chunk_name_;
    std::size_t memory_used_ = 0;
    std::int64_t spent_ = 0;  // this run's instructions, and work charged for C calls
    int interval_ = 1;        // instructions between budget checks
    bool running_ = false;
    bool note_returns_ = false;
    int return_line_ = 0;
};

// Installs the wrappers that charge the work of library functions that can run long inside one
// call: pattern matching, and table and string functions driven by a count (lua_guards.cpp).
// `L` is in protected mode with the libraries open.
void install_cost_guards(lua_State* L);

}  // namespace vari::runtime::lua
