// A drawing's rows of text, each character with an optional ANSI style.
#include <string>
#include <vector>

#include "runtime/draw_parts.hpp"

namespace vari::runtime {

void Canvas::put(int row, std::size_t column, const std::string& text, const std::string& style) {
    if (row >= static_cast<int>(rows_.size())) {
        rows_.resize(row + 1);
        styles_.resize(row + 1);
    }
    std::string& line = rows_[row];
    std::vector<std::string>& styles = styles_[row];
    if (line.size() < column + text.size()) {
        line.resize(column + text.size(), ' ');
        styles.resize(line.size());
    }
    line.replace(column, text.size(), text);
    for (std::size_t i = 0; i < text.size(); ++i) styles[column + i] = style;
}

// Each run of characters of one style is opened by its escape and closed by a reset, so a line
// never leaves a style set for the next.
std::string Canvas::text(bool colour) const {
    std::string out;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const std::string& line = rows_[r];
        const std::vector<std::string>& styles = styles_[r];
        std::size_t end = line.size();
        while (end > 0 && line[end - 1] == ' ' && (!colour || styles[end - 1].empty())) --end;
        std::string open;  // the style in force
        for (std::size_t i = 0; i < end; ++i) {
            if (colour && styles[i] != open) {
                if (!open.empty()) out += "\x1b[0m";
                if (!styles[i].empty()) out += "\x1b[" + styles[i] + 'm';
                open = styles[i];
            }
            out += line[i];
        }
        if (!open.empty()) out += "\x1b[0m";
        out += '\n';
    }
    return out;
}

}  // namespace vari::runtime
