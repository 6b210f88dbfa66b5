#!/usr/bin/python3
"""Debian's XBoard, headless under xvfb-run, runs a two-game match between two `vari engine
--protocol xboard` on a vari game it does not know (tests/engine/xboard/camel-chess.vari), which
each engine sets up with `setup` and `piece` commands. The games must end with a result reached
on the board, and `vari replay` must accept every move of each saved game. Exits 77 (skipped) when
xboard or xvfb-run is not installed."""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

SKIP = 77
MATCH_SECONDS = 150  # the test's ctest TIMEOUT is 240


def run_match(vari, game, work):
    engine = f'{vari} engine {game} --protocol xboard'
    pgn = os.path.join(work, 'games.pgn')
    command = [
        'xvfb-run', '-a', shutil.which('xboard') or '/usr/games/xboard',
        '-fcp', engine, '-fd', work, '-scp', engine, '-sd', work,
        '-variant', os.path.splitext(os.path.basename(game))[0],
        '-matchGames', '2', '-searchDepth', '2', '-tc', '1', '-inc', '0',
        '-saveGameFile', pgn, '-popupExitMessage', 'false', '-saveSettingsOnExit', 'false',
        # No animation, and half a second between the games rather than ten: the engines answer
        # ping, so a move of the last game cannot reach the next.
        '-animateMoving', 'false', '-matchPause', '500',
        '-debug', '-nameOfDebugFile', os.path.join(work, 'xboard.debug'),
    ]
    # XBoard reads and writes settings in $HOME: a directory of the test's own.
    env = dict(os.environ, HOME=work)
    # A group of its own: on a timeout, Xvfb, XBoard and the engines end with xvfb-run.
    match = subprocess.Popen(command, cwd=work, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = match.communicate(timeout=MATCH_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(match.pid, signal.SIGKILL)
        out, err = match.communicate()
        sys.exit(f'xboard did not finish the match within {MATCH_SECONDS} s:\n{out}{err}')
    if not os.path.exists(pgn):
        sys.exit(f'xboard saved no games (exit {match.returncode}):\n{out}{err}')
    with open(pgn, encoding='utf-8', errors='replace') as f:
        return f.read()


def check_games(vari, game, work, text):
    games = ['[Event' + g for g in text.split('[Event')[1:]]
    if len(games) != 2:
        sys.exit(f'expected 2 games, xboard saved {len(games)}:\n{text}')
    for number, record in enumerate(games, 1):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', record, re.M))
        result = tags.get('Result')
        ending = re.search(r'\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$', record)
        print(f'game {number}: {result} {ending.group(1) if ending else ""}')
        if result not in ('1-0', '0-1', '1/2-1/2'):
            sys.exit(f'game {number} has no result:\n{record}')
        if tags.get('Variant') != os.path.splitext(os.path.basename(game))[0]:
            sys.exit(f'game {number} is not the engine-defined variant:\n{record}')
        reason = ending.group(1) if ending else ''
        if re.search(r'illegal|forfeit|false|crash|exit', reason, re.I):
            sys.exit(f'game {number} ended by a fault, not on the board: {reason}')
        path = os.path.join(work, f'game{number}.pgn')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(record)
        replay = subprocess.run([vari, 'replay', path, '--game', game], capture_output=True,
                                text=True, timeout=60)
        if replay.returncode != 0:
            sys.exit(f'vari replay refused game {number}:\n{replay.stdout}{replay.stderr}')


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--vari', required=True)
    parser.add_argument('--game', required=True)
    args = parser.parse_args()
    if not (shutil.which('xboard') or os.path.exists('/usr/games/xboard')) or \
            not shutil.which('xvfb-run'):
        print('xboard or xvfb-run is not installed: skipped')
        return SKIP
    vari, game = os.path.abspath(args.vari), os.path.abspath(args.game)
    with tempfile.TemporaryDirectory(prefix='vari-xboard-') as work:
        check_games(vari, game, work, run_match(vari, game, work))
    print('both games ended on the board; every move replays in vari')
    return 0


if __name__ == '__main__':
    sys.exit(main())
