// Game records: every shipped game survives writing and reading ply by ply; famous chess games
// typed from their published scores reach their published final positions; chess records are
// PGN that a chess tool reads; a damaged record gets a located error.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "dsl/dsl.hpp"
#include "runtime/runtime.hpp"
#include "support/run_vari.hpp"
#include "support/shipped_games.hpp"
#include "support/temp_dir.hpp"

namespace vari::runtime_records_tests {
namespace {

using test::Run;
using test::run_vari;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::string RECORDS = std::string(VARI_TEST_DATA) + "/records/";

// The position strings of a game from its start, one per ply.
std::vector<std::string> positions_of(const runtime::Game& game) {
    std::vector<std::string> out;
    Position pos = game.start();
    out.push_back(notation::to_position_string(pos));
    for (int ply = 0; ply < game.ply(); ++ply) {
        Undo undo;
        pos.do_move(game.move_at(ply), undo);
        out.push_back(notation::to_position_string(pos));
    }
    return out;
}

std::unique_ptr<runtime::Game> random_game(const CompiledGame& compiled, std::uint64_t seed,
                                           int plies) {
    auto game = std::make_unique<runtime::Game>(compiled);
    std::mt19937_64 rng(seed);
    for (int ply = 0; ply < plies && !game->result(); ++ply)
        game->play(runtime::random_move(*game, rng));
    return game;
}

runtime::Record read_ok(const CompiledGame& game, const std::string& text) {
    runtime::Record record;
    const auto error = runtime::read_record(game, text, "game.pgn", record);
    INFO(text);
    INFO((error ? error->message : std::string()));
    REQUIRE(!error);
    return record;
}

// The error reading `text` gives, as "LINE:COLUMN: MESSAGE".
std::string read_error(const CompiledGame& game, const std::string& text) {
    runtime::Record record;
    const auto error = runtime::read_record(game, text, "game.pgn", record);
    INFO(text);
    REQUIRE(error);
    CHECK(error->file == "game.pgn");
    return std::to_string(error->line) + ":" + std::to_string(error->column) + ": " +
           error->message;
}

}  // namespace

TEST_CASE("random games of every shipped game are written and read back ply by ply",
          "[runtime][records]") {
    for (const std::string& name : dsl::shipped_games()) {
        const auto compiled = test::load_shipped(name);
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            // Long enough that some games end by their rules.
            const auto game = random_game(*compiled, seed, seed == 4 ? 600 : 90);
            runtime::RecordHeader header;
            header.player_kinds.assign(compiled->ir().players.size(), "random");
            const std::string text = runtime::write_record(*game, header);
            INFO(name << " seed " << seed << "\n" << text);
            const runtime::Record record = read_ok(*compiled, text);
            CHECK(positions_of(*record.game) == positions_of(*game));
            CHECK(record.game->result().has_value() == game->result().has_value());
            if (game->result()) CHECK(record.game->result()->summary == game->result()->summary);
            CHECK(*record.tag("Variant") == compiled->ir().name);
            CHECK(*record.tag(compiled->ir().players.back().name) == "random");
            // Written again, it is the same record.
            CHECK(runtime::write_record(*record.game, header) == text);
        }
    }
}

TEST_CASE("the rule hash records carry ignores comments and layout, not rules",
          "[runtime][records]") {
    const std::string rules = read_file(std::string(VARI_STDLIB_DIR) + "/chess.vari");
    auto hash = [](const std::string& text) {
        const auto loaded = dsl::load_text(text, std::string(VARI_STDLIB_DIR) + "/chess.vari");
        REQUIRE(loaded.game);
        return loaded.game->rules_hash;
    };
    std::string commented = "# my favourite game\n\n" + rules + "\n# the end";
    CHECK(hash(rules.substr(rules.find("\ngame"))) == hash(rules));  // without its comment
    commented.replace(commented.find("players White Black"), 19, "players   White \t Black # two");
    CHECK(hash(commented) == hash(rules));
    std::string changed = rules;
    changed.replace(changed.find("range 2"), 7, "range 3");
    CHECK(hash(changed) != hash(rules));
}

TEST_CASE("a record from a position string carries it and starts from it", "[runtime][records]") {
    const auto chess = test::load_shipped("chess");
    Position start(*chess);
    test::set_position(start, "4k3/P7/8/8/8/8/8/4K3 b - - 0 40");
    runtime::Game game(*chess, start);
    std::string error;
    REQUIRE(runtime::play_moves(game, "Kd7 a8=Q", error));
    const std::string text = runtime::write_record(game, {});
    CHECK(text.find("[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 b - - 0 40\"]\n") !=
          std::string::npos);
    CHECK(text.find("\n40... Kd7 41. a8=Q *\n") != std::string::npos);
    const runtime::Record record = read_ok(*chess, text);
    CHECK(positions_of(*record.game) == positions_of(game));
}

