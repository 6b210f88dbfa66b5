#!/usr/bin/env python3
"""Chess mating problems from games through vari think: how many the AI solves at a fixed time.

The collections are those Debian's `pychess` package ships (mate_in_2.pgn: 166 positions,
mate_in_3.pgn: 375, mate_in_4.pgn: 373, each from a game, its [FEN] and [Termination "mate in N"]).
A position is solved when vari's search proves a mate in at most N moves within the time, so any
mating line counts, not only the one the collection gives.

    tools/bench/mate-suite.py --fetch               # apt-get download pychess into build/suites
    tools/bench/mate-suite.py [--suite mate_in_2] [--movetime MS] [--first N] [--verbose]

The package is downloaded and unpacked, never installed (it would bring GTK along). Needs vari
($VARI, default build/vari: tools/setup.sh). One position at a time: timing matters, so note the
machine's load with the figures.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SUITES = ROOT / "build" / "suites"
PUZZLES = "usr/share/pychess/learn/puzzles"
WIN = 1_000_000  # vari's score of a won game, less the plies to the end


def fetch():
    SUITES.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", "download", "pychess"], cwd=SUITES, check=True)
    package = max(SUITES.glob("pychess_*.deb"))
    subprocess.run(["dpkg-deb", "-x", str(package), str(SUITES / "pychess")], check=True)
    print(f"unpacked {package.name}: {SUITES / 'pychess' / PUZZLES}")


def problems(path):
    """(FEN, moves to mate, a name) of each game of a PGN collection."""
    text = path.read_text(encoding="utf-8", errors="replace")
    for number, game in enumerate(re.split(r"\n\s*\n(?=\[)", text), start=1):
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        mate = re.search(r'\[Termination "mate in (\d+)"\]', game)
        if not fen or not mate:
            continue
        white = re.search(r'\[White "([^"]*)"\]', game)
        fields = fen.group(1).split()
        if len(fields) == 6 and fields[5] == "0":  # some collections number the move 0
            fields[5] = "1"
        yield " ".join(fields), int(mate.group(1)), f"#{number} {white.group(1) if white else ''}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fetch", action="store_true", help="download the collections and stop")
    parser.add_argument("--suite", default="mate_in_2", help="mate_in_2, mate_in_3 or mate_in_4")
    parser.add_argument("--movetime", type=int, default=1000, help="milliseconds a position")
    parser.add_argument("--first", type=int, default=0, help="only the first N positions")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--vari", default=os.environ.get("VARI", str(ROOT / "build" / "vari")))
    args = parser.parse_args()
    if args.fetch:
        return fetch()
    path = SUITES / "pychess" / PUZZLES / f"{args.suite}.pgn"
    if not path.exists():
        sys.exit(f"{path} is missing: run tools/bench/mate-suite.py --fetch first")

    solved, total, unsolved, started = 0, 0, [], time.time()
    for fen, moves, name in problems(path):
        if args.first and total == args.first:
            break
        total += 1
        result = subprocess.run([args.vari, "think", "chess", "--position", fen,
                                 "--time", str(args.movetime), "--json"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{name}: vari think failed: {result.stderr.strip()}")
        answer = json.loads(result.stdout)
        # A proven mate in at most `moves` moves: 2 * moves - 1 plies.
        if answer["score"] >= WIN - (2 * moves - 1):
            solved += 1
        else:
            unsolved.append(f"{name} ({answer['best']} {answer['score_text']}, depth {answer['depth']})")
        if args.verbose:
            print(f"{name}: mate in {moves}: {answer['best']} {answer['score_text']}", flush=True)
    print(f"{args.suite}: {solved}/{total} solved at {args.movetime} ms a position "
          f"({time.time() - started:.0f} s)")
    for line in unsolved:
        print(f"  unsolved {line}")


if __name__ == "__main__":
    main()
