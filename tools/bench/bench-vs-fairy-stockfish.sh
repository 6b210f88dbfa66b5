#!/usr/bin/env bash
# Runs vari's perft and Fairy-Stockfish's (`go perft N` over UCI) alternately in one run on the
# same start position and prints both rates and their ratio; with --all, for every game both know,
# then a table of the ratios.
#
#   tools/bench/bench-vs-fairy-stockfish.sh [GAME [UCI_VARIANT [DEPTH [ROUNDS]]]]
#   defaults: chess chess 6 3
#   tools/bench/bench-vs-fairy-stockfish.sh --all [ROUNDS]
#   default: 3 rounds a game, at the depths of the table below
# Needs build/vari (tools/setup.sh) and /usr/games/fairy-stockfish (apt-get install fairy-stockfish).
# PEER and PEER_NAME name another UCI engine to compare with (tools/bench/bench-vs-stockfish.sh);
# an UCI_VARIANT of - sets no variant.
set -euo pipefail
cd "$(dirname "$0")/../.."

vari=build/vari
peer=${PEER:-${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}}
peer_name=${PEER_NAME:-fairy-stockfish}
[ -x "$vari" ] || { echo "no $vari: run tools/setup.sh first" >&2; exit 2; }
[ -x "$peer" ] || { echo "no $peer: apt-get install $peer_name" >&2; exit 2; }

# Every shipped game Fairy-Stockfish also plays: vari's name, Fairy-Stockfish's, and a depth at
# which Fairy-Stockfish counts for a few seconds.
ALL_GAMES=(
    "chess chess 6" "capablanca capablanca 5" "grand-chess grand 4" "seirawan seirawan 5"
    "crazyhouse crazyhouse 6" "placement placement 5" "three-check 3check 6"
    "king-of-the-hill kingofthehill 6" "racing-kings racingkings 5" "antichess antichess 6"
    "horde horde 7" "shatranj shatranj 6" "makruk makruk 6" "sittuyin sittuyin 4"
    "shogi shogi 5" "minishogi minishogi 7" "kyoto-shogi kyotoshogi 7" "xiangqi xiangqi 5"
    "janggi janggi 5"
)

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", ($1) }"; }

# vari: the whole command, rule file loading included.
vari_run() {
    local game=$1 depth=$2 start end nodes
    start=$(now)
    nodes=$("$vari" perft "$game" "$depth" | tail -n 1)
    end=$(now)
    echo "$nodes $(calc "$end - $start")"
}

# The peer: started and made ready first, so only the perft itself is timed.
peer_run() {
    local variant=$1 depth=$2 start end nodes line
    coproc PEER_PROCESS { "$peer"; }
    printf 'uci\n' >&"${PEER_PROCESS[1]}"
    [ "$variant" = - ] || printf 'setoption name UCI_Variant value %s\n' "$variant" >&"${PEER_PROCESS[1]}"
    printf 'isready\n' >&"${PEER_PROCESS[1]}"
    while read -r line <&"${PEER_PROCESS[0]}"; do [ "$line" = readyok ] && break; done
    start=$(now)
    printf 'position startpos\ngo perft %d\n' "$depth" >&"${PEER_PROCESS[1]}"
    while read -r line <&"${PEER_PROCESS[0]}"; do
        case "$line" in "Nodes searched: "*) nodes=${line#Nodes searched: }; break ;; esac
    done
    end=$(now)
    printf 'quit\n' >&"${PEER_PROCESS[1]}"
    wait "$PEER_PROCESS_PID" 2>/dev/null || true
    echo "$nodes $(calc "$end - $start")"
}

# Prints each round, then "best: ..." with the best rate of each and their ratio.
compare() {
    local game=$1 variant=$2 depth=$3 rounds=$4 best_vari=0 best_peer=0 i vn vt pn pt vr pr
    echo "perft $depth of $game (vari) and ${variant/#-/$game} ($peer_name), $rounds rounds alternately"
    for ((i = 1; i <= rounds; ++i)); do
        read -r vn vt < <(vari_run "$game" "$depth")
        read -r pn pt < <(peer_run "$variant" "$depth")
        vr=$(calc "$vn / $vt / 1000000")
        pr=$(calc "$pn / $pt / 1000000")
        printf 'round %d: vari %s leaves in %.3f s = %.2f M/s; %s %s leaves in %.3f s = %.2f M/s\n' \
            "$i" "$vn" "$vt" "$vr" "$peer_name" "$pn" "$pt" "$pr"
        [ "$vn" = "$pn" ] || echo "  warning: the leaf counts differ"
        [ "$(calc "$vr > $best_vari")" = 1.000000 ] && best_vari=$vr
        [ "$(calc "$pr > $best_peer")" = 1.000000 ] && best_peer=$pr
    done
    printf 'best: vari %.2f M leaves/s, %s %.2f M leaves/s, ratio %.2fx\n' \
        "$best_vari" "$peer_name" "$best_peer" "$(calc "$best_vari / $best_peer")"
}

if [ "${1:-}" = --all ]; then
    rounds=${2:-3}
    summary=()
    for entry in "${ALL_GAMES[@]}"; do
        read -r game variant depth <<<"$entry"
        # Not `tee /dev/stderr`: reopening a standard error that is a file would empty it.
        rounds_out=$(compare "$game" "$variant" "$depth" "$rounds")
        echo "$rounds_out" >&2
        best=$(tail -n 1 <<<"$rounds_out")
        summary+=("$(printf '%-18s %-6s %s' "$game" "$depth" "${best#best: }")")
    done
    echo
    printf '%s\n' "${summary[@]}"
else
    compare "${1:-chess}" "${2:-${1:-chess}}" "${3:-6}" "${4:-3}"
fi
