// A piece's movement rules written in XBetza, atom by atom, from the rule file's vectors.
#include "runtime/notation/betza.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace vari::notation {
namespace {

// One atom with its modifiers: [i] DIRECTIONS MODE ATOM [RANGE].
struct Part {
    bool initial = false;
    std::string directions;
    std::string mode;  // "m", "c", "ce", ...
    char atom = 'W';
    int range = 1;  // 1: a leap; 0: a rider without limit; n: at most n steps
    std::string text() const {
        return (initial ? "i" : "") + directions + mode + atom +
               (range == 1 ? std::string() : std::to_string(range));
    }
};

// The atom of a leap by (x, y): W F D N A H C Z G, or 0 when XBetza has none.
char atom_of(ir::Vec v) {
    const int a = std::min(std::abs(v.x), std::abs(v.y)),
              b = std::max(std::abs(v.x), std::abs(v.y));
    static constexpr char ATOMS[4][4] = {
        {0, 'W', 'D', 'H'}, {0, 'F', 'N', 'C'}, {0, 0, 'A', 'Z'}, {0, 0, 0, 'G'}};
    return b <= 3 ? ATOMS[a][b] : 0;
}

// XBoard's name of one direction of a leap (forward is +y): for an oblique leap the letter across
// its long axis then the letter along it (rf is (1, 2), fr is (2, 1)), as XBoard pairs them.
std::string direction_of(ir::Vec v) {
    const char across = v.x > 0 ? 'r' : 'l', along = v.y > 0 ? 'f' : 'b';
    if (v.x == 0) return std::string(1, along);
    if (v.y == 0) return std::string(1, across);
    if (std::abs(v.x) == std::abs(v.y)) return std::string{along, across};
    return std::abs(v.y) > std::abs(v.x) ? std::string{across, along} : std::string{along, across};
}

bool has_all(const std::vector<std::string>& have, std::initializer_list<const char*> names) {
    return have.size() == names.size() &&
           std::all_of(names.begin(), names.end(), [&](const char* n) {
               return std::find(have.begin(), have.end(), n) != have.end();
           });
}

// The direction letters for the leaps `have` of one atom, among its `count` (4 or 8).
std::string directions_of(std::vector<std::string> have, char atom) {
    std::sort(have.begin(), have.end());
    have.erase(std::unique(have.begin(), have.end()), have.end());
    const bool orthogonal = atom == 'W' || atom == 'D' || atom == 'H';
    const bool diagonal = atom == 'F' || atom == 'A' || atom == 'G';
    if (have.size() == (orthogonal || diagonal ? 4u : 8u)) return "";
    if (orthogonal) {  // XBoard joins the letters of an orthogonal atom
        const auto in = [&](const char* n) {
            return std::find(have.begin(), have.end(), n) != have.end();
        };
        std::string d = in("f") && in("b") ? "v" : in("f") ? "f" : in("b") ? "b" : "";
        return d + (in("l") && in("r") ? "s" : in("l") ? "l" : in("r") ? "r" : "");
    }
    // A pair of letters names one leap; a lone letter names a group, so that it is used only
    // where it is the whole set.
    if (diagonal) {
        for (const char* group : {"f", "b", "l", "r"}) {
            const std::string g = group;
            std::vector<std::string> members;
            for (const char* d : {"fr", "fl", "br", "bl"})
                if (std::string(d).find(g) != std::string::npos) members.push_back(d);
            if (has_all(have, {members[0].c_str(), members[1].c_str()})) return g;
        }
    } else {
        if (has_all(have, {"rf", "lf", "rb", "lb"})) return "v";
        if (has_all(have, {"fr", "br", "fl", "bl"})) return "s";
        if (has_all(have, {"rf", "lf"})) return "f";
        if (has_all(have, {"rb", "lb"})) return "b";
        if (has_all(have, {"fl", "bl"})) return "l";
        if (has_all(have, {"fr", "br"})) return "r";
    }
    std::string joined;
    for (const auto& d : have) joined += d;
    return joined;
}

// Does `zone` hold, for `player`, exactly the cells where the setup places `type` of `player`?
bool is_start_zone(const ir::Game& game, int zone, int type, int player) {
    std::vector<int> zone_cells =
        game.zones[static_cast<std::size_t>(zone)].cells[static_cast<std::size_t>(player)];
    std::vector<int> start;
    for (const ir::Placement& p : game.setup)
        if (p.player == player && p.type == type) start.push_back(p.cell);
    std::sort(zone_cells.begin(), zone_cells.end());
    std::sort(start.begin(), start.end());
    return !start.empty() && zone_cells == start;
}

// The parts of one movement rule, the vectors seen from `player`'s side.
std::optional<std::vector<Part>> parts_of(const ir::Game& game, const ir::Movement& m, int type,
                                          int player, std::string& why) {
    switch (m.kind) {
        case ir::MoveKind::leap:
        case ir::MoveKind::slide:
            break;
        case ir::MoveKind::curve:
        case ir::MoveKind::jump:
            why = "it moves along curves or by capture sequences";
            return std::nullopt;
        case ir::MoveKind::hop:
        case ir::MoveKind::lame_leap:
            why = "it hops over pieces or leaps lamely";
            return std::nullopt;
    }
    if (m.stop_zone >= 0) {
        why = "a slide of it stops at a zone";
        return std::nullopt;
    }
    Part base;
    if (m.from_zone >= 0) {
        if (!is_start_zone(game, m.from_zone, type, player)) {
            why = "a move of it is allowed from a zone that is not its start";
            return std::nullopt;
        }
        base.initial = true;
    }
    base.mode = m.mode == ir::MoveMode::move_only      ? "m"
                : m.mode == ir::MoveMode::capture_only ? "c"
                                                       : "";
    if (m.captures_en_passant) base.mode += m.mode == ir::MoveMode::move_or_capture ? "mce" : "e";
    base.range = m.kind == ir::MoveKind::slide ? m.max_range : 1;
    std::vector<Part> parts;
    std::vector<std::vector<std::string>> directions;
    for (ir::Vec v : m.vectors[static_cast<std::size_t>(player)]) {
        if (player == 1) v = {-v.x, -v.y};  // XBoard turns Black's description half round
        const char atom = atom_of(v);
        if (!atom) {
            why = "it leaps by (" + std::to_string(v.x) + ", " + std::to_string(v.y) +
                  "), which is no Betza atom";
            return std::nullopt;
        }
        auto at =
            std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.atom == atom; });
        if (at == parts.end()) {
            parts.push_back(base);
            parts.back().atom = atom;
            directions.emplace_back();
            at = parts.end() - 1;
        }
        directions[static_cast<std::size_t>(at - parts.begin())].push_back(direction_of(v));
    }
    for (std::size_t i = 0; i < parts.size(); ++i)
        parts[i].directions = directions_of(directions[i], parts[i].atom);
    return parts;
}

