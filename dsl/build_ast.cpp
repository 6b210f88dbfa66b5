// The parser's actions (one per rule that carries data) and the loop that reads declarations,
// recovering after a broken one so that one run reports every syntax error.
#include <algorithm>
#include <charconv>
#include <limits>
#include <tao/pegtl.hpp>

#include "dsl/errors.hpp"
#include "dsl/grammar.hpp"
#include "dsl/parse.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

namespace g = grammar;
namespace pegtl = tao::pegtl;
using ast::DeclKind;

struct State {
    State(ast::File& f, std::uint32_t index) : file(f), file_index(index) {}
    ast::File& file;
    std::uint32_t file_index;        // which of the files read this is, for every span
    DeclKind kind = DeclKind::none;  // the declaration being read (its node is the last one)
    ast::Vector vector;              // the vector being read
    ir::MoveMode mode = ir::MoveMode::move_or_capture;  // of the next movement
    bool has_mode = false;
    ast::Span mode_span;
};

template <typename Input>
ast::Span span_of(const Input& in, const State& s) {
    const auto p = in.position();
    return {static_cast<std::uint32_t>(p.line), static_cast<std::uint32_t>(p.column), s.file_index};
}

// A token's text without the blanks and comments its rule swallowed after it.
template <typename Input>
std::string_view token(const Input& in) {
    const std::string_view text(in.begin(), in.size());
    return text.substr(0, text.find_first_of(" \t\r\n\v\f#"));
}

template <typename Input>
ast::Name name_of(const Input& in, const State& s) {
    return {std::string(token(in)), span_of(in, s)};
}

// Saturates to the int range: checks bound each use, so a huge number is reported, not wrapped.
template <typename Input>
ast::Number number_of(const Input& in, const State& s) {
    using limits = std::numeric_limits<int>;
    const std::string_view text = token(in);
    long long value = 0;
    if (std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc{})
        value = text.front() == '-' ? limits::min() : limits::max();  // too many digits
    value = std::clamp<long long>(value, limits::min(), limits::max());
    return {static_cast<int>(value), span_of(in, s)};
}

// A declaration's keyword opens its node; the actions after it fill in the last node.
template <typename Node, typename Input>
void open(State& s, DeclKind kind, std::vector<Node>& nodes, const Input& in) {
    s.kind = kind;
    nodes.emplace_back().span = span_of(in, s);
}

template <typename Input>
void add_clause(State& s, ast::BoardClause::Kind kind, const Input& in) {
    auto& clause = s.file.boards.back().clauses.emplace_back();
    clause.kind = kind;
    clause.span = span_of(in, s);
}

template <typename Input>
void add_movement(State& s, ast::Primitive primitive, const Input& in) {
    auto& movement = s.file.pieces.back().movements.emplace_back();
    movement.primitive = primitive;
    movement.mode = s.has_mode ? s.mode : ir::MoveMode::move_or_capture;
    movement.primitive_span = span_of(in, s);
    movement.span = s.has_mode ? s.mode_span : movement.primitive_span;
    s.has_mode = false;
}

template <typename Input>
void add_modifier(State& s, ast::Modifier::Kind kind, const Input& in) {
    auto& modifier = s.file.pieces.back().movements.back().modifiers.emplace_back();
    modifier.kind = kind;
    modifier.span = span_of(in, s);
}

template <typename Input>
void add_drop_option(State& s, ast::DropOption::Kind kind, const Input& in) {
    auto& option = s.file.pieces.back().drops.back().options.emplace_back();
    option.kind = kind;
    option.span = span_of(in, s);
}

template <typename Input>
void add_drop_name(State& s, const Input& in) {
    s.file.pieces.back().drops.back().options.back().names.push_back(name_of(in, s));
}

// A promotion line opens in a piece or, naming its piece, in an army.
template <typename Input>
void add_promotion(State& s, const Input& in) {
    if (s.kind == DeclKind::army)
        s.file.armies.back().promotions.emplace_back().rule.span = span_of(in, s);
    else
        s.file.pieces.back().promotions.emplace_back().span = span_of(in, s);
}

ast::Promotion& promotion(State& s) {
    if (s.kind == DeclKind::army) return s.file.armies.back().promotions.back().rule;
    return s.file.pieces.back().promotions.back();
}

