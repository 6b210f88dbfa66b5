// The XBoard protocol in process and through the built binary: dialogues as XBoard holds them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <random>
#include <sstream>

#include "support/engine_dialogue.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "support/test_scale.hpp"

namespace engine_xboard_session_tests {

using namespace vari;
using notation::Protocol;
using test::count_starting;
using test::Dialogue;

namespace {

// The move of a "move MOVE" line.
std::string move_of(const std::string& line) { return line.substr(std::string("move ").size()); }

// Is `move` legal after `moves` from the start of `game`, in XBoard's text?
bool legal_after(const std::string& game, const std::vector<std::string>& moves,
                 const std::string& move) {
    return test::legal_after(game, Protocol::xboard, moves, move);
}

// The time, in centiseconds, of the last thinking line (PLY SCORE TIME NODES PV) of `lines`; -1
// when there is none.
long last_posted_centiseconds(const std::vector<std::string>& lines) {
    long centiseconds = -1;
    for (const auto& line : lines) {
        std::istringstream fields(line);
        long ply = 0, score = 0, time = 0, nodes = 0;
        if (fields >> ply >> score >> time >> nodes) centiseconds = time;
    }
    return centiseconds;
}

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// Sends `line` then a ping, and returns what came before the pong.
std::vector<std::string> exchange(Dialogue& xb, const std::string& line, int seconds = 20) {
    static int n = 0;
    const std::string pong = "pong " + std::to_string(++n);
    xb.send(line);
    xb.send("ping " + std::to_string(n));
    auto lines = xb.lines_until(pong, seconds);
    lines.pop_back();
    return lines;
}

}  // namespace

TEST_CASE("protover 2 is answered with the features, the games as XBoard names them last",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("xboard");
    xb.send("protover 2");
    const auto lines = xb.lines_until("feature done=1");
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].rfind("feature myname=\"vari ", 0) == 0);
    for (const char* feature :
         {" setboard=1", " usermove=1", " ping=1", " playother=1", " sigint=0", " sigterm=0",
          " colors=0", " analyze=1", " memory=1", " smp=1"})
        CHECK(lines[0].find(feature) != std::string::npos);
    // King of the hill and extinction chess have chess's pieces and setup, but their own ends:
    // not XBoard's normal.
    CHECK(lines[1] ==
          "feature variants=\"normal,antichess,cambodian,capablanca,extinction,grand-chess,"
          "heian-dai-shogi,horde,janggi,jeson-mor,king-of-the-hill,kinglet,kyoto-shogi,makpong,"
          "vari_makruk,minishogi,placement,racing-kings,seirawan,vari_shatranj,vari_shogi,"
          "sittuyin,three-check,three-kings,vari_xiangqi\"");
    CHECK(lines[2] == "feature option=\"Level -spin 10 1 10\"");
    xb.send("accepted setboard");
    xb.send("rejected sigint");
    CHECK(exchange(xb, "new").empty());  // normal needs no setup
}

TEST_CASE("a game in force mode, then go: the engine plays its side and answers moves",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    std::vector<std::string> moves{"e2e4", "e7e5", "g1f3"};
    for (const auto& m : moves) xb.send("usermove " + m);
    CHECK(count_starting(exchange(xb, "sd 2"), "move ") == 0);  // forced: no move of its own
    xb.send("go");  // Black to move: the engine plays Black
    const std::string first = move_of(xb.wait_for("move "));
    CHECK(legal_after("chess", moves, first));
    moves.push_back(first);
    // The engine keeps Black: a move of White's is answered.
    std::string reply;
    for (const char* m : {"d2d4", "d2d3", "b1c3", "a2a3"})
        if (legal_after("chess", moves, m)) {
            reply = m;
            break;
        }
    xb.send("usermove " + reply);
    moves.push_back(reply);
    CHECK(legal_after("chess", moves, move_of(xb.wait_for("move "))));
}

// The reply a thinking line (depth score time nodes pv...) expects: the pv's second move.
std::string expected_reply(const std::vector<std::string>& lines) {
    for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
        if (line->empty() || !std::isdigit(static_cast<unsigned char>((*line)[0]))) continue;
        std::istringstream words(*line);
        std::string word;
        for (int i = 0; i < 6 && words >> word; ++i) {
        }
        return word;
    }
    return {};
}

