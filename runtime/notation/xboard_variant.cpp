// A game told to XBoard: its name, and for a variant XBoard does not know, the setup and piece
// commands that teach it the board, the pieces and the start.
#include <algorithm>
#include <array>
#include <cctype>

#include "runtime/notation/betza.hpp"
#include "runtime/notation/notation.hpp"

namespace vari::notation {
namespace {

// XBoard's piece images in its order, each named by its usual letter; the last is the King's.
constexpr std::string_view IMAGE_LETTERS = "PNBRQFEACWMOHIJGDVLSUK";
constexpr std::size_t KING_IMAGE = IMAGE_LETTERS.size() - 1;
// An image past this one is the promoted form of the image PROMOTED_OFFSET before it.
constexpr std::size_t PROMOTED_OFFSET = 11;

// The variant names XBoard 4.9 gives a meaning of its own.
constexpr std::array<std::string_view, 44> XBOARD_VARIANTS = {
    "normal",   "wildcastle", "nocastle",   "fischerandom", "bughouse",   "crazyhouse", "losers",
    "suicide",  "giveaway",   "twokings",   "kriegspiel",   "atomic",     "3check",     "shatranj",
    "wild29",   "wild30",     "wild31",     "wild32",       "wild33",     "wild34",     "wild35",
    "wild36",   "shogi",      "courier",    "gothic",       "capablanca", "knightmate", "fairy",
    "cylinder", "falcon",     "caparandom", "berolina",     "janus",      "super",      "great",
    "twilight", "makruk",     "seirawan",   "grand",        "spartan",    "xiangqi",    "asean",
    "elven",    "unknown"};

// The variants XBoard knows that a game may be, each as describe_for_xboard would describe it
// as an engine-defined variant: a game that matches is announced by XBoard's name.
struct Standard {
    std::string_view name, setup_after_table;
    std::string_view pieces;  // the piece lines in sorted order, joined by '\n'
};
constexpr std::array<Standard, 3> STANDARD_VARIANTS = {{
    {"normal", "8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "piece B& B\npiece K& KO2\npiece N& N\npiece P& fmWifmW2fceF\npiece Q& Q\npiece R& R"},
    {"capablanca",
     "10x8+0_fairy rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
     "piece A& BN\npiece B& B\npiece C& RN\npiece K& KO3\npiece N& N\npiece P& fmWifmW2fceF\n"
     "piece Q& Q\npiece R& R"},
    {"seirawan",
     "8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQABCDEFGHkqabcdefgh - 0 1",
     "piece B& B\npiece E& RN\npiece H& BN\npiece K& KO2\npiece N& N\npiece P& fmWifmW2fceF\n"
     "piece Q& Q\npiece R& R"},
}};

// The image of each piece type, -1 for none: the royal type the King's; a type that promotes
// the Pawn's, which XBoard promotes; the base of a `plus` type an image that has a promoted form,
// and the `plus` type that form; others the image of their letter, or else a free one. Empty when
// the types do not fit.
std::vector<int> images_of(const ir::Game& game, std::string& why) {
    const auto& pieces = game.pieces;
    std::vector<int> image(pieces.size(), -1);
    std::vector<bool> taken(IMAGE_LETTERS.size(), false);
    const auto give = [&](std::size_t type, std::size_t at) {
        image[type] = static_cast<int>(at);
        taken[at] = true;
    };
    // The image named by `letter` when it is free and below `end`, else the first free one from
    // 1 (0 is the Pawn's); `end` when none is free.
    const auto free_image = [&](char letter, std::size_t end, bool named_only) {
        const std::size_t named = IMAGE_LETTERS.find(letter);
        if (named > 0 && named < end && !taken[named]) return named;
        for (std::size_t at = 1; at < end && !named_only; ++at)
            if (!taken[at]) return at;
        return end;
    };
    const auto is_base = [&](std::size_t t) {
        return !pieces[t].plus &&
               std::any_of(pieces.begin(), pieces.end(), [&](const ir::Piece& p) {
                   return p.plus && p.letter == pieces[t].letter;
               });
    };
    const long royals =
        std::count_if(pieces.begin(), pieces.end(), [](const ir::Piece& p) { return p.royal; });
    for (std::size_t t = 0; t < pieces.size(); ++t)
        if (royals == 1 && pieces[t].royal) give(t, KING_IMAGE);
    // The Pawn's image to the piece lettered P that promotes, else to the first that promotes.
    for (const bool by_letter : {true, false})
        for (std::size_t t = 0; t < pieces.size(); ++t)
            if (image[t] < 0 && !pieces[t].plus && !pieces[t].promotions.empty() && !taken[0] &&
                (!by_letter || pieces[t].letter == IMAGE_LETTERS[0]))
                give(t, 0);
    // The bases of `plus` types first, by their letters, then in free images.
    for (const bool named_only : {true, false})
        for (std::size_t t = 0; t < pieces.size(); ++t)
            if (image[t] < 0 && is_base(t)) {
                const std::size_t at = free_image(pieces[t].letter, PROMOTED_OFFSET, named_only);
                if (at < PROMOTED_OFFSET) give(t, at);
            }
    const auto base_of = [&](const ir::Piece& plus) {
        for (std::size_t b = 0; b < pieces.size(); ++b)
            if (!pieces[b].plus && pieces[b].letter == plus.letter) return static_cast<int>(b);
        return -1;
    };
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        const int base = pieces[t].plus ? base_of(pieces[t]) : -1;
        const int at = base < 0 ? -1 : image[static_cast<std::size_t>(base)];
        if (!pieces[t].plus) continue;
        if (at < 0 || at >= static_cast<int>(PROMOTED_OFFSET) ||
            taken[static_cast<std::size_t>(at) + PROMOTED_OFFSET]) {
            why = "its +" + std::string(1, pieces[t].letter) + " has no image in XBoard";
            return {};
        }
        give(t, static_cast<std::size_t>(at) + PROMOTED_OFFSET);
    }
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        if (image[t] >= 0) continue;
        const std::size_t at = free_image(pieces[t].letter, KING_IMAGE, false);
        if (at == KING_IMAGE) {
            why = "its " + std::to_string(pieces.size()) + " piece types are more than XBoard's " +
                  std::to_string(IMAGE_LETTERS.size()) + " images";
            return {};
        }
        give(t, at);
    }
    return image;
}

// XBoard's variant name for a rule file's stem.
std::string variant_name(const std::string& stem) {
    std::string name;
    for (const char c : stem)
        name +=
            std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? to_lower(c) : '_';
    if (name.empty() ||
        std::find(XBOARD_VARIANTS.begin(), XBOARD_VARIANTS.end(), name) != XBOARD_VARIANTS.end())
        name = "vari_" + name;
    return name;
}

}  // namespace

