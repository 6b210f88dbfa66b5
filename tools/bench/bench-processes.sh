#!/usr/bin/env bash
# One process against several: each run timed alone (`vari COMMAND`) and under `mpirun -np N`,
# alternately, ROUNDS times each; prints the median wall seconds of each, the speedup (the median
# of each round's pair: this virtual machine's speed drifts by ±20 % over minutes) and the
# processor seconds of all N processes and mpirun against those of one alone (what sharing costs).
# The output of the two must be the same (checked each round), as one process prints it.
#
#   tools/bench/bench-processes.sh [N [ROUNDS]]      defaults: 2 processes, 3 rounds
# VARI (default build/vari) names the binary. Run on an otherwise idle machine: N processes
# share its cores with nothing else.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tools/bench/bench-common.sh

processes=${1:-2}
rounds=${2:-3}
vari=${VARI:-build/vari}
[ -x "$vari" ] || { echo "no $vari: run tools/setup.sh first" >&2; exit 2; }
command -v mpirun > /dev/null || { echo "no mpirun: bash tools/setup.sh install" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

runs=(
    "perft chess 7"
    "analyze hex-shogi-41 --games 100 --players ai:nodes=3000 --seed 1"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Runs `vari "$@"` (under mpirun when $1 is "mpirun"), its output to $work/out; prints the wall
# and processor seconds.
timed() {
    local TIMEFORMAT='%R %U %S'
    if [ "$1" = mpirun ]; then
        shift
        { time mpirun --oversubscribe -np "$processes" "$vari" "$@" > "$work/out"; } 2>&1
    else
        { time "$vari" "$@" > "$work/out"; } 2>&1
    fi | awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }'
}

printf '%-66s %8s %8s %8s %8s\n' "run" "alone s" "$processes proc s" speedup "cpu x"
for run in "${runs[@]}"; do
    read -ra words <<< "$run"
    : > "$work/rounds"
    for ((r = 0; r < rounds; ++r)); do
        alone=$(timed "${words[@]}")
        cp "$work/out" "$work/alone.out"
        shared=$(timed mpirun "${words[@]}")
        cmp -s "$work/out" "$work/alone.out" || { echo "vari $run: the outputs differ" >&2; exit 1; }
        echo "$alone $shared" >> "$work/rounds"  # wall, cpu alone; wall, cpu shared
    done
    printf '%-66s %8.2f %8.2f %8.2f %8.2f\n' "vari $run" \
        "$(awk '{ print $1 }' "$work/rounds" | median)" "$(awk '{ print $3 }' "$work/rounds" | median)" \
        "$(awk '{ print $1 / $3 }' "$work/rounds" | median)" "$(awk '{ print $4 / $2 }' "$work/rounds" | median)"
done
