// Every word the rule language reserves, listed once. grammar.hpp makes a rule of each (`kw_NAME`)
// and reserves them all; the movement primitives and modifiers also make ast.hpp's enums and the
// words messages spell them with; a test holds LANGUAGE.md's list of keywords to these lists.
// A new word is one line here: X(identifier, "spelling").
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

// Words that open a declaration: after a syntax error, reading resumes at a line that begins
// with one.
#define VARI_DECLARATION_KEYWORDS(X) \
    X(game, "game")                  \
    X(players, "players")            \
    X(orient, "orient")              \
    X(board, "board")                \
    X(direction, "direction")        \
    X(zone, "zone")                  \
    X(piece, "piece")                \
    X(hands, "hands")                \
    X(drop_first, "drop-first")      \
    X(castling, "castling")          \
    X(setup, "setup")                \
    X(end, "end")                    \
    X(royals, "royals")              \
    X(pass, "pass")                  \
    X(hooks, "hooks")                \
    X(include, "include")            \
    X(army, "army")                  \
    X(armies, "armies")              \
    X(captures, "captures")          \
    X(jumps, "jumps")                \
    X(checks, "checks")              \
    X(drops, "drops")

// The movement primitives (ast::Primitive, in this order), each with its room in the language,
// dsl/primitive_WORD.cpp (primitives.hpp).
#define VARI_PRIMITIVE_KEYWORDS(X) \
    X(step, "step")                \
    X(slide, "slide")              \
    X(leap, "leap")                \
    X(curve, "curve")              \
    X(jump, "jump")                \
    X(hop, "hop")

// The movement modifiers (ast::Modifier::Kind, in this order): those that take an argument first,
// then the single words.
#define VARI_ARGUMENT_MODIFIER_KEYWORDS(X) \
    X(range, "range")                      \
    X(until, "until")                      \
    X(from, "from")                        \
    X(within, "within")                    \
    X(via, "via")                          \
    X(not_over, "not-over")                \
    X(not_taking, "not-taking")
#define VARI_FLAG_MODIFIER_KEYWORDS(X) \
    X(en_passant, "en-passant")        \
    X(symmetric, "symmetric")          \
    X(left, "left")                    \
    X(right, "right")                  \
    X(unmoved, "unmoved")              \
    X(not_in_check, "not-in-check")
#define VARI_MODIFIER_KEYWORDS(X) VARI_ARGUMENT_MODIFIER_KEYWORDS(X) VARI_FLAG_MODIFIER_KEYWORDS(X)

// The board, orientation and zones.
#define VARI_BOARD_KEYWORDS(X) \
    X(rotate, "rotate")        \
    X(mirror, "mirror")        \
    X(square, "square")        \
    X(hex, "hex")              \
    X(flat, "flat")            \
    X(pointy, "pointy")        \
    X(files, "files")          \
    X(ranks, "ranks")          \
    X(lengths, "lengths")      \
    X(first, "first")          \
    X(indents, "indents")      \
    X(hexagon, "hexagon")      \
    X(cells, "cells")          \
    X(label, "label")          \
    X(rank, "rank")            \
    X(file, "file")

// Pieces: everything in a piece's braces but its movements.
#define VARI_PIECE_KEYWORDS(X)              \
    X(royal, "royal")                       \
    X(move, "move")                         \
    X(capture, "capture")                   \
    X(promote, "promote")                   \
    X(optional, "optional")                 \
    X(touching, "touching")                 \
    X(in, "in")                             \
    X(always, "always")                     \
    X(lost_only, "lost-only")               \
    X(in_place, "in-place")                 \
    X(last_anywhere, "last-anywhere")       \
    X(no_attack, "no-attack")               \
    X(to, "to")                             \
    X(captured_as, "captured-as")           \
    X(captured_removed, "captured-removed") \
    X(drop, "drop")                         \
    X(not_in, "not-in")                     \
    X(where_movable, "where-movable")       \
    X(not_on_file_with, "not-on-file-with") \
    X(not_defended_by, "not-defended-by")   \
    X(colour_balanced, "colour-balanced")   \
    X(no_check, "no-check")                 \
    X(no_mate, "no-mate")                   \
    X(promoted, "promoted")                 \
    X(gating, "gating")                     \
    X(arrive, "arrive")                     \
    X(value, "value")                       \
    X(image, "image")