// A `label` end or a zone's rank or file: lower-case letters, or a number.
template <typename Input>
ast::LabelEnd label_end(const Input& in, const State& s) {
    const char first = token(in).front();
    ast::LabelEnd end;
    end.is_letter = first >= 'a' && first <= 'z';
    if (end.is_letter)
        end.letters = std::string(token(in));
    else
        end.number = number_of(in, s);
    end.span = span_of(in, s);
    return end;
}

// Numbers as a cell name writes them: "08" is rank 8.
template <typename Input>
ast::Name label_name(const Input& in, const State& s) {
    const ast::LabelEnd end = label_end(in, s);
    ast::Name name;
    name.text = end.is_letter ? end.letters : std::to_string(end.number.value);
    name.span = end.span;
    return name;
}

template <typename Input>
void add_label_end(State& s, const Input& in) {
    s.file.boards.back().clauses.back().ends.push_back(label_end(in, s));
}

ast::DirItem dir_name(ast::Name name) { return {false, std::move(name), {}}; }
ast::DirItem dir_vector(ast::Vector vector) { return {true, {}, vector}; }

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

#define VARI_ACTION(rule)                             \
    template <>                                       \
    struct action<g::rule> {                          \
        template <typename Input>                     \
        static void apply(const Input& in, State& s); \
    };                                                \
    template <typename Input>                         \
    void action<g::rule>::apply([[maybe_unused]] const Input& in, [[maybe_unused]] State& s)

// clang-format off

// vectors
VARI_ACTION(open_paren) { s.vector = {0, 0, span_of(in, s)}; }
VARI_ACTION(vector_x) { s.vector.x = number_of(in, s).value; }
VARI_ACTION(vector_y) { s.vector.y = number_of(in, s).value; }

// game, players, orient
VARI_ACTION(kw_game) { open(s, DeclKind::game, s.file.games, in); }
VARI_ACTION(game_title_text) { s.file.games.back().title = in.string(); }
VARI_ACTION(kw_players) { open(s, DeclKind::players, s.file.players, in); }
VARI_ACTION(player_name) { s.file.players.back().names.push_back(name_of(in, s)); }
VARI_ACTION(kw_orient) { open(s, DeclKind::orient, s.file.orients, in); }
VARI_ACTION(orient_player) { s.file.orients.back().player = name_of(in, s); }
VARI_ACTION(orient_degrees) { s.file.orients.back().degrees = number_of(in, s); }
VARI_ACTION(kw_mirror) { s.file.orients.back().mirror = true; }

// board
VARI_ACTION(kw_board) { open(s, DeclKind::board, s.file.boards, in); }
VARI_ACTION(kw_square) { s.file.boards.back().geometry = ir::Geometry::square; }
VARI_ACTION(kw_flat) { s.file.boards.back().geometry = ir::Geometry::hex_flat; }
VARI_ACTION(kw_pointy) { s.file.boards.back().geometry = ir::Geometry::hex_pointy; }
VARI_ACTION(kw_files) { add_clause(s, ast::BoardClause::Kind::files, in); }
VARI_ACTION(kw_ranks) { add_clause(s, ast::BoardClause::Kind::ranks, in); }
VARI_ACTION(kw_lengths) { add_clause(s, ast::BoardClause::Kind::lengths, in); }
VARI_ACTION(kw_first) { add_clause(s, ast::BoardClause::Kind::first, in); }
VARI_ACTION(kw_indents) { add_clause(s, ast::BoardClause::Kind::indents, in); }
VARI_ACTION(kw_hexagon) { add_clause(s, ast::BoardClause::Kind::hexagon, in); }
VARI_ACTION(kw_cells) { add_clause(s, ast::BoardClause::Kind::cells, in); }
VARI_ACTION(kw_label) { add_clause(s, ast::BoardClause::Kind::label, in); }
VARI_ACTION(label_files_from) { add_label_end(s, in); }
VARI_ACTION(label_files_to) { add_label_end(s, in); }
VARI_ACTION(label_ranks_from) { add_label_end(s, in); }
VARI_ACTION(label_ranks_to) { add_label_end(s, in); }
VARI_ACTION(files_from) { s.file.boards.back().clauses.back().file_ends.push_back(name_of(in, s)); }
VARI_ACTION(files_to) { s.file.boards.back().clauses.back().file_ends.push_back(name_of(in, s)); }
VARI_ACTION(ranks_from) { s.file.boards.back().clauses.back().numbers.push_back(number_of(in, s)); }
VARI_ACTION(ranks_to) { s.file.boards.back().clauses.back().numbers.push_back(number_of(in, s)); }
VARI_ACTION(list_value) { s.file.boards.back().clauses.back().numbers.push_back(number_of(in, s)); }
VARI_ACTION(hexagon_size) { s.file.boards.back().clauses.back().numbers.push_back(number_of(in, s)); }
VARI_ACTION(cell_def_name) { s.file.boards.back().clauses.back().cells.push_back({name_of(in, s), {}}); }
VARI_ACTION(cell_coord) { s.file.boards.back().clauses.back().cells.back().coord = s.vector; }

