#!/usr/bin/env bash
# Installs what vari needs that is missing (Debian; apt-get as root), then builds Release into
# build/, so that the command line is build/vari.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ tao-pegtl-dev liblua5.4-dev catch2 libcli11-dev
          nlohmann-json3-dev fairy-stockfish)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    as_root=()
    [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends \
        "${missing[@]}"
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
