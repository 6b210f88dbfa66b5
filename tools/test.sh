#!/usr/bin/env bash
# Sets up and builds (tools/setup.sh), runs every test on the Release build, then builds the
# suite with AddressSanitizer and UndefinedBehaviorSanitizer and runs it again (slow tests
# excluded there: they repeat the same code paths deeper). ctest runs tests side by side, one per
# core. Ends with the time each phase took.
#
# VARI_TEST_SCALE (default 1) multiplies the sizes of the random sweeps (tests/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
# Runs a phase (its name, then the command) and notes how long it took.
phase() {
    local name=$1 start=$SECONDS
    shift
    "$@"
    timings+=("$(printf '%-22s %5d s' "$name" $((SECONDS - start)))")
}
summary() {
    echo "--- tools/test.sh: time by phase"
    printf '%s\n' "${timings[@]}"
    printf '%-22s %5d s\n' total "$SECONDS"
}
trap summary EXIT

phase "set-up" bash tools/setup.sh install
phase "Release build" bash tools/setup.sh build
phase "Release tests" ctest --test-dir build --output-on-failure --parallel "$(nproc)"

sanitized_build() {
    cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVARI_SANITIZE=ON
    cmake --build build-asan
}
sanitized_tests() {
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir build-asan --output-on-failure --label-exclude slow --parallel "$(nproc)"
}
phase "sanitizer build" sanitized_build
phase "sanitizer tests" sanitized_tests
