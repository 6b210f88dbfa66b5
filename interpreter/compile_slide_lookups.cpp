// Compiling slide lookups: slides of one mode, a line (a direction and its reverse) at a time,
// join a group while no cell's lookup would need more than MAX_GROUP_BITS occupancy bits; each
// group then costs one gather and one load instead of a blocker search per direction. A piece's
// slides make its SlideGroups; each player's attack lines (Tables::attack_lines) are split the
// same way on boards of up to 128 cells, their rays looked up from the attacked cell outward.
// The walked rules (lame leaps, curves, hops) are grouped after the slides, so that a lame
// leaper's legs or a curve's path cost one lookup, not a walk; hops that refuse or spare some
// types read those off the board after.
// Groups of the same reaches share one lookup. Only where PEXT gathers the occupancy, and on
// boards of up to 256 cells (has_lookups). There a single slide is grouped too: finding its
// blocker among three or four words costs more than a lookup.
#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "interpreter/compiler.hpp"
#include "interpreter/kinds.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {
namespace {

constexpr int MAX_GROUP_BITS = 12;  // 4096 entries for a cell at most
// Walked rules' groups stay smaller: their lookups are read for every piece of the kind, and
// small ones stay in the cache (a lame leaper's legs take 4 to 12 cells).
constexpr int MAX_PATH_GROUP_BITS = 8;
constexpr std::size_t MAX_LOOKUP_BYTES = 16u << 20;  // a game's lookups, every group together

// The cells whose occupancy cuts slide `s` from `from`: its reach but the farthest cell, which
// ends the slide whether it is occupied or not.
template <class Set>
Set cutting_cells(const Tables& t, const SlideRule& s, int from) {
    Set reach = pooled<Set>(t, s.reach + from);
    if (reach) reach.remove(s.positive ? reach.last() : reach.first());
    return reach;
}

template <class Set>
Set cutting_cells(const Tables& t, const std::vector<SlideRule>& slides, int from) {
    Set cells;
    for (const SlideRule& s : slides) cells |= cutting_cells<Set>(t, s, from);
    return cells;
}

// The cells whose occupancy decides what walked rule `rule` reaches from `from` (its room's). A
// hop that refuses screens or spares targets of some types is decided by their types too, which
// its group reads off the board (SlideGroup).
template <class Set>
Set deciding_cells(const Tables& t, const PathRule& rule, int from) {
    return with_walked_kind(
        rule.kind, [&](auto room) { return room.template deciding_cells<Set>(t, rule, from); });
}

template <class Set>
Set deciding_cells(const Tables& t, const std::vector<PathRule>& rules, int from) {
    Set cells;
    for (const PathRule& rule : rules) cells |= deciding_cells<Set>(t, rule, from);
    return cells;
}

template <class Set>
bool fits_path_lookup(const Tables& t, const std::vector<PathRule>& rules) {
    for (int c = 0; c < t.cell_count; ++c)
        if (deciding_cells<Set>(t, rules, c).count() > MAX_PATH_GROUP_BITS) return false;
    return true;
}

// Whether, from every cell, no two of `hops`' lines share a cell: a refused screen then cuts its
// own line's reach and no other's (typed_hops_reach).
template <class Set>
bool lines_apart(const Tables& t, const std::vector<PathRule>& hops) {
    for (int c = 0; c < t.cell_count; ++c) {
        Set seen;
        for (const PathRule& rule : hops) {
            const Set line = pooled<Set>(t, t.hops[rule.table].line + c);
            if (seen & line) return false;
            seen |= line;
        }
    }
    return true;
}

template <class Set>
bool fits_lookup(const Tables& t, const std::vector<SlideRule>& slides) {
    for (int c = 0; c < t.cell_count; ++c)
        if (cutting_cells<Set>(t, slides, c).count() > MAX_GROUP_BITS) return false;
    return true;
}

template <class Set>
class LookupBuilder {
public:
    explicit LookupBuilder(Tables& t) : t_(t) {}

