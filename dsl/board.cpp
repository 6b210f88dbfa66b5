// Boards: checking a board's description and generating its cells, names and lines.
//
// Every generated form reduces to one of three: square (files x ranks), flat hex (files with
// lengths and first ranks) and pointy hex (ranks with lengths and indents); a hexagon is the flat
// or pointy form with computed lengths. Cells given one by one skip all of this. A `label` clause
// renames the cells a generated form made (labels.cpp).
#include "dsl/board.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <map>

#include "dsl/labels.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

using Kind = ast::BoardClause::Kind;
using ir::Geometry;

constexpr int clause_kinds = 8;

// ORDER BoardClause::Kind
constexpr const char* clause_words[clause_kinds] = {"files",   "ranks",   "lengths", "first",
                                                    "indents", "hexagon", "cells",   "label"};

const char* word(Kind kind) { return clause_words[static_cast<int>(kind)]; }

struct Clauses {
    const ast::BoardClause* of[clause_kinds] = {};
    const ast::BoardClause* get(Kind kind) const { return of[static_cast<int>(kind)]; }
    bool has(Kind kind) const { return get(kind) != nullptr; }
};

Clauses collect(const ast::Board& board, Report* report) {
    Clauses c;
    for (const auto& clause : board.clauses) {
        const auto*& slot = c.of[static_cast<int>(clause.kind)];
        if (slot == nullptr) {
            slot = &clause;
        } else if (report != nullptr) {
            report->error(clause.span, quote(word(clause.kind)) +
                                           " is given twice in the board (first at " +
                                           at_text(slot->span.line, slot->span.column) + ")");
        }
    }
    return c;
}

std::vector<int> values(const ast::BoardClause& clause) {
    std::vector<int> v;
    for (const auto& n : clause.numbers) v.push_back(n.value);
    return v;
}

// The hexagon of side n as the flat form gives it: files of n, n+1, ..., 2n-1, ..., n cells, the
// left half starting at rank 1 and the right half one rank higher per file.
void hexagon_as_files(int n, std::vector<int>& lengths, std::vector<int>& firsts) {
    for (int f = 0; f < 2 * n - 1; ++f) {
        lengths.push_back(2 * n - 1 - std::abs(n - 1 - f));
        firsts.push_back(f < n ? 1 : f - n + 2);
    }
}

// The hexagon of side n as the pointy form gives it. Indents are |n-1-k| half cells plus n-1, so
// that each indent has the parity of its rank index k, as the coordinates require.
void hexagon_as_ranks(int n, std::vector<int>& lengths, std::vector<int>& indents) {
    for (int k = 0; k < 2 * n - 1; ++k) {
        lengths.push_back(2 * n - 1 - std::abs(n - 1 - k));
        indents.push_back(std::abs(n - 1 - k) + n - 1);
    }
}

long long sum(const std::vector<int>& v) {
    long long total = 0;
    for (const int x : v) total += x;
    return total;
}

// ---- Checks -------------------------------------------------------------------------------------

const char* shape_text(Geometry geometry) {
    switch (geometry) {
        case Geometry::square:
            return "a square board";
        case Geometry::hex_flat:
            return "a flat hex board";
        case Geometry::hex_pointy:
            return "a pointy hex board";
    }
    return "a board";
}

// The clauses a generated form needs, in the order the example shows them.
std::vector<Kind> needed(Geometry geometry) {
    switch (geometry) {
        case Geometry::square:
            return {Kind::files, Kind::ranks};
        case Geometry::hex_flat:
            return {Kind::files, Kind::lengths, Kind::first};
        case Geometry::hex_pointy:
            return {Kind::ranks, Kind::lengths, Kind::indents};
    }
    return {};
}

const char* example(Geometry geometry) {
    switch (geometry) {
        case Geometry::square:
            return "board square { files a..h ranks 1..8 }";
        case Geometry::hex_flat:
            return "board hex flat { files a..c lengths 2 3 2 first 1 1 2 }";
        case Geometry::hex_pointy:
            return "board hex pointy { ranks 1..3 lengths 2 3 2 indents 2 1 2 }";
    }
    return "";
}

