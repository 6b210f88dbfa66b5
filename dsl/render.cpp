// Diagnostics for people (a located message with the source line and a caret) and for tools (JSON).
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

const char* severity_word(ir::Diagnostic::Severity severity) {
    return severity == ir::Diagnostic::Severity::error ? "error" : "warning";
}

// The line as it can be shown on a terminal (control bytes and invalid UTF-8 as '?'), and the
// caret line: tabs kept and one space per shown character, so the caret lines up under `column`.
void show_line(std::string_view line, std::uint32_t column, std::string& shown,
               std::string& caret) {
    const std::size_t target = column == 0 ? 0 : column - 1;  // bytes before the caret
    std::size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        const std::size_t length = utf8_length(line, i);
        std::string_view glyph = "?";
        std::size_t width = 1;
        if (c == '\t') {
            glyph = "\t";
        } else if (length > 1) {
            glyph = line.substr(i, length);
            width = length;
        } else if (length == 1 && static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) {
            glyph = line.substr(i, 1);
        }
        shown += glyph;
        if (i < target) caret += c == '\t' ? '\t' : ' ';
        i += width;
    }
    for (; i < target; ++i) caret += ' ';
    caret += '^';
}

}  // namespace

std::string render(const ir::Diagnostic& diagnostic, std::string_view source) {
    std::string out = diagnostic.file + ":" + std::to_string(diagnostic.line) + ":" +
                      std::to_string(diagnostic.column) + ": " +
                      severity_word(diagnostic.severity) + ": " + diagnostic.message + "\n";
    if (diagnostic.line > 0) {
        std::string shown, caret;
        show_line(source_line(source, diagnostic.line), diagnostic.column, shown, caret);
        out += "  " + shown + "\n  " + caret + "\n";
    }
    if (!diagnostic.hint.empty()) out += "  hint: " + diagnostic.hint + "\n";
    return out;
}

std::string render(const ir::Diagnostic& diagnostic, const LoadResult& loaded) {
    const SourceFile* file = loaded.source(diagnostic.file);
    std::string out = render(diagnostic, file != nullptr ? std::string_view(file->text) : "");
    while (file != nullptr && file->included_by >= 0) {
        const SourceFile& by = loaded.sources[static_cast<std::size_t>(file->included_by)];
        out += "  note: included from " + by.label + ":" + at_text(file->line, file->column) + "\n";
        file = &by;
    }
    return out;
}

std::string to_json(const std::vector<ir::Diagnostic>& diagnostics) {
    auto array = nlohmann::json::array();
    for (const auto& d : diagnostics)
        array.push_back({{"file", d.file},
                         {"line", d.line},
                         {"column", d.column},
                         {"severity", severity_word(d.severity)},
                         {"message", d.message},
                         {"hint", d.hint}});
    // File labels come from the command line and may not be UTF-8; never throw over them.
    return array.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace vari::dsl