// direction
VARI_ACTION(kw_direction) { open(s, DeclKind::direction, s.file.directions, in); }
VARI_ACTION(direction_name) { s.file.directions.back().name = name_of(in, s); }
VARI_ACTION(direction_ref) { s.file.directions.back().items.push_back(dir_name(name_of(in, s))); }
VARI_ACTION(direction_vector) { s.file.directions.back().items.push_back(dir_vector(s.vector)); }

// zone
// Built member by member: GCC 12 at -O3 misreads aggregate-initialised strings as uninitialised.
template <typename Input>
ast::ZoneSpec& add_zone_spec(State& s, ast::ZoneSpec::Kind kind, const Input& in) {
    auto& spec = s.file.zones.back().specs.emplace_back();
    spec.kind = kind;
    spec.span = span_of(in, s);
    return spec;
}
VARI_ACTION(kw_zone) { open(s, DeclKind::zone, s.file.zones, in); }
VARI_ACTION(zone_name) { s.file.zones.back().name = name_of(in, s); }
VARI_ACTION(zone_player) { auto& z = s.file.zones.back(); z.has_player = true; z.player = name_of(in, s); }
VARI_ACTION(kw_rank) { add_zone_spec(s, ast::ZoneSpec::Kind::rank, in); }
VARI_ACTION(zone_rank) { s.file.zones.back().specs.back().label = label_name(in, s); }
VARI_ACTION(kw_file) { add_zone_spec(s, ast::ZoneSpec::Kind::file, in); }
VARI_ACTION(zone_file) { s.file.zones.back().specs.back().label = label_name(in, s); }
VARI_ACTION(zone_cell) { add_zone_spec(s, ast::ZoneSpec::Kind::cell, in).cell = name_of(in, s); }

