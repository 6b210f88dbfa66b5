// The parse error messages, one per commit point of grammar.hpp, and the control that raises them.
//
// Messages are written for a variant designer. "{decl}" stands for the declaration being read
// ("piece 'Guard' opened at 11:1"); build_ast.cpp fills it in and appends what was found instead.
#pragma once

#include <tao/pegtl.hpp>

#include "dsl/grammar.hpp"

namespace vari::dsl {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// A `must` on a rule without a message here does not compile (see control::raise).
template <typename Rule>
struct control : tao::pegtl::normal<Rule> {
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&&...) {
        static_assert(error_message<Rule> != nullptr,
                      "give this must point a message in errors.hpp");
        throw tao::pegtl::parse_error(error_message<Rule>, in);
    }
};

namespace g = grammar;

// clang-format off
#define VARI_MESSAGE(rule, text) template <> inline constexpr const char* error_message<g::rule> = text

VARI_MESSAGE(declaration, "expected a declaration: {declarations}");

// vectors
VARI_MESSAGE(vector_x, "expected a whole number, the vector's first coordinate, as in (1, 2)");
VARI_MESSAGE(vector_comma, "expected ',' between the vector's two coordinates, as in (1, 2)");
VARI_MESSAGE(vector_y, "expected a whole number, the vector's second coordinate, as in (1, 2)");
VARI_MESSAGE(close_paren, "expected ')' to close the vector");

// game
VARI_MESSAGE(game_title, "expected the game's name in double quotes, such as \"My Variant\"");
VARI_MESSAGE(close_quote, "expected '\"' to end the game's name (a name ends on its own line and holds only printable text)");

// players, orient
VARI_MESSAGE(player_names, "expected the players' names in turn order, such as 'White Black'");
VARI_MESSAGE(orient_player, "expected a player's name after 'orient'");
VARI_MESSAGE(kw_rotate, "expected 'rotate' and an angle, as in 'orient Black rotate 180'");
VARI_MESSAGE(orient_degrees, "expected the angle in degrees after 'rotate', such as 180");

// board
VARI_MESSAGE(board_shape, "expected the board's shape: 'square', 'hex flat' or 'hex pointy'");
VARI_MESSAGE(hex_kind, "expected 'flat' or 'pointy' after 'hex'");
VARI_MESSAGE(open_board, "expected '{' to open the board's description");
VARI_MESSAGE(board_items, "expected 'files', 'ranks', 'lengths', 'first', 'indents', 'hexagon', 'cells' or 'label'");
VARI_MESSAGE(close_board, "expected '}' to close {decl}, or one of 'files', 'ranks', 'lengths', 'first', 'indents', 'hexagon', 'cells', 'label'");
VARI_MESSAGE(files_from, "expected the first file's letter, as in 'files a..h'");
VARI_MESSAGE(files_to, "expected the last file's letter, as in 'files a..h'");
VARI_MESSAGE(dots, "expected '..' between the first and the last, as in 'files a..h' or 'ranks 1..8'");
VARI_MESSAGE(ranks_from, "expected the first rank's number, as in 'ranks 1..8'");
VARI_MESSAGE(ranks_to, "expected the last rank's number, as in 'ranks 1..8'");
VARI_MESSAGE(list_values, "expected whole numbers, one for each file or rank");
VARI_MESSAGE(hexagon_size, "expected the hexagon's side length, as in 'hexagon 5'");
VARI_MESSAGE(cell_defs, "expected cells, each a name and its coordinates, as in 'a1 (0, 0)'");
VARI_MESSAGE(cell_coord, "expected the cell's coordinates, as in 'a1 (0, 0)'");
VARI_MESSAGE(label_files_word, "expected 'files' after 'label', as in 'label files 11..1 ranks k..a'");
VARI_MESSAGE(label_ranks_word, "expected 'ranks' after the file labels, as in 'label files 11..1 ranks k..a'");
VARI_MESSAGE(label_files_from, "expected the first file's label, a number or a lower-case letter, as in 'label files 11..1 ranks k..a'");
VARI_MESSAGE(label_files_to, "expected the last file's label, a number or a lower-case letter, as in 'label files 11..1 ranks k..a'");
VARI_MESSAGE(label_ranks_from, "expected the first rank's label, a number or a lower-case letter, as in 'label files 11..1 ranks k..a'");
VARI_MESSAGE(label_ranks_to, "expected the last rank's label, a number or a lower-case letter, as in 'label files 11..1 ranks k..a'");

// direction
VARI_MESSAGE(direction_name, "expected a name for the direction, such as 'forward'");
VARI_MESSAGE(direction_equals, "expected '=' after the direction's name");
VARI_MESSAGE(direction_items, "expected directions or vectors after '=', such as 'n ne' or '(1, 2)'");

// zone
VARI_MESSAGE(zone_name, "expected a name for the zone, such as 'last-rank'");
VARI_MESSAGE(zone_equals, "expected '=' after the zone's name (or after the player it is for)");
VARI_MESSAGE(zone_specs, "expected the zone's cells: cell names, 'rank N' or 'file X'");
VARI_MESSAGE(zone_rank, "expected a rank after 'rank': its number, or its letter on a board labelled with letter ranks");
VARI_MESSAGE(zone_file, "expected a file after 'file': its letter, or its number on a board labelled with number files");

