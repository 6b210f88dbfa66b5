// The checks over the goals a game may set besides mate: a royal piece reaching a zone, a number
// of checks given, and the rule that no move may give check.
#include <algorithm>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

bool Checker::has_royal_piece() const {
    return std::any_of(file.pieces.begin(), file.pieces.end(),
                       [](const ast::Piece& p) { return p.royal; }) ||
           any_broken(ast::DeclKind::piece);
}

void Checker::check_goal_end(const ast::End& end) {
    const bool reaches = end.kind == ir::EndKind::royal_reaches;
    const bool by_pieces = !end.reach_pieces.empty();  // piece-reaches: no royal piece needed
    const std::string word = reaches ? "'end royal-reaches'" : "'end checks'";
    if (reaches) zone(end.zone);
    for (const auto& name : end.reach_pieces) piece(name);
    if (!reaches && end.count.value < 1)
        report.error(end.count.span, "a number of checks must be at least 1, found " +
                                         std::to_string(end.count.value));
    if (end.answer && model.players.size() != 2)
        report.error(end.answer_span,
                     "'answer' gives the second player one move to reach its zone too, so it "
                     "needs a game of two players, not " +
                         std::to_string(model.players.size()));
    if (!by_pieces && !has_royal_piece())
        report.error(end.span, word + " is judged on royal pieces, but no piece is royal",
                     "mark a piece 'royal' (as in 'piece NAME X royal { ... }')");
}

// A rule against giving check needs check: royal pieces that may not be captured.
void Checker::check_checks_forbidden() {
    for (std::size_t i = 1; i < file.checks.size(); ++i)
        already_defined(file.checks[i].span, "'checks forbidden'", file.checks[0].span);
    if (file.checks.empty()) return;
    const ast::Span declared = file.checks[0].span;
    if (!file.royals.empty())
        report.error(declared,
                     "there is no check when royal pieces may be captured ('royals capturable' "
                     "at " +
                         report.at(file.royals[0].span, declared) +
                         "), so 'checks forbidden' forbids nothing");
    else if (!has_royal_piece())
        report.error(declared,
                     "'checks forbidden' is judged on royal pieces, but no piece is royal",
                     "mark a piece 'royal' (as in 'piece NAME X royal { ... }')");
    for (const auto& end : file.ends)
        if (end.kind == ir::EndKind::checks)
            report.error(end.span, "no move may give check ('checks forbidden' at " +
                                       report.at(declared, end.span) +
                                       "), so 'end checks' never applies");
}

}  // namespace vari::dsl
