// Board labels: the `label files A..B ranks C..D` clause that renames a generated board's cells.
//
// A cell's name is its file label then its rank label, so one range is numbers and the other
// letters: "11a" and "a11" both read back as one cell name, "1111" or "aa" would not.
#include "dsl/labels.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "dsl/board.hpp"

namespace vari::dsl {

namespace {

// Each range is a pair of ends: files ends[0..1], ranks ends[2..3] (the grammar gives all four).
const ast::LabelEnd& from(const ast::BoardClause& label, bool ranks) {
    return label.ends[ranks ? 2 : 0];
}
const ast::LabelEnd& to(const ast::BoardClause& label, bool ranks) {
    return label.ends[ranks ? 3 : 1];
}

// Letters count as files do: a, ..., z, aa, ..., zz.
int value(const ast::LabelEnd& end) {
    return end.is_letter ? file_index(end.letters) : end.number.value;
}

long long length(const ast::BoardClause& label, bool ranks) {
    return std::llabs(static_cast<long long>(value(to(label, ranks))) - value(from(label, ranks))) +
           1;
}

// The labels of a range, first to last.
std::vector<std::string> values(const ast::BoardClause& label, bool ranks) {
    const int first = value(from(label, ranks)), last = value(to(label, ranks));
    const int step = first <= last ? 1 : -1;
    std::vector<std::string> out;
    for (int v = first;; v += step) {
        out.push_back(from(label, ranks).is_letter ? file_letters(v) : std::to_string(v));
        if (v == last) break;
    }
    return out;
}

// The position of each coordinate among the distinct values, lowest first.
std::vector<std::size_t> places(const std::vector<int>& values) {
    std::vector<int> distinct(values);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<std::size_t> out;
    for (const int v : values)
        out.push_back(static_cast<std::size_t>(
            std::lower_bound(distinct.begin(), distinct.end(), v) - distinct.begin()));
    return out;
}

std::size_t distinct_count(const std::vector<ir::Vec>& coords, bool ranks) {
    std::set<int> seen;
    for (const auto& c : coords) seen.insert(ranks ? c.y : c.x);
    return seen.size();
}

}  // namespace

bool check_label_ranges(const ast::BoardClause& label, Report& report) {
    const int before = report.error_count();
    for (const bool ranks : {false, true}) {
        const auto& first = from(label, ranks);
        const auto& last = to(label, ranks);
        const std::string what = ranks ? "rank" : "file";
        if (first.is_letter != last.is_letter) {
            report.error(first.span,
                         "the " + what + " labels run from " +
                             (first.is_letter ? "a letter to a number" : "a number to a letter") +
                             "; give both ends as numbers or both as letters");
            continue;
        }
        for (const auto* end : {&first, &last})
            if (end->is_letter && file_index(end->letters) < 0)
                report.error(end->span, what + " labels are lettered " + file_letters_rule() +
                                            " (at most two letters), found " + quote(end->letters));
            else if (!end->is_letter &&
                     (end->number.value < 0 || end->number.value > max_coordinate))
                report.error(end->span, "a " + what + " label's number must lie between 0 and " +
                                            std::to_string(max_coordinate) + ", found " +
                                            std::to_string(end->number.value));
    }
    if (report.error_count() != before) return false;
    if (from(label, false).is_letter == from(label, true).is_letter) {
        const std::string kind = from(label, false).is_letter ? "letters" : "numbers";
        report.error(label.span,
                     "the file and the rank labels are both " + kind +
                         "; one range must be numbers and the other letters",
                     "a cell is named by its file label then its rank label, as in 'label files "
                     "11..1 ranks k..a' (cells '11a' to '1k') or 'label files a..k ranks 1..11'");
        return false;
    }
    return true;
}

bool check_label_counts(const ast::BoardClause& label, const std::vector<ir::Vec>& coords,
                        Report& report) {
    bool fits = true;
    for (const bool ranks : {false, true}) {
        const std::size_t count = distinct_count(coords, ranks);
        const long long given = length(label, ranks);
        if (given == static_cast<long long>(count)) continue;
        const std::string what = ranks ? "rank" : "file";
        report.error(from(label, ranks).span, "the board has " + std::to_string(count) + " " +
                                                  what + "s but the labels give " +
                                                  std::to_string(given));
        fits = false;
    }
    return fits;
}

CellLabels cell_labels(const ast::BoardClause& label, const std::vector<ir::Vec>& coords) {
    std::vector<int> xs, ys;
    for (const auto& c : coords) {
        xs.push_back(c.x);
        ys.push_back(c.y);
    }
    const auto file_names = values(label, false), rank_names = values(label, true);
    const auto file_of = places(xs), rank_of = places(ys);
    CellLabels out;
    for (std::size_t i = 0; i < coords.size(); ++i) {
        out.file.push_back(file_names[file_of[i]]);
        out.rank.push_back(rank_names[rank_of[i]]);
    }
    return out;
}

}  // namespace vari::dsl
