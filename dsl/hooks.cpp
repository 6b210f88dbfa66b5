// The `hooks` declaration: the Lua code it holds or names, read for the runtime. The code is not
// parsed or run here; the runtime reports its errors against `chunk_name` and `first_line`.
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

namespace fs = std::filesystem;

// As large as a rule file may be.
constexpr std::size_t max_hooks_bytes = 1 << 20;

struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// The file's bytes, or nothing and the reason (the system's words, or the size limit).
std::optional<std::string> read_bytes(const fs::path& path, std::string& reason) {
    errno = 0;
    const std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    // One byte past the limit tells a file at the limit from a larger one.
    std::string bytes(max_hooks_bytes + 1, '\0');
    const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), file.get());
    if (std::ferror(file.get()) != 0) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    if (got > max_hooks_bytes) {
        reason = "it is larger than " + std::to_string(max_hooks_bytes) + " bytes, the limit";
        return std::nullopt;
    }
    bytes.resize(got);
    return bytes;
}

}  // namespace

// One `hooks`; a file is found relative to the folder of the .vari file (its label's folder).
void Checker::check_hooks() {
    for (std::size_t i = 1; i < file.hooks.size(); ++i)
        already_defined(file.hooks[i].span, "'hooks'", file.hooks[0].span);
    if (file.hooks.empty()) return;
    const ast::Hooks& hooks = file.hooks[0];
    ir::HookSource out;
    out.source = {hooks.span.line, hooks.span.column};
    if (hooks.is_inline) {
        out.code = hooks.text;
        out.chunk_name = report.label();
        out.first_line = static_cast<int>(hooks.text_span.line);
        model.hooks = std::move(out);
        return;
    }
    if (hooks.text.empty()) {
        report.error(hooks.text_span, "the hooks file needs a name between the quotes",
                     "as in 'hooks \"rules.lua\"', a path relative to the .vari file's folder");
        return;
    }
    const fs::path path = fs::path(report.label()).parent_path() / hooks.text;
    std::string reason;
    auto code = read_bytes(path, reason);
    if (!code) {
        report.error(hooks.text_span,
                     "cannot read the hooks file " + quote(path.string()) + ": " + reason,
                     "a hooks file is found relative to the folder of the .vari file");
        return;
    }
    out.code = std::move(*code);
    out.chunk_name = path.string();
    out.first_line = 1;
    model.hooks = std::move(out);
}

}  // namespace vari::dsl
