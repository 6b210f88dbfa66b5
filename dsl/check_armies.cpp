// The checks over armies: what each fields, promotes and takes into hand, which player fields
// which, and that a player's setup uses its army's pieces.
#include <algorithm>
#include <map>

#include "dsl/checker.hpp"

namespace vari::dsl {

void Checker::check_armies() {
    std::set<std::string> names;
    model.army_promotion_choices.assign(file.armies.size(), {});
    for (std::size_t i = 0; i < file.armies.size(); ++i) check_army(i, names);
    check_army_choice();
    check_army_setups();
    check_captures();
}

// The army's known pieces, each once (a second listing is reported).
std::vector<int> Checker::army_pieces(const ast::Army& army) {
    std::vector<int> pieces;
    std::map<int, ast::Span> listed;
    for (const auto& name : army.pieces) {
        const auto index = piece(name);
        if (!index) continue;
        if (const auto [it, fresh] = listed.emplace(*index, name.span); !fresh) {
            report.error(name.span, "piece " + quote(name.text) + " is already in army " +
                                        quote(army.name.text) + ", at " +
                                        report.at(it->second, name.span));
            continue;
        }
        pieces.push_back(*index);
    }
    return pieces;
}

void Checker::check_army(std::size_t index, std::set<std::string>& names) {
    const ast::Army& army = file.armies[index];
    const std::string name = quote(army.name.text);
    if (!names.insert(army.name.text).second) {
        const auto first =
            std::find_if(file.armies.begin(), file.armies.end(),
                         [&](const ast::Army& a) { return a.name.text == army.name.text; });
        already_defined(army.name.span, "army " + name, first->name.span);
    }
    const std::vector<int> pieces = army_pieces(army);
    const auto fields = [&pieces](int piece) {
        return std::find(pieces.begin(), pieces.end(), piece) != pieces.end();
    };
    for (const auto& line : army.promotions) {
        auto& choices = model.army_promotion_choices[index].emplace_back();
        const auto promoting = piece(line.piece);
        check_promotion_form(line.rule);
        if (promoting && !fields(*promoting))
            report.error(line.piece.span,
                         "army " + name + " does not field " + quote(line.piece.text),
                         "list it among the army's pieces, after the army's name");
        if (line.to_others) {
            for (int other : pieces)
                if (!file.pieces[static_cast<std::size_t>(other)].royal && other != promoting)
                    choices.push_back(other);
            if (choices.empty() && promoting)
                report.error(line.rule.span, "'others' leaves nothing: army " + name +
                                                 " has no other piece that is not royal");
        } else {
            for (const auto& target : line.rule.pieces)
                if (const auto to = piece(target)) choices.push_back(*to);
        }
        if (promoting && !line.rule.always)  // `always` lines may alternate: no cycle check
            for (int choice : choices)
                army_promotion_edges.emplace_back(*promoting, choice, line.rule.span);
    }
}

// `armies` once, one known army per player.
void Checker::check_army_choice() {
    if (file.army_choices.empty()) return;
    for (std::size_t i = 1; i < file.army_choices.size(); ++i)
        already_defined(file.army_choices[i].span, "'armies'", file.army_choices[0].span);
    const ast::Armies& choice = file.army_choices.front();
    std::vector<std::string> known;
    std::map<std::string, int> first;
    for (std::size_t i = 0; i < file.armies.size(); ++i) {
        known.push_back(file.armies[i].name.text);
        first.emplace(file.armies[i].name.text, static_cast<int>(i));
    }
    std::vector<int> armies;
    for (const auto& name : choice.names) {
        if (const auto it = first.find(name.text); it != first.end())
            armies.push_back(it->second);
        else if (!is_broken(ast::DeclKind::army, name.text))
            unknown(name, "army", known);
    }
    const std::size_t players = model.players.size();
    if (!file.players.empty() && choice.names.size() != players) {
        std::string turn;
        for (const auto& p : model.players) turn += (turn.empty() ? "" : " ") + p;
        report.error(choice.span,
                     std::to_string(choice.names.size()) + " armies for " +
                         std::to_string(players) + " players",
                     "give one army per player, in turn order (" + turn + ")");
        return;
    }
    if (armies.size() == players) model.player_army = std::move(armies);
}

// With armies, a player sets up only the pieces its army fields.
void Checker::check_army_setups() {
    if (model.player_army.empty()) return;
    for (const auto& setup : file.setups) {
        const auto p = model.player_index.find(setup.player.text);
        if (p == model.player_index.end()) continue;
        const ast::Army& army = file.armies[static_cast<std::size_t>(model.player_army[p->second])];
        const auto check_fielded = [&](const ast::Name& piece) {
            if (model.piece_index.count(piece.text) == 0) return;
            const bool fielded =
                std::any_of(army.pieces.begin(), army.pieces.end(),
                            [&](const ast::Name& n) { return n.text == piece.text; });
            if (!fielded)
                report.error(piece.span,
                             "piece " + quote(piece.text) + " is not in army " +
                                 quote(army.name.text) + ", which " + quote(setup.player.text) +
                                 " fields",
                             "set up the army's pieces, or add it to the army at " +
                                 report.at(army.span, piece.span));
        };
        for (const auto& group : setup.groups) check_fielded(group.piece);
        for (const auto& held : setup.hand) check_fielded(held);  // in hand at the start
    }
}

// One `captures` per army a player fields; what captures become in hand needs hands.
void Checker::check_captures() {
    std::map<std::string, ast::Span> seen;
    for (const auto& captures : file.captures) {
        const std::string army = quote(captures.army.text);
        const auto declared =
            std::find_if(file.armies.begin(), file.armies.end(),
                         [&](const ast::Army& a) { return a.name.text == captures.army.text; });
        if (declared == file.armies.end()) {
            if (!is_broken(ast::DeclKind::army, captures.army.text)) {
                std::vector<std::string> known;
                for (const auto& a : file.armies) known.push_back(a.name.text);
                unknown(captures.army, "army", known);
            }
        } else if (file.army_choices.empty()) {
            report.error(captures.army.span, "no player fields army " + army,
                         "'armies' gives each player's army, one per player in turn order");
        } else if (!model.player_army.empty() &&
                   std::none_of(model.player_army.begin(), model.player_army.end(), [&](int a) {
                       return file.armies[static_cast<std::size_t>(a)].name.text ==
                              captures.army.text;
                   })) {
            report.error(captures.army.span, "no player fields army " + army,
                         "'armies' gives each player's army");
        }
        if (const auto [it, fresh] = seen.emplace(captures.army.text, captures.span); !fresh)
            report.error(captures.span, "what army " + army + " captures is already given at " +
                                            report.at(it->second, captures.span));
        std::map<int, ast::Span> mapped;
        for (const auto& mapping : captures.mappings) {
            const auto captured = piece(mapping.captured);
            piece(mapping.becomes);
            if (!captured) continue;
            if (const auto [it, fresh] = mapped.emplace(*captured, mapping.captured.span); !fresh)
                report.error(mapping.captured.span,
                             "what a captured " + quote(mapping.captured.text) +
                                 " becomes is already given at " +
                                 report.at(it->second, mapping.captured.span));
        }
        if (!captures.mappings.empty() && file.hands.empty())
            no_hands(captures.mappings.front().captured.span);
    }
}

}  // namespace vari::dsl
