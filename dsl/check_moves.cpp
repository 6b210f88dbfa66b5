// The checks over how pieces move: directions (resolved to vectors), pieces, movements, promotions.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>

#include "dsl/checker.hpp"
#include "dsl/text.hpp"

namespace vari::dsl {

namespace {

// Directions may be defined through others; a chain deeper than this is refused rather than
// followed (it keeps resolution's recursion shallow on hostile input).
constexpr int max_direction_depth = 64;

std::string letter_text(const ast::Piece& piece) {
    return (piece.plus ? "+" : "") + std::string(1, piece.letter) + (piece.tilde ? "~" : "");
}

bool looks_like_cell(const std::string& name) {
    std::size_t i = 0;
    while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) ++i;
    const std::size_t letters = i;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
    return letters > 0 && i > letters && i == name.size();
}

}  // namespace

// ---- Directions ---------------------------------------------------------------------------------

bool Checker::check_vector(const ast::Vector& v) {
    if (std::abs(static_cast<long long>(v.x)) > max_coordinate ||
        std::abs(static_cast<long long>(v.y)) > max_coordinate) {
        report.error(v.span, "a vector's coordinates must lie between -" +
                                 std::to_string(max_coordinate) + " and " +
                                 std::to_string(max_coordinate));
        return false;
    }
    if (v.x == 0 && v.y == 0) {
        report.error(v.span, "the vector (0, 0) does not go anywhere");
        return false;
    }
    return true;
}

// A vector in range, or a direction the file knows (an unknown name is reported unless a broken
// declaration may have defined it).
void Checker::check_direction_item(const ast::DirItem& item) {
    if (item.is_vector)
        check_vector(item.vector);
    else if (has_geometry && model.directions.count(item.name.text) == 0 &&
             declared_directions.count(item.name.text) == 0 &&
             !is_broken(ast::DeclKind::direction, item.name.text))
        unknown(item.name, "direction", direction_names);
}

// The vectors of a declared direction, resolving the directions it names first; nullptr if it
// cannot be resolved (the reason is reported once, where it lies).
const std::vector<ir::Vec>* Checker::resolve_direction(const ast::Direction& direction, int depth) {
    const auto index = static_cast<std::size_t>(&direction - file.directions.data());
    Resolution& state = direction_state[index];
    if (state == Resolution::done) return &model.directions[direction.name.text];
    if (state == Resolution::failed) return nullptr;
    if (state == Resolution::resolving || depth > max_direction_depth)
        return nullptr;  // reported by the caller
    state = Resolution::resolving;
    std::vector<ir::Vec> vectors;
    bool ok = true;
    for (const auto& item : direction.items) {
        if (item.is_vector) {
            if (check_vector(item.vector))
                vectors.push_back({item.vector.x, item.vector.y});
            else
                ok = false;
            continue;
        }
        const auto declared = declared_directions.find(item.name.text);
        const std::vector<ir::Vec>* found = nullptr;
        if (declared != declared_directions.end()) {
            const Resolution other = direction_state[declared->second];
            if (other == Resolution::resolving) {
                report.error(item.name.span, "direction " + quote(direction.name.text) +
                                                 " is defined through itself (via " +
                                                 quote(item.name.text) + ")");
            } else if (depth + 1 > max_direction_depth) {
                report.error(item.name.span, "directions are defined through more than " +
                                                 std::to_string(max_direction_depth) +
                                                 " others here");
            } else {
                found = resolve_direction(file.directions[declared->second], depth + 1);
            }
        } else if (const auto builtin = model.directions.find(item.name.text);
                   builtin != model.directions.end()) {
            found = &builtin->second;
        } else if (!is_broken(ast::DeclKind::direction, item.name.text)) {
            unknown(item.name, "direction", direction_names);
        }
        if (found == nullptr)
            ok = false;
        else
            vectors.insert(vectors.end(), found->begin(), found->end());
    }
    state = ok ? Resolution::done : Resolution::failed;
    if (!ok) return nullptr;
    auto& stored = model.directions[direction.name.text];
    stored = std::move(vectors);
    return &stored;
}

