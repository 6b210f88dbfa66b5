// Moves write a piece by its letter, after '+' for a plus piece but without a tilde piece's '~'
// (e7-e8=Q for a promotion to Q~, Q*e4): the pieces that one move could name must differ there.
#include <map>

#include "dsl/checker.hpp"

namespace vari::dsl {
namespace {

// A piece as moves write it: "Q" for both Q and Q~.
std::string move_letter(const ast::Piece& piece) {
    return (piece.plus ? "+" : "") + std::string(1, piece.letter);
}

// A piece as the rule file writes it, for messages: "'PromotedQueen' (Q~)".
std::string named(const ast::Piece& piece) {
    return quote(piece.name.text) + " (" + move_letter(piece) + (piece.tilde ? "~" : "") + ")";
}

}  // namespace

// Of `pieces` (a piece index and where it is named), the second written alike with an earlier
// one gets `message(first, second)` and `hint`.
template <typename Message>
void Checker::check_written_apart(const std::vector<std::pair<int, ast::Span>>& pieces,
                                  const Message& message, const std::string& hint) {
    std::map<std::string, int> first;
    for (const auto& [index, span] : pieces) {
        const ast::Piece& piece = file.pieces[static_cast<std::size_t>(index)];
        const auto [it, fresh] = first.emplace(move_letter(piece), index);
        if (!fresh && it->second != index)
            report.error(span, message(file.pieces[static_cast<std::size_t>(it->second)], piece),
                         hint);
    }
}

// A piece's promotions (its own, and each army's for it) and the pieces that may be dropped.
void Checker::check_move_letters() {
    const std::string hint = "moves write a piece by its letter without '~'";
    std::map<std::pair<std::size_t, int>, std::vector<std::pair<int, ast::Span>>> choices;
    for (std::size_t i = 0; i < file.pieces.size(); ++i) {
        const auto self = model.piece_index.find(file.pieces[i].name.text);
        if (self == model.piece_index.end() || self->second != static_cast<int>(i)) continue;
        auto& own = choices[{file.armies.size(), self->second}];
        for (const auto& promotion : file.pieces[i].promotions)
            for (const auto& name : promotion.pieces)
                if (const auto it = model.piece_index.find(name.text);
                    it != model.piece_index.end())
                    own.emplace_back(it->second, name.span);
    }
    for (std::size_t a = 0; a < file.armies.size(); ++a)
        for (std::size_t line = 0; line < file.armies[a].promotions.size(); ++line) {
            const ast::ArmyPromotion& promotion = file.armies[a].promotions[line];
            const auto promoting = model.piece_index.find(promotion.piece.text);
            if (promoting == model.piece_index.end() ||
                line >= model.army_promotion_choices[a].size())
                continue;
            auto& listed = choices[{a, promoting->second}];
            for (const int choice : model.army_promotion_choices[a][line])
                listed.emplace_back(choice, promotion.rule.span);
        }
    for (const auto& [key, listed] : choices) {
        const std::string& promoting = file.pieces[static_cast<std::size_t>(key.second)].name.text;
        check_written_apart(
            listed,
            [&](const ast::Piece& first, const ast::Piece& second) {
                return quote(promoting) + " may promote to " + named(first) + " and to " +
                       named(second) + ", which a move writes alike, as '=" + move_letter(first) +
                       "'";
            },
            hint);
    }
    if (file.hands.empty()) return;
    std::vector<std::pair<int, ast::Span>> droppable;
    for (std::size_t i = 0; i < file.pieces.size(); ++i) {
        const auto self = model.piece_index.find(file.pieces[i].name.text);
        if (self != model.piece_index.end() && self->second == static_cast<int>(i) &&
            !file.pieces[i].drops.empty())
            droppable.emplace_back(self->second, file.pieces[i].drops[0].span);
    }
    check_written_apart(
        droppable,
        [](const ast::Piece& first, const ast::Piece& second) {
            return named(first) + " and " + named(second) +
                   " may both be dropped, and a drop writes both as '" + move_letter(first) + "*'";
        },
        hint);
}

}  // namespace vari::dsl
