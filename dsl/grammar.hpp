// The whole rule language as PEGTL rules, one group per declaration (LANGUAGE.md is the prose).
//
// Tokens swallow the blanks and comments after them, so a failure is reported at the start of the
// next token. Every `must` point is a named rule with a message in errors.hpp; actions
// (build_ast.cpp) sit only on rules past a commit point or matched whole, never on a rule that a
// later failure could backtrack over.
#pragma once

#include <tao/pegtl.hpp>

#include "dsl/keywords.hpp"

namespace vari::dsl::grammar {

using namespace tao::pegtl;

// clang-format off

// ---- Lexical ------------------------------------------------------------------------------------
// sep -> (blank | newline | '#' anything up to the end of the line)*
struct comment : seq<one<'#'>, until<eolf>> {};
struct sep : star<sor<ascii::space, comment>> {};
template <typename Rule> struct tok : seq<Rule, sep> {};

struct ident_first : sor<alpha, one<'_'>> {};
struct ident_other : sor<alnum, one<'_', '-'>> {};
template <typename Str> struct key : seq<Str, not_at<ident_other>> {};
template <typename Str> struct kw : tok<key<Str>> { using word = key<Str>; };

// Every keyword (keywords.hpp) is a rule kw_NAME, and reserved: lists of names end at the first.
#define VARI_KEYWORD_RULE(id, text) struct kw_##id : kw<TAO_PEGTL_STRING(text)> {};
VARI_KEYWORDS(VARI_KEYWORD_RULE)
#undef VARI_KEYWORD_RULE
#define VARI_KEYWORD_WORD(id, text) kw_##id::word,
struct declaration_keyword : sor<VARI_DECLARATION_KEYWORDS(VARI_KEYWORD_WORD) failure> {};
struct keyword : sor<VARI_KEYWORDS(VARI_KEYWORD_WORD) failure> {};
#undef VARI_KEYWORD_WORD

// NAME -> letter or '_', then letters, digits, '_' or '-'; not a keyword
struct name_text : seq<not_at<keyword>, ident_first, star<ident_other>> {};
// CELL -> letters then digits (e4, i10) | digits then letters (6f, 11a)
struct cell_text : seq<sor<seq<plus<alpha>, plus<digit>>, seq<plus<digit>, plus<alpha>>>,
    not_at<ident_other>> {};
// INT -> '-'? digits
struct integer_text : seq<opt<one<'-'>>, plus<digit>, not_at<ident_other>> {};
// LETTERS -> lower-case letters (a file: e, af; board.cpp bounds their number)
struct file_letter_text : seq<plus<range<'a', 'z'>>, not_at<ident_other>> {};
// LABEL -> INT | LETTERS (a file or rank as a cell name writes it)
struct label_text : sor<integer_text, file_letter_text> {};

// vector -> '(' INT ',' INT ')'
struct open_paren : tok<one<'('>> {};
struct vector_x : tok<integer_text> {};
struct vector_comma : tok<one<','>> {};
struct vector_y : tok<integer_text> {};
struct close_paren : tok<one<')'>> {};
struct vector_lit : if_must<open_paren, vector_x, vector_comma, vector_y, close_paren> {};

// ---- game -> 'game' STRING ----------------------------------------------------------------------
struct string_char : sor<one<'\t'>, utf8::ranges<0x20, 0x21, 0x23, 0x7E, 0x80, 0x10FFFF>> {};
struct game_title_text : star<string_char> {};
struct close_quote : tok<one<'"'>> {};
struct game_title : seq<one<'"'>, game_title_text, must<close_quote>> {};
struct game_decl : if_must<kw_game, game_title> {};

// ---- players -> 'players' NAME+ -----------------------------------------------------------------
struct player_name : tok<name_text> {};
struct player_names : plus<player_name> {};
struct players_decl : if_must<kw_players, player_names> {};

// ---- orient -> 'orient' PLAYER 'rotate' INT ['mirror'] ------------------------------------------
struct orient_player : tok<name_text> {};
struct orient_degrees : tok<integer_text> {};
struct orient_decl : seq<kw_orient, must<orient_player, kw_rotate, orient_degrees>,
    opt<kw_mirror>> {};

// ---- board -> 'board' shape '{' board_item+ '}' -------------------------------------------------
// shape -> 'square' | 'hex' ('flat' | 'pointy')
// board_item -> 'files' LETTERS '..' LETTERS | 'ranks' INT '..' INT | 'lengths' INT+ | 'first' INT+
//             | 'indents' INT+ | 'hexagon' INT | 'cells' (CELL vector)+
//             | 'label' 'files' LABEL '..' LABEL 'ranks' LABEL '..' LABEL
struct hex_kind : sor<kw_flat, kw_pointy> {};
struct board_shape : sor<kw_square, if_must<kw_hex, hex_kind>> {};
struct open_board : tok<one<'{'>> {};
struct dots : tok<two<'.'>> {};
struct files_from : tok<file_letter_text> {};
struct files_to : tok<file_letter_text> {};
struct files_clause : if_must<kw_files, files_from, dots, files_to> {};
struct ranks_from : tok<integer_text> {};
struct ranks_to : tok<integer_text> {};
struct ranks_clause : if_must<kw_ranks, ranks_from, dots, ranks_to> {};
struct list_value : tok<integer_text> {};
struct list_values : plus<list_value> {};
struct lengths_clause : if_must<kw_lengths, list_values> {};
struct first_clause : if_must<kw_first, list_values> {};
struct indents_clause : if_must<kw_indents, list_values> {};
struct hexagon_size : tok<integer_text> {};
struct hexagon_clause : if_must<kw_hexagon, hexagon_size> {};
struct cell_def_name : tok<cell_text> {};
struct cell_coord : vector_lit {};
struct cell_def : if_must<cell_def_name, cell_coord> {};
struct cell_defs : plus<cell_def> {};
struct cells_clause : if_must<kw_cells, cell_defs> {};
// Own rules for the words after 'label': kw_files and kw_ranks open clauses of their own.
struct label_files_word : kw<TAO_PEGTL_STRING("files")> {};
struct label_ranks_word : kw<TAO_PEGTL_STRING("ranks")> {};
struct label_files_from : tok<label_text> {};
struct label_files_to : tok<label_text> {};
struct label_ranks_from : tok<label_text> {};
struct label_ranks_to : tok<label_text> {};
struct label_clause : if_must<kw_label, label_files_word, label_files_from, dots, label_files_to,
    label_ranks_word, label_ranks_from, dots, label_ranks_to> {};
struct board_item : sor<files_clause, ranks_clause, lengths_clause, first_clause, indents_clause,
    hexagon_clause, cells_clause, label_clause> {};
struct board_items : plus<board_item> {};
struct close_board : tok<one<'}'>> {};
struct board_decl : if_must<kw_board, board_shape, open_board, board_items, close_board> {};

// ---- direction -> 'direction' NAME '=' (NAME | vector)+ -----------------------------------------
struct direction_name : tok<name_text> {};
struct direction_equals : tok<one<'='>> {};
struct direction_ref : tok<name_text> {};
struct direction_vector : vector_lit {};
struct direction_item : sor<direction_vector, direction_ref> {};
struct direction_items : plus<direction_item> {};
struct direction_decl : if_must<kw_direction, direction_name, direction_equals,
    direction_items> {};

// ---- zone -> 'zone' NAME [PLAYER] '=' zone_spec+ ------------------------------------------------
// zone_spec -> CELL | 'rank' LABEL | 'file' LABEL
struct zone_name : tok<name_text> {};
struct zone_player : tok<name_text> {};
struct zone_equals : tok<one<'='>> {};
struct zone_rank : tok<label_text> {};
struct zone_file : tok<label_text> {};
struct zone_cell : tok<cell_text> {};
struct zone_spec : sor<if_must<kw_rank, zone_rank>, if_must<kw_file, zone_file>, zone_cell> {};
struct zone_specs : plus<zone_spec> {};
struct zone_decl : seq<kw_zone, must<zone_name>, opt<zone_player>,
    must<zone_equals, zone_specs>> {};

// ---- piece -> 'piece' NAME LETTER ['royal'] '{' piece_item* '}' ---------------------------------
// LETTER -> ['+'] 'A'..'Z' | 'A'..'Z' '~'
// piece_item -> movement | promotion | capture_fate | drop_item | arrival | worth | picture
// movement -> ['move' | 'capture'] PRIMITIVE (NAME | vector)+ modifier*
// PRIMITIVE -> 'step' | 'slide' | 'leap' | 'curve' | 'jump' | 'hop'   (keywords.hpp)
// modifier -> 'range' INT | 'until' ZONE | 'from' ZONE | 'within' ZONE | 'via' vector+
//           | 'not-over' PIECE+ | 'not-taking' PIECE+
//           | 'en-passant' | 'symmetric' | 'left' | 'right' | 'unmoved' | 'not-in-check'
//   (every primitive reads every modifier; the checks say which ones have a meaning where)
// promotion -> 'promote' ['optional'] ['touching'] ['in-place'] ('in' ZONE | 'always') 'to' PIECE+
//              ['lost-only'] ['last-anywhere'] ['no-attack']
// capture_fate -> 'captured-as' PIECE | 'captured-removed'
// drop_item -> 'drop' drop_option*
// drop_option -> 'not-in' ZONE+ | 'where-movable' | 'not-on-file-with' PIECE+
//              | 'not-defended-by' PIECE+ | 'no-check' | 'no-mate' | 'promoted' | 'gating' ZONE
//              | 'colour-balanced'
// arrival -> 'arrive' 'where-movable'
// worth -> 'value' NUMBER   (pawns: digits, optionally '.' and digits; '-' read to be refused)
// picture -> 'image' (STRING | (PLAYER STRING)+)   (an SVG file, relative to the rule file's folder)
struct piece_name : tok<name_text> {};
struct piece_letter : tok<seq<sor<seq<one<'+'>, range<'A', 'Z'>>, seq<range<'A', 'Z'>, opt<one<'~'>>>>,
    not_at<sor<ident_other, one<'~'>>>>> {};
struct open_piece : tok<one<'{'>> {};
struct move_dir : tok<name_text> {};
struct move_vector : vector_lit {};
struct move_item : sor<move_vector, move_dir> {};
struct move_items : plus<move_item> {};
struct range_count : tok<integer_text> {};
struct until_zone : tok<name_text> {};
struct from_zone : tok<name_text> {};
struct within_zone : tok<name_text> {};
struct via_vector : vector_lit {};
struct via_vectors : plus<via_vector> {};
struct modifier_piece : tok<name_text> {};
struct modifier_pieces : plus<modifier_piece> {};
#define VARI_KEYWORD_RULE(id, text) kw_##id,
struct flag_modifier : sor<VARI_FLAG_MODIFIER_KEYWORDS(VARI_KEYWORD_RULE) failure> {};
struct primitive : sor<VARI_PRIMITIVE_KEYWORDS(VARI_KEYWORD_RULE) failure> {};
#undef VARI_KEYWORD_RULE
struct modifier : sor<if_must<kw_range, range_count>, if_must<kw_until, until_zone>,
    if_must<kw_from, from_zone>, if_must<kw_within, within_zone>, if_must<kw_via, via_vectors>,
    if_must<kw_not_over, modifier_pieces>, if_must<kw_not_taking, modifier_pieces>,
    flag_modifier> {};
struct movement_body : seq<primitive, must<move_items>, star<modifier>> {};
struct mode : sor<kw_move, kw_capture> {};
struct movement : sor<if_must<mode, movement_body>, movement_body> {};
struct promote_zone : tok<name_text> {};
struct promote_piece : tok<name_text> {};
struct promote_pieces : plus<promote_piece> {};
struct promote_where : sor<kw_always, if_must<kw_in, promote_zone>> {};
struct promotion : seq<kw_promote, opt<kw_optional>, opt<kw_touching>, opt<kw_in_place>,
    must<promote_where, kw_to, promote_pieces>, opt<kw_lost_only>, opt<kw_last_anywhere>,
    opt<kw_no_attack>> {};
struct captured_piece : tok<name_text> {};
struct capture_fate : sor<if_must<kw_captured_as, captured_piece>, kw_captured_removed> {};
struct not_in_zone : tok<name_text> {};
struct not_in_zones : plus<not_in_zone> {};
struct file_piece : tok<name_text> {};
struct file_pieces : plus<file_piece> {};
struct defender_piece : tok<name_text> {};
struct defender_pieces : plus<defender_piece> {};
struct gating_zone : tok<name_text> {};
struct drop_option : sor<if_must<kw_not_in, not_in_zones>, kw_where_movable,
    if_must<kw_not_on_file_with, file_pieces>, if_must<kw_not_defended_by, defender_pieces>,
    kw_no_check, kw_no_mate, kw_promoted, if_must<kw_gating, gating_zone>,
    kw_colour_balanced> {};
struct drop_item : seq<kw_drop, star<drop_option>> {};
// Its own rule for the word: kw_where_movable's action adds a drop option.
struct arrive_where_movable : kw<TAO_PEGTL_STRING("where-movable")> {};
struct arrival : if_must<kw_arrive, arrive_where_movable> {};
struct value_number : tok<seq<opt<one<'-'>>, plus<digit>, opt<one<'.'>, plus<digit>>,
    not_at<ident_other>>> {};
struct worth : if_must<kw_value, value_number> {};
struct image_path_open : one<'"'> {};
struct image_path_text : star<string_char> {};
struct image_path_end : tok<one<'"'>> {};
struct image_path : seq<image_path_open, image_path_text, must<image_path_end>> {};
struct image_player : tok<name_text> {};
struct image_of_player : if_must<image_player, image_path> {};
struct image_files : sor<image_path, plus<image_of_player>> {};
struct picture : if_must<kw_image, image_files> {};
struct piece_item : sor<promotion, capture_fate, drop_item, arrival, worth, picture, movement> {};
struct close_piece : tok<one<'}'>> {};
struct piece_decl : seq<kw_piece, must<piece_name, piece_letter>, opt<kw_royal>,
    must<open_piece>, star<piece_item>, must<close_piece>> {};

// ---- hands -> 'hands' ---------------------------------------------------------------------------
struct hands_decl : seq<kw_hands> {};

// ---- drop-first -> 'drop-first' PIECE+ ----------------------------------------------------------
struct first_piece : tok<name_text> {};
struct first_pieces : plus<first_piece> {};
struct drop_first_decl : if_must<kw_drop_first, first_pieces> {};

// ---- castling -> 'castling' PLAYER RIGHT [STRING] '{' PIECE CELL CELL PIECE CELL CELL ------------
//                  ['empty' CELL+] ['safe' CELL+] '}'
struct castling_player : tok<name_text> {};
struct castling_right : tok<seq<alpha, not_at<ident_other>>> {};
struct castling_label_text : star<string_char> {};
struct close_castling_label : tok<one<'"'>> {};
struct castling_label : seq<one<'"'>, castling_label_text, must<close_castling_label>> {};
struct open_castling : tok<one<'{'>> {};
struct castling_royal : tok<name_text> {};
struct royal_from : tok<cell_text> {};
struct royal_to : tok<cell_text> {};
struct castling_partner : tok<name_text> {};
struct partner_from : tok<cell_text> {};
struct partner_to : tok<cell_text> {};
struct empty_cell : tok<cell_text> {};
struct empty_cells : plus<empty_cell> {};
struct safe_cell : tok<cell_text> {};
struct safe_cells : plus<safe_cell> {};
struct castling_empty : if_must<kw_empty, empty_cells> {};
struct castling_safe : if_must<kw_safe, safe_cells> {};
struct close_castling : tok<one<'}'>> {};
struct castling_decl : seq<kw_castling, must<castling_player, castling_right>, opt<castling_label>,
    must<open_castling, castling_royal, royal_from, royal_to, castling_partner, partner_from, partner_to>,
    opt<castling_empty>, opt<castling_safe>, opt<kw_by_drop>, must<close_castling>> {};

// ---- setup -> 'setup' PLAYER '{' (PIECE CELL+ | 'hand' PIECE+)* '}' -----------------------------
struct setup_player : tok<name_text> {};
struct open_setup : tok<one<'{'>> {};
struct setup_piece : tok<name_text> {};
struct setup_cell : tok<cell_text> {};
struct setup_cells : plus<setup_cell> {};
struct setup_group : if_must<setup_piece, setup_cells> {};
struct hand_piece : tok<name_text> {};
struct hand_pieces : plus<hand_piece> {};
struct setup_hand : if_must<kw_hand, hand_pieces> {};
struct close_setup : tok<one<'}'>> {};
struct setup_decl : seq<kw_setup, must<setup_player, open_setup>, star<sor<setup_hand, setup_group>>,
    must<close_setup>> {};

// ---- end -> 'end' end_kind ----------------------------------------------------------------------
// end_kind -> 'checkmate' OUTCOME | 'stalemate' OUTCOME | 'no-pieces' OUTCOME
//           | 'repetition' INT OUTCOME | 'ply-limit' INT OUTCOME ['reset-by' ('capture' | PIECE)+]
//           | 'bare-royal' OUTCOME | 'insufficient' ('{' PIECE+ '}')+ OUTCOME
//           | 'extinction' PIECE+ ['below' INT] OUTCOME
//           | 'royal-reaches' ZONE OUTCOME ['answer' OUTCOME]
//           | 'piece-reaches' PIECE+ 'in' ZONE OUTCOME ['answer' OUTCOME] | 'checks' INT OUTCOME
// OUTCOME -> 'win' | 'loss' | 'draw'
struct outcome : sor<kw_win, kw_loss, kw_draw> {};
struct end_count : tok<integer_text> {};
struct reset_capture : kw<TAO_PEGTL_STRING("capture")> {};
struct reset_piece : tok<name_text> {};
struct reset_item : sor<reset_capture, reset_piece> {};
struct reset_items : plus<reset_item> {};
struct reset_clause : if_must<kw_reset_by, reset_items> {};
// An end condition's first word, a rule of its own: its action gives the condition its kind.
#define VARI_END_WORD_RULE(word, kind) struct end_word_##word : kw_##word {};
VARI_END_KEYWORDS(VARI_END_WORD_RULE)
#undef VARI_END_WORD_RULE
struct end_checkmate : if_must<end_word_checkmate, outcome> {};
struct end_stalemate : if_must<end_word_stalemate, outcome> {};
struct end_no_pieces : if_must<end_word_no_pieces, outcome> {};
struct end_repetition : if_must<end_word_repetition, end_count, outcome> {};
struct end_ply_limit : seq<end_word_ply_limit, must<end_count, outcome>, opt<reset_clause>> {};
struct end_bare_royal : if_must<end_word_bare_royal, outcome> {};
struct open_material : tok<one<'{'>> {};
struct material_piece : tok<name_text> {};
struct material_pieces : plus<material_piece> {};
struct close_material : tok<one<'}'>> {};
struct material_set : if_must<open_material, material_pieces, close_material> {};
struct end_insufficient : seq<end_word_insufficient, must<material_set>, star<material_set>,
    must<outcome>> {};

struct extinct_piece : tok<name_text> {};
struct extinct_pieces : plus<extinct_piece> {};
struct extinct_below : if_must<kw_below, end_count> {};
struct end_extinction : seq<end_word_extinction, must<extinct_pieces>, opt<extinct_below>,
    must<outcome>> {};

struct end_zone : tok<name_text> {};
struct answer_clause : if_must<kw_answer, outcome> {};
struct end_royal_reaches : seq<end_word_royal_reaches, must<end_zone, outcome>, opt<answer_clause>> {};
struct reach_piece : tok<name_text> {};
struct reach_pieces : plus<reach_piece> {};
struct end_piece_reaches : seq<end_word_piece_reaches, must<reach_pieces, kw_in, end_zone, outcome>,
    opt<answer_clause>> {};
struct end_checks : if_must<end_word_checks, end_count, outcome> {};
struct end_passes : if_must<end_word_passes, end_count, outcome> {};
struct end_facing : if_must<end_word_facing, outcome> {};
#define VARI_END_RULE(word, kind) end_##word,
struct end_kind : sor<VARI_END_KEYWORDS(VARI_END_RULE) failure> {};
#undef VARI_END_RULE
struct end_decl : if_must<kw_end, end_kind> {};

// ---- royals -> 'royals' ('capturable' | ('may-not-face' | 'must-part') (NAME | vector)+) -------
struct facing_dir : tok<name_text> {};
struct facing_vector : vector_lit {};
struct facing_items : plus<sor<facing_vector, facing_dir>> {};
struct royals_rule : sor<kw_capturable, if_must<kw_may_not_face, facing_items>,
    if_must<kw_must_part, facing_items>> {};
struct royals_decl : if_must<kw_royals, royals_rule> {};

// ---- checks -> 'checks' 'forbidden' ------------------------------------------------------------
struct checks_decl : if_must<kw_checks, kw_forbidden> {};

// ---- drops -> 'drops' 'compulsory' -------------------------------------------------------------
struct drops_decl : if_must<kw_drops, kw_compulsory> {};

// ---- pass -> 'pass' ('forced' | 'allowed' ['unless-in-check']) ------------------------------------------------------
struct pass_allowed : seq<kw_allowed, opt<kw_unless_in_check>> {};
struct pass_kind : sor<kw_forced, pass_allowed> {};
struct pass_decl : if_must<kw_pass, pass_kind> {};

// ---- jumps -> 'jumps' ('compulsory' | 'maximum') ----------------------------------------------
struct jumps_kind : sor<kw_compulsory, kw_maximum> {};
struct jumps_decl : if_must<kw_jumps, jumps_kind> {};

// ---- hooks -> 'hooks' (STRING | '"""' anything up to the next '"""' '"""') ----------------------
struct triple_quote : string<'"', '"', '"'> {};
struct hooks_code : star<not_at<triple_quote>, any> {};
struct hooks_code_end : tok<triple_quote> {};
struct hooks_inline : seq<triple_quote, hooks_code, must<hooks_code_end>> {};
struct hooks_path_open : one<'"'> {};
struct hooks_path_text : star<string_char> {};
struct hooks_path_end : tok<one<'"'>> {};
struct hooks_path : seq<hooks_path_open, hooks_path_text, must<hooks_path_end>> {};
struct hooks_source : sor<hooks_inline, hooks_path> {};
struct hooks_decl : if_must<kw_hooks, hooks_source> {};

// ---- include -> 'include' STRING ---------------------------------------------------------------
struct include_path_open : one<'"'> {};
struct include_path_text : star<string_char> {};
struct include_path_end : tok<one<'"'>> {};
struct include_path : seq<include_path_open, include_path_text, must<include_path_end>> {};
struct include_decl : if_must<kw_include, include_path> {};

// ---- army -> 'army' NAME '{' PIECE+ army_promotion* '}' ----------------------------------------
// army_promotion -> 'promote' PIECE ['optional'] ['touching'] ('in' ZONE | 'always')
//                   'to' ('others' | PIECE+) ['lost-only']
struct army_name : tok<name_text> {};
struct open_army : tok<one<'{'>> {};
struct army_piece : tok<name_text> {};
struct army_pieces : plus<army_piece> {};
struct army_promote_piece : tok<name_text> {};
struct army_promote_targets : sor<kw_others, promote_pieces> {};
struct army_promotion : seq<kw_promote, must<army_promote_piece>, opt<kw_optional>,
    opt<kw_touching>, must<promote_where, kw_to, army_promote_targets>, opt<kw_lost_only>> {};
struct close_army : tok<one<'}'>> {};
struct army_decl : seq<kw_army, must<army_name, open_army, army_pieces>, star<army_promotion>,
    must<close_army>> {};

// ---- armies -> 'armies' ARMY+ -------------------------------------------------------------------
struct army_choice : tok<name_text> {};
struct army_choices : plus<army_choice> {};
struct armies_decl : if_must<kw_armies, army_choices> {};

// ---- captures -> 'captures' ('compulsory' | ARMY ('removed' | '{' (PIECE 'as' PIECE)+ '}')) -----
// `compulsory` is a keyword, so no army has that name: the two forms never meet.
struct captures_compulsory : kw_compulsory {};
struct captures_army : tok<name_text> {};
struct open_captures : tok<one<'{'>> {};
struct captured_type : tok<name_text> {};
struct becomes_type : tok<name_text> {};
struct capture_mapping : if_must<captured_type, kw_as, becomes_type> {};
struct capture_mappings : plus<capture_mapping> {};
struct close_captures : tok<one<'}'>> {};
struct captures_map : if_must<open_captures, capture_mappings, close_captures> {};
struct captures_what : sor<kw_removed, captures_map> {};
struct captures_of_army : if_must<captures_army, captures_what> {};
struct captures_target : sor<captures_compulsory, captures_of_army> {};
struct captures_decl : if_must<kw_captures, captures_target> {};

// ---- file -> sep declaration* -------------------------------------------------------------------
// The loop over declarations (and the recovery after a broken one) is in build_ast.cpp.
struct declaration : sor<game_decl, players_decl, orient_decl, board_decl, direction_decl,
    zone_decl, piece_decl, hands_decl, drop_first_decl, castling_decl, setup_decl, end_decl,
    royals_decl, pass_decl, hooks_decl, include_decl, army_decl, armies_decl, captures_decl,
    jumps_decl, checks_decl, drops_decl> {};
struct any_declaration : must<declaration> {};
// Where recovery resumes: a line whose first word is a declaration keyword.
struct declaration_line : seq<star<blank>, declaration_keyword> {};

// clang-format on

}  // namespace vari::dsl::grammar