// Only the clauses in `allowed` may appear; reports the others.
void forbid_others(const ast::Board& board, const std::vector<Kind>& allowed,
                   const std::string& why, Report& report) {
    for (const auto& clause : board.clauses)
        if (std::find(allowed.begin(), allowed.end(), clause.kind) == allowed.end())
            report.error(clause.span, quote(word(clause.kind)) + " cannot be used here: " + why);
}

// The first and last file's indexes of a `files` clause (the grammar gives both ends).
int first_file(const ast::BoardClause& files) { return file_index(files.file_ends[0].text); }
int file_count(const ast::BoardClause& files) {
    return file_index(files.file_ends[1].text) - first_file(files) + 1;
}

void check_file_range(const ast::BoardClause& clause, Report& report) {
    bool lettered = true;
    for (const auto& end : clause.file_ends)
        if (file_index(end.text) < 0) {
            report.error(end.span, "files are lettered " + file_letters_rule() +
                                       " (at most two letters), found " + quote(end.text));
            lettered = false;
        }
    if (lettered && clause.file_ends.size() == 2 && file_count(clause) < 1)
        report.error(clause.span,
                     "the files run backwards; write the first letter first, as in a..h (z comes "
                     "before aa, as in a..af)");
}

void check_range(const ast::BoardClause& clause, Report& report) {
    if (clause.kind == Kind::files) check_file_range(clause, report);
    if (clause.kind == Kind::ranks && clause.numbers.size() == 2) {
        const auto& [from, to] = std::pair{clause.numbers[0], clause.numbers[1]};
        if (from.value < 0 || to.value > max_coordinate)
            report.error(from.value < 0 ? from.span : to.span,
                         "rank numbers must lie between 0 and " + std::to_string(max_coordinate));
        else if (from.value > to.value)
            report.error(clause.span,
                         "the ranks run backwards; write the lowest first, as in 1..8");
    }
}

// lengths/first/indents give one number per file (flat) or rank (pointy); `label(k)` names line k.
template <typename Label>
void check_list(const ast::BoardClause& clause, std::size_t lines, const std::string& line_word,
                const Label& label, Report& report) {
    if (clause.numbers.size() != lines) {
        report.error(clause.span, quote(word(clause.kind)) + " gives " +
                                      std::to_string(clause.numbers.size()) +
                                      " numbers, but there are " + std::to_string(lines) + " " +
                                      line_word + "s");
        return;
    }
    const std::string bound = std::to_string(max_coordinate);
    for (std::size_t k = 0; k < lines; ++k) {
        const auto& n = clause.numbers[k];
        const std::string found = ", found " + std::to_string(n.value);
        switch (clause.kind) {
            case Kind::lengths:
                if (n.value < 1)
                    report.error(n.span, "a " + line_word + " needs at least one cell" + found);
                else if (line_word == "rank" && n.value > max_files)
                    report.error(n.span, "a rank holds at most " + std::to_string(max_files) +
                                             " cells (lettered " + file_letters_rule() + ")" +
                                             found);
                break;
            case Kind::first:
                if (n.value < 0 || n.value > max_coordinate)
                    report.error(n.span, "a first rank must lie between 0 and " + bound + found);
                break;
            case Kind::indents:
                if (n.value < -max_coordinate || n.value > max_coordinate)
                    report.error(n.span,
                                 "an indent must lie between -" + bound + " and " + bound + found);
                else if ((n.value - static_cast<int>(k)) % 2 != 0)
                    report.error(n.span,
                                 "rank " + label(k) + " needs an " + (k % 2 == 0 ? "even" : "odd") +
                                     " indent" + found +
                                     " (neighbouring ranks sit half a cell apart, so indents "
                                     "alternate even, odd, even, ... from the first rank)");
                break;
            default:
                break;
        }
    }
}

