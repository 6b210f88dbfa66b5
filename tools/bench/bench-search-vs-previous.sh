#!/usr/bin/env bash
# Compares the AI's search speed of two vari binaries side by side: for each game, `vari bench
# GAME --search-nodes NODES` from its start by one and by the other, alternately, ROUNDS times
# each; prints the median nodes/s of each, their ratio (new / old) and the median of the rounds'
# own ratios (paired: each round's runs back to back).
#
#   tools/bench/bench-search-vs-previous.sh OLD_VARI [ROUNDS [GAME...]]
#   defaults: 5 rounds; chess, shogi, xiangqi and the seed games
# NEW_VARI (default build/vari) names the binary under test, NODES (default 300000) the nodes a
# search. MEASURE=instructions counts instructions a node under valgrind instead (one run each:
# the count does not vary; NODES=100000 keeps it to minutes). The new binary reads the games of
# this checkout's stdlib-games/ (VARI_GAMES), the old one those of OLD_VARI_GAMES (default the
# same; an old binary may not read today's files: give it its own checkout's, which are the same
# games). Nodes a second depend on the search's shape as well as its speed: a search that prunes
# more visits other nodes; this measures the whole, as a user sees it.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tools/bench/bench-common.sh

old=${1:?usage: tools/bench/bench-search-vs-previous.sh OLD_VARI [ROUNDS [GAME...]]}
rounds=${2:-5}
shift $(($# < 2 ? $# : 2))
new=${NEW_VARI:-build/vari}
nodes=${NODES:-300000}
games_dir=${VARI_GAMES:-$PWD/stdlib-games}
old_games_dir=${OLD_VARI_GAMES:-$games_dir}
[ -x "$new" ] || { echo "no $new: run tools/setup.sh first" >&2; exit 2; }
[ -x "$old" ] || { echo "no $old" >&2; exit 2; }

games=("$@")
[ ${#games[@]} -gt 0 ] || games=(chess shogi xiangqi hex-shogi-41 three-player-hex-shogi-91
                                 shafran-chess compact-hex-chess-shogi compact-hex-draughts)

# Nodes a second of one search: search_rate VARI GAME GAMES_FOLDER.
search_rate() {
    VARI_GAMES=$3 "$1" bench "$2" --depth 1 --playouts 0 --search-nodes "$nodes" 2>/dev/null |
        awk '/^search / { for (i = 1; i <= NF; ++i) if ($i == "nodes/s") print $(i - 2) * 1000 }'
}

# Instructions a node, counted by callgrind (the same on a busy machine): those of `vari think
# GAME --nodes NODES` less those of one node (loading the game).
instructions() {
    VARI_GAMES=$3 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" think "$2" \
        --nodes "$4" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_node() {
    echo $((($(instructions "$1" "$2" "$3" "$nodes") - $(instructions "$1" "$2" "$3" 1)) / nodes))
}
if [ "${MEASURE:-time}" = instructions ]; then
    command -v valgrind > /dev/null || { echo "MEASURE=instructions needs valgrind" >&2; exit 2; }
    printf '%-34s %12s %12s %6s\n' game "old instr/node" "new instr/node" ratio
    for game in "${games[@]}"; do
        o=$(per_node "$old" "$game" "$old_games_dir")
        n=$(per_node "$new" "$game" "$games_dir")
        awk -v g="$game" -v o="$o" -v n="$n" 'BEGIN { printf "%-34s %12d %12d %6.3f\n", g, o, n, n / o }'
    done
    exit 0
fi

printf '%-34s %12s %12s %6s %6s\n' game "old nodes/s" "new nodes/s" ratio paired
for game in "${games[@]}"; do
    if [ -z "$(search_rate "$old" "$game" "$old_games_dir")" ]; then
        printf '%-34s skipped: the old binary cannot run it\n' "$game"
        continue
    fi
    old_search() { search_rate "$old" "$game" "$old_games_dir"; }
    new_search() { search_rate "$new" "$game" "$games_dir"; }
    alternate "$rounds" old_search new_search
    o=$(column_median 1 "${old_runs[@]}") n=$(column_median 1 "${new_runs[@]}")
    # Each round's two runs follow one another: their ratio is spared the slower swings of the
    # machine's speed, which the medians of each side are not.
    paired=$(for ((r = 0; r < rounds; ++r)); do
        awk -v o="${old_runs[r]}" -v n="${new_runs[r]}" 'BEGIN { print n / o }'
    done | median)
    awk -v g="$game" -v o="$o" -v n="$n" -v p="$paired" \
        'BEGIN { printf "%-34s %12.0f %12.0f %6.3f %6.3f\n", g, o, n, n / o, p }'
done
