// `include "FILE"`: finding, reading and parsing the included files, once each, refusing cycles.
#include "dsl/includes.hpp"

#include <algorithm>
#include <deque>
#include <filesystem>

#include "dsl/files.hpp"
#include "dsl/parse.hpp"
#include "dsl/report.hpp"

namespace vari::dsl {

namespace {

namespace fs = std::filesystem;

// Two paths to one file (through '..' or a link) are the same file.
fs::path identity(const fs::path& path) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    return ec ? path.lexically_normal() : canonical;
}

class Reader {
public:
    Reader(const std::string& loaded_label, ast::File& file, std::vector<Diagnostic>& diagnostics)
        : scope_(loaded_label), file_(file), diagnostics_(diagnostics) {}

    void read(std::vector<SourceFile>& sources) {
        // A deque: parsing holds a file's text while the files it includes are appended.
        files_.assign(std::make_move_iterator(sources.begin()),
                      std::make_move_iterator(sources.end()));
        identities_.push_back(identity(files_[0].label));
        total_bytes_ = files_[0].text.size();
        parse_file(0);
        sources.assign(std::make_move_iterator(files_.begin()),
                       std::make_move_iterator(files_.end()));
    }

private:
    const FileScope scope_;
    ast::File& file_;
    std::vector<Diagnostic>& diagnostics_;
    std::deque<SourceFile> files_;
    std::vector<fs::path> identities_;  // per file read
    std::vector<std::size_t> open_;     // the files being parsed, the loaded one first
    std::size_t total_bytes_ = 0;

    void parse_file(std::size_t index) {
        open_.push_back(index);
        const SourceFile& source = files_[index];
        parse({source.text, source.label, static_cast<std::uint32_t>(index)}, file_, diagnostics_,
              [this, index](const ast::Include& include) { this->include(index, include); });
        open_.pop_back();
    }

    void error(std::size_t from, ast::Span span, std::string message, std::string hint = {}) {
        Diagnostic d;
        d.file = files_[from].label;
        d.line = span.line;
        d.column = span.column;
        d.message = std::move(message);
        d.hint = std::move(hint);
        diagnostics_.push_back(std::move(d));
    }

    // "a.vari -> b.vari -> a.vari": the open files from `first` on, then `again`.
    std::string cycle_text(std::size_t first, std::size_t again) const {
        std::string text;
        for (auto it = std::find(open_.begin(), open_.end(), first); it != open_.end(); ++it)
            text += quote(files_[*it].label) + " -> ";
        return text + quote(files_[again].label);
    }

    // Taken by value: parsing the included file appends to the list `include` lives in.
    void include(std::size_t from, const ast::Include include) {
        if (include.path.empty()) {
            error(from, include.path_span, "the included file needs a name between the quotes",
                  "as in 'include \"board.vari\"', a path relative to this file's folder");
            return;
        }
        std::string refusal, hint;
        const auto found =
            scope_.find(files_[from].label, include.path, "included file", ".vari", refusal, hint);
        if (!found) {
            error(from, include.path_span, refusal, hint);
            return;
        }
        const fs::path& path = found->path;
        const auto known = std::find(identities_.begin(), identities_.end(), found->identity);
        if (known != identities_.end()) {
            const auto index = static_cast<std::size_t>(known - identities_.begin());
            if (std::find(open_.begin(), open_.end(), index) != open_.end())
                error(from, include.span,
                      index == from ? "the file includes itself"
                                    : "this include closes a cycle: " + cycle_text(index, index),
                      "a file may not include itself, directly or through others");
            return;  // read already: its declarations are in
        }
        if (open_.size() > max_include_depth) {
            error(from, include.span,
                  "includes nest more than " + std::to_string(max_include_depth) + " deep here");
            return;
        }
        std::string reason;
        auto text = read_bytes(path, max_file_bytes, reason);
        if (!text) {
            error(from, include.path_span,
                  "cannot read the included file " + quote(include.path) + ": " + reason,
                  "an included file is found relative to the folder of the file that includes it");
            return;
        }
        if (total_bytes_ + text->size() > max_total_bytes) {
            error(from, include.path_span,
                  "the included file " + quote(include.path) +
                      " brings the files read to more than " + std::to_string(max_total_bytes) +
                      " bytes, the limit");
            return;
        }
        total_bytes_ += text->size();
        normalize_line_ends(*text);
        files_.push_back({path.string(), std::move(*text), static_cast<int>(from),
                          include.span.line, include.span.column});
        identities_.push_back(found->identity);
        parse_file(files_.size() - 1);
    }
};

}  // namespace

void parse_sources(std::vector<SourceFile>& sources, ast::File& file,
                   std::vector<Diagnostic>& diagnostics) {
    Reader(sources[0].label, file, diagnostics).read(sources);
}

}  // namespace vari::dsl
