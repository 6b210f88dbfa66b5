// Collects the diagnostics of one game's files: every check appends here and never throws.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "dsl/ast.hpp"
#include "dsl/text.hpp"
#include "interpreter/ir.hpp"
#include "interpreter/messages/messages.hpp"

namespace vari::dsl {

class Report {
public:
    // `labels[i]` names file i (a span's `file`) in diagnostics; labels[0] is the loaded file.
    Report(std::vector<std::string> labels, std::vector<Diagnostic>& out)
        : labels_(std::move(labels)), out_(out) {}

    void error(ast::Span span, std::string message, std::string hint = {}) {
        Diagnostic d;
        d.file = label(span.file);
        d.line = span.line;
        d.column = span.column;
        d.message = std::move(message);
        d.hint = std::move(hint);
        out_.push_back(std::move(d));
        ++errors_;
    }

    int error_count() const { return errors_; }
    // The name of file `file`, as diagnostics give it.
    const std::string& label(std::uint32_t file = 0) const {
        return labels_[file < labels_.size() ? file : 0];
    }
    // `cited` as a message about `here` names it: "3:1", or "board.vari:3:1" in another file.
    std::string at(ast::Span cited, ast::Span here) const {
        const std::string place = at_text(cited.line, cited.column);
        return cited.file == here.file ? place : label(cited.file) + ":" + place;
    }

private:
    std::vector<std::string> labels_;
    std::vector<Diagnostic>& out_;
    int errors_ = 0;
};

// 'name', as messages quote what the user wrote.
inline std::string quote(const std::string& text) { return "'" + text + "'"; }

}  // namespace vari::dsl