// piece
VARI_MESSAGE(piece_name, "expected a name for the piece after 'piece'");
VARI_MESSAGE(piece_letter, "expected the piece's letter after its name, one capital letter such as 'N' (or '+' and one, such as '+P', or one and '~', such as 'Q~')");
VARI_MESSAGE(open_piece, "expected '{' to open the piece's moves (or 'royal' before it)");
VARI_MESSAGE(close_piece, "expected '}' to close {decl}, or a movement ({primitives}, after 'move' or 'capture' if it only moves or only captures), 'promote', 'captured-as', 'captured-removed', 'drop', 'arrive' or 'value'");
VARI_MESSAGE(movement_body, "expected {primitives} after 'move' or 'capture'");
VARI_MESSAGE(move_items, "expected a direction such as 'forward' or 'n', or a vector such as (1, 2)");
VARI_MESSAGE(range_count, "expected the number of cells after 'range', such as 2");
VARI_MESSAGE(until_zone, "expected a zone's name after 'until'");
VARI_MESSAGE(from_zone, "expected a zone's name after 'from'");
VARI_MESSAGE(within_zone, "expected a zone's name after 'within'");
VARI_MESSAGE(via_vectors, "expected the vectors of the cells a lame leap passes after 'via', such as (0, 1)");
VARI_MESSAGE(modifier_pieces, "expected the names of pieces after 'not-over' or 'not-taking', such as Cannon");
VARI_MESSAGE(promote_where, "expected 'in' and a zone, or 'always', after 'promote' (and after 'optional' and 'touching', in that order), as in 'promote in last-rank to PIECE ...'");
VARI_MESSAGE(promote_zone, "expected a zone's name after 'in'");
VARI_MESSAGE(kw_to, "expected 'to' and the pieces it may become, as in 'promote in last-rank to PIECE ...'");
VARI_MESSAGE(promote_pieces, "expected the names of the pieces it may become after 'to'");
VARI_MESSAGE(captured_piece, "expected the piece a captor gets after 'captured-as', such as 'Pawn'");
VARI_MESSAGE(gating_zone, "expected the zone of the cells it may be gated onto after 'gating', such as 'first-rank'");
VARI_MESSAGE(not_in_zones, "expected the zones it may not be dropped into after 'not-in', such as 'last-rank'");
VARI_MESSAGE(file_pieces, "expected pieces' names after 'not-on-file-with', such as 'Pawn'");
VARI_MESSAGE(defender_pieces, "expected pieces' names after 'not-defended-by', such as 'Pawn'");
VARI_MESSAGE(arrive_where_movable, "expected 'where-movable' after 'arrive', as in 'arrive where-movable'");
VARI_MESSAGE(value_number, "expected the piece's value in pawns after 'value', as in 'value 3' or 'value 3.25'");
VARI_MESSAGE(image_files, "expected the piece's picture after 'image': an SVG file in double quotes, as in 'image \"images/knight.svg\"', or a player and a file for each player, as in 'image White \"white-knight.svg\" Black \"black-knight.svg\"'");
VARI_MESSAGE(image_path, "expected the player's picture in double quotes after the player's name, as in 'image White \"white-knight.svg\"'");
VARI_MESSAGE(image_path_end, "expected '\"' to end the image file's name (a name ends on its own line and holds only printable text)");

// drop-first
VARI_MESSAGE(first_pieces, "expected the pieces that must be dropped before any other after 'drop-first'");

// castling
VARI_MESSAGE(castling_player, "expected the player who may castle, as in 'castling White K { ... }'");
VARI_MESSAGE(castling_right, "expected the castling right's letter after the player, such as 'K'");
VARI_MESSAGE(close_castling_label, "expected '\"' to end the castling's notation, as in \"O-O\" (on one line, printable text only)");
VARI_MESSAGE(open_castling, "expected '{' to open the castling's description, after its notation in double quotes if it has one");
VARI_MESSAGE(castling_royal, "expected the royal piece that castles, as in '{ ROYAL e1 g1  PARTNER h1 f1 }'");
VARI_MESSAGE(royal_from, "expected the cell the royal piece starts from, such as 'e1'");
VARI_MESSAGE(royal_to, "expected the cell the royal piece goes to, such as 'g1'");
VARI_MESSAGE(castling_partner, "expected the partner piece after the royal piece's two cells");
VARI_MESSAGE(partner_from, "expected the cell the partner starts from, such as 'h1'");
VARI_MESSAGE(partner_to, "expected the cell the partner goes to, such as 'f1'");
VARI_MESSAGE(empty_cells, "expected the cells that must be empty after 'empty', such as 'f1 g1'");
VARI_MESSAGE(safe_cells, "expected the cells that must not be attacked after 'safe', such as 'e1 f1 g1'");
VARI_MESSAGE(close_castling, "expected '}' to close {decl}, or 'empty', 'safe' or 'by-drop' (in that order)");

