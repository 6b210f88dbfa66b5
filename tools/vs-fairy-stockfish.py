#!/usr/bin/env python3
"""Plays vari's AI against Fairy-Stockfish at its Skill Levels, both at a fixed time per move.

Measures, for chess or shogi, vari's score against each Skill Level given and the highest level
at which vari scores at least 50%. Games come in pairs from one opening of --random-plies random
legal plies (by --seed), vari White (or the first player) in one game and the other in the next.
vari judges every move and every ending by its own rules (checkmate, stalemate, repetition, the
move rules); a game still going at --max-plies is a draw. A move of Fairy-Stockfish that vari
refuses stops the run with the reason; so does an engine that has no move where vari has one.

    tools/vs-fairy-stockfish.py [--game chess|shogi] [--levels 0,2,4] [--games N]
                                [--movetime MS] [--seed S] [--random-plies N] [--max-plies N]
                                [--stop-below-half] [--verbose]
    tools/vs-fairy-stockfish.py --self-test

Needs vari ($VARI, default build/vari: tools/setup.sh) and Fairy-Stockfish ($FAIRY_STOCKFISH,
default /usr/games/fairy-stockfish: apt-get install fairy-stockfish). Chess is played over UCI,
shogi over USI (Fairy-Stockfish's shogi in USI speaks the same cell names as vari's shogi).
One game at a time, one thread each: timing matters, so run it on an otherwise quiet machine.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Stop(Exception):
    """A condition that ends the run: an illegal move, a disagreement, a failed command."""


# --- vari ---------------------------------------------------------------------------------

def engine_move(long_move):
    """vari's long notation to UCI/USI: e2-e4 e2e4, e7xd8=Q e7d8q, 2c-2b+ 2c2b+, P*5e P*5e."""
    move = long_move.replace("-", "").replace("x", "").replace(":", "")
    if "=" in move:
        head, piece = move.split("=", 1)
        move = head + piece.lower()
    return move


class Vari:
    def __init__(self, path, game):
        self.path, self.game = str(path), game

    def run(self, *args):
        result = subprocess.run([self.path, *args], capture_output=True, text=True)
        return result.returncode, result.stdout, result.stderr.strip()

    def status(self, moves):
        """(winner or None, result text or None) after the moves; Stop if one is refused."""
        code, out, err = self.run("show", self.game, "--color", "never", "--moves", " ".join(moves))
        if code != 0:
            raise Stop(err or f"vari show exited with {code}")
        line = out.rstrip("\n").split("\n")[-2].strip()
        if re.match(r"\S+ to move\b", line):
            return None, None
        won = re.match(r"(\S+) wins\b", line)
        if won:
            return won.group(1), line
        if line.startswith("draw"):
            return "draw", line
        raise Stop(f"cannot read the game's end from vari show: {line!r}")

    def to_move(self, moves):
        code, out, err = self.run("show", self.game, "--color", "never", "--moves", " ".join(moves))
        if code != 0:
            raise Stop(err)
        line = out.rstrip("\n").split("\n")[-2].strip()
        if not re.match(r"\S+ to move\b", line):
            raise Stop(f"the game is over after {moves}: {line}")
        return line.split()[0]

    def legal_moves(self, moves):
        code, out, err = self.run("perft", self.game, "1", "--divide", "--notation", "long",
                                  "--moves", " ".join(moves))
        if code != 0:
            raise Stop(err)
        return [engine_move(line.split()[0]) for line in out.splitlines() if len(line.split()) == 2]

    def think(self, moves, movetime):
        code, out, err = self.run("think", self.game, "--time", str(movetime), "--json",
                                  "--notation", "long", "--moves", " ".join(moves))
        if code != 0:
            raise Stop(f"vari think exited with {code}: {err}")
        return engine_move(json.loads(out)["best"])


# --- Fairy-Stockfish ----------------------------------------------------------------------