    void run() {
        for (PieceRules& r : t_.rules) {
            group_piece(r);
            group_paths(r);  // right after: a piece's groups are contiguous
        }
        // Past 128 cells an attack line's rays, each tested for a slider before it is walked,
        // cost less than lookups of one line each.
        if constexpr (Set::CAPACITY <= 128) group_attack_lines();
        if (!reaches_.empty()) t_.slide_reaches = SetPool(std::move(reaches_));
        if (!masks_.empty()) t_.lookup_masks = SetPool(std::move(masks_));
    }

private:
    // The groups `slides` splits into (as indices into it), lines whole, each with its lookups;
    // the slides of lines too long for a lookup, or that would pass the budget, are in none.
    std::vector<std::pair<std::vector<std::size_t>, std::uint32_t>> grouped(
        const std::vector<SlideRule>& slides) {
        std::vector<std::pair<std::vector<std::size_t>, std::uint32_t>> groups;
        std::vector<std::size_t> group;
        auto close = [&] {
            std::vector<SlideRule> rules;
            for (std::size_t i : group) rules.push_back(slides[i]);
            if (group.size() >= MIN_GROUP)
                if (const auto lookups = lookups_of(rules)) groups.emplace_back(group, *lookups);
            group.clear();
        };
        std::vector<bool> taken(slides.size(), false);
        for (std::size_t k = 0; k < slides.size(); ++k) {
            if (taken[k]) continue;
            std::vector<std::size_t> line = {k};
            taken[k] = true;
            for (std::size_t j = k + 1; j < slides.size(); ++j)
                if (!taken[j] && slides[j].dir == t_.dir_reverse[slides[k].dir]) {
                    line.push_back(j);
                    taken[j] = true;
                    break;
                }
            auto joined = group;
            joined.insert(joined.end(), line.begin(), line.end());
            if (fits(slides, joined)) {
                group = std::move(joined);
                continue;
            }
            close();
            if (fits(slides, line)) group = std::move(line);
        }
        close();
        return groups;
    }

    static constexpr std::size_t MIN_GROUP = Set::CAPACITY > 128 ? 1 : 2;

    bool fits(const std::vector<SlideRule>& slides, const std::vector<std::size_t>& chosen) {
        std::vector<SlideRule> rules;
        for (std::size_t i : chosen) rules.push_back(slides[i]);
        return fits_lookup<Set>(t_, rules);
    }

    // Splits the piece's slides into groups of one mode and moves the grouped ones first.
    void group_piece(PieceRules& r) {
        r.group_first = static_cast<std::uint32_t>(t_.slide_groups.size());
        const auto first = t_.slides.begin() + r.slide_first;
        std::vector<SlideRule> in_groups, alone;
        for (const ir::MoveMode mode :
             {ir::MoveMode::move_or_capture, ir::MoveMode::move_only, ir::MoveMode::capture_only}) {
            std::vector<SlideRule> slides;
            std::copy_if(first, first + r.slide_count, std::back_inserter(slides),
                         [&](const SlideRule& s) { return s.mode == mode; });
            std::vector<bool> used(slides.size(), false);
            for (const auto& [group, lookups] : grouped(slides)) {
                for (std::size_t i : group) {
                    in_groups.push_back(slides[i]);
                    used[i] = true;
                }
                t_.slide_groups.push_back({mode, lookups});
                ++r.group_count;
            }
            for (std::size_t i = 0; i < slides.size(); ++i)
                if (!used[i]) alone.push_back(slides[i]);
        }
        r.grouped_slides = static_cast<std::uint32_t>(in_groups.size());
        in_groups.insert(in_groups.end(), alone.begin(), alone.end());
        std::copy(in_groups.begin(), in_groups.end(), first);
    }

    // Groups the piece's walked rules that lookups can read, while they fit one: each mode
    // apart, and hops apart by the types they refuse and spare. Moves the grouped ones first,
    // those of no typing before the typed, whose groups targets() reads out of line.
    void group_paths(PieceRules& r) {
        const auto first = t_.paths.begin() + r.path_first;
        const std::vector<PathRule> rules(first, first + r.path_count);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> typings = {{0, 0}};  // refused, spared
        for (const PathRule& rule : rules)
            if (std::find(typings.begin(), typings.end(), typing(rule)) == typings.end())
                typings.push_back(typing(rule));
        std::vector<PathRule> in_groups, alone;
        for (const auto& typed : typings) {
            for (const ir::MoveMode mode : {ir::MoveMode::move_or_capture, ir::MoveMode::move_only,
                                            ir::MoveMode::capture_only}) {
                std::vector<PathRule> alike;
                for (const PathRule& rule : rules)
                    if (rule.mode == mode && typing(rule) == typed) alike.push_back(rule);
                group_alike(r, reverses_paired(alike), in_groups, alone);
            }
            if (typed == typings[0]) r.grouped_paths = static_cast<std::uint32_t>(in_groups.size());
        }
        r.typed_paths = static_cast<std::uint32_t>(in_groups.size()) - r.grouped_paths;
        in_groups.insert(in_groups.end(), alone.begin(), alone.end());
        std::copy(in_groups.begin(), in_groups.end(), first);
    }

