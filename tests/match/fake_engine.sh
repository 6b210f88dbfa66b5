#!/bin/sh
# An engine that fails on purpose, for the match's tests; it speaks UCI, or XBoard when greeted
# with `xboard` (asking for SAN, which it must be refused). $1 says how it fails: crash (exits when
# asked to move), hang (never answers, thinking in a program of its own), illegal (answers a move
# the rules do not allow; over XBoard after claiming a result), garbage (answers text that is no
# move), refuse (exits before greeting). $2, when given, is how long a hanging engine sleeps, so
# that a test can tell its own sleeper from another test run's.
mode=$1
hang_seconds=${2:-613}
[ "$mode" = refuse ] && exit 4
answer() {
    case "$mode" in
    crash) exit 3 ;;
    hang) sleep "$hang_seconds" ;;
    illegal) echo "$1e2e5" ;;
    garbage) echo "info score cp nonsense"; echo "$1!?x@" ;;
    esac
}
while read -r line; do
    case "$line" in
    uci) echo "id name Fake ($mode)"; echo uciok ;;
    isready) echo readyok ;;
    xboard) xboard=1 ;;
    protover*)
        echo "feature done=0"
        echo "feature myname=\"Fake ($mode)\" usermove=1 san=1 ping=1"
        echo "feature done=1" ;;
    "accepted san") exit 5 ;;
    ping*) echo "pong ${line#ping }" ;;
    go*)
        if [ -n "$xboard" ]; then
            echo "1-0 {White claims a win}"
            answer "move "
        else
            answer "bestmove "
        fi ;;
    quit) exit 0 ;;
    esac
done