// setup
VARI_MESSAGE(setup_player, "expected the player whose pieces follow, as in 'setup White { PIECE e1 }'");
VARI_MESSAGE(open_setup, "expected '{' to open the setup, or 'hand {' to open the pieces it holds in hand");
VARI_MESSAGE(setup_cells, "expected the cells the piece stands on, such as 'e1'");
VARI_MESSAGE(hand_pieces, "expected the pieces the player holds in hand after 'hand', such as 'Hawk'");
VARI_MESSAGE(close_setup, "expected '}' to close {decl}, or a piece's name followed by its cells");

// end
VARI_MESSAGE(end_kind, "expected {ends} after 'end'");
VARI_MESSAGE(end_zone, "expected the name of the zone a royal piece must reach, as in 'end royal-reaches hill win'");
VARI_MESSAGE(reach_pieces, "expected the pieces that must reach the zone, as in 'end piece-reaches Knight in centre win'");
VARI_MESSAGE(kw_in, "expected 'in' and the zone after the pieces, as in 'end piece-reaches Knight in centre win'");
VARI_MESSAGE(outcome, "expected the result for the player who made the last move: 'win', 'loss' or 'draw'");
VARI_MESSAGE(end_count, "expected a number, such as 3 for threefold repetition or 100 plies");
VARI_MESSAGE(extinct_pieces, "expected the names of the pieces whose loss ends the game, as in 'end extinction King Queen win'");
VARI_MESSAGE(reset_items, "expected 'capture' or pieces' names after 'reset-by'");
VARI_MESSAGE(material_set, "expected '{' and the pieces one player may be left with, as in 'end insufficient { King } { King Knight } draw'");
VARI_MESSAGE(material_pieces, "expected the names of the pieces one player may be left with, as in '{ King Knight }'");
VARI_MESSAGE(close_material, "expected '}' to close the set of pieces, or another piece's name");

// royals, checks, pass, hooks, jumps
VARI_MESSAGE(royals_rule, "expected 'capturable', 'may-not-face' or 'must-part' after 'royals', as in 'royals capturable' or 'royals may-not-face n s'");
VARI_MESSAGE(facing_items, "expected the directions along which royal pieces face each other, such as 'n s'");
VARI_MESSAGE(kw_compulsory, "expected 'compulsory' after 'drops', as in 'drops compulsory'");
VARI_MESSAGE(kw_forbidden, "expected 'forbidden' after 'checks', as in 'checks forbidden'");
VARI_MESSAGE(pass_kind, "expected 'forced' (a player with no legal move passes) or 'allowed' (a player may always pass) after 'pass'");
VARI_MESSAGE(hooks_source, "expected the hooks as a file name in double quotes, such as \"hooks.lua\", or as code between triple quotes: \"\"\" ... \"\"\"");
VARI_MESSAGE(hooks_code_end, "expected '\"\"\"' to end the code of {decl}");
VARI_MESSAGE(jumps_kind, "expected 'compulsory' (a player who can jump must, and a sequence goes on while it can) or 'maximum' (only the sequences capturing the most pieces) after 'jumps'");
VARI_MESSAGE(hooks_path_end, "expected '\"' to end the hooks file's name (a name ends on its own line and holds only printable text)");

// include
VARI_MESSAGE(include_path, "expected the file to include in double quotes, such as \"board.vari\", a path relative to this file's folder");
VARI_MESSAGE(include_path_end, "expected '\"' to end the included file's name (a name ends on its own line and holds only printable text)");

// army, armies, captures
VARI_MESSAGE(army_name, "expected a name for the army after 'army'");
VARI_MESSAGE(open_army, "expected '{' to open the army's pieces");
VARI_MESSAGE(army_pieces, "expected the pieces the army fields, such as '{ King Rook Pawn }'");
VARI_MESSAGE(army_promote_piece, "expected the piece that promotes after 'promote', as in 'promote Pawn in far-rank to others'");
VARI_MESSAGE(army_promote_targets, "expected 'others' (every other non-royal piece of the army) or the pieces it may become after 'to'");
VARI_MESSAGE(close_army, "expected '}' to close {decl}, or 'promote'");
VARI_MESSAGE(army_choices, "expected one army per player, in turn order, as in 'armies ARMY ARMY' for two players");
VARI_MESSAGE(captures_target, "expected 'compulsory' or the capturing army after 'captures', as in 'captures compulsory' or 'captures ARMY { Rook as Pawn }'");
VARI_MESSAGE(captures_what, "expected 'removed' or '{' and what captured pieces become, as in 'captures ARMY { Rook as Pawn }'");
VARI_MESSAGE(capture_mappings, "expected a captured piece and what it becomes, as in 'Rook as Pawn'");
VARI_MESSAGE(kw_as, "expected 'as' and the piece the captured one becomes, as in 'Rook as Pawn'");
VARI_MESSAGE(becomes_type, "expected the piece the captured one becomes in hand after 'as'");
VARI_MESSAGE(close_captures, "expected '}' to close {decl}, or another 'PIECE as PIECE'");

#undef VARI_MESSAGE
// clang-format on

}  // namespace vari::dsl
