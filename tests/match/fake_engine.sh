#!/bin/sh
# A UCI engine that fails on purpose, for the match's tests; $1 says how: crash (exits when asked
# to move), hang (never answers, thinking in a program of its own), illegal (answers a move the
# rules do not allow), garbage (answers text that is no move), refuse (exits before uciok).
mode=$1
[ "$mode" = refuse ] && exit 4
while read -r line; do
    case "$line" in
    uci) echo "id name Fake ($mode)"; echo uciok ;;
    isready) echo readyok ;;
    go*)
        case "$mode" in
        crash) exit 3 ;;
        hang) sleep 613 ;;
        illegal) echo "bestmove e2e5" ;;
        garbage) echo "info score cp nonsense"; echo "bestmove !?x@" ;;
        esac ;;
    quit) exit 0 ;;
    esac
done