void check_cell_list(const ast::BoardClause& clause, Report& report) {
    std::map<std::string, const ast::CellDef*> names;
    std::map<std::pair<int, int>, const ast::CellDef*> coords;
    for (const auto& cell : clause.cells) {
        const auto& c = cell.coord;
        if (std::abs(static_cast<long long>(c.x)) > max_coordinate ||
            std::abs(static_cast<long long>(c.y)) > max_coordinate) {
            report.error(c.span, "coordinates must lie between -" + std::to_string(max_coordinate) +
                                     " and " + std::to_string(max_coordinate));
            continue;
        }
        if (const auto [it, fresh] = names.emplace(cell.name.text, &cell); !fresh)
            report.error(cell.name.span,
                         "cell " + quote(cell.name.text) + " is already listed at " +
                             at_text(it->second->name.span.line, it->second->name.span.column));
        else if (const auto [at, new_coord] = coords.emplace(std::pair{c.x, c.y}, &cell);
                 !new_coord)
            report.error(c.span, "cell " + quote(cell.name.text) + " has the same coordinates as " +
                                     quote(at->second->name.text));
    }
}

// The number of cells the description makes, computed before any cell is (lists are checked).
long long cell_count(const ast::Board& board, const Clauses& c) {
    if (c.has(Kind::cells)) return static_cast<long long>(c.get(Kind::cells)->cells.size());
    if (c.has(Kind::hexagon)) {
        const long long n = std::min(c.get(Kind::hexagon)->numbers[0].value, 1'000'000);
        return 3 * n * (n - 1) + 1;
    }
    if (board.geometry == Geometry::square) {
        const auto& ranks = c.get(Kind::ranks)->numbers;
        return static_cast<long long>(file_count(*c.get(Kind::files))) *
               (static_cast<long long>(ranks[1].value) - ranks[0].value + 1);
    }
    return sum(values(*c.get(Kind::lengths)));
}

// ---- Generation ---------------------------------------------------------------------------------

struct NamedCell {
    ir::Cell cell;
    std::string file;  // the two parts of the name, on generated boards
    std::string rank;
};

// The cell of file `file` (an index into the file letters) and rank number `rank`.
NamedCell named(int file, int rank, int x, int y) {
    std::string letters = file_letters(file), number = std::to_string(rank);
    return {{letters + number, {x, y}}, letters, number};
}

void generate_square(int first_file, int files, int first_rank, int ranks,
                     std::vector<NamedCell>& out) {
    for (int f = 0; f < files; ++f)
        for (int r = 0; r < ranks; ++r) out.push_back(named(first_file + f, first_rank + r, f, r));
}

void generate_flat(int first_file, const std::vector<int>& lengths, const std::vector<int>& firsts,
                   std::vector<NamedCell>& out) {
    for (std::size_t f = 0; f < lengths.size(); ++f) {
        const int x = static_cast<int>(f);
        for (int n = firsts[f]; n < firsts[f] + lengths[f]; ++n)
            out.push_back(named(first_file + x, n, x, n));
    }
}

void generate_pointy(int first_rank, const std::vector<int>& lengths,
                     const std::vector<int>& indents, std::vector<NamedCell>& out) {
    for (std::size_t k = 0; k < lengths.size(); ++k) {
        const int r = static_cast<int>(k);
        const int q0 = (indents[k] - r) / 2;
        for (int j = 0; j < lengths[k]; ++j) out.push_back(named(j, first_rank + r, q0 + j, r));
    }
}

// The cells grouped into lines by `line_key`, lines in increasing key, each line's cells in
// increasing `order_key`.
template <typename LineKey, typename OrderKey>
std::vector<ir::Line> group_lines(const std::vector<ir::Cell>& cells, const LineKey& line_key,
                                  const OrderKey& order_key) {
    std::map<int, std::vector<std::pair<int, int>>> groups;  // line key -> (order key, cell)
    for (std::size_t i = 0; i < cells.size(); ++i)
        groups[line_key(cells[i].coord)].emplace_back(order_key(cells[i].coord),
                                                      static_cast<int>(i));
    std::vector<ir::Line> lines;
    for (auto& [key, members] : groups) {
        std::sort(members.begin(), members.end());
        auto& line = lines.emplace_back();
        for (const auto& member : members) line.push_back(member.second);
    }
    return lines;
}

// Notation order: ranks from the top down, each left to right (square, pointy); files left to
// right, each from the top down (flat).
std::vector<ir::Line> make_lines(Geometry geometry, const std::vector<ir::Cell>& cells) {
    if (geometry == Geometry::hex_flat)
        return group_lines(
            cells, [](ir::Vec c) { return c.x; }, [](ir::Vec c) { return -c.y; });
    return group_lines(
        cells, [](ir::Vec c) { return -c.y; }, [](ir::Vec c) { return c.x; });
}

