#!/usr/bin/env bash
# Compares two vari binaries side by side: for each game, `vari bench` by one and by the other,
# alternately, ROUNDS times each, at the same perft depth and with the same playouts; prints the
# median perft leaves/s and random playouts/s of each and their ratio (new / old).
#
#   tools/bench/bench-vs-previous.sh OLD_VARI [ROUNDS [GAME...]]
#   defaults: 5 rounds, every shipped game (`vari list`), each at the first perft depth the new
#   binary takes at least MIN_SECONDS (0.4) to count
# NEW_VARI (default build/vari) names the binary under test. Both read the games of this
# checkout's stdlib-games/ (VARI_GAMES); a game the old binary cannot read is skipped.
# Build an old binary with, e.g.:
#   git worktree add /tmp/old REV && cmake -S /tmp/old -B /tmp/old/build -G Ninja \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build --target vari
set -euo pipefail
cd "$(dirname "$0")/../.."
. tools/bench/bench-common.sh

old=${1:?usage: tools/bench/bench-vs-previous.sh OLD_VARI [ROUNDS [GAME...]]}
rounds=${2:-5}
shift $(($# < 2 ? $# : 2))
new=${NEW_VARI:-build/vari}
export VARI_GAMES=${VARI_GAMES:-$PWD/stdlib-games}
[ -x "$new" ] || { echo "no $new: run tools/setup.sh first" >&2; exit 2; }
[ -x "$old" ] || { echo "no $old" >&2; exit 2; }

games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <(shipped_games "$new")

printf '%-34s %5s %26s %26s\n' "" "" "perft M leaves/s" "playouts/s"
printf '%-34s %5s %9s %9s %6s %9s %9s %6s\n' game depth "old" "new" ratio "old" "new" ratio
for game in "${games[@]}"; do
    depth=$(first_depth "$new" "$game") || true
    if [ -z "$depth" ] || ! bench_rates "$old" bench "$game" --depth 1 >/dev/null; then
        printf '%-34s skipped: the old binary cannot run it\n' "$game"
        continue
    fi
    old_bench() { bench_rates "$old" bench "$game" --depth "$depth"; }
    new_bench() { bench_rates "$new" bench "$game" --depth "$depth"; }
    alternate "$rounds" old_bench new_bench
    ol=$(column_median 1 "${old_runs[@]}") nl=$(column_median 1 "${new_runs[@]}")
    op=$(column_median 2 "${old_runs[@]}") np=$(column_median 2 "${new_runs[@]}")
    awk -v g="$game" -v d="$depth" -v ol="$ol" -v nl="$nl" -v op="$op" -v np="$np" 'BEGIN {
        printf "%-34s %5d %9.2f %9.2f %6.3f %9.0f %9.0f %6.3f\n", g, d, ol / 1e6, nl / 1e6, nl / ol,
               op, np, np / op }'
done
