#!/usr/bin/env bash
# Measures each game's perft rate as a share of chess's in the same run: for each game, `vari
# bench` of chess and of the game in turn, ROUNDS times; prints both median rates, the median of
# the paired shares (game / chess, one a round) and the least of them. The target is that every
# shipped game counts its perft at least half as fast as chess.
#
#   tools/bench/bench-share-of-chess.sh [ROUNDS [GAME...]]
#   defaults: 3 rounds, every shipped game (`vari list`) but chess, each at the first perft depth
#   that takes at least MIN_SECONDS (1) to count, chess at CHESS_DEPTH (6)
# VARI (default build/vari) names the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tools/bench/bench-common.sh

rounds=${1:-3}
shift $(($# < 1 ? $# : 1))
vari=${VARI:-build/vari}
export MIN_SECONDS=${MIN_SECONDS:-1} PLAYOUTS=0
[ -x "$vari" ] || { echo "no $vari: run tools/setup.sh first" >&2; exit 2; }

games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <(shipped_games "$vari" | grep -vx chess)
chess_depth=${CHESS_DEPTH:-6}

printf '%-36s %5s %12s %12s %7s %7s\n' game depth "M leaves/s" "chess's" share least
fail() { echo "$1: vari bench failed (try: $vari bench $1)" >&2; exit 1; }
for game in "${games[@]}"; do
    depth=$(first_depth "$vari" "$game") || fail "$game"
    rates=() chess_rates=() shares=()
    for ((r = 0; r < rounds; ++r)); do
        c=$(bench_rates "$vari" bench chess --depth "$chess_depth") || fail chess
        g=$(bench_rates "$vari" bench "$game" --depth "$depth") || fail "$game"
        c=${c%% *} g=${g%% *}
        chess_rates+=("$c") rates+=("$g")
        shares+=("$(awk -v g="$g" -v c="$c" 'BEGIN { print g / c }')")
    done
    awk -v name="$game" -v d="$depth" -v g="$(printf '%s\n' "${rates[@]}" | median)" \
        -v c="$(printf '%s\n' "${chess_rates[@]}" | median)" \
        -v s="$(printf '%s\n' "${shares[@]}" | median)" \
        -v least="$(printf '%s\n' "${shares[@]}" | sort -g | head -n 1)" 'BEGIN {
        printf "%-36s %5d %12.2f %12.2f %6.0f%% %6.0f%%%s\n", name, d, g / 1e6, c / 1e6, 100 * s,
               100 * least, least < 0.5 ? "  below half" : "" }'
done