    // `rules` with each hop followed by a hop along the reverse direction, where there is one:
    // the two sides of a line share a lookup best, as a slide's do.
    std::vector<PathRule> reverses_paired(const std::vector<PathRule>& rules) const {
        std::vector<PathRule> paired;
        std::vector<bool> taken(rules.size(), false);
        auto dir = [&](const PathRule& rule) { return t_.hops[rule.table].dir; };
        for (std::size_t k = 0; k < rules.size(); ++k) {
            if (taken[k]) continue;
            paired.push_back(rules[k]);
            if (rules[k].kind != ir::MoveKind::hop) continue;
            for (std::size_t j = k + 1; j < rules.size(); ++j)
                if (!taken[j] && rules[j].kind == ir::MoveKind::hop &&
                    dir(rules[j]) == t_.dir_reverse[dir(rules[k])]) {
                    paired.push_back(rules[j]);
                    taken[j] = true;
                    break;
                }
        }
        return paired;
    }

    // Groups walked rules of one mode and typing, in order, while they fit a lookup: onto
    // `in_groups` with a SlideGroup each group, or onto `alone`.
    void group_alike(PieceRules& r, const std::vector<PathRule>& alike,
                     std::vector<PathRule>& in_groups, std::vector<PathRule>& alone) {
        std::vector<PathRule> group;
        auto close = [&] {
            if (group.empty()) return;
            const auto [refused, spared] = typing(group[0]);
            const auto lookups = lookups_of(group);
            const auto screens = refused ? screen_lookups_of(group) : lookups;
            if (lookups && screens) {
                t_.slide_groups.push_back(
                    {group[0].mode, *lookups, refused, spared, *screens,
                     r.path_first + static_cast<std::uint32_t>(in_groups.size()),
                     refused ? lines_of(group) : 0});
                ++(refused || spared ? r.typed_group_count : r.group_count);
                in_groups.insert(in_groups.end(), group.begin(), group.end());
            } else {
                alone.insert(alone.end(), group.begin(), group.end());
            }
            group.clear();
        };
        for (const PathRule& rule : alike) {
            group.push_back(rule);
            if (fits_paths(group)) continue;
            group.pop_back();
            close();
            if (fits_paths({rule}))
                group = {rule};
            else
                alone.push_back(rule);
        }
        close();
    }

    // For a group of hops, which one's line from a cell holds another cell (Tables::hop_line_of):
    // one at most, for the group's lines from a cell never meet.
    std::uint32_t lines_of(const std::vector<PathRule>& hops) {
        const auto first = static_cast<std::uint32_t>(t_.hop_line_of.size());
        const auto cells = static_cast<std::uint32_t>(t_.cell_count);
        t_.hop_line_of.resize(first + cells * cells, NO_LINE);
        for (std::size_t i = 0; i < hops.size(); ++i)
            for (std::uint32_t from = 0; from < cells; ++from)
                for (int cell : pooled<Set>(t_, t_.hops[hops[i].table].line + from))
                    t_.hop_line_of[first + from * cells + static_cast<std::uint32_t>(cell)] =
                        static_cast<std::uint8_t>(i);
        return first;
    }
    static constexpr std::uint8_t NO_LINE = 0xff;

    // Replaces each attack line set by its groups, looked up, and the rest, ray by ray.
    void group_attack_lines() {
        std::vector<AttackLines> lines_of_all;
        std::vector<std::uint32_t> firsts;
        std::vector<std::uint8_t> dirs_of_all;
        for (int p = 0; p < t_.player_count; ++p) {
            firsts.push_back(static_cast<std::uint32_t>(lines_of_all.size()));
            for (std::uint32_t i = t_.attack_lines_first[p]; i < t_.attack_lines_first[p + 1];
                 ++i) {
                const AttackLines& lines = t_.attack_lines[i];
                std::vector<SlideRule> rays;
                for (std::uint32_t k = 0; k < lines.dir_count; ++k) {
                    const int out = t_.attack_line_dirs[lines.dir_first + k];
                    SlideRule ray;
                    ray.dir = static_cast<std::uint8_t>(out);
                    ray.positive = t_.dir_positive[out];
                    ray.reach = ray.ray = t_.rays + static_cast<TableRef>(out * t_.cell_count);
                    rays.push_back(ray);
                }
                std::vector<bool> used(rays.size(), false);
                auto add = [&](const std::vector<std::size_t>& chosen,
                               std::optional<std::uint32_t> lookups) {
                    AttackLines part;
                    part.types = lines.types;
                    part.dir_first = static_cast<std::uint32_t>(dirs_of_all.size());
                    part.dir_count = static_cast<std::uint32_t>(chosen.size());
                    part.reach = lines.reach;
                    part.around_royal = lines.around_royal;
                    part.grouped = lookups.has_value();
                    part.lookups = lookups.value_or(0);
                    for (std::size_t k : chosen) dirs_of_all.push_back(rays[k].dir);
                    lines_of_all.push_back(part);
                };
                for (const auto& [group, lookups] : grouped(rays)) {
                    for (std::size_t k : group) used[k] = true;
                    add(group, lookups);
                }
                std::vector<std::size_t> rest;
                for (std::size_t k = 0; k < rays.size(); ++k)
                    if (!used[k]) rest.push_back(k);
                if (!rest.empty()) add(rest, std::nullopt);
            }
        }
        firsts.push_back(static_cast<std::uint32_t>(lines_of_all.size()));
        t_.attack_lines = std::move(lines_of_all);
        t_.attack_lines_first = std::move(firsts);
        t_.attack_line_dirs = std::move(dirs_of_all);
    }

