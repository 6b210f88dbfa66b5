// Diagnostics for people (a located message with the source line and a caret) and for tools (JSON).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "dsl/dsl.hpp"
#include "dsl/text.hpp"
#include "interpreter/interpreter.hpp"

namespace vari::dsl {

namespace {

const char* severity_word(Diagnostic::Severity severity) {
    return severity == Diagnostic::Severity::error ? "error" : "warning";
}

// The line as it can be shown on a terminal (control bytes and invalid UTF-8 as '?'), and the
// caret line: tabs kept and one space per shown character, so the caret lines up under `target`
// (bytes before the caret).
void show_whole(std::string_view line, std::size_t target, std::string& shown, std::string& caret) {
    std::size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        // A character hidden as '?' is still one character (one column) when it is UTF-8.
        const std::size_t width = std::max<std::size_t>(1, utf8_length(line, i));
        std::string_view glyph = "?";
        if (c == '\t')
            glyph = "\t";
        else if (shown_length(line, i) > 0)
            glyph = line.substr(i, width);
        shown += glyph;
        if (i < target) caret += c == '\t' ? '\t' : ' ';
        i += width;
    }
    for (; i < target; ++i) caret += ' ';
    caret += '^';
}

// A line longer than this many bytes is shown only around the caret, this many bytes each side,
// so that a megabyte on one line does not flood the terminal.
constexpr std::size_t LONG_LINE = 160;
constexpr std::size_t SHOWN_AROUND = 60;

bool continues_character(std::string_view line, std::size_t at) {
    return at < line.size() && (static_cast<unsigned char>(line[at]) & 0xC0) == 0x80;
}

void show_line(std::string_view line, std::uint32_t column, std::string& shown,
               std::string& caret) {
    const std::size_t target = column == 0 ? 0 : column - 1;
    if (line.size() <= LONG_LINE) return show_whole(line, target, shown, caret);
    std::size_t from = std::min(target, line.size()) - std::min(target, SHOWN_AROUND);
    while (from > 0 && continues_character(line, from)) --from;
    std::size_t to = std::min(line.size(), target + SHOWN_AROUND);
    while (continues_character(line, to)) ++to;
    if (from > 0) shown = caret = "...";
    show_whole(line.substr(from, to - from), target - from, shown, caret);
    if (to < line.size()) shown += "...";
}

}  // namespace

// Everything but the source line is echoed through printable(): messages quote what was written
// (a position string's field, a typed move, a Lua error, a file's name), which may hold anything.
std::string render(const Diagnostic& diagnostic, std::string_view source) {
    // A diagnostic about a whole file (it cannot be read, say) has no line to name.
    const std::string place = diagnostic.line == 0 ? ""
                                                   : ":" + std::to_string(diagnostic.line) + ":" +
                                                         std::to_string(diagnostic.column);
    std::string out = printable(diagnostic.file) + place + ": " +
                      severity_word(diagnostic.severity) + ": " + printable(diagnostic.message) +
                      "\n";
    if (diagnostic.line > 0) {
        std::string shown, caret;
        show_line(source_line(source, diagnostic.line), diagnostic.column, shown, caret);
        out += "  " + shown + "\n  " + caret + "\n";
    }
    if (!diagnostic.hint.empty()) out += "  hint: " + printable(diagnostic.hint) + "\n";
    return out;
}

std::string render(const Diagnostic& diagnostic, const LoadResult& loaded) {
    const SourceFile* file = loaded.source(diagnostic.file);
    std::string out = render(diagnostic, file != nullptr ? std::string_view(file->text) : "");
    while (file != nullptr && file->included_by >= 0) {
        const SourceFile& by = loaded.sources[static_cast<std::size_t>(file->included_by)];
        out += "  note: included from " + printable(by.label) + ":" +
               at_text(file->line, file->column) + "\n";
        file = &by;
    }
    return out;
}

std::string to_json(const std::vector<Diagnostic>& diagnostics, FileNames names) {
    auto array = nlohmann::json::array();
    for (const auto& d : diagnostics)
        array.push_back({{"file", names == FileNames::as_given
                                      ? d.file
                                      : std::filesystem::path(d.file).filename().string()},
                         {"line", d.line},
                         {"column", d.column},
                         {"severity", severity_word(d.severity)},
                         {"message", d.message},
                         {"hint", d.hint}});
    // File labels come from the command line and may not be UTF-8; never throw over them.
    return array.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace vari::dsl
