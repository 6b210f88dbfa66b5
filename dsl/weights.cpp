// Weights files: the evaluation weights `vari tune` learned for one game's rules, as JSON beside
// the rule file, tied to the rules by their hash. Pieces, players and cells go by name, so that a
// designer can read what a piece is worth where.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "dsl/dsl.hpp"

namespace vari::dsl {
namespace {

using nlohmann::json;
constexpr int FORMAT = 1;

std::string hex(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

// A whole number of centipawns no evaluation total can overflow with.
constexpr int LIMIT = 1'000'000;

int weight_at(const json& object, const char* key, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return 0;
    if (!it->is_number_integer() || it->get<std::int64_t>() < -LIMIT ||
        it->get<std::int64_t>() > LIMIT)
        throw std::runtime_error(where + "'" + key + "' must be a whole number from -" +
                                 std::to_string(LIMIT) + " to " + std::to_string(LIMIT));
    return it->get<int>();
}

ir::Weights read_json(const json& doc, const std::string& label, const ir::Game& game) {
    if (!doc.is_object() || doc.value("vari-weights", 0) != FORMAT)
        throw std::runtime_error("not a vari weights file (format " + std::to_string(FORMAT) + ")");
    const std::string hash = doc.value("rules-hash", "");
    if (hash != hex(game.rules_hash))
        throw std::runtime_error("made for other rules (rules hash " + hash + ", these rules " +
                                 hex(game.rules_hash) +
                                 "): the rules changed since; 'vari tune' makes them again");
    ir::Weights w;
    w.file = label;
    w.made_by = doc.value("made-by", "");
    w.summary = doc.value("summary", "");
    const json& pieces = doc.at("pieces");
    for (const auto& piece : game.pieces) {
        const std::string where = "piece '" + piece.name + "': ";
        const auto it = pieces.find(piece.name);
        if (it == pieces.end() || !it->is_object())
            throw std::runtime_error(where + "missing from the file");
        ir::PieceWeights p;
        p.board = weight_at(*it, "board", where);
        p.in_hand = weight_at(*it, "in-hand", where);
        p.mobility = weight_at(*it, "mobility", where);
        p.shelter = weight_at(*it, "shelter", where);
        p.approach = weight_at(*it, "approach", where);
        p.threatened = weight_at(*it, "threatened", where);
        p.hanging = weight_at(*it, "hanging", where);
        p.royal_attacks = weight_at(*it, "royal-attacks", where);
        const json& cells = it->at("cells");
        for (const auto& player : game.players) {
            const auto row = cells.find(player.name);
            if (row == cells.end() || !row->is_object())
                throw std::runtime_error(where + "no cells for " + player.name);
            std::vector<int> values;
            for (const auto& cell : game.board.cells)
                values.push_back(weight_at(*row, cell.name.c_str(), where + player.name + " "));
            p.cells.push_back(std::move(values));
        }
        w.pieces.push_back(std::move(p));
    }
    return w;
}

}  // namespace

std::filesystem::path weights_path(const std::filesystem::path& rule_file) {
    std::filesystem::path path = rule_file;
    return path.replace_extension(".weights");
}

std::string weights_text(const ir::Game& game, const ir::Weights& weights) {
    json pieces = json::object();
    for (std::size_t type = 0; type < game.pieces.size() && type < weights.pieces.size(); ++type) {
        const ir::PieceWeights& w = weights.pieces[type];
        json cells = json::object();
        for (std::size_t p = 0; p < game.players.size() && p < w.cells.size(); ++p) {
            json row = json::object();
            for (std::size_t c = 0; c < game.board.cells.size() && c < w.cells[p].size(); ++c)
                if (w.cells[p][c] != 0) row[game.board.cells[c].name] = w.cells[p][c];
            cells[game.players[p].name] = std::move(row);
        }
        pieces[game.pieces[type].name] = {
            {"board", w.board},         {"in-hand", w.in_hand},
            {"mobility", w.mobility},   {"shelter", w.shelter},
            {"approach", w.approach},   {"threatened", w.threatened},
            {"hanging", w.hanging},     {"royal-attacks", w.royal_attacks},
            {"cells", std::move(cells)}};
    }
    const json doc = {{"vari-weights", FORMAT},
                      {"game", game.name},
                      {"rules-hash", hex(game.rules_hash)},
                      {"made-by", weights.made_by},
                      {"summary", weights.summary},
                      {"pieces", std::move(pieces)}};
    return doc.dump(1) + "\n";
}

std::optional<ir::Weights> read_weights(std::string_view text, const std::string& label,
                                        const ir::Game& game, Diagnostic& problem) {
    problem = {};
    problem.file = label;
    try {
        return read_json(json::parse(text), label, game);
    } catch (const json::exception& e) {
        problem.message = std::string("not a weights file: ") + e.what();
    } catch (const std::runtime_error& e) {
        problem.message = e.what();
    }
    return std::nullopt;
}

}  // namespace vari::dsl