// piece
VARI_ACTION(kw_piece) { open(s, DeclKind::piece, s.file.pieces, in); s.has_mode = false; }
VARI_ACTION(piece_name) { s.file.pieces.back().name = name_of(in, s); }
VARI_ACTION(piece_letter) {
    auto& p = s.file.pieces.back();
    p.plus = token(in).front() == '+';
    p.letter = token(in)[p.plus ? 1 : 0];
    p.tilde = token(in).back() == '~';
    p.letter_span = span_of(in, s);
}
VARI_ACTION(kw_royal) { s.file.pieces.back().royal = true; }
VARI_ACTION(kw_move) { s.mode = ir::MoveMode::move_only; s.has_mode = true; s.mode_span = span_of(in, s); }
VARI_ACTION(kw_capture) { s.mode = ir::MoveMode::capture_only; s.has_mode = true; s.mode_span = span_of(in, s); }
VARI_ACTION(primitive) {
    add_movement(s, static_cast<ast::Primitive>(word_index(primitive_words, token(in))), in);
}
VARI_ACTION(flag_modifier) {
    add_modifier(s, static_cast<ast::Modifier::Kind>(word_index(modifier_words, token(in))), in);
}
VARI_ACTION(move_dir) { s.file.pieces.back().movements.back().items.push_back(dir_name(name_of(in, s))); }
VARI_ACTION(move_vector) { s.file.pieces.back().movements.back().items.push_back(dir_vector(s.vector)); }
VARI_ACTION(kw_range) { add_modifier(s, ast::Modifier::Kind::range, in); }
VARI_ACTION(kw_until) { add_modifier(s, ast::Modifier::Kind::until, in); }
VARI_ACTION(kw_from) { add_modifier(s, ast::Modifier::Kind::from, in); }
VARI_ACTION(range_count) { s.file.pieces.back().movements.back().modifiers.back().count = number_of(in, s); }
VARI_ACTION(until_zone) { s.file.pieces.back().movements.back().modifiers.back().zone = name_of(in, s); }
VARI_ACTION(kw_within) { add_modifier(s, ast::Modifier::Kind::within, in); }
VARI_ACTION(within_zone) { s.file.pieces.back().movements.back().modifiers.back().zone = name_of(in, s); }
VARI_ACTION(kw_via) { add_modifier(s, ast::Modifier::Kind::via, in); }
VARI_ACTION(via_vector) { s.file.pieces.back().movements.back().modifiers.back().vectors.push_back(s.vector); }
VARI_ACTION(kw_not_over) { add_modifier(s, ast::Modifier::Kind::not_over, in); }
VARI_ACTION(kw_not_taking) { add_modifier(s, ast::Modifier::Kind::not_taking, in); }
VARI_ACTION(modifier_piece) { s.file.pieces.back().movements.back().modifiers.back().pieces.push_back(name_of(in, s)); }
VARI_ACTION(from_zone) { s.file.pieces.back().movements.back().modifiers.back().zone = name_of(in, s); }
VARI_ACTION(kw_promote) { add_promotion(s, in); }
VARI_ACTION(kw_optional) { promotion(s).optional = true; }
VARI_ACTION(kw_touching) { promotion(s).touching = true; }
VARI_ACTION(promote_zone) { promotion(s).zone = name_of(in, s); }
VARI_ACTION(kw_always) {
    promotion(s).always = true;
    promotion(s).always_span = span_of(in, s);
}
VARI_ACTION(kw_lost_only) { promotion(s).lost_only = true; }
VARI_ACTION(kw_in_place) { promotion(s).in_place = true; promotion(s).in_place_span = span_of(in, s); }
VARI_ACTION(kw_last_anywhere) { promotion(s).last_anywhere = true; promotion(s).last_anywhere_span = span_of(in, s); }
VARI_ACTION(kw_no_attack) { promotion(s).no_attack = true; promotion(s).no_attack_span = span_of(in, s); }
VARI_ACTION(promote_piece) { promotion(s).pieces.push_back(name_of(in, s)); }
VARI_ACTION(kw_captured_as) { s.file.pieces.back().fates.emplace_back().span = span_of(in, s); }
VARI_ACTION(captured_piece) { s.file.pieces.back().fates.back().piece = name_of(in, s); }
VARI_ACTION(kw_captured_removed) { auto& f = s.file.pieces.back().fates.emplace_back(); f.removed = true; f.span = span_of(in, s); }
VARI_ACTION(kw_drop) { s.file.pieces.back().drops.emplace_back().span = span_of(in, s); }
VARI_ACTION(kw_colour_balanced) { add_drop_option(s, ast::DropOption::Kind::colour_balanced, in); }
VARI_ACTION(kw_by_drop) { s.file.castlings.back().by_drop = true; }
VARI_ACTION(kw_not_in) { add_drop_option(s, ast::DropOption::Kind::not_in, in); }
VARI_ACTION(kw_where_movable) { add_drop_option(s, ast::DropOption::Kind::where_movable, in); }
VARI_ACTION(kw_not_on_file_with) { add_drop_option(s, ast::DropOption::Kind::not_on_file_with, in); }
VARI_ACTION(kw_not_defended_by) { add_drop_option(s, ast::DropOption::Kind::not_defended_by, in); }
VARI_ACTION(kw_no_check) { add_drop_option(s, ast::DropOption::Kind::no_check, in); }
VARI_ACTION(kw_no_mate) { add_drop_option(s, ast::DropOption::Kind::no_mate, in); }
VARI_ACTION(kw_promoted) { add_drop_option(s, ast::DropOption::Kind::promoted, in); }
VARI_ACTION(kw_gating) { add_drop_option(s, ast::DropOption::Kind::gating, in); }
VARI_ACTION(kw_arrive) { s.file.pieces.back().arrivals.push_back(span_of(in, s)); }
VARI_ACTION(value_number) { s.file.pieces.back().values.push_back(name_of(in, s)); }
VARI_ACTION(kw_image) { s.file.pieces.back().images.push_back({{}, span_of(in, s)}); }
VARI_ACTION(image_player) { s.file.pieces.back().images.back().files.push_back({name_of(in, s), {}}); }
VARI_ACTION(image_path_open) {
    auto& files = s.file.pieces.back().images.back().files;
    if (files.empty() || files.back().has_path) files.emplace_back();
    files.back().has_path = true;
    files.back().path.span = span_of(in, s);
}
VARI_ACTION(image_path_text) { s.file.pieces.back().images.back().files.back().path.text = in.string(); }
VARI_ACTION(not_in_zone) { add_drop_name(s, in); }
VARI_ACTION(gating_zone) { add_drop_name(s, in); }
VARI_ACTION(file_piece) { add_drop_name(s, in); }
VARI_ACTION(defender_piece) { add_drop_name(s, in); }