    // The lookups of these slides (the same reaches share them); none when they would pass the
    // game's budget.
    std::optional<std::uint32_t> lookups_of(const std::vector<SlideRule>& slides) {
        std::vector<std::uint64_t> key;
        for (const SlideRule& s : slides) key.push_back(s.reach);
        return lookups_of(
            std::move(key), [&](int from) { return cutting_cells<Set>(t_, slides, from); },
            [&](int from, Set occupied, std::uint32_t) {
                Set reach;
                for (const SlideRule& s : slides) reach |= slide_reach(t_, s, from, occupied);
                return reach;
            });
    }

    bool fits_paths(const std::vector<PathRule>& group) const {
        return fits_path_lookup<Set>(t_, group) &&
               (!typing(group[0]).first || (group.size() < NO_LINE && lines_apart<Set>(t_, group)));
    }

    // The types a walked rule refuses as screens and spares: a hop's, or none.
    std::pair<std::uint32_t, std::uint32_t> typing(const PathRule& rule) const {
        if (rule.kind != ir::MoveKind::hop) return {0, 0};
        const HopRule& h = t_.hops[rule.table];
        return {h.screens_refused, h.spared};
    }

    // For hops: the lookups of their screens, each line's first piece, over the same cells as
    // lookups_of(hops).
    std::optional<std::uint32_t> screen_lookups_of(const std::vector<PathRule>& hops) {
        return joined_lookups_of(hops, std::uint64_t{1} << 41,
                                 [&](const PathRule& rule, int from, Set occupied) {
                                     const HopRule& h = t_.hops[rule.table];
                                     const Set on_line = pooled<Set>(t_, h.line + from) & occupied;
                                     return on_line ? Set::of(nearest(t_, h.dir, on_line)) : Set();
                                 });
    }

    // The same for walked rules that deciding_cells() reads.
    std::optional<std::uint32_t> lookups_of(const std::vector<PathRule>& rules) {
        return joined_lookups_of(
            rules, std::uint64_t{1} << 40, [&](const PathRule& rule, int from, Set occupied) {
                return path_reach<Set>(t_, rule, from, occupied, no_pieces_.data());
            });
    }

    // Lookups over the cells deciding_cells() gives `rules`, whose entries join what `of_rule`
    // gives each rule for the occupancy of its own deciding cells; `tag` tells apart the kinds of
    // entry. Each rule's part is worked out once for every occupancy of its own cells, and an
    // entry joins those its index selects: a group's rules share few cells, so working out each
    // rule for each of its entries would cost many times more.
    template <class OfRule>
    std::optional<std::uint32_t> joined_lookups_of(const std::vector<PathRule>& rules,
                                                   std::uint64_t tag, OfRule of_rule) {
        std::vector<std::uint64_t> key;
        for (const PathRule& rule : rules)  // apart from the slides' reaches, which are below 2^32
            key.push_back(tag | std::uint64_t(rule.kind) << 32 | same_table(rule));
        struct Part {
            std::uint32_t bits = 0;  // the rule's cells among the bits of an entry's index
            std::vector<Set> reach;  // by the occupancy of the rule's cells, gathered
        };
        std::vector<Part> parts;
        int parts_from = -1;
        return lookups_of(
            std::move(key), [&](int from) { return deciding_cells<Set>(t_, rules, from); },
            [&](int from, Set, std::uint32_t index) {
                if (from != parts_from) {
                    parts_from = from;
                    parts.assign(rules.size(), Part());
                    const Set mask = deciding_cells<Set>(t_, rules, from);
                    for (std::size_t i = 0; i < rules.size(); ++i) {
                        const Set own = deciding_cells<Set>(t_, rules[i], from);
                        Cell cells[MAX_PATH_GROUP_BITS];
                        int count = 0, bit = 0;
                        for (int cell : mask) {
                            if (own.has(cell)) {
                                parts[i].bits |= 1u << bit;
                                cells[count++] = static_cast<Cell>(cell);
                            }
                            ++bit;
                        }
                        for (std::uint32_t sub = 0; sub < 1u << count; ++sub) {
                            Set occupied;
                            for (std::uint32_t b = sub; b; b &= b - 1)
                                occupied.add(cells[std::countr_zero(b)]);
                            parts[i].reach.push_back(of_rule(rules[i], from, occupied));
                        }
                    }
                }
                Set reach;
                for (const Part& part : parts) reach |= part.reach[_pext_u32(index, part.bits)];
                return reach;
            });
    }

