// Compiling shifts (Tables::shifts): a piece's leaps and slides as a few whole-set shifts, where
// they decompose so. A leap's target gives the offset to - from; a slide, from each cell, a chain
// of equal offsets along its ray. Steps of the same offset and mode join one chain: the cell a
// step lands on fixes the cell it came from, so the union of their landing cells is exact.
#include <map>
#include <utility>
#include <vector>

#include "interpreter/compiler.hpp"

namespace vari::detail {
namespace {

// Past these, a table lookup per piece costs less than the shifts: a slide of three steps or more
// is a long slide on a small board, which a lookup reads at once.
constexpr std::size_t MAX_SHIFTS = 4;
constexpr std::size_t MAX_STEPS = 2;

using Chains = std::map<std::pair<int, ir::MoveMode>, std::vector<CellSet>>;

bool modes_overlap(ir::MoveMode a, ir::MoveMode b) {
    return a == b || a == ir::MoveMode::move_or_capture || b == ir::MoveMode::move_or_capture;
}

// Whether two chains could make the same move (the same displacement onto the same cell, with
// modes that allow the same targets): the generator would list it twice.
bool chains_collide(const Chains& chains) {
    for (auto a = chains.begin(); a != chains.end(); ++a)
        for (auto b = std::next(a); b != chains.end(); ++b) {
            if (!modes_overlap(a->first.second, b->first.second)) continue;
            for (std::size_t i = 0; i < a->second.size(); ++i)
                for (std::size_t j = 0; j < b->second.size(); ++j)
                    if (static_cast<int>(i + 1) * a->first.first ==
                            static_cast<int>(j + 1) * b->first.first &&
                        (a->second[i] & b->second[j]))
                        return true;
        }
    return false;
}

}  // namespace

void Compiler::compile_shifts(int p, int type) {
    PieceRules& r = t_.rules[p * t_.type_count + type];
    // Royal pieces go where no attack reaches; walked rules and jumps read more than a ray.
    if (r.royal || !r.exists || r.path_count || r.jump_count) return;
    Chains chains;
    // Adds `cell` to the cells step `step` (from 1) of chain (offset, mode) lands on; false once
    // the piece needs too many shifts.
    const auto land = [&](int offset, ir::MoveMode mode, std::size_t step, int cell) {
        if (step > MAX_STEPS) return false;
        std::vector<CellSet>& lands = chains[{offset, mode}];
        if (lands.size() < step) lands.resize(step);
        lands[step - 1].add(cell);
        return chains.size() <= MAX_SHIFTS;
    };
    const std::pair<TableRef, ir::MoveMode> leaps[] = {
        {r.leap_any, ir::MoveMode::move_or_capture},
        {r.leap_move, ir::MoveMode::move_only},
        {r.leap_capture, ir::MoveMode::capture_only}};
    for (const auto& [table, mode] : leaps)
        for (int c = 0; c < t_.cell_count; ++c)
            for (int to : at(table, c))
                if (!land(to - c, mode, 1, to)) return;
    for (std::uint32_t i = 0; i < r.slide_count; ++i) {
        const SlideRule s = t_.slides[r.slide_first + i];
        for (int c = 0; c < t_.cell_count; ++c) {
            const CellSet reach = at(s.reach, c);
            if (!reach) continue;
            // Its reach must be the first cells of its ray, each `offset` past the one before.
            const CellSet first_ray = t_.ray(s.dir, c);
            const int offset = (s.positive ? first_ray.first() : first_ray.last()) - c;
            std::size_t steps = 0;
            for (int cell = c;;) {
                const CellSet ray = t_.ray(s.dir, cell);
                if (!ray || (s.positive ? ray.first() : ray.last()) != cell + offset ||
                    !reach.has(cell + offset))
                    break;
                cell += offset;
                if (!land(offset, s.mode, ++steps, cell)) return;
            }
            if (static_cast<int>(steps) != reach.count()) return;
        }
    }
    if (chains.empty() || chains_collide(chains)) return;
    r.shifted = true;
    r.shift_first = static_cast<std::uint32_t>(t_.shifts.size());
    r.shift_count = static_cast<std::uint32_t>(chains.size());
    t_.shifted_types[p] |= 1u << type;
    for (const auto& [key, lands] : chains) {
        Shift shift;
        shift.offset = key.first;
        shift.mode = key.second;
        shift.steps = static_cast<std::uint8_t>(lands.size());
        shift.lands = new_table(static_cast<int>(lands.size()));
        for (std::size_t i = 0; i < lands.size(); ++i)
            at(shift.lands, static_cast<int>(i)) = lands[i];
        t_.shifts.push_back(shift);
    }
}

}  // namespace vari::detail
