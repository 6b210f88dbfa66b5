#!/usr/bin/env bash
# A process of an mpirun run that is lost: one that hangs is noticed by its silence, its games go
# to the others and the figures are those of one process alone; one killed ends the run (mpirun
# ends them all), the leader says what each process held, and --resume goes on from the games
# kept, to the same figures.
#
#   tests/distributed/a_process_lost.sh VARI
set -euo pipefail
vari=$1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI leaves its own memory for the system to take back at exit (see same_as_one_process.sh).
export ASAN_OPTIONS=detect_leaks=0
work=$(mktemp -d)
trap 'kill -CONT -- $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

analysis=(analyze hex-shogi-41 --games 16 --players ai:nodes=1000 --seed 3)
"$vari" "${analysis[@]}" > "$work/alone"

# The pid of the process of rank 2 that mpirun $1 started (another test may run vari at once).
rank_2() {
    local pid
    for pid in $(pgrep -P "$1" || true); do
        if tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=2; then
            echo "$pid"
            return
        fi
    done
    echo "FAILED: mpirun $1 has no process of rank 2" >&2
    exit 1
}
# Waits for mpirun $1 to end, at most two minutes (then ends it); $status is its exit status.
wait_for_end() {
    for _ in $(seq 1200); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$1" 2>/dev/null; then
        echo "FAILED: mpirun did not end within two minutes"
        failed=1
        kill -KILL "$1" $(pgrep -P "$1") 2>/dev/null || true
    fi
    status=0
    wait "$1" || status=$?
}
# Waits until the journal holds $2 games (its first line names the run), at most a minute.
wait_for_games() {
    for _ in $(seq 600); do
        [ -f "$1" ] && [ "$(wc -l < "$1")" -gt "$2" ] && return
        sleep 0.1
    done
    echo "FAILED: no $2 games in $1 after a minute"
    exit 1
}
failed=0
expect() {  # expect WHAT FILE TEXT
    if ! grep -qF -- "$3" "$2"; then
        echo "FAILED: $1: no '$3' in:"
        cat "$2"
        failed=1
    fi
}
same_figures() {  # same_figures WHAT FILE
    if ! diff "$work/alone" "$2" > /dev/null; then
        echo "FAILED: $1: the figures differ from one process's:"
        diff "$work/alone" "$2" | head -20 || true
        failed=1
    else
        echo "same figures: $1"
    fi
}

# A process that hangs (stopped, as a machine that stops answering): its games go to the others,
# and the run ends with exit code 4 once its figures are printed.
mpirun --oversubscribe -np 3 -x ASAN_OPTIONS "$vari" "${analysis[@]}" --lost-after 2 \
    --resume "$work/hang.journal" > "$work/hang.out" 2> "$work/hang.err" &
mpirun=$!
wait_for_games "$work/hang.journal" 1
kill -STOP "$(rank_2 $mpirun)"
wait_for_end $mpirun
if [ "$status" -ne 4 ]; then
    echo "FAILED: a process that hangs: exit status $status, not 4"
    failed=1
fi
expect "a process that hangs" "$work/hang.err" "vari: process 2 ("
expect "a process that hangs" "$work/hang.err" "gave no sign for 2 s"
same_figures "a process that hangs, its games played by the others" "$work/hang.out"

# A process killed: mpirun ends the run; the leader says what was in play, the journal keeps the
# games finished, and the same command goes on from them. mpirun kills what has not ended a
# second after asking: three leave the leader time to report on a busy machine.
mpirun --oversubscribe -np 3 -x ASAN_OPTIONS --mca odls_base_sigkill_timeout 3 \
    "$vari" "${analysis[@]}" --resume "$work/kill.journal" > "$work/kill.out" 2> "$work/kill.err" &
mpirun=$!
wait_for_games "$work/kill.journal" 1
kill -KILL "$(rank_2 $mpirun)"
wait_for_end $mpirun
[ "$status" -ne 0 ] || { echo "FAILED: mpirun ended well with a process killed"; failed=1; }
expect "a process killed" "$work/kill.err" "vari analyze: ended by a signal"
expect "a process killed" "$work/kill.err" "in play then: "
expect "a process killed" "$work/kill.err" "are kept in $work/kill.journal"
kept=$(($(wc -l < "$work/kill.journal") - 1))
echo "kept: $kept of 16 games"
"$vari" "${analysis[@]}" --resume "$work/kill.journal" > "$work/resumed.out"
same_figures "a run killed, then resumed from its $kept games" "$work/resumed.out"
exit $failed