TEST_CASE("three players' records number rounds and give every score", "[runtime][records]") {
    const auto game3 = test::load_shipped("three-player-hex-shogi-91");
    Position start(*game3);
    test::set_position(start, "6/7/8/9/5Kg4/11/9Pg/3Rb5/8/3Kb3/6[Kb] b - - 0 1");
    runtime::Game game(*game3, start);
    std::string error;
    REQUIRE(runtime::play_moves(game, "K4i pass P2g Rx6e", error));
    REQUIRE(game.result());
    const std::string text = runtime::write_record(game, {});
    CHECK(text.find("[Result \"1-0-0\"]") != std::string::npos);
    CHECK(text.find("\n1. K4i pass P2g 2. Rx6e 1-0-0\n") != std::string::npos);
    const runtime::Record record = read_ok(*game3, text);
    CHECK(record.game->result()->summary == game.result()->summary);
}

TEST_CASE("famous chess games typed from their published scores reach their final positions",
          "[runtime][records]") {
    const auto chess = test::load_shipped("chess");
    // Final positions as published (and as pgn-extract, a chess tool, computes them).
    const std::pair<const char*, const char*> games[] = {
        {"opera.pgn", "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"},
        {"immortal.pgn", "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23"},
        {"evergreen.pgn", "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24"},
    };
    for (const auto& [file, final_position] : games) {
        INFO(file);
        const runtime::Record record = read_ok(*chess, read_file(RECORDS + file));
        CHECK(notation::to_position_string(record.game->position()) == final_position);
        REQUIRE(record.game->result());
        CHECK(record.game->result()->summary == "White wins by checkmate");
    }
}

TEST_CASE("chess records are PGN that pgn-extract replays to the same position",
          "[runtime][records][pgn-extract]") {
    const char* tool = "/usr/games/pgn-extract";
    REQUIRE(access(tool, X_OK) == 0);  // tools/setup.sh installs it
    const auto chess = test::load_shipped("chess");
    test::TempDir dir;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const auto game = random_game(*chess, seed, 300);
        dir.write("game.pgn", runtime::write_record(*game, {}));
        const std::string command =
            std::string(tool) + " -F -s '" + (dir.path / "game.pgn").string() + "' 2>&1";
        FILE* out = popen(command.c_str(), "r");
        REQUIRE(out);
        std::string output;
        char line[512];
        while (std::fgets(line, sizeof line, out)) output += line;
        pclose(out);
        INFO(output);
        // Its final position as a FEN comment; en-passant cells are written by another
        // convention, so the board, side, castling rights and counters are compared.
        const auto open = output.rfind("{ \""), close = output.rfind("\" }");
        REQUIRE(open != std::string::npos);
        std::istringstream theirs(output.substr(open + 3, close - open - 3));
        std::istringstream ours(notation::to_position_string(game->position()));
        for (int field = 0; field < 6; ++field) {
            std::string a, b;
            theirs >> a;
            ours >> b;
            if (field != 3) CHECK(a == b);
        }
    }
}

