#!/usr/bin/env bash
# Sets up and builds (tools/setup.sh), runs every test on the Release build, then builds the
# suite with AddressSanitizer and UndefinedBehaviorSanitizer and runs it again, less the slow
# tests (the same code paths deeper) and the browser tests (a browser drives the server's code that
# the server's unit tests run under the sanitizers, and waits on the page most of its time). ctest runs tests side by side, one per
# core. The sanitizer build starts beside the Release tests, at the lowest priority: those tests
# spend much of their time waiting on processes, pipes and clocks, and the build takes only the
# processor time they leave (its output goes to build-asan/build.log). Ends with the time each
# phase took; "sanitizer build" is what was left of it once the Release tests had finished.
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

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVARI_SANITIZE=ON
setsid nice -n 19 cmake --build build-asan >build-asan/build.log 2>&1 &
sanitized_build_pid=$!
# A failure before the sanitizer build is waited for stops it too (its own process group).
stop_sanitized_build() {
    if [ -n "${sanitized_build_pid-}" ]; then
        kill -- "-$sanitized_build_pid" 2>/dev/null || true
        wait "$sanitized_build_pid" 2>/dev/null || true
    fi
}
trap 'stop_sanitized_build; summary' EXIT

phase "Release tests" ctest --test-dir build --output-on-failure --parallel "$(nproc)"

sanitized_build() {
    local status=0
    wait "$sanitized_build_pid" || status=$?
    sanitized_build_pid=
    if [ "$status" -ne 0 ]; then
        cat build-asan/build.log
        return "$status"
    fi
    tail -n 1 build-asan/build.log
}
sanitized_tests() {
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir build-asan --output-on-failure --label-exclude 'slow|browser' --parallel "$(nproc)"
}
phase "sanitizer build" sanitized_build
phase "sanitizer tests" sanitized_tests
