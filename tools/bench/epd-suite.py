#!/usr/bin/env python3
"""Runs a chess test suite in EPD (such as the 300 positions of Win At Chess) through vari think.

Measures how many positions vari's AI solves at a fixed time per position: a position is solved
when the move vari chooses is one of its `bm` moves and none of its `am` moves. Moves are compared
by the position they lead to (vari reads the suite's SAN and plays both), so `Qxh7+`, `Qxh7` and
`Qh7` are alike. Prints solved/total and the unsolved ids with vari's move and the expected one.

    tools/bench/epd-suite.py --epd FILE [--movetime MS] [--first N] [--verbose]
    tools/bench/epd-suite.py --self-test

FILE may also be given as $WAC_EPD. No Debian or npm package that this project can install ships
the Win At Chess suite (searched: the chess engines' and tools' Debian sources and binaries; no
npm package found), so the file is not fetched here: obtain a copy of wac.epd yourself. Needs vari
($VARI, default build/vari: tools/setup.sh). One position at a time: timing matters, so run it on
an otherwise quiet machine.
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def parse_epd(line):
    """(FEN, {opcode: [operands]}) of one EPD line, or None for a blank or comment line."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    fields = line.split(None, 4)
    if len(fields) < 4:
        raise ValueError(f"not an EPD line: {line!r}")
    ops = {}
    for op in (fields[4] if len(fields) > 4 else "").split(";"):
        words = op.split()
        if words:
            ops[words[0]] = [word.strip('"') for word in words[1:]]
    halfmoves = ops.get("hmvc", ["0"])[0]
    moves = ops.get("fmvn", ["1"])[0]
    return " ".join(fields[:4] + [halfmoves, moves]), ops


class Vari:
    def __init__(self, path):
        self.path = str(path)

    def after(self, fen, move):
        """The position string after `move` (any notation vari reads), or None if refused."""
        result = subprocess.run([self.path, "show", "chess", "--color", "never", "--position", fen,
                                 "--moves", move], capture_output=True, text=True)
        if result.returncode != 0:
            return None
        return result.stdout.rstrip("\n").split("\n")[-1]

    def best(self, fen, movetime):
        result = subprocess.run([self.path, "think", "chess", "--position", fen, "--time",
                                 str(movetime), "--json"], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"vari think failed on {fen}: {result.stderr.strip()}")
        return json.loads(result.stdout)["best"]


def judge(vari, fen, ops, move):
    """'solved', 'unsolved', or the error text when vari cannot read a move of the suite."""
    played = vari.after(fen, move)
    for opcode in ("bm", "am"):
        for expected in ops.get(opcode, []):
            position = vari.after(fen, expected)
            if position is None:
                return f"vari cannot read {opcode} {expected}"
            if position == played:
                return "solved" if opcode == "bm" else "unsolved"
    return "unsolved" if "bm" in ops else "solved"


def self_test(vari_path):
    """Positions composed for this test: a back-rank mate, a promotion, an avoid move, castling."""
    vari = Vari(vari_path)
    suite = [
        ('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "self.1";', "Ra8#", "solved"),
        ('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8; id "self.2";', "Ra8+", "solved"),
        ('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "self.3";', "Ra7", "unsolved"),
        ('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra7; id "self.4";', "Ra7", "unsolved"),
        ('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra7; id "self.5";', "Ra8", "solved"),
        ('8/P6k/8/8/8/8/8/K7 w - - bm a8=Q; id "self.6";', "a8Q", "solved"),
        ('8/P6k/8/8/8/8/8/K7 w - - bm a8=Q; id "self.7";', "a8=N", "unsolved"),
        ('4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id "self.8";', "e1g1", "solved"),
        ('4k3/8/8/8/8/8/8/4K2R w K - bm Qh8; id "self.9";', "O-O", "vari cannot read bm Qh8"),
    ]
    for line, move, expected in suite:
        fen, ops = parse_epd(line)
        got = judge(vari, fen, ops, move)
        assert got == expected, f"{ops['id'][0]}: {move} judged {got!r}, not {expected!r}"
    fen, ops = parse_epd('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "self.1";')
    assert judge(vari, fen, ops, vari.best(fen, 200)) == "solved"
    print("self-test passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--epd", default=os.environ.get("WAC_EPD"), help="the suite (or $WAC_EPD)")
    parser.add_argument("--movetime", type=int, default=1000, help="ms per position")
    parser.add_argument("--first", type=int, default=0, help="only the first N positions")
    parser.add_argument("--verbose", action="store_true", help="a line per position")
    parser.add_argument("--vari", default=os.environ.get("VARI", str(ROOT / "build" / "vari")))
    parser.add_argument("--self-test", action="store_true",
                        help="check the parsing and judging against vari and exit")
    args = parser.parse_args()
    if not os.access(args.vari, os.X_OK):
        sys.exit(f"no {args.vari}: run tools/setup.sh")
    if args.self_test:
        self_test(args.vari)
        return
    if not args.epd or not os.path.isfile(args.epd):
        sys.exit("no suite: give --epd FILE or set WAC_EPD (see the header of this script)")

    suite = [entry for entry in map(parse_epd, Path(args.epd).read_text().splitlines()) if entry]
    if args.first:
        suite = suite[: args.first]
    vari = Vari(args.vari)
    load = os.getloadavg()
    print(f"{args.epd}: {len(suite)} positions at {args.movetime} ms each; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
    solved, unsolved, unreadable = 0, [], []
    start = time.monotonic()
    for number, (fen, ops) in enumerate(suite, 1):
        name = ops.get("id", [str(number)])[0]
        move = vari.best(fen, args.movetime)
        verdict = judge(vari, fen, ops, move)
        expected = " ".join(f"{op} {' '.join(ops[op])}" for op in ("bm", "am") if op in ops)
        if verdict == "solved":
            solved += 1
        elif verdict == "unsolved":
            unsolved.append(f"{name} ({move}; {expected})")
        else:
            unreadable.append(f"{name} ({verdict})")
        if args.verbose:
            print(f"  {name}: {move} ({expected}): {verdict}", flush=True)
    print(f"solved {solved}/{len(suite)} in {time.monotonic() - start:.0f} s")
    if unsolved:
        print(f"unsolved ({len(unsolved)}): " + ", ".join(unsolved))
    if unreadable:
        print(f"moves of the suite vari cannot read ({len(unreadable)}): " + ", ".join(unreadable))
        sys.exit(1)


if __name__ == "__main__":
    main()