// W and F in every direction alike are K (range 1) or Q (unlimited); W0 is R and F0 is B.
void merge_named(std::vector<Part>& parts) {
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Part& w = parts[i];
        if (w.atom != 'W' || !w.directions.empty() || (w.range != 0 && w.range != 1)) continue;
        const auto f = std::find_if(parts.begin(), parts.end(), [&](const Part& p) {
            return p.atom == 'F' && p.directions.empty() && p.range == w.range &&
                   p.mode == w.mode && p.initial == w.initial;
        });
        if (f == parts.end()) continue;
        w.atom = w.range == 0 ? 'Q' : 'K';
        w.range = 1;
        parts.erase(f);
    }
    for (Part& p : parts)
        if (p.range == 0 && (p.atom == 'W' || p.atom == 'F')) {
            p.atom = p.atom == 'W' ? 'R' : 'B';
            p.range = 1;
        }
}

// O and the distance, for the castlings of a royal piece along its rank with the piece in the
// corner; nothing with `why` for other castlings.
std::optional<std::string> castling_of(const ir::Game& game, int type, int player,
                                       std::string& why) {
    int distance = 0;
    for (const ir::Castling& c : game.castlings) {
        if (c.player != player || c.royal_type != type) continue;
        const auto& cells = game.board.cells;
        const ir::Vec from = cells[static_cast<std::size_t>(c.royal_from)].coord;
        const ir::Vec to = cells[static_cast<std::size_t>(c.royal_to)].coord;
        const ir::Vec partner = cells[static_cast<std::size_t>(c.partner_from)].coord;
        bool corner = true;
        for (const ir::Cell& cell : cells)
            if (cell.coord.y == partner.y &&
                (to.x > from.x ? cell.coord.x > partner.x : cell.coord.x < partner.x))
                corner = false;
        const int d = std::abs(to.x - from.x);
        if (from.y != to.y || partner.y != from.y || !corner || d == 0 ||
            (distance && d != distance)) {
            why = "it castles otherwise than along its rank with the corner piece";
            return std::nullopt;
        }
        distance = d;
    }
    return distance ? "O" + std::to_string(distance) : "";
}

}  // namespace

std::optional<std::string> betza(const ir::Game& game, int type, int player, std::string& why) {
    if (game.board.geometry != ir::Geometry::square) {
        why = "its board is hexagonal";
        return std::nullopt;
    }
    const ir::Piece& piece = game.pieces[static_cast<std::size_t>(type)];
    std::vector<Part> parts;
    for (const ir::Movement& m : piece.movements) {
        auto more = parts_of(game, m, type, player, why);
        if (!more) return std::nullopt;
        parts.insert(parts.end(), more->begin(), more->end());
    }
    merge_named(parts);
    std::string text;
    for (const Part& p : parts) text += p.text();
    const auto castling = castling_of(game, type, player, why);
    if (!castling) return std::nullopt;
    return text + *castling;
}

}  // namespace vari::notation
