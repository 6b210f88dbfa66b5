#!/usr/bin/env bash
# Sets up and builds (tools/setup.sh), runs every test on the Release build, then builds the
# suite with AddressSanitizer and UndefinedBehaviorSanitizer and runs it again (slow tests
# excluded there: they repeat the same code paths deeper). ctest runs tests side by side, one per
# core.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)"

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVARI_SANITIZE=ON
cmake --build build-asan
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure --label-exclude slow --parallel "$(nproc)"
