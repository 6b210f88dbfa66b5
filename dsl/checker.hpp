// The state the checks share (internal to check*.cpp): the file, the report, the model so far.
// Each check_* function appends its findings to the report and fills in its part of the model.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/check.hpp"
#include "dsl/keywords.hpp"

namespace vari::dsl {

// "slide", "range": a primitive or modifier as written.
inline std::string word_of(ast::Primitive primitive) {
    return std::string(primitive_words[static_cast<std::size_t>(primitive)]);
}
inline std::string word_of(ast::Modifier::Kind kind) {
    return std::string(modifier_words[static_cast<std::size_t>(kind)]);
}

// The modifiers a movement has given so far, and where.
using ModifiersSeen = std::map<ast::Modifier::Kind, ast::Span>;

struct Checker {
    Checker(const ast::File& f, Report& r) : file(f), report(r) {}

    const ast::File& file;
    Report& report;
    Model model;
    bool has_geometry = false;  // a board was declared (maybe with errors in its description)
    bool has_board = false;     // ... and its cells are known
    ir::Geometry geometry = ir::Geometry::square;

    // Names for "did you mean" hints.
    std::vector<std::string> piece_names, direction_names, cell_names;

    // Lookups report an unknown name, with a hint, unless a broken declaration may have defined it.
    std::optional<int> player(const ast::Name& name);
    std::optional<int> piece(const ast::Name& name);
    std::optional<int> zone(const ast::Name& name);
    std::optional<int> cell(const ast::Name& name);
    bool is_broken(ast::DeclKind kind, const std::string& name) const;
    bool any_broken(ast::DeclKind kind) const;
    void unknown(const ast::Name& name, const std::string& what,
                 const std::vector<std::string>& known);
    std::string cell_hint(const std::string& name) const;
    static std::string shown_rank(const std::string& label);
    template <typename Pick>
    std::string label_span(bool ranks, const Pick& in) const;
    std::string label_range(bool ranks) const;  // "the ranks run from 1 to 8"
    void already_defined(ast::Span at, const std::string& what, ast::Span first);

    // check.cpp
    void check_declarations();
    void check_players();
    void check_board();
    void check_orientations();
    void check_ends();
    void check_royals();
    // check_rules.cpp
    void check_royals_capturable();
    void check_royal_facing();
    void check_passing();
    void check_passes_end(const ast::End& end);
    void check_facing_end(const ast::End& end);
    void check_compulsory_captures();
    // check_material_ends.cpp
    void check_material_ends();
    void check_extinction_end(const ast::End& end);
    // check_goals.cpp
    void check_goal_end(const ast::End& end);
    void check_checks_forbidden();
    bool has_royal_piece() const;
    // primitive_jump.cpp
    void check_jumps();
    // hooks.cpp
    void check_hooks();
    // check_moves.cpp
    void check_directions();
    void check_pieces();
    void check_promotion_cycles();
    // check_promotion_forms.cpp
    void check_promotion_form(const ast::Promotion& promotion);
    // check_placement.cpp
    void check_compulsory_drops();
    void check_castlings_by_drop();
    void check_in_place_promotion(const ast::Promotion& promotion);
    void check_promotion_forms();
    std::string cycle_text(const std::vector<std::size_t>& path, std::size_t from) const;
    // check_hands.cpp
    void check_hands();
    // check_move_letters.cpp
    void check_move_letters();
    template <typename Message>
    void check_written_apart(const std::vector<std::pair<int, ast::Span>>& pieces,
                             const Message& message, const std::string& hint);
    // check_armies.cpp
    void check_armies();
    void check_army(std::size_t index, std::set<std::string>& names);
    std::vector<int> army_pieces(const ast::Army& army);
    void check_army_choice();
    void check_army_setups();
    void check_captures();
    // Promotions written in armies, for the cycle check: (piece, choice, where it is written).
    std::vector<std::tuple<int, int, ast::Span>> army_promotion_edges;
    // check_cells.cpp
    void check_zones();
    void check_castlings();
    void check_castling_label(
        const ast::Castling& c,
        std::map<std::pair<std::string, std::string>, const ast::Castling*>& labels);
    void check_setup();

    // Helpers of check_moves.cpp.
    const std::vector<ir::Vec>* resolve_direction(const ast::Direction& direction, int depth);
    bool check_vector(const ast::Vector& vector);
    void check_direction_item(const ast::DirItem& item);
    void check_values(const ast::Piece& piece);
    // check_images.cpp
    void check_images(const ast::Piece& piece);
    std::optional<std::string> image_file(const ast::Name& path);
    // check_movements.cpp: what every movement shares; each primitive's own checks are in its
    // room (primitives.hpp).
    void check_movement(const ast::Movement& movement);
    bool first_time(const ast::Modifier& m, ModifiersSeen& seen);
    void check_piece_modifier(const ast::Movement& movement, const ast::Modifier& m);
    // check_first_moves.cpp
    void check_first_move(const ast::Movement& movement);
    void check_first_moves();
    enum class Resolution : std::uint8_t { fresh, resolving, done, failed };
    std::vector<Resolution> direction_state;                           // per declared direction
    std::unordered_map<std::string, std::size_t> declared_directions;  // name -> first declaration

    // Helpers of check_hands.cpp.
    bool check_piece_hand(const ast::Piece& piece, bool hands);
    void check_drop(const ast::Drop& drop);
    // check_gating.cpp
    static bool gating_only(const ast::Drop& drop);
    static bool gated_by(const ast::Piece& piece);  // it has a `drop gating ZONE`
    void check_gating();
    void check_setup_hands();
    void check_drop_first(bool hands);
    void check_hand_flow(const std::map<int, int>& gets);
    void no_hands(ast::Span span);
    bool has_hands() const;  // `hands`, or a setup's `hand`
    bool in_setup_hand(const ast::Piece& piece) const;
    static bool from_library(ast::Span span);
    bool reported_no_hands = false;

    // Helpers of check_cells.cpp.
    std::vector<int> zone_spec_cells(const ast::Zone& zone);
    std::optional<ir::Vec> board_shift(int player);  // nullopt: the board has no such self-map
    std::vector<int> zone_image(const std::vector<int>& cells, std::size_t player,
                                ir::Vec shift) const;
    void check_shared_zone(const std::vector<const ast::Zone*>& group,
                           std::vector<std::vector<int>>& cells);
    void check_per_player_zone(const std::vector<const ast::Zone*>& group,
                               std::vector<std::vector<int>>& cells);
};

}  // namespace vari::dsl