// The other family: files a, b, ... each from the bottom up (square boards, and pointy ones, whose
// files are the 1 o'clock lines of constant q); on flat boards the ranks, the 4 o'clock lines of
// constant rank number, each from the left. Boards given by `cells` group the same way.
std::vector<ir::Line> make_files(Geometry geometry, const std::vector<ir::Cell>& cells) {
    if (geometry == Geometry::hex_flat)
        return group_lines(
            cells, [](ir::Vec c) { return c.y; }, [](ir::Vec c) { return c.x; });
    return group_lines(
        cells, [](ir::Vec c) { return c.x; }, [](ir::Vec c) { return c.y; });
}

// The cells of a generated form, named as the form names them (before any `label`).
std::vector<NamedCell> generate(const ast::Board& board, const Clauses& c) {
    std::vector<NamedCell> cells;
    std::vector<int> lengths, second;
    if (c.has(Kind::hexagon)) {
        const int n = c.get(Kind::hexagon)->numbers[0].value;
        if (board.geometry == Geometry::hex_flat) {
            hexagon_as_files(n, lengths, second);
            generate_flat(0, lengths, second, cells);
        } else {
            hexagon_as_ranks(n, lengths, second);
            generate_pointy(1, lengths, second, cells);
        }
    } else if (board.geometry == Geometry::square) {
        const auto& files = *c.get(Kind::files);
        const auto& ranks = c.get(Kind::ranks)->numbers;
        generate_square(first_file(files), file_count(files), ranks[0].value,
                        ranks[1].value - ranks[0].value + 1, cells);
    } else if (board.geometry == Geometry::hex_flat) {
        generate_flat(first_file(*c.get(Kind::files)), values(*c.get(Kind::lengths)),
                      values(*c.get(Kind::first)), cells);
    } else {
        generate_pointy(c.get(Kind::ranks)->numbers[0].value, values(*c.get(Kind::lengths)),
                        values(*c.get(Kind::indents)), cells);
    }
    return cells;
}

std::vector<ir::Vec> coords_of(const std::vector<NamedCell>& cells) {
    std::vector<ir::Vec> out;
    for (const auto& named_cell : cells) out.push_back(named_cell.cell.coord);
    return out;
}

void relabel(const ast::BoardClause& label, std::vector<NamedCell>& cells) {
    const CellLabels labels = cell_labels(label, coords_of(cells));
    for (std::size_t i = 0; i < cells.size(); ++i) {
        cells[i].file = labels.file[i];
        cells[i].rank = labels.rank[i];
        cells[i].cell.name = labels.file[i] + labels.rank[i];
    }
}