void Checker::check_directions() {
    if (!has_geometry) return;  // without a board the built-in names are not known
    for (const auto& builtin : builtin_directions(geometry)) {
        model.directions.emplace(std::string(builtin.name), builtin.vectors);
        direction_names.emplace_back(builtin.name);
    }
    std::map<std::string, ast::Span> seen;
    direction_state.assign(file.directions.size(), Resolution::fresh);
    for (std::size_t i = 0; i < file.directions.size(); ++i) {
        const auto& d = file.directions[i];
        if (model.directions.count(d.name.text) != 0) {
            report.error(d.name.span,
                         "direction " + quote(d.name.text) + " is built in; choose another name");
            direction_state[i] = Resolution::failed;
        } else if (const auto [it, is_new] = seen.emplace(d.name.text, d.span); !is_new) {
            already_defined(d.span, "direction " + quote(d.name.text), it->second);
            direction_state[i] = Resolution::failed;
        } else {
            direction_names.push_back(d.name.text);
            declared_directions.emplace(d.name.text, i);
        }
    }
    for (const auto& d : file.directions) resolve_direction(d, 0);
}

// ---- Pieces -------------------------------------------------------------------------------------

void Checker::check_pieces() {
    std::map<std::string, const ast::Piece*> letters;
    for (std::size_t i = 0; i < file.pieces.size(); ++i) {
        const auto& piece = file.pieces[i];
        if (const auto it = model.piece_index.find(piece.name.text);
            it != model.piece_index.end()) {
            already_defined(piece.span, "piece " + quote(piece.name.text),
                            file.pieces[static_cast<std::size_t>(it->second)].span);
            continue;
        }
        model.piece_index.emplace(piece.name.text, static_cast<int>(i));
        piece_names.push_back(piece.name.text);
        // A board's piece holds its type in five bits (interpreter/types.hpp).
        if (piece_names.size() == MAX_TYPES + 1)
            report.error(piece.name.span,
                         "piece " + quote(piece.name.text) + " is type number " +
                             std::to_string(MAX_TYPES + 1) + "; the limit is " +
                             std::to_string(MAX_TYPES) + " piece types",
                         "promoted forms count as types of their own");
        if (looks_like_cell(piece.name.text))
            report.error(piece.name.span, "piece name " + quote(piece.name.text) +
                                              " looks like a cell name (letters then digits), so "
                                              "setups could not tell them apart");
        if (const auto [it, fresh] = letters.emplace(letter_text(piece), &piece); !fresh)
            report.error(piece.letter_span, "letter " + quote(letter_text(piece)) +
                                                " is already used by piece " +
                                                quote(it->second->name.text) + " at " +
                                                report.at(it->second->span, piece.letter_span));
    }
    for (const auto& piece : file.pieces) {
        if (piece.movements.empty())
            report.error(piece.name.span, "piece " + quote(piece.name.text) + " has no way to move",
                         "give it a movement, " + either_of(primitive_words) +
                             ", as in "
                             "'{ step orthogonal }'");
        for (const auto& movement : piece.movements) check_movement(movement);
        for (std::size_t i = 1; i < piece.arrivals.size(); ++i)
            report.error(piece.arrivals[i],
                         "'arrive where-movable' is already given at " +
                             at_text(piece.arrivals[0].line, piece.arrivals[0].column));
        check_values(piece);
        check_images(piece);
        for (const auto& promotion : piece.promotions) {
            check_promotion_form(promotion);
            for (const auto& name : promotion.pieces) this->piece(name);
        }
    }
}