// hands, drop-first
VARI_ACTION(kw_hands) { open(s, DeclKind::hands, s.file.hands, in); }
VARI_ACTION(kw_drop_first) { open(s, DeclKind::drop_first, s.file.drop_firsts, in); }
VARI_ACTION(first_piece) { s.file.drop_firsts.back().pieces.push_back(name_of(in, s)); }

// castling
VARI_ACTION(kw_castling) { open(s, DeclKind::castling, s.file.castlings, in); }
VARI_ACTION(castling_player) { s.file.castlings.back().player = name_of(in, s); }
VARI_ACTION(castling_right) { auto& c = s.file.castlings.back(); c.right = token(in).front(); c.right_span = span_of(in, s); }
VARI_ACTION(castling_label_text) { s.file.castlings.back().label = {in.string(), span_of(in, s)}; }
VARI_ACTION(castling_royal) { s.file.castlings.back().royal = name_of(in, s); }
VARI_ACTION(royal_from) { s.file.castlings.back().royal_from = name_of(in, s); }
VARI_ACTION(royal_to) { s.file.castlings.back().royal_to = name_of(in, s); }
VARI_ACTION(castling_partner) { s.file.castlings.back().partner = name_of(in, s); }
VARI_ACTION(partner_from) { s.file.castlings.back().partner_from = name_of(in, s); }
VARI_ACTION(partner_to) { s.file.castlings.back().partner_to = name_of(in, s); }
VARI_ACTION(empty_cell) { s.file.castlings.back().empty.push_back(name_of(in, s)); }
VARI_ACTION(safe_cell) { s.file.castlings.back().safe.push_back(name_of(in, s)); }

// setup
VARI_ACTION(kw_setup) { open(s, DeclKind::setup, s.file.setups, in); }
VARI_ACTION(setup_player) { s.file.setups.back().player = name_of(in, s); }
VARI_ACTION(setup_piece) { s.file.setups.back().groups.push_back({name_of(in, s), {}}); }
VARI_ACTION(hand_piece) { s.file.setups.back().hand.push_back(name_of(in, s)); }
VARI_ACTION(setup_cell) { s.file.setups.back().groups.back().cells.push_back(name_of(in, s)); }

// end
VARI_ACTION(kw_end) { open(s, DeclKind::end, s.file.ends, in); }
#define VARI_END_WORD_ACTION(word, end_kind) VARI_ACTION(end_word_##word) { s.file.ends.back().kind = ir::EndKind::end_kind; }
VARI_END_KEYWORDS(VARI_END_WORD_ACTION)
#undef VARI_END_WORD_ACTION
VARI_ACTION(end_count) { s.file.ends.back().count = number_of(in, s); }
VARI_ACTION(end_zone) { s.file.ends.back().zone = name_of(in, s); }
VARI_ACTION(kw_answer) { auto& e = s.file.ends.back(); e.answer = ir::Outcome::draw; e.answer_span = span_of(in, s); }
// An outcome after `answer` is the answer's.
VARI_ACTION(kw_win) { auto& e = s.file.ends.back(); (e.answer ? *e.answer : e.outcome) = ir::Outcome::win; }
VARI_ACTION(kw_loss) { auto& e = s.file.ends.back(); (e.answer ? *e.answer : e.outcome) = ir::Outcome::loss; }
VARI_ACTION(kw_draw) { auto& e = s.file.ends.back(); (e.answer ? *e.answer : e.outcome) = ir::Outcome::draw; }
VARI_ACTION(reset_capture) { s.file.ends.back().reset_by_capture = true; }
VARI_ACTION(reset_piece) { s.file.ends.back().reset_pieces.push_back(name_of(in, s)); }
// `below 1` unless written (the pieces come before `below`).
VARI_ACTION(extinct_pieces) { s.file.ends.back().count.value = 1; }
VARI_ACTION(reach_piece) { s.file.ends.back().reach_pieces.push_back(name_of(in, s)); }
VARI_ACTION(extinct_piece) { s.file.ends.back().extinct_pieces.push_back(name_of(in, s)); }
VARI_ACTION(open_material) { s.file.ends.back().material.emplace_back(); }
VARI_ACTION(material_piece) { s.file.ends.back().material.back().push_back(name_of(in, s)); }

