// The checks over whole declarations: required ones, players, board, orientations, ends, royals.
// Name lookups shared by every check live here too.
#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"
#include "interpreter/interpreter.hpp"

namespace vari::dsl {

namespace {

constexpr int max_players = MAX_PLAYERS;
constexpr ast::Span file_start{1, 1};

// The keyword of a declaration kind ("" for none).
std::string kind_word(ast::DeclKind kind) {
    const auto k = static_cast<std::size_t>(kind);
    return k == 0 ? "" : std::string(declaration_words[k - 1]);
}

// The word of each end kind, the first VARI_END_KEYWORDS gives it (a `piece-reaches` is a
// royal-reaches of named pieces): every kind must have one.
constexpr std::array<std::string_view, ir::END_KIND_COUNT> end_kind_words() {
    std::array<std::string_view, ir::END_KIND_COUNT> words{};
#define VARI_END_WORD_OF(word, kind)                                \
    if (words[static_cast<std::size_t>(ir::EndKind::kind)].empty()) \
        words[static_cast<std::size_t>(ir::EndKind::kind)] = keyword_text(Keyword::word);
    VARI_END_KEYWORDS(VARI_END_WORD_OF)
#undef VARI_END_WORD_OF
    return words;
}
constexpr auto END_KIND_WORDS = end_kind_words();
static_assert(std::none_of(END_KIND_WORDS.begin(), END_KIND_WORDS.end(),
                           [](std::string_view w) { return w.empty(); }),
              "an end kind has no word in VARI_END_KEYWORDS (dsl/keywords.hpp)");

std::string_view end_word(ir::EndKind kind) {
    return END_KIND_WORDS[static_cast<std::size_t>(kind)];
}

template <typename Map>
std::optional<int> find(const Map& map, const std::string& key) {
    const auto it = map.find(key);
    return it == map.end() ? std::nullopt : std::optional<int>(it->second);
}

}  // namespace

// ---- Lookups ------------------------------------------------------------------------------------

bool Checker::is_broken(ast::DeclKind kind, const std::string& name) const {
    return std::any_of(file.broken.begin(), file.broken.end(), [&](const ast::Broken& b) {
        return b.kind == kind && (b.name.empty() || b.name == name);
    });
}

bool Checker::any_broken(ast::DeclKind kind) const {
    return std::any_of(file.broken.begin(), file.broken.end(),
                       [kind](const ast::Broken& b) { return b.kind == kind; });
}

void Checker::unknown(const ast::Name& name, const std::string& what,
                      const std::vector<std::string>& known) {
    report.error(name.span, "unknown " + what + " " + quote(name.text),
                 did_you_mean(name.text, known));
}

void Checker::already_defined(ast::Span at, const std::string& what, ast::Span first) {
    report.error(at, what + " is already defined at " + report.at(first, at));
}

std::optional<int> Checker::player(const ast::Name& name) {
    if (const auto index = find(model.player_index, name.text)) return index;
    if (!file.players.empty() && !is_broken(ast::DeclKind::players, ""))
        unknown(name, "player", model.players);
    return std::nullopt;
}

std::optional<int> Checker::piece(const ast::Name& name) {
    if (const auto index = find(model.piece_index, name.text)) return index;
    if (!is_broken(ast::DeclKind::piece, name.text)) unknown(name, "piece", piece_names);
    return std::nullopt;
}

std::optional<int> Checker::zone(const ast::Name& name) {
    if (const auto index = find(model.zone_index, name.text)) return index;
    if (!is_broken(ast::DeclKind::zone, name.text)) unknown(name, "zone", model.zone_names);
    return std::nullopt;
}

std::optional<int> Checker::cell(const ast::Name& name) {
    if (!has_board) return std::nullopt;  // the board's own error says enough
    if (const auto index = find(model.board.index, name.text)) return index;
    report.error(name.span, "cell " + quote(name.text) + " is not on the board",
                 cell_hint(name.text));
    return std::nullopt;
}

// A rank label as messages show it: numbers bare ("rank 8"), letters quoted ("rank 'a'").
std::string Checker::shown_rank(const std::string& label) {
    return !label.empty() && std::isdigit(static_cast<unsigned char>(label[0])) ? label
                                                                                : quote(label);
}

// The labels of the cells `in` picks, at the lowest and highest coordinate along the line (x for
// files, y for ranks): "'a' to 'h'", "1 to 8", "'k' to 'a'". Empty when none is picked.
template <typename Pick>
std::string Checker::label_span(bool ranks, const Pick& in) const {
    const auto& layout = model.board;
    const auto& labels = ranks ? layout.rank_label : layout.file_label;
    const std::size_t none = labels.size();
    std::size_t low = none, high = none;
    const auto along = [&](std::size_t i) {
        const ir::Vec c = layout.board.cells[i].coord;
        return ranks ? c.y : c.x;
    };
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (!in(i)) continue;
        if (low == none || along(i) < along(low)) low = i;
        if (high == none || along(i) > along(high)) high = i;
    }
    if (low == none) return {};
    const auto shown = [&](std::size_t i) {
        return ranks ? shown_rank(labels[i]) : quote(labels[i]);
    };
    return shown(low) + " to " + shown(high);
}

