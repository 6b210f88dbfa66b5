#!/usr/bin/env bash
# Runs vari's perft and Fairy-Stockfish's (`go perft N` over UCI) alternately in one run on the
# same start position and prints both rates and their ratio.
#
#   tools/bench-vs-fairy-stockfish.sh [GAME [UCI_VARIANT [DEPTH [ROUNDS]]]]
#   defaults: chess chess 6 3
# Needs build/vari (tools/setup.sh) and /usr/games/fairy-stockfish (apt-get install fairy-stockfish).
set -euo pipefail
cd "$(dirname "$0")/.."

game=${1:-chess}
variant=${2:-$game}
depth=${3:-6}
rounds=${4:-3}
vari=build/vari
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
[ -x "$vari" ] || { echo "no $vari: run tools/setup.sh first" >&2; exit 2; }
[ -x "$fsf" ] || { echo "no $fsf: apt-get install fairy-stockfish" >&2; exit 2; }

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", ($1) }"; }

# vari: the whole command, rule file loading included.
vari_run() {
    local start end nodes
    start=$(now)
    nodes=$("$vari" perft "$game" "$depth" | tail -n 1)
    end=$(now)
    echo "$nodes $(calc "$end - $start")"
}

# Fairy-Stockfish: started and made ready first, so only the perft itself is timed.
fsf_run() {
    local start end nodes line
    coproc FSF { "$fsf"; }
    printf 'uci\nsetoption name UCI_Variant value %s\nisready\n' "$variant" >&"${FSF[1]}"
    while read -r line <&"${FSF[0]}"; do [ "$line" = readyok ] && break; done
    start=$(now)
    printf 'position startpos\ngo perft %d\n' "$depth" >&"${FSF[1]}"
    while read -r line <&"${FSF[0]}"; do
        case "$line" in "Nodes searched: "*) nodes=${line#Nodes searched: }; break ;; esac
    done
    end=$(now)
    printf 'quit\n' >&"${FSF[1]}"
    wait "$FSF_PID" 2>/dev/null || true
    echo "$nodes $(calc "$end - $start")"
}

echo "perft $depth of $game (vari) and $variant (Fairy-Stockfish), $rounds rounds alternately"
best_vari=0 best_fsf=0
for ((i = 1; i <= rounds; ++i)); do
    read -r vn vt < <(vari_run)
    read -r fn ft < <(fsf_run)
    vr=$(calc "$vn / $vt / 1000000")
    fr=$(calc "$fn / $ft / 1000000")
    printf 'round %d: vari %s leaves in %.3f s = %.2f M/s; fairy-stockfish %s leaves in %.3f s = %.2f M/s\n' \
        "$i" "$vn" "$vt" "$vr" "$fn" "$ft" "$fr"
    [ "$vn" = "$fn" ] || echo "  warning: the leaf counts differ"
    [ "$(calc "$vr > $best_vari")" = 1.000000 ] && best_vari=$vr
    [ "$(calc "$fr > $best_fsf")" = 1.000000 ] && best_fsf=$fr
done
printf 'best: vari %.2f M leaves/s, fairy-stockfish %.2f M leaves/s, ratio %.2fx\n' \
    "$best_vari" "$best_fsf" "$(calc "$best_vari / $best_fsf")"