// royals, pass, hooks, checks, jumps
VARI_ACTION(kw_royals) { open(s, DeclKind::royals, s.file.royals, in); }
VARI_ACTION(kw_capturable) { s.file.royals.back().capturable = true; }
VARI_ACTION(kw_must_part) { s.file.royals.back().must_part = true; }
VARI_ACTION(facing_dir) { s.file.royals.back().facing.push_back(dir_name(name_of(in, s))); }
VARI_ACTION(facing_vector) { s.file.royals.back().facing.push_back(dir_vector(s.vector)); }
VARI_ACTION(kw_pass) { open(s, DeclKind::pass, s.file.passes, in); }
VARI_ACTION(kw_forced) { s.file.passes.back().passing = ir::Passing::forced; }
VARI_ACTION(kw_allowed) { s.file.passes.back().passing = ir::Passing::allowed; }
VARI_ACTION(kw_unless_in_check) { s.file.passes.back().passing = ir::Passing::unless_in_check; }
VARI_ACTION(kw_hooks) { open(s, DeclKind::hooks, s.file.hooks, in); }
VARI_ACTION(hooks_code) { auto& h = s.file.hooks.back(); h.is_inline = true; h.text = in.string(); h.text_span = span_of(in, s); }
VARI_ACTION(hooks_path_open) { s.file.hooks.back().text_span = span_of(in, s); }
VARI_ACTION(hooks_path_text) { s.file.hooks.back().text = in.string(); }
VARI_ACTION(kw_checks) { open(s, DeclKind::checks, s.file.checks, in); }
VARI_ACTION(kw_jumps) { open(s, DeclKind::jumps, s.file.jumps, in); }
VARI_ACTION(kw_drops) { open(s, DeclKind::drops, s.file.compulsory_drops, in); }
// `compulsory` after `jumps` (after `drops` it completes the node `drops` opened).
VARI_ACTION(kw_compulsory) {
    if (s.kind == DeclKind::jumps) s.file.jumps.back().rule = ir::JumpRule::compulsory;
}
VARI_ACTION(kw_maximum) { s.file.jumps.back().rule = ir::JumpRule::maximum; }

// army, armies, captures
VARI_ACTION(kw_army) { open(s, DeclKind::army, s.file.armies, in); }
VARI_ACTION(army_name) { s.file.armies.back().name = name_of(in, s); }
VARI_ACTION(army_piece) { s.file.armies.back().pieces.push_back(name_of(in, s)); }
VARI_ACTION(army_promote_piece) { s.file.armies.back().promotions.back().piece = name_of(in, s); }
VARI_ACTION(kw_others) { s.file.armies.back().promotions.back().to_others = true; }
VARI_ACTION(kw_armies) { open(s, DeclKind::armies, s.file.army_choices, in); }
VARI_ACTION(army_choice) { s.file.army_choices.back().names.push_back(name_of(in, s)); }
VARI_ACTION(kw_captures) { open(s, DeclKind::captures, s.file.captures, in); }
// `captures compulsory` is complete when its word is read: the node moves to its own list.
VARI_ACTION(captures_compulsory) {
    s.file.compulsory_captures.push_back({s.file.captures.back().span});
    s.file.captures.pop_back();
    s.kind = DeclKind::none;
}
VARI_ACTION(captures_army) { s.file.captures.back().army = name_of(in, s); }
VARI_ACTION(kw_removed) { s.file.captures.back().removed = true; }
VARI_ACTION(captured_type) { s.file.captures.back().mappings.push_back({name_of(in, s), {}}); }
VARI_ACTION(becomes_type) { s.file.captures.back().mappings.back().becomes = name_of(in, s); }

