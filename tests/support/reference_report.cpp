// Test support for the differential tests: failure reports with cell names.
#include "support/reference_report.hpp"

#include <algorithm>
#include <sstream>

#include "support/shipped_games.hpp"

namespace vari::test {
namespace {

namespace ref = reference;

// A piece as position strings write it with two players; with more, the owner's number follows.
std::string piece_text(const ir::Game& game, int player, int type) {
    const char letter = game.pieces[type].letter;
    if (game.players.size() > 2) return letter + std::to_string(player + 1);
    return std::string(1, player == 0 ? letter : static_cast<char>(letter - 'A' + 'a'));
}

std::string piece_text(const ir::Game& game, Piece p) {
    return p == NO_PIECE ? "." : piece_text(game, owner_of(p), type_of(p));
}

std::string cells_text(const ir::Game& game, const std::vector<int>& cells) {
    std::string text;
    for (int c : cells) text += (text.empty() ? "" : ",") + game.board.cells[c].name;
    return text.empty() ? "-" : text;
}

std::string cell_text(const ir::Game& game, int cell) {
    return cell < 0 ? "-" : game.board.cells[cell].name;
}

std::string rights_text(const Position& pos) {
    std::string text;
    for (std::size_t bit = 0; bit < pos.tables().right_names.size(); ++bit)
        if (pos.rights() >> bit & 1) text += pos.tables().right_names[bit];
    std::sort(text.begin(), text.end());
    return text;
}

}  // namespace

ref::MoveKey key_of(const Position& pos, Move move) {
    ref::MoveKey key{
        ref::pack_cells(move.from(), move.to(), move.promotion(), move.kind()),
        {},
        move.gated_type() < 0 ? -1 : move.gated_type() * 2 + (move.gates_on_partner() ? 1 : 0)};
    JumpPath path;
    if (move.is_jumps() && jump_path(pos, move, path))
        key.path.assign(path.landings, path.landings + path.length);
    return key;
}

std::string describe_move(const ir::Game& game, const ref::MoveKey& move) {
    if (ref::key_kind(move) == ref::Move::pass) return "pass";
    std::string text = cell_text(game, ref::key_from(move));
    if (ref::key_kind(move) == ref::Move::jumps)
        for (int cell : move.path) text += "x" + cell_text(game, cell);
    else
        text += "-" + cell_text(game, ref::key_to(move));
    if (ref::key_promotion(move) >= 0)
        text += std::string("=") + game.pieces[ref::key_promotion(move)].letter;
    if (ref::key_kind(move) == ref::Move::en_passant) text += " (en passant)";
    if (ref::key_kind(move) == ref::Move::castling) text += " (castling)";
    if (move.gate >= 0)
        text += std::string(" gating ") + game.pieces[move.gate / 2].letter +
                (move.gate % 2 ? " on the partner's cell" : "");
    return text;
}

std::string describe_moves(const ir::Game& game, const std::vector<ref::MoveKey>& moves) {
    std::string text;
    for (const ref::MoveKey& m : moves) text += (text.empty() ? "" : " ") + describe_move(game, m);
    return text.empty() ? "(none)" : text;
}

std::string describe_state(const ir::Game& game, const ref::State& s) {
    std::ostringstream out;
    for (const ir::Line& line : game.board.lines) {
        out << "  " << game.board.cells[line.front()].name << "\t";
        for (int c : line) {
            const ref::Occupant o = s.board[c];
            out << ' ' << (o.empty() ? "." : piece_text(game, o.player, o.type));
        }
        out << '\n';
    }
    out << "  to move: " << game.players[s.side].name
        << ", rights: " << (s.rights.empty() ? "-" : s.rights)
        << ", en passant: " << cells_text(game, s.ep_cells) << " (victim "
        << cell_text(game, s.ep_victim) << "), ply clock " << s.ply_clock << '\n';
    return out.str();
}

std::string state_differences(const Position& pos, const ref::State& s) {
    const ir::Game& game = pos.game().ir();
    std::ostringstream out;
    for (int c = 0; c < pos.tables().cell_count; ++c) {
        const ref::Occupant o = s.board[c];
        const Piece expected = o.empty() ? NO_PIECE : make_piece(o.player, o.type);
        if (pos.piece_on(c) != expected)
            out << "  " << game.board.cells[c].name << ": " << piece_text(game, pos.piece_on(c))
                << " (reference " << piece_text(game, expected) << ")\n";
    }
    if (pos.side_to_move() != s.side)
        out << "  to move: " << game.players[pos.side_to_move()].name << '\n';
    if (rights_text(pos) != s.rights) out << "  rights: " << rights_text(pos) << '\n';
    std::vector<int> gates;
    for (int cell : pos.gates()) gates.push_back(cell);
    if (gates != s.gates)
        out << "  gate rights: " << cells_text(game, gates) << " (reference "
            << cells_text(game, s.gates) << ")\n";
    std::vector<int> ep;
    for (int c : pos.ep_cells()) ep.push_back(c);
    if (ep != s.ep_cells || pos.ep_victim() != s.ep_victim)
        out << "  en passant: " << cells_text(game, ep) << " (victim "
            << cell_text(game, pos.ep_victim()) << ")\n";
    const bool has_clock = std::any_of(game.ends.begin(), game.ends.end(), [](const auto& e) {
        return e.kind == ir::EndKind::ply_limit;
    });
    if (has_clock && pos.ply_clock() != s.ply_clock)
        out << "  ply clock: " << pos.ply_clock() << '\n';
    for (int p = 0; p < pos.tables().player_count; ++p)
        if (pos.tables().checks_to_win && pos.checks_given(p) != s.checks[p])
            out << "  checks given by " << game.players[p].name << ": " << pos.checks_given(p)
                << " (reference " << s.checks[p] << ")\n";
    for (int p = 0; p < pos.tables().player_count; ++p)
        for (int t = 0; t < pos.tables().type_count; ++t)
            if (pos.in_hand(p, t) != s.hands[p * pos.tables().type_count + t])
                out << "  in " << game.players[p].name << "'s hand: " << pos.in_hand(p, t) << ' '
                    << game.pieces[t].name << " (reference "
                    << s.hands[p * pos.tables().type_count + t] << ")\n";
    return out.str();
}

// The reference's state for a position string of `game`.
reference::State reference_state(const CompiledGame& game, const std::string& text) {
    Position pos(game);
    set_position(pos, text);
    const ir::Game& g = game.ir();
    ref::State s;
    s.board.assign(g.board.cells.size(), ref::Occupant{});
    for (std::size_t c = 0; c < g.board.cells.size(); ++c)
        if (const Piece p = pos.piece_on(static_cast<int>(c)))
            s.board[c] = {owner_of(p), type_of(p)};
    s.side = pos.side_to_move();
    for (std::size_t bit = 0; bit < game.tables().right_names.size(); ++bit)
        if (pos.rights() >> bit & 1) s.rights += game.tables().right_names[bit];
    std::sort(s.rights.begin(), s.rights.end());
    for (int c : pos.ep_cells()) s.ep_cells.push_back(c);
    s.ep_victim = pos.ep_victim();
    s.ply_clock = pos.ply_clock();
    for (std::size_t p = 0; p < g.players.size(); ++p)
        for (std::size_t t = 0; t < g.pieces.size(); ++t)
            s.hands.push_back(pos.in_hand(static_cast<int>(p), static_cast<int>(t)));
    for (std::size_t p = 0; p < g.players.size(); ++p)
        s.checks.push_back(pos.checks_given(static_cast<int>(p)));
    for (int cell : pos.gates()) s.gates.push_back(cell);
    return s;
}

}  // namespace vari::test
