#!/usr/bin/env bash
# Checks that C++ sources follow the project's .clang-format, or formats them with --fix.
# Without file names: every C++ file git tracks (every one under the source folders outside git).
#
#   bash tools/format.sh [--fix] [FILE...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fix=0
if [ "${1:-}" = --fix ]; then
    fix=1
    shift
fi
command -v clang-format >/dev/null || { echo "format: clang-format is not installed (bash tools/setup.sh install)" >&2; exit 2; }

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    cd "$root"
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
    else
        mapfile -t files < <(find interpreter dsl runtime tools tests -name '*.cpp' -o -name '*.hpp' -o -name '*.h')
    fi
fi

style=(--style="file:$root/.clang-format")
if [ $fix = 1 ]; then
    clang-format "${style[@]}" -i "${files[@]}"
    exit 0
fi
# One clang-format for all files; its messages start with the file's name.
mapfile -t differing < <(clang-format "${style[@]}" --dry-run "${files[@]}" 2>&1 |
                         sed -n 's/^\(.*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' |
                         sort -u)
if [ ${#differing[@]} -gt 0 ]; then
    printf 'format: %s differs from .clang-format\n' "${differing[@]}"
    echo "format: ${#differing[@]} of ${#files[@]} files differ; bash tools/format.sh --fix formats them"
    exit 1
fi
echo "format: ${#files[@]} files follow .clang-format"
