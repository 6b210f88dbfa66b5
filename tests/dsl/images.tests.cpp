// A piece's `image`: the SVG sanitiser keeps what draws and drops or refuses what could run, load
// or grow; a game's pictures reach its pieces for each player and leave its rules hash alone.
// The misuses of `image` in a rule file are in the diagnostics corpus (tests/diagnostics/image-*).
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>

#include "dsl/dsl.hpp"
#include "dsl/svg.hpp"

using namespace vari;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string sanitised(const std::string& text) {
    std::string refusal;
    const auto svg = dsl::sanitise_svg(text, refusal);
    INFO(refusal);
    REQUIRE(svg);
    return *svg;
}

std::string refusal_of(const std::string& text) {
    std::string refusal;
    const auto svg = dsl::sanitise_svg(text, refusal);
    CHECK_FALSE(svg);
    return refusal;
}

const std::string svg_open = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\">";

}  // namespace

TEST_CASE("a hostile SVG keeps its drawing and loses what could run or load", "[dsl][images]") {
    const std::string out =
        sanitised(read_text(std::string(VARI_TEST_DATA) + "/diagnostics/images/hostile.svg"));
    for (const char* gone :
         {"script", "alert", "onload", "onclick", "foreignObject", "example.com", "@import",
          "javascript", "<image", "<a", "<style", "<div", "http://x", "comment", "<?xml", "hi<"})
        CHECK(out.find(gone) == std::string::npos);
    for (const char* kept :
         {"<linearGradient id=\"shine\"><stop offset=\"0\" stop-color=\"#fff\"></stop>",
          "<path id=\"body\" d=\"M10 40h25L22.5 5z\"></path>",
          "<use href=\"#body\" fill=\"url(#shine)\"></use>", "<use></use>",
          "<circle cx=\"22.5\" cy=\"10\" r=\"3\"></circle>",
          "style=\"fill:#c00\" stroke=\"url(#shine)\"", "viewBox=\"0 0 45 45\""})
        CHECK(out.find(kept) != std::string::npos);
    // Sanitising what was sanitised changes nothing.
    CHECK(sanitised(out) == out);
}

TEST_CASE("a good SVG comes out drawing the same", "[dsl][images]") {
    const std::string in = svg_open +
                           "<title>A &amp; B</title><g fill=\"#fafafa\" stroke=\"#000\">"
                           "<path d=\"M1 1h4v4z\"/><circle cx=\"2\" cy=\"2\" r=\"1\"/>"
                           "<polygon points=\"0,0 1,1 0,1\"/></g></svg>";
    CHECK(sanitised(in) ==
          "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
          "viewBox=\"0 0 45 45\"><title>A &amp; B</title><g fill=\"#fafafa\" stroke=\"#000\">"
          "<path d=\"M1 1h4v4z\"></path><circle cx=\"2\" cy=\"2\" r=\"1\"></circle>"
          "<polygon points=\"0,0 1,1 0,1\"></polygon></g></svg>");
}

TEST_CASE("an SVG that could grow, nest or not parse is refused with why", "[dsl][images]") {
    CHECK_THAT(refusal_of("<!DOCTYPE svg [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>" +
                          svg_open + "<title>&b;</title></svg>"),
               Catch::Contains("declares entities"));
    std::string deep = svg_open;
    for (int i = 0; i < 40; ++i) deep += "<g>";
    for (int i = 0; i < 40; ++i) deep += "</g>";
    CHECK_THAT(refusal_of(deep + "</svg>"), Catch::Contains("nested more than 32 deep"));
    std::string deeper = svg_open;
    for (int i = 0; i < 5000; ++i) deeper += "<g>";
    CHECK_THAT(refusal_of(deeper), Catch::Contains("nested more than"));
    std::string many = svg_open;
    for (int i = 0; i < 5000; ++i) many += "<g/>";
    CHECK_THAT(refusal_of(many + "</svg>"), Catch::Contains("more than 4096 elements"));
    CHECK_THAT(refusal_of(svg_open + std::string(70000, ' ') + "</svg>"),
               Catch::Contains("more than the limit of 65536"));
    CHECK_THAT(refusal_of(svg_open + "<path>"), Catch::Contains("not well-formed XML"));
    CHECK_THAT(refusal_of("<html><svg/></html>"), Catch::Contains("root element is not <svg>"));
    CHECK_THAT(refusal_of(""), Catch::Contains("not well-formed"));
}

TEST_CASE("chess's pieces carry their pictures, and pictures leave the rules hash alone",
          "[dsl][images]") {
    const std::string path = std::string(VARI_STDLIB_DIR) + "/chess.vari";
    const auto chess = dsl::load_file(path);
    REQUIRE(chess.game);
    for (const auto& piece : chess.game->pieces) {
        INFO(piece.name);
        REQUIRE(piece.images.size() == 2);
        CHECK(piece.images[0].find("<path") != std::string::npos);
        CHECK(piece.images[0] != piece.images[1]);
    }
    // The same rules without a picture: the same hash.
    const std::string plain =
        std::regex_replace(read_text(path), std::regex("\n  image [^\n]*"), "");
    const auto undrawn = dsl::load_text(plain, path);
    REQUIRE(undrawn.game);
    CHECK(undrawn.game->pieces[0].images.empty());
    CHECK(undrawn.game->rules_hash == chess.game->rules_hash);
    // A change of rules still changes it.
    const auto changed =
        dsl::load_text(std::regex_replace(read_text(path), std::regex("range 2"), "range 3"), path);
    REQUIRE(changed.game);
    CHECK(changed.game->rules_hash != chess.game->rules_hash);
}

TEST_CASE("an image for some players leaves the others their derived token", "[dsl][images]") {
    const std::string label = std::string(VARI_TEST_DATA) + "/diagnostics/pictured.vari";
    const auto result = dsl::load_text(
        "game \"Pictured\"\nplayers White Black\nboard square { files a..d ranks 1..4 }\n"
        "piece King K royal { step orthogonal  image Black \"images/hostile.svg\" }\n"
        "piece Rook R { slide orthogonal  image \"images/hostile.svg\" }\n"
        "setup White { King a1 }\nsetup Black { King d4 }\n",
        label);
    INFO((result.diagnostics.empty() ? "" : result.diagnostics[0].message));
    REQUIRE(result.game);
    const auto& king = result.game->pieces[0];
    REQUIRE(king.images.size() == 2);
    CHECK(king.images[0].empty());
    CHECK(king.images[1].starts_with("<svg"));
    const auto& rook = result.game->pieces[1];
    REQUIRE(rook.images.size() == 2);
    CHECK(rook.images[0] == rook.images[1]);
    CHECK_FALSE(rook.images[0].empty());
}
