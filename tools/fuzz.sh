#!/usr/bin/env bash
# Fuzzes vari's entry points for untrusted input (tests/fuzz: rule files, position strings, typed
# moves, Lua hooks) with libFuzzer. Installs clang and libFuzzer when missing (Debian; apt-get as
# root), builds the harnesses with AddressSanitizer, UBSan and asserts into build-fuzz/, then runs
# each for SECONDS (default 60), one after another, going on past crashes and timeouts.
#
#   bash tools/fuzz.sh [SECONDS [HARNESS...]]
#
# Each distinct failure (by its sanitizer summary, failed assert or broken promise) is minimised
# into tests/fuzz/findings/HARNESS/. Once the bug is fixed, its input moves to
# tests/fuzz/regressions/HARNESS/, which the unit tests replay on every build. The inputs that
# gained coverage stay in build-fuzz/corpus/HARNESS/ for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(rule_file position_string typed_move hooks)
# An input slower than this is a finding: every harness bounds its own work far below it.
timeout=5

packages=(cmake ninja-build clang libclang-rt-14-dev tao-pegtl-dev liblua5.4-dev catch2
          libcli11-dev nlohmann-json3-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "fuzz: installing ${missing[*]}"
    as_root=()
    [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends \
        "${missing[@]}"
fi

CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DVARI_FUZZ=ON
cmake --build build-fuzz --target fuzz

# Seeds besides tests/fuzz/corpus/HARNESS: the project's own inputs of the harness's kind (the
# unit test replay.tests.cpp replays the same folders).
seeds_of() {
    case "$1" in
        rule_file) echo stdlib-games tests/diagnostics tests/include ;;
        hooks) echo tests/hooks ;;
    esac
}

# What tells one failure from another: the broken promise, the failed assert, for a timeout the
# innermost frame in vari's code, or the sanitizer's summary (with that frame when the summary
# names no place).
signature_of() {
    local log=$1 frame
    frame=$(grep -m1 -o ' in vari::[^(]*' "$log" || echo ' in ?')
    grep -m1 '^fuzz [a-z_]*: ' "$log" && return
    grep -m1 -o 'Assertion .* failed' "$log" && return
    grep -q 'ERROR: libFuzzer: timeout' "$log" && { echo "timeout$frame"; return; }
    grep -m1 -o 'SUMMARY: [A-Za-z]*: [a-z-]*.*' "$log" | grep -v ' in ' | sed "s/\$/$frame/" &&
        return
    grep -m1 -o 'SUMMARY: .*' "$log" && return
    echo "unrecognised failure"
}

for harness in "${harnesses[@]}"; do
    binary=build-fuzz/fuzz_$harness
    corpus=build-fuzz/corpus/$harness
    artifacts=build-fuzz/artifacts/$harness
    findings=tests/fuzz/findings/$harness
    mkdir -p "$corpus" "$artifacts"
    options=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048
             -artifact_prefix="$artifacts/" -print_final_stats=1 -print_funcs=0
             -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    dictionary=tests/fuzz/dictionaries/$harness.dict
    [ -f "$dictionary" ] && options+=(-dict="$dictionary")
    inputs=("$corpus" "tests/fuzz/corpus/$harness")
    [ -d "tests/fuzz/regressions/$harness" ] && inputs+=("tests/fuzz/regressions/$harness")
    for folder in $(seeds_of "$harness"); do inputs+=("$folder"); done

    echo "fuzz: $harness for ${seconds}s"
    "$binary" "${options[@]}" "${inputs[@]}" > "build-fuzz/$harness.log" 2>&1 || true
    grep -E '^#[0-9]+: cov:' "build-fuzz/$harness.log" | tail -n 1

    # One minimised input per distinct failure, each kept under its content's hash.
    declare -A seen=()
    for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* \
                    "$artifacts"/leak-*; do
        [ -f "$artifact" ] || continue
        log=$artifact.log
        "$binary" -timeout="$timeout" -rss_limit_mb=2048 "$artifact" > "$log" 2>&1 || true
        signature=$(signature_of "$log")
        [ -z "${seen[$signature]:-}" ] || continue
        seen[$signature]=1
        minimised=$artifact.min
        [ -s "$minimised" ] ||
        "$binary" -minimize_crash=1 -max_total_time=60 -timeout="$timeout" -rss_limit_mb=2048 \
            -exact_artifact_path="$minimised" "$artifact" > "$artifact.minimise.log" 2>&1 || true
        [ -s "$minimised" ] || cp "$artifact" "$minimised"
        mkdir -p "$findings"
        kind=$(basename "$artifact" | cut -d- -f1)
        kept=$findings/$kind-$(sha1sum "$minimised" | cut -c1-12)
        cp "$minimised" "$kept"
        echo "fuzz: $kept: $signature"
    done
    unset seen
done
