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
    check_in_place_promotion(promotion);
}

// A `lost-only` choice must be a type some setup places (else it could never be lost), and a
// piece may not list one type both `lost-only` and not (which line would hold?). A piece with
// `drop promoted` must promote to something (by its own lines or an army's).
void Checker::check_promotion_forms() {
    std::set<std::string> placed;
    for (const auto& setup : file.setups) {
        for (const auto& group : setup.groups) placed.insert(group.piece.text);
        for (const auto& held : setup.hand) placed.insert(held.text);
    }
    const auto never_placed = [&](const ast::Name& name) {
        report.error(name.span,
                     "no setup places a " + quote(name.text) +
                         ", so a side could never have lost one: this 'lost-only' promotion "
                         "could never happen",
                     "'lost-only' opens a type to a side that has fewer of it on the board than "
                     "its setup places");
    };
    for (const auto& army : file.armies)
        for (const auto& line : army.promotions)
            for (const auto& name : line.rule.pieces)
                if (line.rule.lost_only && model.piece_index.contains(name.text) &&
                    !placed.contains(name.text))
                    never_placed(name);
    for (const auto& piece : file.pieces) {
        std::set<std::string> plain;  // the types it may become without 'lost-only'
        for (const auto& promotion : piece.promotions)
            if (!promotion.lost_only)
                for (const auto& name : promotion.pieces) plain.insert(name.text);
        for (const auto& promotion : piece.promotions) {
            for (const auto& name : promotion.pieces) {
                if (!model.piece_index.contains(name.text)) continue;  // reported already
                if (promotion.lost_only && !placed.contains(name.text)) never_placed(name);
                if (promotion.lost_only && plain.contains(name.text))
                    report.error(name.span,
                                 quote(piece.name.text) + " promotes to " + quote(name.text) +
                                     " both 'lost-only' and not",
                                 "list the type in one kind of line only");
            }
        }
        bool promotes = !piece.promotions.empty();
        for (const auto& army : file.armies)
            for (const auto& line : army.promotions)
                promotes = promotes || line.piece.text == piece.name.text;
        for (const auto& drop : piece.drops)
            for (const auto& option : drop.options)
                if (option.kind == ast::DropOption::Kind::promoted && !promotes)
                    report.error(option.span,
                                 "'drop promoted' lets a piece go down as what it promotes to, "
                                 "but " +
                                     quote(piece.name.text) + " promotes to nothing",
                                 "give it a 'promote' line, or drop 'promoted'");
    }
}

}  // namespace vari::dsl