std::string Checker::label_range(bool ranks) const {
    return std::string("the ") + (ranks ? "ranks" : "files") + " run from " +
           label_span(ranks, [](std::size_t) { return true; });
}

// Near names are rarely what was meant for a cell ("e9" is not a typo of "e8"), so the hint says
// what the board holds instead, unless the name differs from a cell's only in case.
std::string Checker::cell_hint(const std::string& name) const {
    const auto same_but_case = [&name](const std::string& known) {
        return known.size() == name.size() &&
               std::equal(known.begin(), known.end(), name.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) ==
                          std::tolower(static_cast<unsigned char>(b));
               });
    };
    if (const auto it = std::find_if(cell_names.begin(), cell_names.end(), same_but_case);
        it != cell_names.end())
        return "did you mean " + quote(*it) + "?";
    const auto& layout = model.board;
    if (!layout.named_by_file_and_rank || layout.board.cells.empty())
        return did_you_mean(name, cell_names);
    // A generated name is its file label then its rank label: split where letters meet digits.
    const auto is_digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    std::size_t split = 0;
    while (split < name.size() && is_digit(name[split]) == is_digit(name[0])) ++split;
    if (split == 0 || split == name.size()) return {};
    const std::string file = name.substr(0, split), rank = name.substr(split);
    // Pointy boards without labels letter the cells of each rank; the others give each file its
    // ranks.
    if (geometry == ir::Geometry::hex_pointy && !layout.labelled) {
        const std::string cells =
            label_span(false, [&](std::size_t i) { return layout.rank_label[i] == rank; });
        return cells.empty() ? label_range(true)
                             : "rank " + shown_rank(rank) + " holds cells " + cells;
    }
    const std::string ranks =
        label_span(true, [&](std::size_t i) { return layout.file_label[i] == file; });
    return ranks.empty() ? label_range(false) : "file " + quote(file) + " holds ranks " + ranks;
}

// ---- Declarations -------------------------------------------------------------------------------

// game, players and board are required, once each.
void Checker::check_declarations() {
    const bool nothing =
        file.games.empty() && file.players.empty() && file.orients.empty() && file.boards.empty() &&
        file.directions.empty() && file.zones.empty() && file.pieces.empty() &&
        file.hands.empty() && file.drop_firsts.empty() && file.castlings.empty() &&
        file.setups.empty() && file.ends.empty() && file.royals.empty() && file.passes.empty() &&
        file.hooks.empty() && file.armies.empty() && file.army_choices.empty() &&
        file.captures.empty() && file.compulsory_captures.empty() && file.includes.empty() &&
        file.jumps.empty() && file.compulsory_drops.empty() && file.broken.empty();
    if (nothing) {
        report.error(
            file_start,
            "the file holds no declarations; a game needs at least 'game', 'players' and 'board'");
        return;
    }
    const auto once = [this](const auto& nodes, ast::DeclKind kind, const std::string& example) {
        const std::string word = kind_word(kind);
        if (nodes.empty() && !is_broken(kind, ""))
            report.error(file_start,
                         "missing '" + word + "' declaration, such as '" + example + "'");
        for (std::size_t i = 1; i < nodes.size(); ++i)
            already_defined(nodes[i].span, quote(word), nodes[0].span);
    };
    once(file.games, ast::DeclKind::game, "game \"My Variant\"");
    if (!file.games.empty() && file.games.front().title.empty())
        report.error(file.games.front().span, "the game needs a name between the quotes");
    once(file.players, ast::DeclKind::players, "players White Black");
    once(file.boards, ast::DeclKind::board, "board square { files a..h ranks 1..8 }");
}

void Checker::check_players() {
    if (file.players.empty()) return;
    const auto& names = file.players.front().names;
    std::map<std::string, ast::Span> seen;
    for (const auto& name : names) {
        if (const auto [it, fresh] = seen.emplace(name.text, name.span); !fresh) {
            already_defined(name.span, "player " + quote(name.text), it->second);
            continue;
        }
        model.player_index.emplace(name.text, static_cast<int>(model.players.size()));
        model.players.push_back(name.text);
    }
    if (names.size() > max_players)
        report.error(
            names[max_players].span,
            std::to_string(names.size()) + " players; the limit is " + std::to_string(max_players));
    model.orientation.assign(model.players.size(), Transform{});
}

void Checker::check_board() {
    if (file.boards.empty()) return;
    const auto& board = file.boards.front();
    has_geometry = true;
    geometry = board.geometry;
    has_board = dsl::check_board(board, report);
    if (!has_board) return;
    model.board = build_board(board);
    for (const auto& c : model.board.board.cells) cell_names.push_back(c.name);
}

