// Fairy-Stockfish reads vari's protocol text as vari means it: the same moves from the same start
// give both programs the same position (its `d` prints FEN and SFEN). Skipped without it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>

#include "runtime/runtime.hpp"
#include "support/engine_dialogue.hpp"
#include "support/shipped_games.hpp"

namespace engine_fairy_stockfish_tests {

using namespace vari;
using notation::Protocol;

namespace {

const std::string FAIRY_STOCKFISH = "/usr/games/fairy-stockfish";

// FEN or SFEN with each hand's letters sorted, for the two programs list hands in their own
// orders; SFEN's counts are spelt out first ("2Pp" is "PPp").
std::string hands_sorted(std::string text, Protocol protocol) {
    std::size_t from, to;
    if (protocol == Protocol::uci) {
        from = text.find('[');
        if (from == std::string::npos) return text;
        to = text.find(']', from);
        ++from;
    } else {
        from = text.find(' ', text.find(' ') + 1) + 1;
        to = text.find(' ', from);
    }
    std::string hand, spelt = text.substr(from, to - from);
    for (std::size_t i = 0; i < spelt.size(); ++i) {
        int count = 0;
        while (std::isdigit(static_cast<unsigned char>(spelt[i])))
            count = count * 10 + (spelt[i++] - '0');
        hand.append(static_cast<std::size_t>(std::max(count, 1)), spelt[i]);
    }
    std::sort(hand.begin(), hand.end());
    return text.substr(0, from) + hand + text.substr(to);
}

// FEN without its halfmove clock (the fifth field).
std::string without_clock(const std::string& fen) {
    std::size_t at = 0;
    for (int field = 0; field < 4 && at != std::string::npos; ++field) at = fen.find(' ', at + 1);
    if (at == std::string::npos) return fen;
    const std::size_t end = fen.find(' ', at + 1);
    return fen.substr(0, at) + (end == std::string::npos ? "" : fen.substr(end));
}

// Plays `games` random games of `game` of at most `plies` plies; after every move, vari's FEN
// and SFEN of the position must be Fairy-Stockfish's after the same `position ... moves ...`
// (without the FEN's halfmove clock unless `clock`). Returns Fairy-Stockfish's FENs, none when it
// is not installed.
std::vector<std::string> compare(const std::string& game, const std::string& variant, int games,
                                 int plies, bool clock = true) {
    std::vector<std::string> fens;
    if (!std::filesystem::exists(FAIRY_STOCKFISH)) {
        WARN("no " << FAIRY_STOCKFISH << ": not compared");
        return fens;
    }
    const auto compiled = test::load_shipped(game);
    std::string why;
    const auto uci = notation::ProtocolText::make(*compiled, Protocol::uci, why);
    const auto usi = notation::ProtocolText::make(*compiled, Protocol::usi, why);
    REQUIRE(uci);
    test::Dialogue fairy({}, FAIRY_STOCKFISH);
    fairy.send("uci");
    fairy.wait_for("uciok");
    fairy.send("setoption name UCI_Variant value " + variant);
    std::mt19937_64 rng(1);
    for (int g = 0; g < games; ++g) {
        runtime::Game played(*compiled);
        std::string moves;
        for (int ply = 0; ply < plies && !played.result(); ++ply) {
            const Move m = runtime::random_move(played, rng);
            moves += " " + uci->write_move(played.position(), m);
            played.play(m);
            fairy.send("position startpos moves" + moves);
            fairy.send("d");
            const std::string fen = fairy.wait_for("Fen: ").substr(5);
            fens.push_back(fen);
            INFO(game << ": position startpos moves" << moves);
            const std::string ours = uci->write_position(played.position());
            CHECK(hands_sorted(clock ? fen : without_clock(fen), Protocol::uci) ==
                  hands_sorted(clock ? ours : without_clock(ours), Protocol::uci));
            if (usi) {
                const std::string sfen = fairy.wait_for("Sfen: ").substr(6);
                CHECK(hands_sorted(sfen, Protocol::usi) ==
                      hands_sorted(usi->write_position(played.position()), Protocol::usi));
            }
        }
    }
    return fens;
}

}  // namespace

TEST_CASE("Fairy-Stockfish reads vari's chess moves into vari's FEN", "[engine][fairy]") {
    compare("chess", "chess", 6, 200);
}

TEST_CASE("Fairy-Stockfish reads vari's crazyhouse moves into vari's FEN, promoted pieces and all",
          "[engine][fairy]") {
    const auto fens = compare("crazyhouse", "crazyhouse", 6, 200);
    // The games promote, so both programs wrote a promoted piece with its '~'.
    const bool promoted = std::any_of(fens.begin(), fens.end(), [](const std::string& fen) {
        return fen.find('~') != std::string::npos;
    });
    CHECK((fens.empty() || promoted));
}

TEST_CASE("Fairy-Stockfish reads vari's Seirawan chess moves into vari's FEN, gate rights and all",
          "[engine][fairy]") {
    const auto fens = compare("seirawan", "seirawan", 6, 200);
    // Random games gate, so both programs took a piece out of a hand.
    const bool gated = std::any_of(fens.begin(), fens.end(), [](const std::string& fen) {
        return fen.find("[EHeh]") == std::string::npos;
    });
    CHECK((fens.empty() || gated));
}

TEST_CASE(
    "Fairy-Stockfish reads vari's Cambodian chess and S-house moves into vari's FEN, "
    "first-move rights, drops and gatings and all",
    "[engine][fairy]") {
    // Cambodian chess has makruk's clock (see the makruk case below).
    const auto cambodian = compare("cambodian", "cambodian", 4, 150, false);
    // Random games use a first move, so both programs dropped one of the rights.
    const bool right_used =
        std::any_of(cambodian.begin(), cambodian.end(),
                    [](const std::string& fen) { return fen.find(" DEde ") == std::string::npos; });
    CHECK((cambodian.empty() || right_used));
    const auto shouse = compare("shouse", "shouse", 4, 150);
    const bool hands_used = std::any_of(shouse.begin(), shouse.end(), [](const std::string& fen) {
        return fen.find("[EHeh]") == std::string::npos;
    });
    CHECK((shouse.empty() || hands_used));
}

TEST_CASE("Fairy-Stockfish reads vari's shogi moves into vari's FEN and SFEN", "[engine][fairy]") {
    compare("shogi", "shogi", 4, 150);
    compare("minishogi", "minishogi", 6, 100);
}

TEST_CASE(
    "Fairy-Stockfish reads vari's antichess, Horde, makruk and shatranj moves into FEN as "
    "vari writes it",
    "[engine][fairy]") {
    for (const char* game : {"antichess", "horde", "shatranj"}) compare(game, game, 4, 150);
    // Makruk has no fifty-move rule, so vari's clock counts what no rule resets (only captures);
    // Fairy-Stockfish's FEN counts as chess does.
    compare("makruk", "makruk", 4, 150, false);
}

TEST_CASE("Fairy-Stockfish reads vari's three-check moves into vari's FEN, checks to give and all",
          "[engine][fairy]") {
    const auto fens = compare("three-check", "3check", 6, 200);
    // Random games give checks, so both programs counted one down.
    const bool counted = std::any_of(fens.begin(), fens.end(), [](const std::string& fen) {
        return fen.find(" 3+3 ") == std::string::npos;
    });
    CHECK((fens.empty() || counted));
}

TEST_CASE("Fairy-Stockfish reads vari's king of the hill and racing kings moves into vari's FEN",
          "[engine][fairy]") {
    compare("king-of-the-hill", "kingofthehill", 6, 200);
    compare("racing-kings", "racingkings", 6, 200);
}

TEST_CASE("a three-check FEN is read with its checks still to give, and written back",
          "[engine][protocol]") {
    const auto game = test::load_shipped("three-check");
    std::string why;
    const auto uci = notation::ProtocolText::make(*game, Protocol::uci, why);
    REQUIRE(uci);
    Position pos(*game);
    const std::string fen =
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+2 4 4";
    REQUIRE_FALSE(uci->read_position(pos, fen));
    CHECK(pos.checks_given(0) == 2);
    CHECK(pos.checks_given(1) == 1);
    CHECK(uci->write_position(pos) == fen);
    // Left out, the checks are those of the start.
    REQUIRE_FALSE(uci->read_position(pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    CHECK(uci->write_position(pos) == "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1");
}

TEST_CASE(
    "Fairy-Stockfish reads vari's sittuyin moves into vari's FEN, drops and promotions in "
    "place and all",
    "[engine][fairy]") {
    // The games open with sixteen drops (R@a1) and go on long enough for Pawns to become Generals
    // where they stand or by a step (d5d5f, d5c6f).
    compare("sittuyin", "sittuyin", 6, 200);
}

TEST_CASE(
    "Fairy-Stockfish reads vari's placement chess moves into vari's FEN, castling rights "
    "gained by drops and all",
    "[engine][fairy]") {
    compare("placement", "placement", 6, 200);
}

}  // namespace engine_fairy_stockfish_tests