    // The first table of a walked rule of `rule`'s kind that holds what its own does from every
    // cell: each player's copy of a rule, turned to that player, often holds the same, and then
    // their lookups are one.
    std::uint32_t same_table(const PathRule& rule) {
        std::vector<PathRule>& seen = distinct_rules_[rule.kind];
        for (const PathRule& other : seen)
            if (other.table == rule.table || with_walked_kind(rule.kind, [&](auto room) {
                    return room.same_tables(t_, rule, other);
                }))
                return other.table;
        seen.push_back(rule);
        return rule.table;
    }

    // From each cell, the reach for every occupancy of the cells `mask_at` gives, which alone
    // decide the reach `reach_at` works out (given the occupancy, and gathered as an index).
    template <class MaskAt, class ReachAt>
    std::optional<std::uint32_t> lookups_of(std::vector<std::uint64_t> key, MaskAt mask_at,
                                            ReachAt reach_at) {
        std::sort(key.begin(), key.end());
        if (const auto known = lookups_.find(key); known != lookups_.end()) return known->second;
        std::size_t entries = reaches_.size();
        for (int c = 0; c < t_.cell_count; ++c) entries += std::size_t{1} << mask_at(c).count();
        if (entries * sizeof(Set) > MAX_LOOKUP_BYTES) return std::nullopt;
        const auto lookups = static_cast<std::uint32_t>(t_.slide_lookups.size());
        for (int c = 0; c < t_.cell_count; ++c) add_lookup(c, mask_at(c), reach_at);
        lookups_.emplace(std::move(key), lookups);
        return lookups;
    }

    template <class ReachAt>
    void add_lookup(int from, Set mask, ReachAt reach_at) {
        SlideLookup lookup;
        lookup.base = static_cast<std::uint32_t>(reaches_.size());
        if constexpr (Set::CAPACITY > 128) {
            masks_.push_back(mask);
        } else {
            lookup.mask[0] = mask.word(0);
            lookup.mask[1] = mask.word(1);
            lookup.low_bits = static_cast<std::uint32_t>(std::popcount(lookup.mask[0]));
        }
        Cell cells[MAX_GROUP_BITS];  // bit k of an index: whether cells[k] is occupied (PEXT's
                                     // order)
        int count = 0;
        for (int cell : mask) cells[count++] = static_cast<Cell>(cell);
        reaches_.resize(lookup.base + (std::size_t{1} << count));
        for (std::uint32_t index = 0; index < 1u << count; ++index) {
            Set occupied;
            for (std::uint32_t bits = index; bits; bits &= bits - 1)
                occupied.add(cells[std::countr_zero(bits)]);
            reaches_[lookup.base + index] = reach_at(from, occupied, index);
        }
        t_.slide_lookups.push_back(lookup);
    }

    Tables& t_;
    // What the grouped rules read off the board: only a hop reads it, for types it has none of.
    const std::vector<Piece> no_pieces_ = std::vector<Piece>(t_.cell_count, NO_PIECE);
    std::vector<Set> reaches_;
    std::vector<Set> masks_;  // past 128 cells, slide lookups' masks (Tables::lookup_masks)
    // By the slides' reaches or the walked rules' kinds and tables (lookups_of), sorted.
    std::map<std::vector<std::uint64_t>, std::uint32_t> lookups_;
    // By kind: the walked rules whose tables hold what no earlier rule's do (same_table).
    std::map<ir::MoveKind, std::vector<PathRule>> distinct_rules_;
};

}  // namespace

void Compiler::compile_slide_lookups() {
#ifdef __BMI2__
    with_cell_set(t_.cell_words, [&]<class Set>(Set) {
        if constexpr (has_lookups<Set>) LookupBuilder<Set>(t_).run();
    });
#endif
}

}  // namespace vari::detail