// include
VARI_ACTION(kw_include) { open(s, DeclKind::include, s.file.includes, in); }
VARI_ACTION(include_path_open) { s.file.includes.back().path_span = span_of(in, s); }
VARI_ACTION(include_path_text) { s.file.includes.back().path = in.string(); }

// clang-format on
#undef VARI_ACTION

// ---- Recovery -----------------------------------------------------------------------------------

std::string opened_at(ast::Span span) { return " opened at " + at_text(span.line, span.column); }

std::string quoted(const std::string& name) { return "'" + name + "'"; }

// The declaration being read, as "{decl}" in a message: "piece 'Guard' opened at 11:1".
std::string describe(const State& s) {
    const ast::File& f = s.file;
    switch (s.kind) {
        case DeclKind::piece: {
            const auto& p = f.pieces.back();
            return (p.name.text.empty() ? "the piece" : "piece " + quoted(p.name.text)) +
                   opened_at(p.span);
        }
        case DeclKind::board:
            return "the board" + opened_at(f.boards.back().span);
        case DeclKind::castling: {
            const auto& c = f.castlings.back();
            return (c.player.text.empty() ? "the castling"
                                          : "the castling of " + quoted(c.player.text)) +
                   opened_at(c.span);
        }
        case DeclKind::setup: {
            const auto& su = f.setups.back();
            return (su.player.text.empty() ? "the setup"
                                           : "the setup of " + quoted(su.player.text)) +
                   opened_at(su.span);
        }
        case DeclKind::hooks:
            return "'hooks'" + opened_at(f.hooks.back().span);
        case DeclKind::army: {
            const auto& a = f.armies.back();
            return (a.name.text.empty() ? "the army" : "army " + quoted(a.name.text)) +
                   opened_at(a.span);
        }
        case DeclKind::captures:
            return "the captures of " + quoted(f.captures.back().army.text) +
                   opened_at(f.captures.back().span);
        default:
            return "the declaration";
    }
}

// Drops the half-read declaration, remembering what it was so checks stay quiet about it.
void discard(State& s) {
    ast::File& f = s.file;
    ast::Broken broken{s.kind, {}, {}};
    auto take = [&broken](auto& nodes, std::string name) {
        broken.span = nodes.back().span;
        broken.name = std::move(name);
        nodes.pop_back();
    };
    switch (s.kind) {
        case DeclKind::none:
            return;
        case DeclKind::game:
            take(f.games, "");
            break;
        case DeclKind::players:
            take(f.players, "");
            break;
        case DeclKind::orient:
            take(f.orients, f.orients.back().player.text);
            break;
        case DeclKind::board:
            take(f.boards, "");
            break;
        case DeclKind::direction:
            take(f.directions, f.directions.back().name.text);
            break;
        case DeclKind::zone:
            take(f.zones, f.zones.back().name.text);
            break;
        case DeclKind::piece:
            take(f.pieces, f.pieces.back().name.text);
            break;
        case DeclKind::hands:
            take(f.hands, "");
            break;
        case DeclKind::drop_first:
            take(f.drop_firsts, "");
            break;
        case DeclKind::castling:
            take(f.castlings, f.castlings.back().player.text);
            break;
        case DeclKind::setup:
            take(f.setups, f.setups.back().player.text);
            break;
        case DeclKind::end:
            take(f.ends, "");
            break;
        case DeclKind::royals:
            take(f.royals, "");
            break;
        case DeclKind::pass:
            take(f.passes, "");
            break;
        case DeclKind::hooks:
            take(f.hooks, "");
            break;
        case DeclKind::army:
            take(f.armies, f.armies.back().name.text);
            break;
        case DeclKind::armies:
            take(f.army_choices, "");
            break;
        case DeclKind::captures:
            take(f.captures, f.captures.back().army.text);
            break;
        case DeclKind::include:
            take(f.includes, "");
            break;
        case DeclKind::jumps:
            take(f.jumps, "");
            break;
        case DeclKind::checks:
            take(f.checks, "");
            break;
        case DeclKind::drops:
            take(f.compulsory_drops, "");
            break;
    }
    f.broken.push_back(std::move(broken));
    s.kind = DeclKind::none;
}

struct Cursor {
    std::size_t byte = 0;
    std::size_t line = 1;
    std::size_t column = 1;
};

