// The checks over captured pieces: hands, what a captor gets, drops and drop-first.
#include <algorithm>
#include <map>
#include <set>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

using Option = ast::DropOption::Kind;

// ORDER DropOption::Kind
constexpr const char* option_words[] = {"not-in",          "where-movable", "not-on-file-with",
                                        "not-defended-by", "no-check",      "no-mate",
                                        "promoted",        "gating",        "colour-balanced"};

const char* word(Option kind) { return option_words[static_cast<int>(kind)]; }

std::string at(ast::Span span) { return at_text(span.line, span.column); }

}  // namespace

// Pieces reach hands: by captures (`hands`) or from a setup's `hand`.
bool Checker::has_hands() const {
    return !file.hands.empty() || std::any_of(file.setups.begin(), file.setups.end(),
                                              [](const ast::Setup& s) { return !s.hand.empty(); });
}

bool Checker::in_setup_hand(const ast::Piece& piece) const {
    for (const auto& setup : file.setups)
        for (const auto& name : setup.hand)
            if (name.text == piece.name.text) return true;
    return false;
}

// Reported once, at the first rule that needs a hand: one missing line is one error.
void Checker::no_hands(ast::Span span) {
    if (reported_no_hands) return;
    reported_no_hands = true;
    report.error(span, "this game has no hands: add 'hands' so captured pieces can be dropped",
                 "'captured-as', 'drop' and 'drop-first' are about pieces in hand");
}

// A piece from an included file serves games with hands and without: there, its drop rules and
// what its captor gets are simply unused.
bool Checker::from_library(ast::Span span) { return span.file != 0; }

// Each option once; zones and pieces named must exist.
void Checker::check_drop(const ast::Drop& drop) {
    std::map<Option, ast::Span> seen;
    for (const auto& option : drop.options) {
        if (const auto [it, fresh] = seen.emplace(option.kind, option.span); !fresh) {
            report.error(option.span,
                         quote(word(option.kind)) + " is already given at " + at(it->second));
            continue;
        }
        if (option.kind == Option::colour_balanced && has_geometry &&
            geometry != ir::Geometry::square)
            report.error(option.span,
                         "'colour-balanced' splits pieces between the two colours of a square "
                         "board, and this board is hexagonal");
        for (const auto& name : option.names) {
            if (option.kind == Option::not_in || option.kind == Option::gating)
                zone(name);
            else
                piece(name);
        }
    }
}

// The piece's one `captured-as`/`captured-removed` and one `drop`; later ones are reported. Returns
// false when what its captor gets is not known (an unknown piece).
bool Checker::check_piece_hand(const ast::Piece& piece, bool hands) {
    const std::string name = quote(piece.name.text);
    bool known = true;
    for (std::size_t i = 0; i < piece.fates.size(); ++i) {
        const auto& fate = piece.fates[i];
        if (i > 0) {
            report.error(fate.span, "piece " + name + " already says what its captor gets, at " +
                                        at(piece.fates[0].span));
            continue;
        }
        if (!fate.removed && !this->piece(fate.piece)) known = false;
        if (!fate.removed && !hands && !from_library(fate.span)) no_hands(fate.span);
    }
    for (std::size_t i = 0; i < piece.drops.size(); ++i) {
        const auto& drop = piece.drops[i];
        // A piece both dropped and gated (S-house) has one drop of each kind.
        if (i > 1 || (i == 1 && gating_only(drop) == gating_only(piece.drops[0]))) {
            report.error(
                drop.span,
                "'drop' is already given for piece " + name + " at " + at(piece.drops[0].span),
                "give all its drop rules after one 'drop' (a piece that is also gated has one "
                "more, 'drop gating ZONE')");
            continue;
        }
        // Gating needs no captured pieces: the setup's `hand` fills the hands.
        // Without `hands` only a setup's `hand` fills a hand: captured pieces leave the game.
        if (!hands && !from_library(drop.span) && !gating_only(drop) && !in_setup_hand(piece)) {
            if (has_hands())
                report.error(drop.span,
                             "piece " + name +
                                 " may be dropped, but no hand ever holds one: this game has no "
                                 "'hands' (captured pieces leave it) and no setup puts it in hand",
                             "add it to a setup's 'hand', or add 'hands' so captured pieces can "
                             "be dropped");
            else
                no_hands(drop.span);
        }
        check_drop(drop);
    }
    return known;
}