TEST_CASE("with hard the engine ponders on the reply it expects, until that move, another or easy",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("hard");
    xb.send("post");
    xb.send("sd 3");
    std::vector<std::string> moves{"e2e4"};
    xb.send("usermove e2e4");
    auto thought = xb.lines_until("move ");
    moves.push_back(move_of(thought.back()));
    const std::string guess = expected_reply(thought);
    REQUIRE(legal_after("chess", moves, guess));
    // The ponder search posts its lines, unasked; it is not the engine's move, so a ping is
    // answered without one.
    xb.wait_for("1 ");
    CHECK(count_starting(exchange(xb, "post"), "move ") == 0);

    // The move pondered on: the ponder search, past depth 1 already, becomes the engine's move.
    moves.push_back(guess);
    xb.send("usermove " + guess);
    thought = xb.lines_until("move ");
    CHECK(count_starting(thought, "1 ") == 0);
    moves.push_back(move_of(thought.back()));
    xb.wait_for("3 ");  // the next ponder search is done, at the depth sd allows
    CHECK(legal_after("chess", std::vector<std::string>(moves.begin(), moves.end() - 1),
                      moves.back()));

    // Another move: the engine searches afresh, now at depth 40 under a second a move, and
    // ponders again without a limit on its depth; a ping does not wait for that.
    const std::string second_guess = expected_reply(thought);
    std::string other;
    for (const char* m : {"a2a3", "h2h3", "a2a4", "h2h4", "b1c3", "g1f3"})
        if (m != second_guess && legal_after("chess", moves, m)) {
            other = m;
            break;
        }
    REQUIRE(!other.empty());
    xb.send("sd 40");
    xb.send("st 1");
    moves.push_back(other);
    xb.send("usermove " + other);
    thought = xb.lines_until("move ", 30);
    CHECK(count_starting(thought, "1 ") == 1);  // from depth 1
    const std::string reply = move_of(thought.back());
    CHECK(legal_after("chess", moves, reply));
    CHECK(count_starting(exchange(xb, "post", 10), "move ") == 0);

    // easy ends the pondering without a move; the engine still answers.
    CHECK(count_starting(exchange(xb, "easy", 10), "move ") == 0);
    moves.push_back(reply);
    std::string next;
    for (const char* m : {"a3a4", "h3h4", "a4a5", "h4h5", "d2d3", "d2d4", "c2c3"})
        if (legal_after("chess", moves, m)) {
            next = m;
            break;
        }
    REQUIRE(!next.empty());
    xb.send("usermove " + next);
    moves.push_back(next);
    CHECK(legal_after("chess", moves, move_of(xb.wait_for("move ", 30))));
}

TEST_CASE("illegal and malformed moves are answered Illegal move, the position kept",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    const auto [input, answer] = GENERATE(table<std::string, std::string>({
        {"usermove e2e5",
         "Illegal move (e2-e5 is not a legal move for the Pawn on e2 [legal e2-e3, e2-e4]): "
         "e2e5"},
        {"usermove e7e5", "Illegal move (that is Black's piece; White to move): e7e5"},
        {"usermove zz",
         "Illegal move ('zz' is not a move in XBoard's form [e2e4, e7e8q, P@e4]): zz"},
        {"usermove", "Error (expected usermove MOVE): usermove"},
        {"e2e5",
         "Illegal move (e2-e5 is not a legal move for the Pawn on e2 [legal e2-e3, "
         "e2-e4]): e2e5"},
    }));
    INFO(input);
    CHECK(has_line(exchange(xb, input), answer));
    // Still at the start: the first move is legal.
    CHECK(exchange(xb, "usermove e2e4").empty());
}

TEST_CASE("undo and remove take moves back; with none to take back they are refused",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    CHECK(has_line(exchange(xb, "undo"), "Error (command not legal now): undo"));
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) xb.send(std::string("usermove ") + m);
    CHECK(exchange(xb, "undo").empty());
    CHECK(exchange(xb, "usermove f1c4").empty());  // White to move again
    CHECK(exchange(xb, "remove").empty());         // back to Black's first move
    CHECK(exchange(xb, "usermove b8c6").empty());
    CHECK(exchange(xb, "remove").empty());
    CHECK(has_line(exchange(xb, "remove"), "Error (command not legal now): remove"));
    CHECK(exchange(xb, "usermove d2d4").empty());  // White to move at the start
}

