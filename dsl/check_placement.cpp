// The checks over a placement phase: castling rights gained by drops, `drops compulsory`, and the
// promotion that is a move of its own (`in-place`, with `last-anywhere` and `no-attack`).
#include "dsl/checker.hpp"

namespace vari::dsl {

// A right gained by drops needs hands to drop from.
void Checker::check_castlings_by_drop() {
    for (const auto& c : file.castlings)
        if (c.by_drop && !has_hands()) no_hands(c.span);
}

// Given once, in a game with hands.
void Checker::check_compulsory_drops() {
    const auto& rules = file.compulsory_drops;
    for (std::size_t i = 1; i < rules.size(); ++i)
        already_defined(rules[i].span, "'drops compulsory'", rules[0].span);
    if (!rules.empty() && !has_hands()) no_hands(rules[0].span);
}

// `in-place` promotes a piece standing in a zone, as a move of its own: not `always`, not
// `touching` (it does not move into or out of the zone), never compulsory; `last-anywhere` and
// `no-attack` say more about such a promotion only.
void Checker::check_in_place_promotion(const ast::Promotion& promotion) {
    if (!promotion.in_place) {
        if (promotion.last_anywhere)
            report.error(promotion.last_anywhere_span,
                         "'last-anywhere' is about an 'in-place' promotion, and this one is not",
                         "write 'promote in-place in ZONE to PIECE ... last-anywhere'");
        if (promotion.no_attack)
            report.error(promotion.no_attack_span,
                         "'no-attack' is about an 'in-place' promotion, and this one is not",
                         "write 'promote in-place in ZONE to PIECE ... no-attack'");
        return;
    }
    if (promotion.always)
        report.error(promotion.in_place_span,
                     "an 'in-place' promotion is made by a piece standing in a zone: it needs "
                     "'in ZONE', not 'always'");
    if (promotion.touching)
        report.error(
            promotion.in_place_span,
            "'touching' means nothing with 'in-place': the piece promotes where it stands");
    if (promotion.optional)
        report.error(promotion.in_place_span,
                     "an 'in-place' promotion is a move of its own, never compulsory: 'optional' "
                     "says nothing",
                     "drop 'optional'");
}

}  // namespace vari::dsl
