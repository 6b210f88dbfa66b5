# Helpers shared by the bench scripts that run `vari bench` (sourced, not run).

# Prints "LEAVES_PER_S PLAYOUTS_PER_S" from one `vari bench` run: the command and its arguments,
# to which the playout count (PLAYOUTS, default 1000) and a fixed seed are added, so that two
# binaries play the same games while their move orders agree. With PLAYOUTS=0 the second figure
# is 0. Fails when a figure asked for is missing (the binary could not run the game).
bench_rates() {
    "$@" --playouts "${PLAYOUTS:-1000}" --seed 1 --search-nodes 0 2>/dev/null |
        awk -v asked="${PLAYOUTS:-1000}" '
        /^perft / { for (i = 1; i <= NF; ++i) if ($i == "leaves/s") rate = $(i - 2) * 1e6 }
        /^playouts / { for (i = 1; i <= NF; ++i) if ($i == "playouts/s,") playouts = $(i - 1) }
        END { if (rate == "" || (asked > 0 && playouts == "")) exit 1
              printf "%.0f %.0f\n", rate, playouts + 0 }'
}

# The first perft depth at which VARI (a binary) takes at least MIN_SECONDS (default 0.4) to
# count GAME: first_depth VARI GAME.
first_depth() {
    local d seconds
    for ((d = 1; d <= 12; ++d)); do
        seconds=$("$1" bench "$2" --depth "$d" --playouts 0 --search-nodes 0 2>/dev/null |
            awk '/^perft / { for (i = 1; i <= NF; ++i) if ($i == "s:") print $(i - 1) }')
        [ -n "$seconds" ] || return 1
        if awk -v s="$seconds" -v m="${MIN_SECONDS:-0.4}" 'BEGIN { exit !(s >= m) }'; then
            echo "$d"
            return
        fi
    done
    echo 12
}

# Runs the commands OLD_COMMAND and NEW_COMMAND (each one word: a function or a program)
# alternately, ROUNDS times each, so that both share the machine's moods; their outputs, a line
# a run, go to the arrays old_runs and new_runs: alternate ROUNDS OLD_COMMAND NEW_COMMAND.
alternate() {
    local r
    old_runs=() new_runs=()
    for ((r = 0; r < $1; ++r)); do
        old_runs+=("$($2)")
        new_runs+=("$($3)")
    done
}

# The median of field FIELD (default 1) of the lines given: column_median FIELD LINE...
column_median() {
    local field=$1
    shift
    printf '%s\n' "$@" | awk -v f="$field" '{ print $f }' | median
}

# The median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Every shipped game's name, as `vari list` prints them: shipped_games VARI.
shipped_games() {
    "$1" list | awk '/^[^ ]/ { sub(/:$/, "", $1); print $1 }'
}
