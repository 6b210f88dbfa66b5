// Compiling slide lookups (SlideGroup): a piece's slides of one mode, a line (a direction and its
// reverse) at a time, join a group while no cell's lookup would need more than MAX_GROUP_BITS
// occupancy bits; each group then costs the generator one gather and one load instead of a
// blocker search per direction. Groups of the same slides are shared by every piece that has
// them. Only where PEXT gathers the occupancy, and on boards of up to 128 cells.
#include <algorithm>
#include <map>
#include <vector>

#include "interpreter/compiler.hpp"
#include "interpreter/reach.hpp"

namespace vari::detail {
namespace {

constexpr int MAX_GROUP_BITS = 12;                     // 4096 entries for a cell at most
constexpr std::size_t MAX_LOOKUP_BYTES = 16u << 20;    // a game's lookups, every group together

// The cells whose occupancy cuts slide `s` from `from`: its reach but the farthest cell, which
// ends the slide whether it is occupied or not.
template <class Set>
Set cutting_cells(const Tables& t, const SlideRule& s, int from) {
    Set reach = pooled<Set>(t, s.reach + from);
    if (reach) reach.remove(s.positive ? reach.last() : reach.first());
    return reach;
}

template <class Set>
int most_cutting_cells(const Tables& t, const std::vector<std::uint32_t>& slides) {
    int most = 0;
    for (int c = 0; c < t.cell_count; ++c) {
        Set cells;
        for (std::uint32_t i : slides) cells |= cutting_cells<Set>(t, t.slides[i], c);
        most = std::max(most, cells.count());
    }
    return most;
}

// The occupancy whose gathered index is `index`: bit k of it tells whether the k-th lowest cell of
// `mask` is occupied (PEXT's order, the low word's cells first).
template <class Set>
Set deposited(std::uint32_t index, Set mask) {
    Set occupied;
    for (int cell : mask) {
        if (index & 1) occupied.add(cell);
        index >>= 1;
    }
    return occupied;
}

template <class Set>
class LookupBuilder {
public:
    explicit LookupBuilder(Tables& t) : t_(t) {}

    void run() {
        for (PieceRules& r : t_.rules) group_piece(r);
        if (!reaches_.empty()) t_.slide_reaches = SetPool(std::move(reaches_));
    }

private:
    // Splits the piece's slides into groups of one mode and moves the grouped ones first.
    void group_piece(PieceRules& r) {
        r.group_first = static_cast<std::uint32_t>(t_.slide_groups.size());
        std::vector<bool> grouped(r.slide_count, false);
        for (const ir::MoveMode mode : {ir::MoveMode::move_or_capture, ir::MoveMode::move_only,
                                        ir::MoveMode::capture_only}) {
            std::vector<std::uint32_t> group;
            auto close = [&] {
                if (group.size() >= 2 && add_group(group, mode)) {
                    for (std::uint32_t i : group) grouped[i - r.slide_first] = true;
                    ++r.group_count;
                }
                group.clear();
            };
            std::vector<bool> taken(r.slide_count, false);
            for (std::uint32_t k = 0; k < r.slide_count; ++k) {
                if (taken[k] || t_.slides[r.slide_first + k].mode != mode) continue;
                std::vector<std::uint32_t> line = {r.slide_first + k};
                taken[k] = true;
                const int back = t_.dir_reverse[t_.slides[r.slide_first + k].dir];
                for (std::uint32_t j = k + 1; j < r.slide_count; ++j) {
                    const SlideRule& s = t_.slides[r.slide_first + j];
                    if (!taken[j] && s.mode == mode && s.dir == back) {
                        line.push_back(r.slide_first + j);
                        taken[j] = true;
                        break;
                    }
                }
                std::vector<std::uint32_t> joined = group;
                joined.insert(joined.end(), line.begin(), line.end());
                if (most_cutting_cells<Set>(t_, joined) <= MAX_GROUP_BITS) {
                    group = std::move(joined);
                    continue;
                }
                close();
                // A line too long for a lookup of its own stays ray by ray.
                if (most_cutting_cells<Set>(t_, line) <= MAX_GROUP_BITS) group = std::move(line);
            }
            close();
        }
        const auto first = t_.slides.begin() + r.slide_first;
        std::vector<SlideRule> ordered;
        for (int pass = 0; pass < 2; ++pass)
            for (std::uint32_t k = 0; k < r.slide_count; ++k)
                if (grouped[k] == (pass == 0)) ordered.push_back(first[k]);
        std::copy(ordered.begin(), ordered.end(), first);
        r.grouped_slides = static_cast<std::uint32_t>(std::count(grouped.begin(), grouped.end(), true));
    }

    // Adds the group of these slides (indices into Tables::slides); false when its lookups would
    // pass the game's budget, and the slides stay ray by ray.
    bool add_group(const std::vector<std::uint32_t>& slides, ir::MoveMode mode) {
        std::vector<TableRef> key;
        for (std::uint32_t i : slides) key.push_back(t_.slides[i].reach);
        std::sort(key.begin(), key.end());
        auto known = lookups_of_.find(key);
        if (known == lookups_of_.end()) {
            const std::size_t lookups = t_.slide_lookups.size();
            std::size_t entries = reaches_.size();
            for (int c = 0; c < t_.cell_count; ++c) {
                Set mask;
                for (std::uint32_t i : slides) mask |= cutting_cells<Set>(t_, t_.slides[i], c);
                entries += std::size_t{1} << mask.count();
            }
            if (entries * sizeof(Set) > MAX_LOOKUP_BYTES) return false;
            for (int c = 0; c < t_.cell_count; ++c) add_lookup(slides, c);
            known = lookups_of_.emplace(key, static_cast<std::uint32_t>(lookups)).first;
        }
        SlideGroup group;
        group.mode = mode;
        group.lookups = known->second;
        t_.slide_groups.push_back(group);
        return true;
    }

    void add_lookup(const std::vector<std::uint32_t>& slides, int from) {
        Set mask;
        for (std::uint32_t i : slides) mask |= cutting_cells<Set>(t_, t_.slides[i], from);
        SlideLookup lookup;
        lookup.mask[0] = mask.word(0);
        lookup.mask[1] = mask.word(1);
        lookup.base = static_cast<std::uint32_t>(reaches_.size());
        lookup.low_bits = static_cast<std::uint32_t>(std::popcount(lookup.mask[0]));
        const std::uint32_t entries = 1u << mask.count();
        for (std::uint32_t index = 0; index < entries; ++index) {
            const Set occupied = deposited(index, mask);
            Set reach;
            for (std::uint32_t i : slides) reach |= slide_reach(t_, t_.slides[i], from, occupied);
            reaches_.push_back(reach);
        }
        t_.slide_lookups.push_back(lookup);
    }

    Tables& t_;
    std::vector<Set> reaches_;
    std::map<std::vector<TableRef>, std::uint32_t> lookups_of_;  // slides' reaches -> lookups
};

}  // namespace

void Compiler::compile_slide_lookups() {
#ifdef __BMI2__
    with_cell_set(t_.cell_words, [&]<class Set>(Set) {
        if constexpr (Set::CAPACITY <= 128) LookupBuilder<Set>(t_).run();
    });
#endif
}

}  // namespace vari::detail
