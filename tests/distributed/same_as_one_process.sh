#!/usr/bin/env bash
# A run shared by mpirun's processes prints what one process prints: perft of shipped games (with
# and without --divide, --json but for its seconds, threads within each process), analyses, a
# match and the weights a tuning run writes.
#
#   tests/distributed/same_as_one_process.sh VARI
set -euo pipefail
vari=$1
# Debian's Open MPI refuses to start as root unless told, and a small machine has fewer cores than
# the processes asked for.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI leaves its own memory for the system to take back at exit: not ours to report (the
# sanitizer build checks leaks in the runs without mpirun).
shared() { ASAN_OPTIONS=detect_leaks=0 mpirun -x ASAN_OPTIONS --oversubscribe -np 3 "$vari" "$@"; }
without_seconds() { sed -E 's/"seconds": *[0-9.e+-]+/"seconds": _/'; }

failed=0
check() {
    local alone together
    alone=$("$vari" "$@" | without_seconds)
    together=$(shared "$@" | without_seconds)
    if [ "$alone" != "$together" ]; then
        echo "FAILED: vari $* differs under mpirun -np 3:"
        diff <(echo "$alone") <(echo "$together") | head -20 || true
        failed=1
    else
        echo "same: vari $*"
    fi
}
# Each check starts mpirun (seconds on a small machine): few checks, each covering much.
check perft chess 4 --divide
check perft three-player-hex-shogi-91 3 --threads 2  # hooks, threads within each process
check perft chess 2 --moves "f3 e5 g4 Qh4" --divide --json  # checkmate: nothing below it
check analyze hex-shogi-41 --games 7 --players ai:nodes=300 --threads 2 --json
check analyze three-player-hex-shogi-91 --games 5 --players random,ai:nodes=200,random --seed 7
check match hex-shogi-41 --player ai:nodes=300 --player ai:depth=1 --games 6 --json
# The same weights: the file's lines but for the line saying how long it took.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tuning=(tune hex-shogi-41 --games 20 --level ai:nodes=200 --judge-games 4)
"$vari" "${tuning[@]}" --output "$work/alone.weights" > /dev/null
shared "${tuning[@]}" --output "$work/shared.weights" > /dev/null
if ! diff "$work/alone.weights" "$work/shared.weights"; then
    echo "FAILED: vari ${tuning[*]} writes other weights under mpirun -np 3"
    failed=1
else
    echo "same weights: vari ${tuning[*]}"
fi
exit $failed