TEST_CASE("a damaged record gets a clear error with its line and column", "[runtime][records]") {
    const auto chess = test::load_shipped("chess");
    runtime::Game game(*chess);
    std::string error;
    REQUIRE(runtime::play_moves(game, "e4 e5 Nf3 Nc6", error));
    const std::string good = runtime::write_record(game, {});
    const std::size_t moves_line = 12;  // 11 tags, then a blank line
    SECTION("truncated") {
        const std::string cut = good.substr(0, good.find("Nc6"));
        CHECK(read_error(*chess, cut) ==
              std::to_string(moves_line) +
                  ":17: the record ends without its end marker (*): it may have been cut short");
        CHECK_THAT(read_error(*chess, good.substr(0, 40)),
                   Catch::Matchers::Contains("is not closed with '\"'"));
    }
    SECTION("a different rule hash") {
        std::string other = good;
        other.replace(other.find("[RuleHash \"") + 11, 4, "0000");
        CHECK_THAT(read_error(*chess, other),
                   Catch::Matchers::StartsWith("10:12: this record was played under other rules: "
                                               "its RuleHash is 0000"));
    }
    SECTION("an illegal move") {
        std::string bad = good;
        bad.replace(bad.find("Nc6"), 3, "Nc5");
        CHECK(read_error(*chess, bad) ==
              std::to_string(moves_line) +
                  ":17: move 4 'Nc5': no Knight can go to c5 (legal: Na6, Nc6, Nf6, Nh6 or "
                  "Ne7)");
    }
    SECTION("garbage") {
        CHECK(read_error(*chess, "[Event \"x\"]\n\x01\x02 garbage") ==
              "2:1: move 1 '\x01\x02': cannot read '\x01\x02' as a move: write FROM-TO, e.g. "
              "a2-a3");
        CHECK(read_error(*chess, "[Event x]") ==
              "1:8: expected the value of tag Event in double "
              "quotes");
        CHECK(read_error(*chess, good + "\n1. d4 *\n") ==
              "14:1: more text after the game's end marker: a record holds one game");
        CHECK(read_error(*chess, "1. e4 { a comment never closed") ==
              "1:7: this comment is not closed with '}'");
    }
    SECTION("a result the moves contradict, and a bad FEN") {
        const std::string mate = "1. f3 e5 2. g4 Qh4# 1-0";
        CHECK(read_error(*chess, mate) ==
              "1:21: the record says 1-0, but its moves end the game 0-1: Black wins by "
              "checkmate");
        CHECK(read_error(*chess, "[FEN \"8/8/8 w - - 0 1\"]\n*") ==
              "1:12: bad FEN: too few lines (expected 8, found 3)");
    }
    SECTION("what chess tools add is skipped: comments, NAGs, variations") {
        const runtime::Record record =
            read_ok(*chess,
                    "1. e4 {best by test} e5 $1 (1... c5 2. Nf3 (2. c3)) 2.Nf3 ; a note\n"
                    "Nc6 1/2-1/2");
        CHECK(record.game->ply() == 4);
    }
    SECTION("variations nested without end are refused where they get too deep, not followed") {
        // A million would overflow any stack a reader that recursed had.
        const std::string deep = "1. e4 " + std::string(1'000'000, '(') + " *";
        CHECK(read_error(*chess, deep) == "1:263: variations nested more than 256 deep");
        const std::string nested = "1. e4 " + std::string(256, '(') + std::string(256, ')') + " *";
        CHECK(read_ok(*chess, nested).game->ply() == 1);
        CHECK(read_error(*chess, "1. e4 (1... e5 (1... c5) *") ==
              "1:7: this variation is not closed with ')'");
    }
    SECTION("a result no game of its players ends with, an unclosed tag, a byte order mark") {
        CHECK(read_error(*chess, "1. e4 2-3") ==
              "1:7: the end marker 2-3 is not a result of a game of 2 players: one score from 0 "
              "to 1 for each (such as 1-0 or 1/2-1/2), or *");
        CHECK(read_error(*chess, "1. e4 1-0-0").find("not a result of a game of 2") !=
              std::string::npos);
        CHECK(read_error(*chess, "[Event \"never closed]\n1. e4 *") ==
              "1:1: the value of tag Event is not closed with '\"'");
        CHECK(read_error(*chess, "[Event \"ends with a backslash\\\"]\n*") ==
              "1:1: the value of tag Event is not closed with '\"'");
        CHECK(read_ok(*chess, "\xEF\xBB\xBF[Event \"x\"]\n1. e4 e5 *").game->ply() == 2);
        CHECK(read_ok(*chess, "1. f3 e5 2. g4 Qh4# 0-1").game->ply() == 4);
    }
}

TEST_CASE("a save replaces only the files the game wrote or was loaded from, keeping modes",
          "[runtime][records][commands]") {
    namespace fs = std::filesystem;
    test::TempDir dir;
    dir.write("notes.pgn", "a file of the user's\n");
    fs::permissions(dir.path / "notes.pgn", fs::perms(0640));
    const std::string notes = (dir.path / "notes.pgn").string();
    const std::string mine = (dir.path / "mine.pgn").string();
    // A temporary file of a save killed long ago.
    dir.write(".vari-save-0badf00d", "half a record");
    fs::last_write_time(dir.path / ".vari-save-0badf00d",
                        fs::file_time_type::clock::now() - std::chrono::hours(2));

    const Run play = run_vari(
        "play chess", "e4\nsave " + notes + "\nsave " + mine + "\ne5\nsave " + mine + "\nquit\n");
    INFO(play.output);
    CHECK(play.output.find(notes + " exists: save " + notes + " --force replaces it\n") !=
          std::string::npos);
    CHECK(dir.read("notes.pgn") == "a file of the user's\n");
    CHECK(play.output.find("saved 1 plies to " + mine) != std::string::npos);
    CHECK(play.output.find("saved 2 plies to " + mine) != std::string::npos);  // its own file

    const Run forced =
        run_vari("play --load " + mine, "save " + mine + "\nsave " + notes + " --force\nquit\n");
    INFO(forced.output);
    CHECK(forced.output.find("saved 2 plies to " + mine) != std::string::npos);  // loaded from
    CHECK(dir.read("notes.pgn").find("1. e4 e5 *") != std::string::npos);
    CHECK((fs::status(dir.path / "notes.pgn").permissions() & fs::perms::all) == fs::perms(0640));
    CHECK_FALSE(fs::exists(dir.path / ".vari-save-0badf00d"));

    // Past the file-size limit the save fails, and the game goes on.
    const Run limited = run_vari(
        "play chess", "e4\nsave " + (dir.path / "big.pgn").string() + "\ne5\nhistory\nquit\n",
        "ulimit -f 0");
    INFO(limited.output);
    CHECK(limited.exit_code == 0);
    CHECK(limited.output.find(": File too large\n") != std::string::npos);
    CHECK(limited.output.find("1. e4 e5\n") != std::string::npos);
    for (const auto& entry : fs::directory_iterator(dir.path))
        CHECK(entry.path().filename().string().rfind(".vari-save-", 0) == std::string::npos);
}

