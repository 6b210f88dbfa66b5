// The grammar, rule by rule: tables of inputs with whether each is accepted, refused without
// consuming (a local failure, so an alternative may be tried), or refused with an error.
#include "dsl/grammar.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "dsl/errors.hpp"

namespace dsl_grammar_tests {

namespace {

namespace pegtl = tao::pegtl;
namespace g = vari::dsl::grammar;

enum class Result { match, local_failure, global_failure };

std::ostream& operator<<(std::ostream& os, Result r) {
    return os << (r == Result::match           ? "match"
                  : r == Result::local_failure ? "local failure"
                                               : "global failure");
}

// Whether `Rule` accepts the whole input (a match that leaves bytes over counts as a local
// failure).
template <typename Rule>
Result parse_whole(const std::string& input) {
    pegtl::memory_input in(input, "test");
    try {
        const bool matched = pegtl::parse<Rule, pegtl::nothing, vari::dsl::control>(in);
        return matched && in.empty() ? Result::match : Result::local_failure;
    } catch (const pegtl::parse_error&) {
        return Result::global_failure;
    }
}

constexpr auto M = Result::match;
constexpr auto L = Result::local_failure;
constexpr auto G = Result::global_failure;

}  // namespace

TEST_CASE("the grammar has no rule that loops without consuming input", "[dsl][grammar]") {
    CHECK(pegtl::analyze<g::declaration>(0) == 0);
    CHECK(pegtl::analyze<g::sep>(0) == 0);
}

TEST_CASE("names are identifiers that are not keywords", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"Pawn", M},
        {"forward-diagonals", M},
        {"_x9", M},
        {"pieces", M},
        {"en-passant-ish", M},
        {"9a", L},
        {"-x", L},
        {"piece", L},
        {"en-passant", L},
        {"range", L},
        {"drop", L},
        {"arrive", L},
        {"arrives", M},
        {"hands", L},
        {"royals", L},
        {"capturable", L},
        {"pass", L},
        {"forced", L},
        {"allowed", L},
        {"hooks", L},
        {"jump", L},
        {"jumps", L},
        {"compulsory", L},
        {"maximum", L},
        {"no-pieces", L},
        {"jumper", M},
        {"label", L},
        {"labels", M},
        {"touching", L},
        {"no-mate", L},
        {"dropped", M},
        {"drop-firstly", M},
        {"", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::name_text>(input) == expected);
}

TEST_CASE("cell names are letters then digits, or digits then letters", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"e4", M},
        {"i10", M},
        {"aa12", M},
        {"E4", M},
        {"4e", M},
        {"6f", M},
        {"11a", M},
        {"10ab", M},
        {"e", L},
        {"6", L},
        {"e4x", L},
        {"6f1", L},
        {"e-4", L},
        {"6-f", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::cell_text>(input) == expected);
}

TEST_CASE("a number stays a number and a cell name a cell name", "[dsl][grammar]") {
    CHECK(parse_whole<g::integer_text>("6") == M);
    CHECK(parse_whole<g::integer_text>("6f") == L);
    CHECK(parse_whole<g::label_text>("11") == M);
    CHECK(parse_whole<g::label_text>("k") == M);
    CHECK(parse_whole<g::label_text>("K") == L);
    CHECK(parse_whole<g::label_text>("ab") == M);  // files past z: aa, ab, ...
    CHECK(parse_whole<g::label_text>("aB") == L);
    CHECK(parse_whole<g::label_text>("6f") == L);
}

TEST_CASE("vectors are two whole numbers in parentheses", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"(1, 2)", M},
        {"(-1,-2)", M},
        {"( 0 , 3 )", M},
        {"(1 2)", G},
        {"(1, x)", G},
        {"(1, 2", G},
        {"1, 2", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::vector_lit>(input) == expected);
}

