// The `hooks` declaration: the Lua code it holds or names, read for the runtime. The code is not
// parsed or run here; the runtime reports its errors against `chunk_name` and `first_line`.
#include <filesystem>

#include "dsl/checker.hpp"
#include "dsl/files.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace fs = std::filesystem;

// One `hooks`; a file is found relative to the folder of the .vari file that names it (its label's
// folder), which may be a file included by the one loaded, and read only where FileScope allows.
void Checker::check_hooks() {
    for (std::size_t i = 1; i < file.hooks.size(); ++i)
        already_defined(file.hooks[i].span, "'hooks'", file.hooks[0].span);
    if (file.hooks.empty()) return;
    const ast::Hooks& hooks = file.hooks[0];
    ir::HookSource out;
    out.source = {hooks.span.line, hooks.span.column, hooks.span.file};
    const std::string& label = report.label(hooks.span.file);
    if (hooks.is_inline) {
        out.code = hooks.text;
        out.chunk_name = label;
        out.first_line = static_cast<int>(hooks.text_span.line);
        model.hooks = std::move(out);
        return;
    }
    if (hooks.text.empty()) {
        report.error(hooks.text_span, "the hooks file needs a name between the quotes",
                     "as in 'hooks \"rules.lua\"', a path relative to the .vari file's folder");
        return;
    }
    std::string refusal, hint;
    const auto found =
        FileScope(report.label(0)).find(label, hooks.text, "hooks file", ".lua", refusal, hint);
    if (!found) {
        report.error(hooks.text_span, refusal, hint);
        return;
    }
    const fs::path& path = found->path;
    std::string reason;
    auto code = read_bytes(path, max_file_bytes, reason);
    if (!code) {
        report.error(hooks.text_span,
                     "cannot read the hooks file " + quote(hooks.text) + ": " + reason,
                     "a hooks file is found relative to the folder of the .vari file");
        return;
    }
    // Lua reads a lone '\r' as a line end too; with '\n' the lines that errors cite are found.
    normalize_line_ends(*code);
    out.code = std::move(*code);
    out.chunk_name = path.string();
    out.first_line = 1;
    model.hooks = std::move(out);
}

}  // namespace vari::dsl