class FairyStockfish:
    def __init__(self, path, game):
        self.protocol = "usi" if game == "shogi" else "uci"
        self.proc = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send(self.protocol)
        self.wait_for(self.protocol + "ok")
        self.send(f"setoption name UCI_Variant value {game}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise Stop("Fairy-Stockfish stopped")
            if line.startswith(prefix):
                return line.strip()

    def new_game(self, level):
        self.send(f"setoption name Skill Level value {level}")
        self.send(self.protocol + "newgame")
        self.send("isready")
        self.wait_for("readyok")

    def best(self, moves, movetime):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {movetime}")
        return self.wait_for("bestmove").split()[1]

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


# --- a match ------------------------------------------------------------------------------

def play_game(vari, fsf, players, vari_seat, opening, args):
    """Plays one game; returns (vari's points, result text, plies, moves)."""
    moves = list(opening)
    winner, text = vari.status(moves)
    while winner is None and len(moves) < args.max_plies:
        mover = len(moves) % 2
        if mover == vari_seat:
            move = vari.think(moves, args.movetime)
        else:
            move = fsf.best(moves, args.movetime)
            if move in ("(none)", "resign", "0000"):
                raise Stop(f"Fairy-Stockfish has no move ({move}) after {' '.join(moves)}, "
                           f"where vari's rules say the game goes on")
        try:
            winner, text = vari.status(moves + [move])
        except Stop as refused:
            who = "vari" if mover == vari_seat else "Fairy-Stockfish"
            raise Stop(f"{who} played {move}, which vari refuses, after "
                       f"'{' '.join(moves)}': {refused}") from None
        moves.append(move)
    if winner is None:
        return 0.5, f"draw by the ply cap ({args.max_plies})", len(moves), moves
    if winner == "draw":
        return 0.5, text, len(moves), moves
    return (1.0 if winner == players[vari_seat] else 0.0), text, len(moves), moves


def elo(score):
    if score <= 0.0 or score >= 1.0:
        return "inf" if score >= 1.0 else "-inf"
    return f"{-400 * math.log10(1 / score - 1) + 0.0:+.0f}"


def run_level(vari, fsf, players, level, args):
    rng = random.Random(f"{args.seed}/{args.game}")  # same openings at every level
    wins = draws = losses = 0
    opening = []
    for i in range(args.games):
        if i % 2 == 0:
            opening = []
            for _ in range(args.random_plies):
                legal = vari.legal_moves(opening)
                if not legal:
                    break
                opening.append(rng.choice(legal))
        vari_seat = i % 2
        fsf.new_game(level)
        start = time.monotonic()
        points, text, plies, moves = play_game(vari, fsf, players, vari_seat, opening, args)
        wins, draws, losses = wins + (points == 1), draws + (points == 0.5), losses + (points == 0)
        print(f"  level {level} game {i + 1}: vari {players[vari_seat]}, "
              f"{'win' if points == 1 else 'draw' if points == 0.5 else 'loss'}: {text}, "
              f"{plies} plies, {time.monotonic() - start:.0f} s", flush=True)
        if args.verbose:
            print("    " + " ".join(moves), flush=True)
    score = (wins + draws / 2) / args.games
    print(f"level {level}: vari +{wins} ={draws} -{losses} of {args.games}, "
          f"score {100 * score:.1f}% (Elo difference {elo(score)})", flush=True)
    return wins, draws, losses, score


def self_test(vari_path):
    """Checks the notation bridge both ways on positions with each kind of move."""
    assert engine_move("e2-e4") == "e2e4" and engine_move("e7xd8=Q") == "e7d8q"
    assert engine_move("2cx2b+") == "2c2b+" and engine_move("P*5e") == "P*5e"
    assert engine_move("e1-g1") == "e1g1" and engine_move("7dx7c") == "7d7c"
    chess, shogi = Vari(vari_path, "chess"), Vari(vari_path, "shogi")
    # castling, en passant, promotion with capture, as UCI writes them
    line = "e2e4 g8f6 e4e5 d7d5 e5d6 e7e6 g1f3 f8e7 f1c4 e8g8 e1g1 b7b6 d6c7 a7a6 c7d8q"
    assert chess.status(line.split()) == (None, None)
    assert "c7d8q" in chess.legal_moves(line.split()[:-1])
    # shogi: a drop by each side, a promotion, a declined promotion, as USI writes them
    line = "7g7f 3c3d 8h2b+ 3a2b B*4e B*6e 7f7e 3d3e 7e7d 3e3f 7d7c"
    assert shogi.status(line.split()) == (None, None)
    legal = shogi.legal_moves(line.split()[:-1])
    assert "7d7c" in legal and "7d7c+" in legal and "P*5e" not in legal
    try:
        shogi.status(line.split() + ["9a9a"])
        raise AssertionError("an illegal move was accepted")
    except Stop:
        pass
    assert chess.status("f2f3 e7e5 g2g4 d8h4".split())[0] == "Black"
    print("self-test passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["chess", "shogi"], default="chess")
    parser.add_argument("--levels", default="0", help="Skill Levels, -20 to 20, e.g. 0,2,4")
    parser.add_argument("--games", type=int, default=10, help="games per level (even: pairs)")
    parser.add_argument("--movetime", type=int, default=200, help="ms per move, both sides")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--stop-below-half", action="store_true",
                        help="stop after the first level where vari scores under 50%%")
    parser.add_argument("--verbose", action="store_true", help="print each game's moves")
    parser.add_argument("--vari", default=os.environ.get("VARI", str(ROOT / "build" / "vari")))
    parser.add_argument("--fairy-stockfish",
                        default=os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish"))
    parser.add_argument("--self-test", action="store_true",
                        help="check the move notation bridge against vari and exit")
    args = parser.parse_args()
    for tool, hint in ((args.vari, "run tools/setup.sh"),
                       (args.fairy_stockfish, "apt-get install fairy-stockfish")):
        if not os.access(tool, os.X_OK):
            sys.exit(f"no {tool}: {hint}")
    if args.self_test:
        self_test(args.vari)
        return

    levels = [int(level) for level in args.levels.split(",")]
    vari = Vari(args.vari, args.game)
    first = vari.to_move([])
    players = (first, vari.to_move(vari.legal_moves([])[:1]))
    load = os.getloadavg()
    print(f"vari vs Fairy-Stockfish, {args.game}, {args.movetime} ms a move each, "
          f"{args.games} games a level, seed {args.seed}, {args.random_plies} random plies, "
          f"ply cap {args.max_plies}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
          flush=True)
    fsf = FairyStockfish(args.fairy_stockfish, args.game)
    results = []
    try:
        for level in levels:
            results.append((level, *run_level(vari, fsf, players, level, args)))
            if args.stop_below_half and results[-1][4] < 0.5:
                break
    except Stop as stop:
        sys.exit(f"stopped: {stop}")
    finally:
        fsf.quit()
    print("level  +  =  -  score")
    for level, wins, draws, losses, score in results:
        print(f"{level:5d} {wins:2d} {draws:2d} {losses:2d}  {100 * score:5.1f}%")
    held = [level for level, *_, score in results if score >= 0.5]
    print("highest Skill Level at which vari scores at least 50%: "
          + (str(max(held)) if held else "none of those played"))


if __name__ == "__main__":
    main()