// The clauses that make the cells, and their sizes; true when the cells can be generated.
bool check_shape(const ast::Board& board, const Clauses& c, Report& report) {
    const int before = report.error_count();
    if (c.has(Kind::cells)) {
        forbid_others(board, {Kind::cells, Kind::label}, "'cells' lists the whole board", report);
        if (c.has(Kind::label))
            report.error(c.get(Kind::label)->span,
                         "'label' renames the cells of a generated board, but 'cells' names each "
                         "cell itself");
        check_cell_list(*c.get(Kind::cells), report);
    } else if (c.has(Kind::hexagon)) {
        const auto& size = c.get(Kind::hexagon)->numbers[0];
        if (board.geometry == Geometry::square)
            report.error(c.get(Kind::hexagon)->span,
                         "'hexagon' needs a hex board ('board hex flat' or 'board hex pointy')");
        else
            forbid_others(board, {Kind::hexagon, Kind::label},
                          "'hexagon' describes the whole board", report);
        if (size.value < 1) report.error(size.span, "a hexagon's side must be at least 1");
    } else {
        const auto kinds = needed(board.geometry);
        auto allowed = kinds;
        allowed.push_back(Kind::label);
        forbid_others(board, allowed,
                      std::string(shape_text(board.geometry)) + " is given as in '" +
                          example(board.geometry) + "' (or by 'cells'" +
                          (board.geometry == Geometry::square ? "" : " or 'hexagon'") + ")",
                      report);
        for (const Kind kind : kinds)
            if (!c.has(kind))
                report.error(board.span, std::string(shape_text(board.geometry)) + " needs " +
                                             quote(word(kind)) + ", as in '" +
                                             example(board.geometry) + "'");
        if (report.error_count() != before) return false;
        check_range(*c.get(kinds[0]), report);
        if (board.geometry == Geometry::square) {
            check_range(*c.get(Kind::ranks), report);
        } else if (report.error_count() == before) {
            const auto& range = *c.get(kinds[0]);
            const std::size_t lines =
                board.geometry == Geometry::hex_flat
                    ? static_cast<std::size_t>(file_count(range))
                    : static_cast<std::size_t>(range.numbers[1].value - range.numbers[0].value + 1);
            const bool flat = board.geometry == Geometry::hex_flat;
            const auto label = [&range, flat](std::size_t k) {
                return flat ? file_letters(first_file(range) + static_cast<int>(k))
                            : std::to_string(range.numbers[0].value + static_cast<int>(k));
            };
            for (std::size_t i = 1; i < kinds.size(); ++i)
                check_list(*c.get(kinds[i]), lines, flat ? "file" : "rank", label, report);
        }
    }
    if (report.error_count() != before) return false;
    if (const long long count = cell_count(board, c); count > max_cells) {
        report.error(board.span, "the board has " + std::to_string(count) +
                                     " cells; the limit is " + std::to_string(max_cells));
        return false;
    }
    return true;
}

}  // namespace

std::string file_letters(int index) {
    std::string out;
    for (int n = index + 1; n > 0; n = (n - 1) / 26)
        out.insert(out.begin(), static_cast<char>('a' + (n - 1) % 26));
    return out;
}

int file_index(std::string_view letters) {
    if (letters.empty() || letters.size() > max_file_letters) return -1;
    int n = 0;
    for (const char c : letters) {
        if (c < 'a' || c > 'z') return -1;
        n = n * 26 + (c - 'a' + 1);
    }
    return n - 1;
}

std::string file_letters_rule() { return "a to z, then aa to zz"; }

bool check_board(const ast::Board& board, Report& report) {
    const int before = report.error_count();
    const Clauses c = collect(board, &report);
    const bool shape_ok = check_shape(board, c, report);
    const bool label_ok = !c.has(Kind::label) || c.has(Kind::cells) ||
                          check_label_ranges(*c.get(Kind::label), report);
    if (!shape_ok || !label_ok || report.error_count() != before) return false;
    if (c.has(Kind::label))
        return check_label_counts(*c.get(Kind::label), coords_of(generate(board, c)), report);
    return true;
}

BoardLayout build_board(const ast::Board& board) {
    const Clauses c = collect(board, nullptr);
    BoardLayout layout;
    layout.board.geometry = board.geometry;
    std::vector<NamedCell> cells;
    if (c.has(Kind::cells)) {
        for (const auto& def : c.get(Kind::cells)->cells)
            cells.push_back({{def.name.text, {def.coord.x, def.coord.y}}, {}, {}});
    } else {
        layout.named_by_file_and_rank = true;
        cells = generate(board, c);
        if (c.has(Kind::label)) {
            layout.labelled = true;
            relabel(*c.get(Kind::label), cells);
        }
    }
    std::sort(cells.begin(), cells.end(), [](const NamedCell& a, const NamedCell& b) {
        return std::pair{a.cell.coord.y, a.cell.coord.x} <
               std::pair{b.cell.coord.y, b.cell.coord.x};
    });
    for (auto& named_cell : cells) {
        layout.index.emplace(named_cell.cell.name, static_cast<int>(layout.board.cells.size()));
        layout.file_label.push_back(std::move(named_cell.file));
        layout.rank_label.push_back(std::move(named_cell.rank));
        layout.board.cells.push_back(std::move(named_cell.cell));
    }
    layout.board.lines = make_lines(board.geometry, layout.board.cells);
    layout.board.files = make_files(board.geometry, layout.board.cells);
    assert(layout.index.size() == layout.board.cells.size());
    return layout;
}

}  // namespace vari::dsl
