// Compiling where a royal piece's safety can change: for each cell, the cells whose emptiness or
// occupation could make or break an attack on it (a slider's line, a hop's screens, a lame leap's
// legs, a curve's path, a jump's landing). A move that touches none of these around any royal
// piece of its player, when none is attacked, leaves them all as safe as they were, so the
// generator need not make it to know (keeps_royals_safe in generator.hpp). With one royal piece
// the generator works the same out from the pieces standing (walked_crossings in reach.hpp).
#include <vector>

#include "interpreter/compiler.hpp"
#include "interpreter/kinds.hpp"

namespace vari::detail {

void Compiler::compile_royal_influence() {
    if (!t_.royal_types) return;
    const int n = t_.cell_count;
    const int dir_count = static_cast<int>(t_.dirs.size());
    // [attacker * n + cell]: what an attack of that player on that cell may depend on.
    std::vector<CellSet> by(static_cast<std::size_t>(t_.player_count * n));
    for (int q = 0; q < t_.player_count; ++q) {
        CellSet* const on = &by[q * n];
        for (int d = 0; d < dir_count; ++d)
            if (t_.slider_types[q * dir_count + d])
                for (int cell = 0; cell < n; ++cell) on[cell] |= t_.ray(t_.dir_reverse[d], cell);
        for (int type = 0; type < t_.type_count; ++type) {
            const PieceRules& r = t_.rules_of(q, type);
            for (std::uint32_t i = 0; i < r.slide_count; ++i) {
                const SlideRule& s = t_.slides[r.slide_first + i];
                if (s.mode == ir::MoveMode::move_only || s.reach == s.ray) continue;  // rays above
                for (int from = 0; from < n; ++from)
                    for (int to : t_.pool[s.reach + from]) on[to] |= t_.passed(s.dir, from, to);
            }
            for (std::uint32_t i = 0; i < r.path_count; ++i) {
                const PathRule& rule = t_.paths[r.path_first + i];
                if (rule.mode != ir::MoveMode::move_only)
                    with_walked_kind(rule.kind, [&](auto room) {
                        for (int from = 0; from < n; ++from) room.influence(t_, rule, from, on);
                    });
            }
            for (std::uint32_t k = 0; k < r.jump_count; ++k)
                for (int from = 0; from < n; ++from) {
                    const JumpStep& step = t_.jump_steps[r.jump_first + k * n + from];
                    if (step.land != NO_CELL) on[step.over].add(step.land);
                }
        }
    }
    t_.royal_influence = new_table(t_.player_count * n);
    for (int p = 0; p < t_.player_count; ++p)
        for (int q = 0; q < t_.player_count; ++q)
            if (q != p)
                for (int cell = 0; cell < n; ++cell)
                    at(t_.royal_influence, p * n + cell) |= by[q * n + cell];
}

}  // namespace vari::detail
