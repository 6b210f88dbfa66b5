// Test support for the shipped-game tests: loading a game and reading facts off its IR by name.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "dsl/dsl.hpp"

namespace vari::dsl_test {

namespace dsl = vari::dsl;
namespace ir = vari::ir;
using VecSet = std::set<std::pair<int, int>>;

// Rule text that must load; the test fails with its diagnostics otherwise.
inline ir::Game game_of(const std::string& text, const std::string& label = "rules.vari") {
    auto result = dsl::load_text(text, label);
    std::string report;
    for (const auto& d : result.diagnostics) report += dsl::render(d, result);
    INFO(text << "\n" << report);
    REQUIRE(result.game);
    return std::move(*result.game);
}

// The messages of rule text that must not load, one "L:C: message" per line.
inline std::string errors_of(const std::string& text, const std::string& label = "rules.vari") {
    const auto result = dsl::load_text(text, label);
    CHECK_FALSE(result.game);
    std::string out;
    for (const auto& d : result.diagnostics)
        out += std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
    return out;
}

inline ir::Game load(const std::string& name) {
    const auto path = dsl::resolve_game(name);
    REQUIRE(path);
    auto result = dsl::load_file(*path);
    std::string report;
    for (const auto& d : result.diagnostics) report += dsl::render(d, result);
    INFO(report);
    REQUIRE(result.diagnostics.empty());
    REQUIRE(result.game);
    return std::move(*result.game);
}

inline int cell(const ir::Game& game, const std::string& name) {
    const auto& cells = game.board.cells;
    const auto it =
        std::find_if(cells.begin(), cells.end(), [&](const ir::Cell& c) { return c.name == name; });
    REQUIRE(it != cells.end());
    return static_cast<int>(it - cells.begin());
}

inline const ir::Piece& piece(const ir::Game& game, const std::string& name) {
    const auto it = std::find_if(game.pieces.begin(), game.pieces.end(),
                                 [&](const ir::Piece& p) { return p.name == name; });
    REQUIRE(it != game.pieces.end());
    return *it;
}

inline int piece_index(const ir::Game& game, const std::string& name) {
    return static_cast<int>(&piece(game, name) - game.pieces.data());
}

inline const ir::Zone& zone(const ir::Game& game, const std::string& name) {
    const auto it = std::find_if(game.zones.begin(), game.zones.end(),
                                 [&](const ir::Zone& z) { return z.name == name; });
    REQUIRE(it != game.zones.end());
    return *it;
}

inline std::set<std::string> names(const ir::Game& game, const std::vector<int>& cells) {
    std::set<std::string> out;
    for (const int c : cells) out.insert(game.board.cells[static_cast<std::size_t>(c)].name);
    return out;
}

inline std::set<std::string> split(const std::string& words) {
    std::set<std::string> out;
    std::size_t at = 0;
    while (at < words.size()) {
        const std::size_t end = std::min(words.find(' ', at), words.size());
        if (end > at) out.insert(words.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

inline VecSet as_set(const std::vector<ir::Vec>& vectors) {
    VecSet out;
    for (const auto& v : vectors) out.insert({v.x, v.y});
    return out;
}

// The cells `from` reaches by the vectors, on the board.
inline std::set<std::string> targets(const ir::Game& game, const std::string& from,
                                     const std::vector<ir::Vec>& vectors) {
    const ir::Vec at = game.board.cells[static_cast<std::size_t>(cell(game, from))].coord;
    std::set<std::string> out;
    for (const auto& v : vectors)
        for (const auto& c : game.board.cells)
            if (c.coord == ir::Vec{at.x + v.x, at.y + v.y}) out.insert(c.name);
    return out;
}

inline std::vector<int> indices(const ir::Game& game, const std::string& pieces) {
    std::vector<int> out;
    std::size_t at = 0;
    while (at < pieces.size()) {
        const std::size_t end = std::min(pieces.find(' ', at), pieces.size());
        out.push_back(piece_index(game, pieces.substr(at, end - at)));
        at = end + 1;
    }
    return out;
}

inline std::vector<std::string> line_names(const ir::Game& game, const ir::Line& line) {
    std::vector<std::string> out;
    for (const int c : line) out.push_back(game.board.cells[static_cast<std::size_t>(c)].name);
    return out;
}

}  // namespace vari::dsl_test