TEST_CASE("game, players and orient declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"game \"Chess\"", M},
        {"game \"Shafran's Hexagonal Chess\"  # a comment\n", M},
        {"game Chess", G},
        {"game \"Chess", G},
        {"game \"Ch\ness\"", G},
        {"players White Black", M},
        {"players", G},
        {"players 1 2", G},
        {"orient Black rotate 180", M},
        {"orient Black rotate 180 mirror", M},
        {"orient Black rotate -60", M},
        {"orient Black 180", G},
        {"orient rotate 180", G},
        {"gamey", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("board declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"board square { files a..h ranks 1..8 }", M},
        {"board square{files a .. h ranks 1 .. 8}", M},
        {"board hex flat { files a..i lengths 6 7 8 9 10 9 8 7 6 first 1 1 1 1 1 2 3 4 5 }", M},
        {"board hex pointy { ranks 1..9 lengths 5 4 5 4 5 4 5 4 5 indents 0 1 0 1 0 1 0 1 0 }", M},
        {"board hex pointy { hexagon 5 }", M},
        {"board square { cells a1 (0, 0) b1 (1, 0) }", M},
        {"board square { hexagon 5 }", M},  // accepted here, refused by the checks
        {"board hex { hexagon 5 }", G},
        {"board round { hexagon 5 }", G},
        {"board square files a..h", G},
        {"board square { files a-h }", G},
        {"board square { files a..h ranks 1..8", G},
        {"board square { }", G},
        {"board square { cells a1 }", G},
        {"board square { cells 1a (0, 0) 2a (1, 0) }", M},
        {"board hex pointy { hexagon 6  label files 11..1 ranks k..a }", M},
        {"board square { files a..h ranks 1..8 label files 8..1 ranks h..a }", M},
        {"board square { files a..h ranks 1..8 label files 1..8 ranks 1..8 }", M},  // checks refuse
        {"board square { files a..h ranks 1..8 label files 1..h ranks a..h }", M},  // likewise
        {"board square { files a..h ranks 1..8 label ranks 1..8 files a..h }", G},
        {"board square { files a..h ranks 1..8 label files 1..8 }", G},
        {"board square { files a..h ranks 1..8 label files 1 ranks a..h }", G},
        {"board square { files a..h ranks 1..8 label files A..H ranks 1..8 }", G},
        {"board square { files a..h ranks 1..8 label files ab..h ranks 1..8 }", M},  // checks
        {"board square { files a..h ranks 1..8 label files a1..h ranks 1..8 }", G},
        {"board square { files a..af ranks 1..32 }", M},
        {"board square { files aa..zzz ranks 1..2 }", M},  // checks refuse the third letter
        {"board square { files a..Af ranks 1..32 }", G},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("direction and zone declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"direction forward = n", M},
        {"direction forward-diagonals = ne nw", M},
        {"direction knight = (1, 2) (2, 1) ne", M},
        {"direction forward n", G},
        {"direction range = n", G},
        {"direction x =", G},
        {"zone last-rank = rank 8", M},
        {"zone home White = a1 b1 c1", M},
        {"zone x = file a rank 2 e4", M},
        {"zone x =", G},
        {"zone x = rank", G},
        {"zone x = file 3", M},  // on a board labelled with number files
        {"zone x = rank a", M},
        {"zone x = rank 6f", G},
        {"zone x = file ab", M},
        {"zone x = file a1", G},
        {"zone x = 6f 11a rank k", M},
        {"zone = a1", G},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("piece declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"piece King K royal { step orthogonal diagonal }", M},
        {"piece Knight N { leap (1, 2) symmetric }", M},
        {"piece Pawn P {\n  move step forward\n  move slide forward range 2 from start en-passant\n"
         "  capture step forward-diagonals en-passant\n  promote in last-rank to Queen Rook\n}",
         M},
        {"piece Pawn P { promote optional in far to Queen }", M},
        {"piece Wall W { }", M},
        {"piece King royal { }", G},
        {"piece King k { }", G},
        {"piece King KK { }", G},
        {"piece King K { step }", G},
        {"piece King K { move forward }", G},
        {"piece Queen Q { slide orthogonal range }", G},
        {"piece Pawn P { promote last-rank to Queen }", G},
        {"piece Pawn P { promote in last-rank Queen }", G},
        {"piece Pawn P { promote in last-rank to }", G},
        {"piece Knight N { fly (1, 2) }", G},
        {"piece Cannon C { capture hop orthogonal range 1 within palace }", M},
        {"piece Horse N { leap (1, 2) via (0, 1) (1, 1) symmetric }", M},
        {"piece Horse N { leap (1, 2) via }", G},
        {"piece Man M { jump (1, 1) (-1, 1)  move step (1, 1) (-1, 1) }", M},
        {"piece Man M { capture jump n from home }", M},
        {"piece Man M { jump }", G},
        {"piece Knight N { leap (1, 2) symmetric", G},
        {"piece Tokin +P { step orthogonal  captured-as Pawn }", M},
        {"piece Bomb B { step n  captured-removed }", M},
        {"piece Pawn P { promote optional touching in far to Tokin }", M},
        {"piece Pawn P { promote touching in far to Tokin }", M},
        {"piece Pawn P { promote touching optional in far to Tokin }", G},
        {"piece Pawn P { drop }", M},
        {"piece Pawn P { drop not-in far near where-movable not-on-file-with Pawn\n"
         "  not-defended-by Pawn Lance no-check no-mate }",
         M},
        {"piece Pawn P { drop no-mate no-check where-movable not-in far }", M},
        {"piece Pawn P { drop not-in }", G},
        {"piece Pawn P { drop not-on-file-with }", G},
        {"piece Pawn P { drop not-defended-by }", G},
        {"piece Pawn P { drop nowhere }", G},
        {"piece Pawn P { captured-as }", G},
        {"piece Senhelm H { leap (-1, 3) (-2, 3)  arrive where-movable }", M},
        {"piece Senhelm H { arrive where-movable  arrive where-movable }", M},  // a check's error
        {"piece Senhelm H { arrive }", G},
        {"piece Senhelm H { arrive anywhere }", G},
        {"piece Senhelm H { where-movable }", G},
        {"piece Tokin + P { }", G},
        {"piece Tokin ++P { }", G},
        {"piece Tokin +p { }", G},
        {"piece PromotedQueen Q~ { slide orthogonal diagonal  captured-as Pawn }", M},
        {"piece PromotedQueen Q~{ }", M},
        {"piece PromotedQueen Q ~ { }", G},
        {"piece PromotedQueen Q~~ { }", G},
        {"piece PromotedQueen Q~x { }", G},
        {"piece PromotedQueen q~ { }", G},
        {"piece PromotedQueen +Q~ { }", G},
        {"piece PromotedQueen ~Q { }", G},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("castling, setup and end declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"castling White K { King e1 g1  Rook h1 f1  empty f1 g1  safe e1 f1 g1 }", M},
        {"castling Black q { King e8 c8 Rook a8 d8 }", M},
        {"castling White { King e1 g1 Rook h1 f1 }", G},
        {"castling White K { King e1 Rook h1 f1 }", G},
        {"castling White K { King e1 g1 Rook h1 f1 safe e1 empty f1 }", G},
        {"setup White { King e1  Rook a1 h1 }", M},
        {"setup White { }", M},
        {"setup White { King }", G},
        {"setup White King e1", G},
        {"end checkmate win", M},
        {"end stalemate draw", M},
        {"end repetition 3 draw", M},
        {"end ply-limit 100 draw reset-by capture Pawn", M},
        {"end ply-limit 100 loss", M},
        {"end no-pieces win", M},
        {"end no-pieces", G},
        {"end repetition draw", G},
        {"end checkmate victory", G},
        {"end victory", G},
        {"end ply-limit 100 draw reset-by", G},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("hands and drop-first declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"hands", M},
        {"hands # captured pieces change sides", M},
        {"drop-first Pawn", M},
        {"drop-first Pawn Lance", M},
        {"drop-first", G},
        {"drop-first 3", G},
        {"hand", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("royals, pass, hooks and jumps declarations", "[dsl][grammar]") {
    auto [input, expected] = GENERATE(table<std::string, Result>({
        {"royals capturable", M},
        {"royals", G},
        {"royals captured", G},
        {"pass forced", M},
        {"pass allowed", M},
        {"pass", G},
        {"pass never", G},
        {"hooks \"rules.lua\"", M},
        {"hooks \"games/rules.lua\"  # next to the .vari file", M},
        {"hooks \"\"", M},  // accepted here, refused by the checks
        {"hooks \"\"\"\"\"\"", M},
        {"hooks \"\"\"\nfunction f() end -- a \"quoted\" word\n# not a comment\n\"\"\"", M},
        {"hooks \"\"\"\nfunction f() end\n", G},
        {"hooks \"rules.lua", G},
        {"hooks rules.lua", G},
        {"hooks", G},
        {"jumps compulsory", M},
        {"jumps maximum", M},
        {"jumps", G},
        {"jumps optional", G},
        {"passes", L},
        {"royalsx", L},
    }));
    INFO(input);
    CHECK(parse_whole<g::declaration>(input) == expected);
}

TEST_CASE("LANGUAGE.md lists every keyword the grammar reserves, and no other", "[dsl][grammar]") {
    std::ifstream in(std::string(VARI_TEST_DATA) + "/../dsl/LANGUAGE.md");
    REQUIRE(in);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string opening = "Keywords are reserved and name nothing: `";
    const auto from = text.find(opening);
    REQUIRE(from != std::string::npos);
    const auto to = text.find('`', from + opening.size());
    std::istringstream words(text.substr(from + opening.size(), to - from - opening.size()));
    std::set<std::string> documented{std::istream_iterator<std::string>(words), {}};
    const std::set<std::string> reserved(vari::dsl::keywords.begin(), vari::dsl::keywords.end());
    CHECK(documented == reserved);
    for (const auto word : vari::dsl::keywords)
        CHECK(parse_whole<g::keyword>(std::string(word)) == M);
}

TEST_CASE("the rule-file fuzzer's dictionary holds every keyword", "[dsl][grammar]") {
    std::ifstream in(std::string(VARI_TEST_DATA) + "/fuzz/dictionaries/rule_file.dict");
    REQUIRE(in);
    std::set<std::string> entries;
    for (std::string line; std::getline(in, line);)
        if (line.size() > 2 && line.front() == '"' && line.back() == '"')
            entries.insert(line.substr(1, line.size() - 2));
    for (const auto word : vari::dsl::keywords) {
        INFO(word);
        CHECK(entries.count(std::string(word)) == 1);
    }
}

}  // namespace dsl_grammar_tests