// `hands` once; what each piece's captor gets; its drop rules; `drop-first`; then the flow.
void Checker::check_hands() {
    const bool hands = !file.hands.empty();
    for (std::size_t i = 1; i < file.hands.size(); ++i)
        already_defined(file.hands[i].span, "'hands'", file.hands[0].span);
    // Which type a captor gets for each piece (first definitions only), or -1.
    std::map<int, int> gets;
    bool known = !any_broken(ast::DeclKind::piece);
    for (std::size_t i = 0; i < file.pieces.size(); ++i) {
        const auto& piece = file.pieces[i];
        if (!check_piece_hand(piece, hands)) known = false;
        const auto self = model.piece_index.find(piece.name.text);
        if (self == model.piece_index.end() || self->second != static_cast<int>(i)) continue;
        int target = self->second;
        if (!piece.fates.empty()) {
            const auto& fate = piece.fates[0];
            const auto named = model.piece_index.find(fate.piece.text);
            target = fate.removed || named == model.piece_index.end() ? -1 : named->second;
        }
        gets.emplace(self->second, target);
    }
    check_drop_first(hands);
    if (hands && known && !gets.empty()) check_hand_flow(gets);
}

// Pieces must flow into hands (`gets`: piece -> the type its captor gets, or -1; or a setup puts
// them there) and out of them.
void Checker::check_hand_flow(const std::map<int, int>& gets) {
    const ast::Span hands_span = file.hands[0].span;
    std::set<int> reached;
    for (const auto& g : gets) reached.insert(g.second);
    for (const auto& setup : file.setups)  // held from the start
        for (const auto& name : setup.hand)
            if (const auto it = model.piece_index.find(name.text); it != model.piece_index.end())
                reached.insert(it->second);
    if (reached == std::set<int>{-1} || reached.empty()) {
        report.error(hands_span,
                     "'hands' is given, but every piece is 'captured-removed': no captured piece "
                     "ever reaches a hand");
        return;
    }
    if (std::none_of(file.pieces.begin(), file.pieces.end(),
                     [](const ast::Piece& p) { return !p.drops.empty(); })) {
        report.error(hands_span, "'hands' is given, but no piece may be dropped from a hand",
                     "add 'drop' to the pieces that may be, as in 'piece Pawn P { step n  drop }'");
        return;
    }
    for (const auto& [index, target] : gets) {
        const auto& piece = file.pieces[static_cast<std::size_t>(index)];
        if (piece.drops.empty() || reached.count(index) != 0) continue;
        const std::string name = quote(piece.name.text);
        report.error(
            piece.drops[0].span,
            "piece " + name + " can never be dropped: no captured piece goes to a hand as " + name,
            target < 0 ? name + " is 'captured-removed'"
                       : "a captured " + name + " goes to the hand as " +
                             quote(file.pieces[static_cast<std::size_t>(target)].name.text));
    }
}

// `drop-first` once, in a game with hands, naming pieces that may be dropped.
void Checker::check_drop_first(bool hands) {
    for (std::size_t i = 0; i < file.drop_firsts.size(); ++i) {
        const auto& first = file.drop_firsts[i];
        if (i > 0) {
            already_defined(first.span, "'drop-first'", file.drop_firsts[0].span);
            continue;
        }
        if (!hands && !has_hands()) no_hands(first.span);
        for (const auto& name : first.pieces) {
            const auto index = piece(name);
            if (index && file.pieces[static_cast<std::size_t>(*index)].drops.empty())
                report.error(
                    name.span,
                    "'drop-first' names " + quote(name.text) + ", which may not be dropped",
                    "give " + quote(name.text) + " a 'drop' rule");
        }
    }
}

}  // namespace vari::dsl
