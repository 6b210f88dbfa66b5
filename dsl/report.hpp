// Collects the diagnostics of one file: every check appends here and never throws.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "dsl/ast.hpp"
#include "interpreter/ir.hpp"

namespace vari::dsl {

class Report {
public:
    Report(std::string file_label, std::vector<ir::Diagnostic>& out)
        : label_(std::move(file_label)), out_(out) {}

    void error(ast::Span span, std::string message, std::string hint = {}) {
        ir::Diagnostic d;
        d.file = label_;
        d.line = span.line;
        d.column = span.column;
        d.message = std::move(message);
        d.hint = std::move(hint);
        out_.push_back(std::move(d));
        ++errors_;
    }

    int error_count() const { return errors_; }
    const std::string& label() const { return label_; }  // the file's name, as diagnostics give it

private:
    std::string label_;
    std::vector<ir::Diagnostic>& out_;
    int errors_ = 0;
};

// 'name', as messages quote what the user wrote.
inline std::string quote(const std::string& text) { return "'" + text + "'"; }

}  // namespace vari::dsl
