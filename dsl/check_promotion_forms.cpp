// The checks over the promotion forms beyond a zone's: `always` (on every move), `lost-only`
// (only to a type its side has lost) and `drop promoted` (dropped as what it promotes to).
#include <set>

#include "dsl/checker.hpp"

namespace vari::dsl {

// `touching` adds a zone's start cells to its end cells: with `always` there is no zone.
void Checker::check_promotion_form(const ast::Promotion& promotion) {
    if (promotion.always && promotion.touching)
        report.error(promotion.always_span,
                     "'touching' means nothing with 'always': an 'always' promotion happens on "
                     "every move, wherever it starts",
                     "drop 'touching', or give a zone: 'promote touching in ZONE to PIECE ...'");
    if (!promotion.always) zone(promotion.zone);
}

// A `lost-only` choice must be a type some setup places (else it could never be lost), and a
// piece may not list one type both `lost-only` and not (which line would hold?). A piece with
// `drop promoted` must promote to something.
void Checker::check_promotion_forms() {
    std::set<std::string> placed;
    for (const auto& setup : file.setups)
        for (const auto& group : setup.groups) placed.insert(group.piece.text);
    for (const auto& piece : file.pieces) {
        std::set<std::string> lost_only, plain;
        for (const auto& promotion : piece.promotions)
            for (const auto& name : promotion.pieces)
                (promotion.lost_only ? lost_only : plain).insert(name.text);
        for (const auto& promotion : piece.promotions) {
            for (const auto& name : promotion.pieces) {
                if (!model.piece_index.contains(name.text)) continue;  // reported already
                if (promotion.lost_only && !placed.contains(name.text))
                    report.error(name.span,
                                 "no setup places a " + quote(name.text) +
                                     ", so a side could never have lost one: this 'lost-only' "
                                     "promotion could never happen",
                                 "'lost-only' opens a type to a side that has fewer of it on the "
                                 "board than its setup places");
                if (promotion.lost_only && plain.contains(name.text))
                    report.error(name.span,
                                 quote(piece.name.text) + " promotes to " + quote(name.text) +
                                     " both 'lost-only' and not",
                                 "list the type in one kind of line only");
            }
        }
        for (const auto& drop : piece.drops)
            for (const auto& option : drop.options)
                if (option.kind == ast::DropOption::Kind::promoted && piece.promotions.empty())
                    report.error(option.span,
                                 "'drop promoted' lets a piece go down as what it promotes to, "
                                 "but " + quote(piece.name.text) + " promotes to nothing",
                                 "give it a 'promote' line, or drop 'promoted'");
    }
}

}  // namespace vari::dsl