// Castlings, end conditions, game-wide rules and armies.
#define VARI_RULE_KEYWORDS(X)             \
    X(empty, "empty")                     \
    X(hand, "hand")                       \
    X(safe, "safe")                       \
    X(checkmate, "checkmate")             \
    X(stalemate, "stalemate")             \
    X(no_pieces, "no-pieces")             \
    X(bare_royal, "bare-royal")           \
    X(insufficient, "insufficient")       \
    X(extinction, "extinction")           \
    X(below, "below")                     \
    X(royal_reaches, "royal-reaches")     \
    X(piece_reaches, "piece-reaches")     \
    X(passes, "passes")                   \
    X(facing, "facing")                   \
    X(answer, "answer")                   \
    X(forbidden, "forbidden")             \
    X(repetition, "repetition")           \
    X(ply_limit, "ply-limit")             \
    X(reset_by, "reset-by")               \
    X(win, "win")                         \
    X(loss, "loss")                       \
    X(draw, "draw")                       \
    X(capturable, "capturable")           \
    X(may_not_face, "may-not-face")       \
    X(must_part, "must-part")             \
    X(forced, "forced")                   \
    X(allowed, "allowed")                 \
    X(unless_in_check, "unless-in-check") \
    X(compulsory, "compulsory")           \
    X(maximum, "maximum")                 \
    X(others, "others")                   \
    X(as, "as")                           \
    X(removed, "removed")                 \
    X(by_drop, "by-drop")

// clang-format does not settle on one layout for a macro of macro calls.
// clang-format off
#define VARI_KEYWORDS(X)          \
    VARI_DECLARATION_KEYWORDS(X)  \
    VARI_PRIMITIVE_KEYWORDS(X)    \
    VARI_MODIFIER_KEYWORDS(X)     \
    VARI_BOARD_KEYWORDS(X)        \
    VARI_PIECE_KEYWORDS(X)        \
    VARI_RULE_KEYWORDS(X)
// clang-format on

// The words that begin an end condition (each a keyword above) with the kind (ir::EndKind) each
// begins, in the order grammar.hpp's end_kind tries them: an end condition's word here makes its
// word rule (`end_word_WORD`, whose action gives the condition its kind), its place among the
// alternatives (its rule `end_WORD` in grammar.hpp), its name in messages, and the message for a
// word that is none of them. A kind may have two words (`piece-reaches` is a royal-reaches of
// named pieces); messages name a kind by the first.
// clang-format off
#define VARI_END_KEYWORDS(X)            \
    X(checkmate, checkmate)             \
    X(stalemate, stalemate)             \
    X(no_pieces, no_pieces)             \
    X(repetition, repetition)           \
    X(ply_limit, ply_limit)             \
    X(bare_royal, bare_royal)           \
    X(insufficient, insufficient)       \
    X(extinction, extinction)           \
    X(royal_reaches, royal_reaches)     \
    X(piece_reaches, royal_reaches)     \
    X(checks, checks)                   \
    X(passes, passes)                   \
    X(facing, facing)
// clang-format on

namespace vari::dsl {

#define VARI_KEYWORD_TEXT(id, text) std::string_view(text),
// Every keyword, in the order of the lists above.
inline constexpr std::array keywords{VARI_KEYWORDS(VARI_KEYWORD_TEXT)};
inline constexpr std::array declaration_words{VARI_DECLARATION_KEYWORDS(VARI_KEYWORD_TEXT)};
inline constexpr std::array primitive_words{VARI_PRIMITIVE_KEYWORDS(VARI_KEYWORD_TEXT)};
inline constexpr std::array modifier_words{VARI_MODIFIER_KEYWORDS(VARI_KEYWORD_TEXT)};
#undef VARI_KEYWORD_TEXT

// Every keyword by its identifier: keywords[Keyword::ID].
#define VARI_KEYWORD_ID(id, text) id,
enum class Keyword : std::size_t { VARI_KEYWORDS(VARI_KEYWORD_ID) };
#undef VARI_KEYWORD_ID
constexpr std::string_view keyword_text(Keyword k) { return keywords[static_cast<std::size_t>(k)]; }

#define VARI_END_TEXT(word, kind) keyword_text(Keyword::word),
inline constexpr std::array end_words{VARI_END_KEYWORDS(VARI_END_TEXT)};
#undef VARI_END_TEXT

// The place of `word` in `words`; the caller knows it is there (the grammar matched it).
template <std::size_t N>
constexpr std::size_t word_index(const std::array<std::string_view, N>& words,
                                 std::string_view word) {
    std::size_t i = 0;
    while (i + 1 < N && words[i] != word) ++i;
    return i;
}

// "'step', 'slide' or 'leap'": every word of the list, as messages offer them.
template <std::size_t N>
std::string either_of(const std::array<std::string_view, N>& words) {
    std::string text;
    for (std::size_t i = 0; i < N; ++i)
        text += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + ("'" + std::string(words[i]) + "'");
    return text;
}

}  // namespace vari::dsl
