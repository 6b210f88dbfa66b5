#!/usr/bin/env python3
"""The AI's ladder: how each level scores against the level below it.

For each level n from --from to --to, `vari analyze` plays --games games of ai:n against
ai:(n-1), half with each seat order, and the script prints level n's score with a 95% interval,
as a Markdown table row per level. Levels are depths under node ceilings, so the figures do not
depend on the machine or its load; only the time taken does.

    tools/bench/ladder.py chess --from 2 --to 6 --games 40 --threads 2
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def analyze(vari, game, players, games, seed, threads):
    command = [vari, "analyze", game, "--games", str(games), "--players", ",".join(players),
               "--seed", str(seed), "--threads", str(threads), "--json"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    return json.loads(result.stdout)


def seat_of(report, spec):
    return next(seat for seat in report["seats"] if seat["spec"] == spec)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--from", dest="low", type=int, default=2, help="first level to test (2-10)")
    parser.add_argument("--to", dest="high", type=int, default=6, help="last level to test (2-10)")
    parser.add_argument("--games", type=int, default=40, help="games per pair of levels (even)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vari", default=os.environ.get("VARI", os.path.join(ROOT, "build/vari")))
    args = parser.parse_args()
    if not 2 <= args.low <= args.high <= 10 or args.games < 2 or args.games % 2:
        parser.error("levels must run from 2 to 10 upwards and --games must be even")

    print(f"{args.game}: each level against the one below, {args.games} games a pair, "
          f"half with each seat order, seed {args.seed}")
    print("| level | against | score | 95% interval | draws | unfinished | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for level in range(args.low, args.high + 1):
        upper, lower = f"ai:{level}", f"ai:{level - 1}"
        start = time.time()
        half = args.games // 2
        # The same seed for both seat orders: the same openings, each played from both sides.
        first = analyze(args.vari, args.game, [upper, lower], half, args.seed, args.threads)
        second = analyze(args.vari, args.game, [lower, upper], half, args.seed, args.threads)
        finished = first["finished"] + second["finished"]
        points = sum(seat_of(r, upper)["score"] for r in (first, second))
        score = points / finished if finished else float("nan")
        # Each half's interval is independent; the halves are equal in size.
        margin = math.hypot(seat_of(first, upper)["margin95"], seat_of(second, upper)["margin95"]) / 2
        draws = first["draws"] + second["draws"]
        unfinished = args.games - finished
        minutes = (time.time() - start) / 60
        print(f"| {upper} | {lower} | {100 * score:.1f}% | ±{100 * margin:.1f} | {draws} | "
              f"{unfinished} | {minutes:.1f} |", flush=True)


if __name__ == "__main__":
    main()
