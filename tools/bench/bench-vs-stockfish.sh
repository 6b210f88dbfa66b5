#!/usr/bin/env bash
# Runs vari's chess perft and Stockfish's (`go perft N` over UCI) alternately in one run from the
# start and prints both rates and their ratio: how near vari comes to a dedicated chess engine.
#
#   tools/bench/bench-vs-stockfish.sh [DEPTH [ROUNDS]]
#   defaults: 6 3
# Needs build/vari (tools/setup.sh) and /usr/games/stockfish (apt-get install stockfish).
set -euo pipefail
cd "$(dirname "$0")/../.."
PEER=${STOCKFISH:-/usr/games/stockfish} PEER_NAME=stockfish \
    exec tools/bench/bench-vs-fairy-stockfish.sh chess - "${1:-6}" "${2:-3}"