// A stated value: once, not negative, at most two decimals, not absurdly large.
void Checker::check_values(const ast::Piece& piece) {
    for (std::size_t i = 1; i < piece.values.size(); ++i)
        report.error(piece.values[i].span,
                     "piece " + quote(piece.name.text) + " already has a value, given at " +
                         at_text(piece.values[0].span.line, piece.values[0].span.column));
    if (piece.values.empty()) return;
    const ast::Name& value = piece.values.front();
    if (value.text.front() == '-')
        report.error(value.span, "a piece's value cannot be negative, found " + value.text,
                     "state it in pawns, as in 'value 3'");
    else if (centipawns(value.text) < 0)
        report.error(value.span,
                     "a piece's value is in pawns with at most two decimals, and at most " +
                         std::to_string(MAX_VALUE_PAWNS) + "; found " + value.text,
                     "as in 'value 3' or 'value 3.25'");
}

// ---- Promotion cycles ---------------------------------------------------------------------------

// "A -> B -> A" for the pieces of `path` from `from` on, back to the first; long cycles keep their
// first three and last two pieces.
std::string Checker::cycle_text(const std::vector<std::size_t>& path, std::size_t from) const {
    constexpr std::size_t head = 3, tail = 2;
    std::string text;
    for (std::size_t i = from; i < path.size(); ++i) {
        if (path.size() - from > head + tail && i == from + head) {
            text += "... -> ";
            i = path.size() - tail;
        }
        text += file.pieces[path[i]].name.text + " -> ";
    }
    return text + file.pieces[path[from]].name.text;
}

// A piece that promotes, through any chain of promotions, back to its own type could promote
// forever (`always` lines are left out: they are how a piece alternates between two forms). Walks
// the promotions depth first from each piece in declaration order and reports the
// choice that leads back to a piece still being walked: the promote line that closes the cycle.
void Checker::check_promotion_cycles() {
    const std::size_t count = file.pieces.size();
    constexpr std::size_t fresh = SIZE_MAX, done = SIZE_MAX - 1;
    std::vector<std::size_t> depth(count, fresh);  // while walked: the piece's place in `path`
    // The choices of a piece's promotions, in source order, then those armies give it, as
    // (target, the name and where it is written).
    std::vector<std::vector<std::pair<std::size_t, ast::Name>>> edges(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto self = model.piece_index.find(file.pieces[i].name.text);
        if (self == model.piece_index.end() || self->second != static_cast<int>(i))
            continue;  // a second definition, already reported
        for (const auto& promotion : file.pieces[i].promotions)
            for (const auto& name : promotion.pieces)
                if (const auto it = model.piece_index.find(name.text);
                    !promotion.always && it != model.piece_index.end())
                    edges[i].emplace_back(static_cast<std::size_t>(it->second), name);
    }
    for (const auto& [from, to, span] : army_promotion_edges)
        edges[static_cast<std::size_t>(from)].emplace_back(
            static_cast<std::size_t>(to),
            ast::Name{file.pieces[static_cast<std::size_t>(to)].name.text, span});
    for (std::size_t root = 0; root < count; ++root) {
        if (depth[root] != fresh) continue;
        // An explicit stack, no recursion on hostile input: the pieces walked and their next edge.
        std::vector<std::size_t> path{root}, next{0};
        depth[root] = 0;
        while (!path.empty()) {
            const std::size_t piece = path.back();
            if (next.back() == edges[piece].size()) {
                depth[piece] = done;
                path.pop_back();
                next.pop_back();
                continue;
            }
            const auto& [target, name] = edges[piece][next.back()++];
            if (depth[target] == fresh) {
                depth[target] = path.size();
                path.push_back(target);
                next.push_back(0);
            } else if (depth[target] != done) {
                report.error(name.span,
                             "promoting " + quote(file.pieces[piece].name.text) + " to " +
                                 quote(name.text) + " closes a cycle (" +
                                 cycle_text(path, depth[target]) +
                                 "): a piece could promote again and again",
                             "a promoted piece goes back to its first type when captured, through "
                             "'captured-as', not through 'promote'");
            }
        }
    }
}

}  // namespace vari::dsl
