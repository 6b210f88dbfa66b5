#!/usr/bin/env python3
"""vari's AI against Fairy-Stockfish's Skill Levels: the Strength tables of tools/bench/RESULTS.md.

For each game (GAME:PROTOCOL, the protocol Fairy-Stockfish is spoken to in) and each Skill Level
in --levels, `vari match` plays --games games of ai:10 against the engine, both at --movetime
milliseconds a move, colours alternating over openings of --random-plies random plies. A game's
levels stop climbing after the first level at which vari scores below --stop-below. The script
prints one Markdown row per game and level: vari's wins, draws and losses, its score and the Elo
difference with its 95% interval, and how the games ended; every game goes to --pgn.

    tools/bench/strength.py chess:uci shogi:usi minishogi:usi capablanca:uci --levels 0,2,4,6,8 \\
        --games 10 --movetime 100
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def match(args, game, protocol, level):
    command = [args.vari, "match", game, "--player", f"ai:{args.ai}",
               "--player", f"{protocol}:{args.engine}", "--option", f"Skill Level={level}",
               "--option", "Threads=1", "--games", str(args.games),
               "--movetime", str(args.movetime), "--time-margin", str(args.time_margin),
               "--random-plies", str(args.random_plies), "--seed", str(args.seed),
               "--concurrency", str(args.concurrency), "--json"]
    if args.pgn:
        command += ["--pgn", args.pgn]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    return json.loads(result.stdout)


# The Elo difference is unbounded (null) when one side scored every point.
def elo_text(report):
    elo = report["elo"]
    if elo["difference"] is None:
        return "+inf" if report["score"] > 0.5 else "-inf"
    if elo["margin"] is None:
        return f"{elo['difference']:+.0f}"
    return f"{elo['difference']:+.0f} ± {elo['margin']:.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_and_protocols", nargs="+", metavar="GAME:PROTOCOL")
    parser.add_argument("--levels", default="0,2,4,6,8", help="Skill Levels, comma-separated")
    parser.add_argument("--games", type=int, default=10, help="games a level (even)")
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds a move, each side")
    parser.add_argument("--time-margin", type=int, default=100)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--stop-below", type=float, default=0.2,
                        help="stop a game's levels after a score below this (0 to 1)")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--ai", type=int, default=10, help="vari's level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pgn", help="add every game to this file")
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    parser.add_argument("--vari", default=os.environ.get("VARI", os.path.join(ROOT, "build/vari")))
    args = parser.parse_args()
    levels = [int(level) for level in args.levels.split(",")]
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even")

    print(f"ai:{args.ai} against {args.engine} at Skill Levels {args.levels}, {args.games} games "
          f"a level, {args.movetime} ms a move, {args.random_plies} random plies, seed {args.seed}")
    print("| game | Skill Level | vari + = − | score | Elo | ended by | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for spec in args.games_and_protocols:
        game, _, protocol = spec.partition(":")
        if protocol not in ("uci", "usi", "xboard"):
            parser.error(f"'{spec}': expected GAME:uci, GAME:usi or GAME:xboard")
        for level in levels:
            start = time.time()
            report = match(args, game, protocol, level)
            endings = ", ".join(f"{e['reason']} {e['games']}" for e in report["endings"])
            print(f"| {game} | {level} | {report['wins']} {report['draws']} {report['losses']} "
                  f"| {100 * report['score']:.0f} % | {elo_text(report)} | {endings} "
                  f"| {(time.time() - start) / 60:.1f} |", flush=True)
            if report["score"] < args.stop_below:
                break


if __name__ == "__main__":
    main()
