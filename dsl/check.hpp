// The semantic checks over a parsed file, and what they resolve for lowering.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "dsl/ast.hpp"
#include "dsl/board.hpp"
#include "dsl/geometry.hpp"
#include "dsl/report.hpp"

namespace vari::dsl {

// What the checks resolved. Complete only when they reported no error; lower() relies on that.
struct Model {
    BoardLayout board;
    std::vector<std::string> players;
    std::unordered_map<std::string, int> player_index;
    std::vector<Transform> orientation;  // per player
    std::unordered_map<std::string, int> piece_index;
    std::vector<std::string> zone_names;  // zones in order of first declaration
    std::unordered_map<std::string, int> zone_index;
    std::vector<std::vector<std::vector<int>>> zone_cells;  // [zone][player]: sorted cell indices
    std::vector<ast::Span> zone_spans;                      // where each zone is first declared
    // Every direction, built in or declared, resolved to vectors as the first player sees them.
    std::unordered_map<std::string, std::vector<ir::Vec>> directions;
    std::optional<ir::HookSource> hooks;  // the code read for `hooks`
    // Each piece's pictures (`image`), by piece name: [player] sanitised SVG, empty where none.
    std::unordered_map<std::string, std::vector<std::string>> images;
    // Armies: each player's (an index into File::armies), empty without `armies`; and for each
    // army's promotion line the pieces it may become (`others` spelled out).
    std::vector<int> player_army;
    std::vector<std::vector<std::vector<int>>> army_promotion_choices;  // [army][line]
};

// Runs every check, appending to `report`; never throws.
Model check(const ast::File& file, Report& report);

}  // namespace vari::dsl