TEST_CASE("setboard takes a FEN; a bad one is an Error and moves are refused until the next",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    const auto bad = exchange(xb, "setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    CHECK(has_line(bad,
                   "Error (White has no royal pieces on the board; it always keeps 1): "
                   "setboard 8/8/8/8/8/8/8/8 w - - 0 1"));
    CHECK(count_starting(bad, "tellusererror Illegal position: ") == 1);
    CHECK(has_line(exchange(xb, "usermove e2e4"),
                   "Illegal move (no position, the last setboard failed): e2e4"));
    CHECK(has_line(exchange(xb, "go"), "Error (no position, the last setboard failed): go"));
    CHECK(exchange(xb, "setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1").empty());
    CHECK(exchange(xb, "usermove e1g1").empty());  // castling, as XBoard writes it
}

TEST_CASE("the engine claims a mate it gives, and a game over is not played on",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    xb.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    xb.send("post");
    xb.send("sd 3");
    xb.send("go");
    const auto lines = xb.lines_until("1-0");
    CHECK(count_starting(lines, "1 100001 ") == 1);  // depth 1: mate in one
    CHECK(lines[lines.size() - 2] == "move a1a8");
    CHECK(lines.back() == "1-0 {White wins by checkmate}");
    CHECK(has_line(exchange(xb, "usermove g8h8"),
                   "Illegal move (the game is over, White wins by checkmate): g8h8"));
    // The opponent's mating move is claimed too when the engine plays.
    xb.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    xb.send("playother");  // the engine plays Black
    CHECK(has_line(exchange(xb, "usermove a1a8"), "1-0 {White wins by checkmate}"));
}

TEST_CASE("time controls bound the thinking: level, time, st; ? moves at once",
          "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("level 40 0:05 0");
    xb.send("time 30");  // 0.3 s left on the engine's clock
    xb.send("otim 500");
    xb.send("post");
    xb.send("usermove e2e4");
    // By the clock: the engine's own account of its thinking stays far below the level's 7.5 s a
    // move. (Its own account, not the time the move took to come: that is the machine's load.)
    const auto thought = xb.lines_until("move ", 120);
    REQUIRE(!thought.empty());
    CHECK(legal_after("chess", {"e2e4"}, move_of(thought.back())));
    const long centiseconds = last_posted_centiseconds(thought);
    CHECK(centiseconds >= 0);
    CHECK(centiseconds < 300);
    xb.send("new");
    xb.send("st 60");
    xb.send("go");  // White: a minute to think, until `?`
    xb.wait_for("3 ");
    xb.send("?");
    CHECK(legal_after("chess", {}, move_of(xb.wait_for("move ", 30))));
    const auto bad = exchange(xb, "level 40 x 0");
    CHECK(has_line(bad, "Error (expected level MOVES MINUTES[:SECONDS] INCREMENT): level 40 x 0"));
}

TEST_CASE("a ping while the engine thinks is answered after its move", "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("sd 4");
    xb.send("go");
    xb.send("ping 7");
    const auto lines = xb.lines_until("pong 7");
    CHECK(count_starting(lines, "move ") == 1);
}

TEST_CASE("analyze thinks until exit, and starts again after each move", "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    xb.send("new");
    xb.send("force");
    xb.send("post");
    xb.send("analyze");
    xb.wait_for("3 ");
    xb.send("usermove e2e4");
    xb.wait_for("3 ");
    const auto lines = exchange(xb, "exit");
    CHECK(count_starting(lines, "move ") == 0);
    CHECK(exchange(xb, "usermove e7e5").empty());
}