bool starts_declaration_line(std::string_view text, std::size_t at) {
    pegtl::memory_input in(text.data() + at, text.data() + text.size(), "");
    return pegtl::parse<g::declaration_line>(in);
}

// Where to go on after an error at `error`: the next line that begins with a declaration keyword,
// or the error's own line if the error sits on such a keyword (a '}' forgotten before the next
// declaration). `start` is where the broken declaration began, so the parser always moves on.
Cursor resume_after(std::string_view text, const Cursor& error, std::size_t start) {
    std::size_t line_start = text.rfind('\n', error.byte == 0 ? 0 : error.byte - 1);
    line_start = (line_start == std::string_view::npos || error.byte == 0) ? 0 : line_start + 1;
    const std::string_view before = text.substr(line_start, error.byte - line_start);
    if (error.byte > start && before.find_first_not_of(" \t") == std::string_view::npos &&
        starts_declaration_line(text, line_start))
        return {line_start, error.line, 1};
    Cursor at{error.byte, error.line, 1};
    while (true) {
        const std::size_t newline = text.find('\n', at.byte);
        if (newline == std::string_view::npos) return {text.size(), at.line, 1};
        at = {newline + 1, at.line + 1, 1};
        if (starts_declaration_line(text, at.byte)) return at;
    }
}

Diagnostic error_at(const std::string& label, std::size_t line, std::size_t column,
                    std::string message) {
    Diagnostic d;
    d.file = label;
    d.line = static_cast<std::uint32_t>(line);
    d.column = static_cast<std::uint32_t>(column);
    d.message = std::move(message);
    return d;
}

// An error at the end of the file is shown just after the last text, not on a blank line below it.
Cursor error_position(std::string_view text, const pegtl::position& p) {
    if (p.byte < text.size()) return {p.byte, p.line, p.column};
    std::size_t end = text.find_last_not_of(" \t\r\n\v\f");
    end = end == std::string_view::npos ? 0 : end + 1;
    Cursor at{end, 1, 1};
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++at.line;
            at.column = 1;
        } else {
            ++at.column;
        }
    }
    return at;
}

std::string fill_in(std::string_view message, const State& s) {
    std::string text(message);
    if (const auto at = text.find("{decl}"); at != std::string::npos)
        text.replace(at, 6, describe(s));
    if (const auto at = text.find("{declarations}"); at != std::string::npos)
        text.replace(at, 14, either_of(declaration_words));
    if (const auto at = text.find("{primitives}"); at != std::string::npos)
        text.replace(at, 12, either_of(primitive_words));
    if (const auto at = text.find("{ends}"); at != std::string::npos)
        text.replace(at, 6, either_of(end_words));
    return text;
}

}  // namespace

void parse(const ParseInput& input, ast::File& file, std::vector<Diagnostic>& diagnostics,
           const IncludeReader& read_include) {
    const std::string_view text = input.text;
    const std::string& label = input.label;
    State state(file, input.index);
    std::size_t errors = 0;
    Cursor at;
    // A byte-order mark that some editors write is not part of the text; columns start after it.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") at.byte = 3;
    while (true) {
        pegtl::memory_input in(text.data() + at.byte, text.data() + text.size(), label, at.byte,
                               at.line, at.column);
        (void)pegtl::parse<g::sep>(in);
        if (in.empty()) break;
        const auto start = in.position();
        state.kind = DeclKind::none;
        try {
            pegtl::parse<g::any_declaration, action, control>(in, state);
            const auto end = in.position();
            at = {end.byte, end.line, end.column};
        } catch (const pegtl::parse_error& e) {
            const auto& p = e.positions().front();
            const Cursor error{p.byte, p.line, p.column};
            const Cursor shown = error_position(text, p);
            diagnostics.push_back(
                error_at(label, shown.line, shown.column,
                         fill_in(e.message(), state) + ", found " + describe_found(text, p.byte)));
            discard(state);
            if (++errors == max_parse_errors) {
                diagnostics.push_back(
                    error_at(label, shown.line, shown.column,
                             "too many errors; the rest of the file was not read"));
                break;
            }
            at = resume_after(text, error, start.byte);
            continue;
        }
        // Read now, so that the included declarations stand where the `include` does.
        if (state.kind == DeclKind::include) read_include(file.includes.back());
    }
}

}  // namespace vari::dsl