// Angles are multiples of the lattice's turn; the first player is the reference and is not turned.
void Checker::check_orientations() {
    std::map<int, ast::Span> seen;
    for (const auto& orient : file.orients) {
        const auto p = player(orient.player);
        if (!p) continue;
        if (const auto [it, fresh] = seen.emplace(*p, orient.span); !fresh) {
            already_defined(orient.span, "the orientation of " + quote(orient.player.text),
                            it->second);
            continue;
        }
        if (!has_geometry) continue;
        const int step = rotation_step(geometry);
        const int degrees = orient.degrees.value;
        if (degrees % step != 0) {
            report.error(orient.degrees.span, "rotate " + std::to_string(degrees) +
                                                  " is not a multiple of " + std::to_string(step) +
                                                  (geometry == ir::Geometry::square
                                                       ? " (a square board turns in quarter turns)"
                                                       : " (a hex board turns in sixths)"));
            continue;
        }
        const int turns = ((degrees % 360 + 360) % 360) / step;
        if (*p == 0 && (turns != 0 || orient.mirror)) {
            report.error(orient.span,
                         "the first player's view is the reference: every other view is given "
                         "relative to it, so " +
                             quote(orient.player.text) + " may not be turned or mirrored");
            continue;
        }
        model.orientation[*p] = {turns, orient.mirror};
    }
}

// ---- End conditions -----------------------------------------------------------------------------

void Checker::check_ends() {
    std::map<ir::EndKind, ast::Span> seen;
    for (const auto& end : file.ends) {
        if (const auto [it, fresh] = seen.emplace(end.kind, end.span); !fresh)
            already_defined(end.span,
                            end.kind == ir::EndKind::royal_reaches
                                ? "a goal zone ('end royal-reaches' or 'end piece-reaches')"
                                : "'end " + std::string(end_word(end.kind)) + "'",
                            it->second);
        if (end.kind == ir::EndKind::repetition && end.count.value < 2)
            report.error(end.count.span, "a repetition count must be at least 2, found " +
                                             std::to_string(end.count.value));
        if (end.kind == ir::EndKind::ply_limit && end.count.value < 1)
            report.error(end.count.span, "a ply limit must be at least 1, found " +
                                             std::to_string(end.count.value));
        if (end.kind == ir::EndKind::royal_reaches || end.kind == ir::EndKind::checks)
            check_goal_end(end);
        if (end.kind == ir::EndKind::passes) check_passes_end(end);
        if (end.kind == ir::EndKind::facing) check_facing_end(end);
        for (const auto& name : end.reset_pieces) piece(name);
    }
}

// Checkmate is judged on royal pieces, so some player needs one in the setup.
void Checker::check_royals() {
    const auto checkmate = std::find_if(file.ends.begin(), file.ends.end(), [](const ast::End& e) {
        return e.kind == ir::EndKind::checkmate;
    });
    if (checkmate == file.ends.end() || any_broken(ast::DeclKind::piece) ||
        any_broken(ast::DeclKind::setup))
        return;
    // A player without a royal piece is never in check: only when no player has one can nobody be
    // mated.
    const auto royal = [&](const std::string& name) {
        const auto index = find(model.piece_index, name);
        return index && file.pieces[static_cast<std::size_t>(*index)].royal;
    };
    for (const auto& setup : file.setups) {
        for (const auto& group : setup.groups)
            if (royal(group.piece.text)) return;
        for (const auto& held : setup.hand)  // in hand at the start, dropped later
            if (royal(held.text)) return;
    }
    report.error(checkmate->span,
                 "no player has a royal piece in the setup, but 'end checkmate' is judged on one",
                 "mark a piece 'royal' (as in 'piece NAME X royal { ... }') and set it up");
}

// ---- Entry --------------------------------------------------------------------------------------

Model check(const ast::File& file, Report& report) {
    Checker checker(file, report);
    checker.check_declarations();
    checker.check_players();
    checker.check_board();
    checker.check_orientations();
    checker.check_directions();
    checker.check_zones();
    checker.check_pieces();
    checker.check_armies();
    checker.check_promotion_cycles();
    checker.check_promotion_forms();
    checker.check_hands();
    checker.check_move_letters();
    checker.check_castlings();
    checker.check_setup();
    checker.check_gating();
    checker.check_first_moves();
    checker.check_setup_hands();
    checker.check_ends();
    checker.check_material_ends();
    checker.check_royals();
    checker.check_royals_capturable();
    checker.check_royal_facing();
    checker.check_passing();
    checker.check_compulsory_captures();
    checker.check_compulsory_drops();
    checker.check_castlings_by_drop();
    checker.check_checks_forbidden();
    checker.check_jumps();
    checker.check_hooks();
    return std::move(checker.model);
}

}  // namespace vari::dsl