TEST_CASE("vari play saves, loads and shows its history; vari replay checks a record",
          "[runtime][records][commands]") {
    test::TempDir dir;
    const std::string saved = (dir.path / "game.pgn").string();
    const Run play =
        run_vari("play chess", "e4\ne5\nNf3\nhistory\nposition\nsave " + saved + "\nquit\n");
    INFO(play.output);
    CHECK(play.exit_code == 0);
    CHECK(play.output.find("1. e4 e5 2. Nf3\n"
                           "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
                           "saved 3 plies to " +
                           saved + "\n") != std::string::npos);
    const std::string record = read_file(saved);
    CHECK(record.find("[White \"human\"]\n[Black \"human\"]\n[Result \"*\"]\n") !=
          std::string::npos);
    CHECK(record.find("\n1. e4 e5 2. Nf3 *\n") != std::string::npos);

    // --load goes on from the record, whose rule file is found by its RuleFile tag.
    const Run resumed = run_vari("play --load '" + saved + "'", "Nc6\nhistory\nquit\n");
    INFO(resumed.output);
    CHECK(resumed.output == "Black plays Nc6\n1. e4 e5 2. Nf3 Nc6\n");
    // `load` inside a game, and a damaged record there, which changes nothing.
    dir.write("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    const Run loaded = run_vari("play chess", "load " + (dir.path / "bad.pgn").string() +
                                                  "\nload " + saved + "\nhistory\nquit\n");
    INFO(loaded.output);
    CHECK(loaded.output.find("bad.pgn:1:13: error: move 3 'Ke3': no King can go to e3") !=
          std::string::npos);
    CHECK(loaded.output.find("loaded 3 plies from " + saved + "\n1. e4 e5 2. Nf3\n") !=
          std::string::npos);

    // A finished game can still be saved, and taken back.
    const std::string mate = (dir.path / "mate.pgn").string();
    const Run finished =
        run_vari("play chess", "f3\ne5\ng4\nQh4\nh3\nsave " + mate + "\nundo\nhistory\n");
    INFO(finished.output);
    CHECK(finished.output.find("scores: White 0, Black 1\n"
                               "the game is over: Black wins by checkmate\n"
                               "saved 4 plies to " +
                               mate +
                               "\n"
                               "took back; Black to move\n"
                               "1. f3 e5 2. g4\n") != std::string::npos);
    CHECK(read_file(mate).find("\n1. f3 e5 2. g4 Qh4# 0-1\n") != std::string::npos);

    const Run replay = run_vari("replay '" + saved + "' --ply 1");
    INFO(replay.output);
    CHECK(replay.exit_code == 0);
    CHECK(replay.output.rfind("1. e4\n", 0) == 0);
    CHECK(replay.output.find("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n") !=
          std::string::npos);
    CHECK(run_vari("replay '" + saved + "' --ply 9").exit_code == 2);
    const Run damaged = run_vari("replay '" + (dir.path / "bad.pgn").string() + "' --game chess");
    CHECK(damaged.exit_code == 1);
    CHECK(run_vari("replay '" + (dir.path / "nothing.pgn").string() + "'").exit_code == 1);
    // A famous game, with its rule file given.
    const Run opera = run_vari("replay '" + RECORDS + "opera.pgn' --game chess");
    CHECK(opera.output.find("White wins by checkmate\n") != std::string::npos);
}

}  // namespace vari::runtime_records_tests
