#!/usr/bin/env bash
# Installs what vari needs that is missing (Debian; apt-get as root), then builds Release into
# build/, so that the command line is build/vari.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ tao-pegtl-dev liblua5.4-dev catch2 libcli11-dev
          nlohmann-json3-dev libcivetweb-dev fairy-stockfish pgn-extract
          chromium chromium-driver python3-selenium xboard xvfb xauth)
bash tools/install-missing.sh setup "${packages[@]}"

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