TEST_CASE("unknown commands and options get Error; edit is refused", "[engine][xboard]") {
    Dialogue xb("chess", Protocol::xboard);
    const auto [input, answer] = GENERATE(table<std::string, std::string>({
        {"xyzzy", "Error (unknown command): xyzzy"},
        {"nps 1000", "Error (unknown command): nps 1000"},
        {"edit", "Error (not supported, vari sets positions with setboard): edit"},
        {"variant atomic", "Error (unsupported variant): variant atomic"},
        {"option Contempt=3", "Error (unknown option): option Contempt=3"},
        {"option Level=11", "Error (Level takes a whole number from 1 to 10): option Level=11"},
        {"sd x", "Error (expected sd DEPTH): sd x"},
        {"time", "Error (expected time CENTISECONDS): time"},
        {"memory 0", "Error (expected memory MEGABYTES): memory 0"},
    }));
    INFO(input);
    CHECK(has_line(exchange(xb, input), answer));
}

TEST_CASE("random commands in any order never stop the engine", "[engine][xboard]") {
    const std::vector<std::string> lines{
        "xboard",
        "protover 2",
        "new",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "level 40 0:01 0",
        "level 0 0:01 0.1",
        "level",
        "st 0.05",
        "sd 1",
        "sd 2",
        "time 20",
        "time -50",
        "otim 100",
        "usermove e2e4",
        "usermove e7e5",
        "usermove g1f3",
        "e2e4",
        "d7d5",
        "usermove 0000",
        "usermove @@@@",
        "?",
        "draw",
        "result 1-0 {White mates}",
        "setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "setboard junk",
        "setboard",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "memory 1",
        "option Level=1",
        "option Level",
        "edit",
        "variant normal",
        "variant minishogi",
        "variant nonsense",
        "computer",
        "name someone",
        "rating 2000 1500",
        "random",
        "bk",
        "hint",
        "",
        "   ",
        "\x01\x02\xff",
        "xyzzy",
    };
    Dialogue xb("chess", Protocol::xboard);
    xb.send("option Level=1");
    xb.send("sd 2");
    std::mt19937 rng(11);
    for (int i = 0; i < test::scaled(1500); ++i) xb.send(lines[rng() % lines.size()]);
    xb.send("force");
    xb.send("ping 424242");
    xb.wait_for("pong 424242", 60);
    xb.send("quit");
    CHECK(xb.finish() == 0);
}

TEST_CASE("vari engine --protocol xboard sets up a game XBoard does not know",
          "[engine][xboard][binary]") {
    const std::string path = VARI_TEST_DATA "/engine/xboard/camel-chess.vari";
    Dialogue xb({"engine", path, "--protocol", "xboard"});
    xb.send("xboard");
    xb.send("protover 2");
    const auto features = xb.lines_until("feature done=1");
    CHECK(
        has_line(features,
                 "feature variants=\"camel-chess,antichess,cambodian,capablanca,normal,extinction,"
                 "grand-chess,heian-dai-shogi,horde,janggi,jeson-mor,king-of-the-hill,kinglet,"
                 "kyoto-shogi,makpong,vari_makruk,minishogi,placement,racing-kings,seirawan,"
                 "vari_shatranj,vari_shogi,sittuyin,three-check,three-kings,vari_xiangqi\""));
    xb.send("new");
    xb.send("variant camel-chess");
    xb.send("ping 1");
    const auto setup = xb.lines_until("pong 1");
    CHECK(setup.front() ==
          "setup (PN.R....CWKpn.r....cwk) 7x7+0_fairy rcnkwcr/ppppppp/7/7/7/PPPPPPP/RCNKWCR w - "
          "- 0 1");
    CHECK(has_line(setup, "piece C& C"));
    xb.send("sd 3");           // a short think, whatever the build's speed
    xb.send("usermove b2b4");  // the engine plays Black
    CHECK(xb.wait_for("move ").size() > 5);
    xb.send("quit");
    CHECK(xb.finish() == 0);
}

TEST_CASE("vari engine --protocol xboard refuses a hex game, pointing to vari serve",
          "[engine][xboard][binary]") {
    const auto hex = test::run_vari("engine hex-shogi-41 --protocol xboard", "xboard\n");
    CHECK(hex.exit_code == 1);
    CHECK(hex.output ==
          "vari engine: XBoard cannot express Hex Shogi 41: its board is hexagonal\n"
          "  hint: play it in the browser with 'vari serve'\n");
}

}  // namespace engine_xboard_session_tests