XBoardVariant describe_for_xboard(const CompiledGame& game, const std::string& stem) {
    const ir::Game& rules = game.ir();
    XBoardVariant variant;
    variant.name = variant_name(stem);
    std::string why;
    const auto text = ProtocolText::make(game, Protocol::xboard, why);
    const auto image = images_of(rules, why);
    if (!text || image.empty()) {
        variant.undescribed.push_back("the board: " + why);
        return variant;
    }

    // The table of letters by image: up to the last image used, the King's last.
    std::string white(IMAGE_LETTERS.size(), '.');
    for (std::size_t t = 0; t < rules.pieces.size(); ++t)
        if (image[t] >= 0)
            white[static_cast<std::size_t>(image[t])] =
                rules.pieces[t].plus ? '+' : rules.pieces[t].letter;
    std::size_t used = 5;  // XBoard reads a table of at least 6 letters a side
    for (std::size_t i = 0; i < KING_IMAGE; ++i)
        if (white[i] != '.') used = std::max(used, i + 1);
    white = white.substr(0, used) + white[KING_IMAGE];
    std::string black;
    for (const char c : white) black += to_lower(c);
    int holdings = 0;
    const bool drops =
        rules.holds_hands() && std::any_of(rules.pieces.begin(), rules.pieces.end(),
                                           [](const ir::Piece& p) { return p.drop.allowed; });
    if (drops)
        holdings = static_cast<int>(std::count_if(white.begin(), white.end() - 1,
                                                  [](char c) { return c != '.' && c != '+'; }));

    int min_x = rules.board.cells[0].coord.x, max_x = min_x;
    int min_y = rules.board.cells[0].coord.y, max_y = min_y;
    for (const ir::Cell& c : rules.board.cells) {
        min_x = std::min(min_x, c.coord.x), max_x = std::max(max_x, c.coord.x);
        min_y = std::min(min_y, c.coord.y), max_y = std::max(max_y, c.coord.y);
    }
    const std::string after_table =
        std::to_string(max_x - min_x + 1) + "x" + std::to_string(max_y - min_y + 1) + "+" +
        std::to_string(holdings) + "_fairy " + text->write_position(Position(game));
    variant.setup = "setup (" + white + black + ") " + after_table;

    for (std::size_t t = 0; t < rules.pieces.size(); ++t) {
        const ir::Piece& piece = rules.pieces[t];
        const std::string id = (piece.plus ? "+" : "") + std::string(1, piece.letter);
        std::string why_not;
        const auto first = betza(rules, static_cast<int>(t), 0, why_not);
        const auto second = first ? betza(rules, static_cast<int>(t), 1, why_not) : std::nullopt;
        if (!first || !second) {
            variant.undescribed.push_back(piece.name + ": " + why_not);
        } else if (*first == *second) {
            variant.pieces.push_back("piece " + id + "& " + *first);
        } else {
            variant.pieces.push_back("piece " + id + " " + *first);
            variant.pieces.push_back(std::string("piece ") + (piece.plus ? "+" : "") +
                                     std::string(1, to_lower(piece.letter)) + " " + *second);
        }
    }

    auto sorted = variant.pieces;
    std::sort(sorted.begin(), sorted.end());
    std::string joined;
    for (const auto& p : sorted) joined += (joined.empty() ? "" : "\n") + p;
    const bool other_ends =
        rules.checks_forbidden ||
        std::any_of(rules.ends.begin(), rules.ends.end(),
                    [](const ir::EndCondition& e) { return !end_rule(e.kind).xboard_knows; });
    for (const Standard& s : STANDARD_VARIANTS)
        if (after_table == s.setup_after_table && joined == s.pieces &&
            variant.undescribed.empty() && !other_ends) {
            variant.name = s.name;
            variant.standard = true;
        }
    return variant;
}

}  // namespace vari::notation
