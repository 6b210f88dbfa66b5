#!/usr/bin/env bash
# Installs what vari needs that is missing (Debian; apt-get as root), then builds Release into
# build/, so that the command line is build/vari.
#
#   bash tools/setup.sh [install|build]     one step alone; both by default
set -euo pipefail
cd "$(dirname "$0")/.."
step=${1:-all}
case $step in all|install|build) ;; *) echo "usage: tools/setup.sh [install|build]" >&2; exit 2 ;; esac

if [ "$step" != build ]; then
    packages=(cmake ninja-build g++ tao-pegtl-dev liblua5.4-dev catch2 libcli11-dev
              nlohmann-json3-dev libcivetweb-dev libjs-codemirror libtinyxml2-dev libsqlite3-dev fairy-stockfish
              pgn-extract libopenmpi-dev openmpi-bin
              chromium chromium-driver python3-selenium xboard xvfb xauth clang-format
              python3-websockets)
    bash tools/install-missing.sh setup "${packages[@]}"
fi
if [ "$step" != install ]; then
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
    cmake --build build
fi
