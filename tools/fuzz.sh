#!/usr/bin/env bash
# Fuzzes vari's entry points for untrusted input (tests/fuzz: rule files, position strings, typed
# moves, Lua hooks, game records) with libFuzzer. Installs clang and libFuzzer when missing (Debian; apt-get as
# root), builds the harnesses with AddressSanitizer, UBSan and asserts into build-fuzz/, then runs
# each for SECONDS (default 60), one after another, going on past crashes and timeouts.
#
#   bash tools/fuzz.sh [SECONDS [HARNESS...]]
#
# Each distinct failure (by its broken promise, failed assert, sanitizer summary or, for a
# timeout, the innermost frame in vari's code) is minimised into tests/fuzz/findings/HARNESS/.
# Once its bug is fixed, the input moves to tests/fuzz/regressions/HARNESS/, which the unit tests
# replay on every build. Failing inputs as found stay in build-fuzz/artifacts/HARNESS/, and the
# inputs that gained coverage in build-fuzz/corpus/HARNESS/, for the next run; SECONDS 0 only
# sorts and minimises the failures already there.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(rule_file position_string typed_move hooks game_record web_message)
# An input slower than this is a finding: every harness bounds its own work far below it.
timeout=2

packages=(cmake ninja-build clang libclang-rt-14-dev tao-pegtl-dev liblua5.4-dev catch2
          libcli11-dev nlohmann-json3-dev libcivetweb-dev libjs-codemirror libtinyxml2-dev
          libsqlite3-dev)
bash tools/install-missing.sh fuzz "${packages[@]}"

CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DVARI_FUZZ=ON
cmake --build build-fuzz --target fuzz

# UBSan's reports name their callers, as ASan's do.
export UBSAN_OPTIONS=print_stacktrace=1

# Seeds besides tests/fuzz/corpus/HARNESS: the project's own inputs of the harness's kind (the
# unit test replay.tests.cpp replays the same folders).
seeds_of() {
    case "$1" in
        rule_file) echo stdlib-games tests/diagnostics tests/include ;;
        hooks) echo tests/hooks ;;
        game_record) echo tests/records ;;
    esac
}

# Runs one input; fails when the input does.
run_one() {
    "$binary" -timeout="$timeout" -rss_limit_mb=2048 "$1" > "$1.log" 2>&1
}

# What tells one failure from another, read from its log.
signature_of() {
    local log=$1 frame
    frame=$(grep -m1 -o ' in vari::[^(]*' "$log" || echo ' in ?')
    grep -m1 '^fuzz [a-z_]*: ' "$log" && return
    grep -m1 -o 'Assertion .* failed' "$log" && return
    grep -q 'ERROR: libFuzzer: timeout' "$log" && { echo "timeout$frame"; return; }
    # A sanitizer's summary, its own " in FUNCTION" (often empty or a library's) replaced by
    # the frame.
    grep -m1 -o 'SUMMARY: .*' "$log" | sed "s/ in .*//; s/\$/$frame/" && return
    echo "unrecognised failure"
}

for harness in "${harnesses[@]}"; do
    binary=build-fuzz/fuzz_$harness
    corpus=build-fuzz/corpus/$harness
    artifacts=build-fuzz/artifacts/$harness
    findings=tests/fuzz/findings/$harness
    mkdir -p "$corpus" "$artifacts"
    inputs=("$corpus" "tests/fuzz/corpus/$harness")
    [ -d "tests/fuzz/regressions/$harness" ] && inputs+=("tests/fuzz/regressions/$harness")
    for folder in $(seeds_of "$harness"); do inputs+=("$folder"); done

    if [ "$seconds" -gt 0 ]; then
        # Fork mode goes on past a failure. Entropic scheduling is off: over the hundreds of
        # thousands of counters the grammar's templates bring, its bookkeeping took two thirds
        # of the time.
        options=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048
                 -artifact_prefix="$artifacts/" -print_funcs=0 -entropic=0
                 -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
        dictionary=tests/fuzz/dictionaries/$harness.dict
        [ -f "$dictionary" ] && options+=(-dict="$dictionary")
        echo "fuzz: $harness for ${seconds}s"
        "$binary" "${options[@]}" "${inputs[@]}" > "build-fuzz/$harness.log" 2>&1 || true
        rate=$(grep -E '^#[0-9]+: cov:' "build-fuzz/$harness.log" | tail -n 1 |
               grep -o 'exec/s [0-9]*' || true)
        coverage=$("$binary" -runs=0 "${inputs[@]}" 2>&1 |
                   grep -o 'INITED cov: [0-9]* ft: [0-9]*' || true)
        echo "fuzz: $harness: ${rate:-exec/s ?}; corpus ${coverage#INITED } (edges, features)"
    fi

    # One minimised input per distinct failure, kept under its content's hash.
    declare -A seen=()
    for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* \
                    "$artifacts"/leak-*; do
        case "$artifact" in *'*'* | *.log | *.min) continue ;; esac
        if run_one "$artifact"; then
            echo "fuzz: $artifact no longer fails (a timeout under load?)"
            continue
        fi
        signature=$(signature_of "$artifact.log")
        [ -z "${seen[$signature]:-}" ] || continue
        seen[$signature]=1
        minimised=$artifact.min
        # libFuzzer minimises in rounds until one gains nothing; two minutes is enough.
        [ -s "$minimised" ] ||
            timeout 120 "$binary" -minimize_crash=1 -runs=2000 -timeout="$timeout" \
                -rss_limit_mb=2048 -exact_artifact_path="$minimised" "$artifact" \
                > "$artifact.minimise.log" 2>&1 || true
        # Minimising may wander to another failure; then the input as found is kept.
        same=false
        if [ -s "$minimised" ] && ! run_one "$minimised"; then
            [ "$(signature_of "$minimised.log")" != "$signature" ] || same=true
        fi
        $same || cp "$artifact" "$minimised"
        mkdir -p "$findings"
        kind=${artifact##*/}
        kept=$findings/${kind%%-*}-$(sha1sum "$minimised" | cut -c1-12)
        cp "$minimised" "$kept"
        echo "fuzz: $kept: $signature"
    done
    unset seen
done
