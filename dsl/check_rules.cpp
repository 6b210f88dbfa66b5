// The checks over game-wide rules: `royals capturable`, `royals may-not-face`, `royals must-part`,
// `pass` and `captures compulsory`, and what each rules out.
#include <algorithm>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

const char* royals_word(const ast::Royals& royals) {
    return royals.must_part ? "'royals must-part'" : "'royals may-not-face'";
}

const char* passing_word(ir::Passing passing) {
    if (passing == ir::Passing::unless_in_check) return "allowed unless-in-check";
    return passing == ir::Passing::allowed ? "allowed" : "forced";
}

}  // namespace

// Without check there is no checkmate, and no drop can give one.
void Checker::check_royals_capturable() {
    std::vector<const ast::Royals*> given;
    for (const auto& royals : file.royals)
        if (royals.capturable) given.push_back(&royals);
    for (std::size_t i = 1; i < given.size(); ++i)
        already_defined(given[i]->span, "'royals capturable'", given[0]->span);
    if (given.empty()) return;
    const ast::Span first = given[0]->span;
    const auto declared = [this, first](ast::Span here) {
        return "'royals capturable' at " + report.at(first, here);
    };
    for (const auto& end : file.ends)
        if (end.kind == ir::EndKind::checkmate)
            report.error(end.span,
                         "there is no check when royal pieces may be captured (" +
                             declared(end.span) + "), so 'end checkmate' never applies",
                         "remove 'end checkmate', or 'royals capturable' to play with check");
    for (const auto& piece : file.pieces)
        for (const auto& drop : piece.drops)
            for (const auto& option : drop.options)
                if (option.kind == ast::DropOption::Kind::no_mate)
                    report.error(option.span,
                                 "'no-mate' forbids a drop that gives checkmate, but there is no "
                                 "check when royal pieces may be captured (" +
                                     declared(option.span) + "), so there is no mate");
}

// Each given once, along directions of the board, in a game with royal pieces; `may-not-face`
// in a game with check, and not with `must-part`, which lets royal pieces face.
void Checker::check_royal_facing() {
    const ast::Royals* first[2] = {nullptr, nullptr};  // may-not-face, must-part
    const ast::Royals* capturable = nullptr;
    for (const auto& royals : file.royals) {
        if (royals.capturable) capturable = &royals;
        if (royals.facing.empty()) continue;
        const ast::Royals*& seen = first[royals.must_part];
        if (seen) {
            already_defined(royals.span, royals_word(royals), seen->span);
            continue;
        }
        seen = &royals;
        for (const auto& item : royals.facing) check_direction_item(item);
    }
    if (first[0] && first[1])
        report.error(first[1]->span,
                     "'royals must-part' lets royal pieces face each other, which 'royals "
                     "may-not-face' at " +
                         report.at(first[0]->span, first[1]->span) + " forbids",
                     "keep one of the two");
    if (first[0] && capturable)
        report.error(first[0]->span,
                     "royal pieces that may be captured are never in check ('royals capturable' "
                     "at " +
                         report.at(capturable->span, first[0]->span) +
                         "), so 'royals may-not-face' rules nothing out",
                     "remove one of the two");
    // Facing, a player may pass in check: only the end by facing keeps its royal piece uncaptured.
    const bool passes_in_check =
        !file.passes.empty() && file.passes[0].passing == ir::Passing::unless_in_check;
    const bool facing_ends = std::any_of(file.ends.begin(), file.ends.end(), [](const ast::End& e) {
        return e.kind == ir::EndKind::facing;
    });
    if (first[1] && passes_in_check && !facing_ends)
        report.error(first[1]->span,
                     "with 'pass allowed unless-in-check' a player whose royal piece faces another "
                     "may pass in check, and only 'end facing' ends the game there",
                     "add 'end facing draw' (or win or loss)");
    const bool royal = std::any_of(file.pieces.begin(), file.pieces.end(),
                                   [](const ast::Piece& p) { return p.royal; });
    for (const ast::Royals* given : first)
        if (given && !royal && !any_broken(ast::DeclKind::piece))
            report.error(
                given->span,
                std::string(royals_word(*given)) + " needs a royal piece, and no piece is royal",
                "mark the piece that must not be left attacked 'royal'");
}

// `end facing`: royal pieces that stay facing, which only `royals must-part` lets face.
void Checker::check_facing_end(const ast::End& end) {
    const bool parted = std::any_of(file.royals.begin(), file.royals.end(),
                                    [](const ast::Royals& r) { return r.must_part; });
    if (!parted && !any_broken(ast::DeclKind::royals))
        report.error(end.span,
                     "'end facing' needs royal pieces that may face each other, and this game has "
                     "no 'royals must-part'",
                     "add 'royals must-part' and the directions along which they face, such as "
                     "'n s'");
}

// A player who passes always has a move, so neither checkmate nor stalemate can end the game.
void Checker::check_passing() {
    for (std::size_t i = 1; i < file.passes.size(); ++i)
        already_defined(file.passes[i].span, "'pass'", file.passes[0].span);
    if (file.passes.empty()) return;
    const ast::Pass& pass = file.passes[0];
    const std::string word = std::string("'pass ") + passing_word(pass.passing) + "' at ";
    for (const auto& end : file.ends) {
        if (end.kind != ir::EndKind::checkmate && end.kind != ir::EndKind::stalemate) continue;
        // Out of check a player may pass: only checkmate can leave it without a move.
        if (pass.passing == ir::Passing::unless_in_check && end.kind == ir::EndKind::checkmate)
            continue;
        const std::string ended =
            end.kind == ir::EndKind::checkmate ? "'end checkmate'" : "'end stalemate'";
        const std::string declared = word + report.at(pass.span, end.span);
        const std::string why =
            pass.passing == ir::Passing::forced
                ? "a player without a legal move passes (" + declared + ")"
            : pass.passing == ir::Passing::unless_in_check
                ? "a player who is not in check may always pass (" + declared + ")"
                : "a player may always pass (" + declared +
                      "): no player is ever without a legal move";
        report.error(end.span, why + ", so " + ended + " never applies");
    }
}

// `end passes N`: N passes in a row, so a game where players pass, and at least one.
void Checker::check_passes_end(const ast::End& end) {
    if (end.count.value < 1)
        report.error(end.count.span, "a number of passes must be at least 1, found " +
                                         std::to_string(end.count.value));
    if (file.passes.empty() && !any_broken(ast::DeclKind::pass))
        report.error(end.span,
                     "'end passes' needs players who may pass, and this game has no 'pass'",
                     "add 'pass allowed' (or 'pass allowed unless-in-check', or 'pass forced')");
}

// Given once. It needs no piece that captures: a game whose pieces cannot capture simply never
// has a capture to force.
void Checker::check_compulsory_captures() {
    const auto& rules = file.compulsory_captures;
    for (std::size_t i = 1; i < rules.size(); ++i)
        already_defined(rules[i].span, "'captures compulsory'", rules[0].span);
}

}  // namespace vari::dsl
