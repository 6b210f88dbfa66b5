// Test support: loading the shipped games by name.
#include "support/shipped_games.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"

namespace vari::test {

std::string shipped_path(const std::string& name) {
    return std::string(VARI_STDLIB_DIR) + "/" + name + ".vari";
}

std::vector<std::string> shipped_game_names() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(VARI_STDLIB_DIR))
        if (entry.path().extension() == ".vari") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::shared_ptr<const CompiledGame> load_shipped(const std::string& name) {
    static std::mutex guard;
    static std::map<std::string, std::shared_ptr<const CompiledGame>, std::less<>> loaded;
    {
        const std::lock_guard lock(guard);
        if (const auto found = loaded.find(name); found != loaded.end()) return found->second;
    }
    std::shared_ptr<const CompiledGame> game = load_game_file(shipped_path(name));
    const std::lock_guard lock(guard);
    return loaded.try_emplace(name, std::move(game)).first->second;
}

std::unique_ptr<CompiledGame> load_game_file(const std::string& path) {
    auto loaded = dsl::load_file(path);
    std::string report;
    for (const auto& d : loaded.diagnostics) report += dsl::render(d, loaded);
    INFO(report);
    REQUIRE(loaded.game);
    return std::move(loaded.compiled);
}

void set_position(Position& pos, const std::string& position_string) {
    const auto error = notation::parse_position(pos, position_string);
    INFO((error ? dsl::render(*error, position_string) : std::string()));
    REQUIRE(!error);
}

namespace {

int cell_named(const Position& pos, const std::string& name) {
    const int cell = pos.game().cell_index(name);
    INFO("cell " << name);
    REQUIRE(cell >= 0);
    return cell;
}

}  // namespace

void place(Position& pos, const std::string& pieces, int side_to_move, const std::string& rights) {
    const auto& ir = pos.game().ir();
    pos.clear();
    std::istringstream words(pieces);
    for (std::string word; words >> word;) {
        const bool plus = word[0] == '+';
        const char written = word[plus ? 1 : 0];
        const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(written)));
        const int player = std::isupper(static_cast<unsigned char>(written)) ? 0 : 1;
        const auto type = std::find_if(ir.pieces.begin(), ir.pieces.end(), [&](const ir::Piece& p) {
            return p.letter == letter && p.plus == plus;
        });
        INFO("piece " << word);
        REQUIRE(type != ir.pieces.end());
        pos.put(cell_named(pos, word.substr(plus ? 2 : 1)),
                make_piece(player, static_cast<int>(type - ir.pieces.begin())));
    }
    pos.set_side_to_move(side_to_move);
    std::uint32_t bits = 0;
    const auto& names = pos.tables().right_names;
    for (char r : rights) {
        const auto it = std::find(names.begin(), names.end(), r);
        REQUIRE(it != names.end());
        bits |= 1u << (it - names.begin());
    }
    pos.set_rights(bits);
}

Move legal_move(Position& pos, const std::string& from, const std::string& to) {
    const int f = cell_named(pos, from), t = cell_named(pos, to);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (!m.is_drop() && m.from() == f && m.to() == t) return m;
    FAIL("no legal move " << from << "-" << to);
    return Move::none();
}

std::string legal_targets(Position& pos, const std::string& from) {
    const int f = cell_named(pos, from);
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> names;
    for (Move m : list)
        if (!m.is_drop() && !m.is_pass() && m.from() == f)
            names.push_back(pos.game().ir().board.cells[m.to()].name);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : " ") + n;
    return joined;
}

int type_named(const CompiledGame& game, const std::string& name) {
    const auto& pieces = game.ir().pieces;
    const auto it = std::find_if(pieces.begin(), pieces.end(),
                                 [&](const ir::Piece& p) { return p.name == name; });
    INFO("piece " << name);
    REQUIRE(it != pieces.end());
    return static_cast<int>(it - pieces.begin());
}

void place_named(Position& pos, const std::string& pieces, int side_to_move) {
    const ir::Game& ir = pos.game().ir();
    pos.clear();
    std::istringstream words(pieces);
    for (std::string word; words >> word;) {
        const auto first = word.find(':'), second = word.rfind(':');
        INFO("piece " << word);
        REQUIRE((first != std::string::npos && second > first));
        int owner = -1;
        for (int p = 0; p < static_cast<int>(ir.players.size()); ++p)
            if (notation::player_token(ir, p) == word[0] && first == 1) owner = p;
        REQUIRE(owner >= 0);
        const int type = type_named(pos.game(), word.substr(first + 1, second - first - 1));
        pos.put(cell_named(pos, word.substr(second + 1)), make_piece(owner, type));
    }
    pos.set_side_to_move(side_to_move);
}

const std::string THREE_PLAYER_KING_IN_HAND =
    "LwPw1NgPgLg/Nw1Pw1Gg2/BwSwPwGwPg1SgRg/1Rw2PwPgPg1Bg/1SwPwKw1Nb1Pg1Gg/1LwPbNw2Sg1Pg1Lg/"
    "PwPwPw2GbNg1PbPg/1PbGbNbPb4/Gw1PbPbSbPb2/PbLbSbKb2Pb/2BbRb1Lb[Kb] w - - 3 14";
const std::string THREE_PLAYER_MIDGAME =
    "LwPwGwGgPgLg/1BwPwPg+Pb1Ng/Pw3Pw1SgRg/1RwPwSw1Pg1Kg1/2Pw3Pg1SgLg/LwGw1BgSb1Pg2Lg1/"
    "1KwNwPb4PgPg/PwLgSw1PbPb+Nw1Gb/2Pw2Pb2/Pb3Sb1Pb/1Nb1RbKbGg[GbNwPwPwBgNg] w - - 1 24";

std::string legal_targets(const CompiledGame& game, const std::string& pieces,
                          const std::string& from, int side) {
    Position pos(game);
    place(pos, pieces, side);
    return legal_targets(pos, from);
}

std::string sorted_cells(const std::string& cells) {
    std::istringstream words(cells);
    std::vector<std::string> names;
    for (std::string w; words >> w;) names.push_back(w);
    std::sort(names.begin(), names.end());
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : " ") + n;
    return joined;
}

const std::string COMPACT_SHOGI_MIDGAME =
    "1k3/zz3l/l+UPpb1p/pu2p2b/BPpPr1h2/2P2PPp/2PrP2/z3B1/LHK1L[Hzh] w - - 0 36";
const std::string COMPACT_SHOGI_VS_REVERGENT_MIDGAME =
    "Upkrl/2b1zh/pz1pb1N/3p2pp/1Php3p1/1P1PP3/U1u2KR/p+z1P2/5[b] w - - 0 31";
const std::string DRAUGHTS_KINGS = "5/4t1/2w4/1t1ttt2/W3Wt2w/5t2/3t1TT/1T4/T4 w - - 0 1";

}  // namespace vari::test
