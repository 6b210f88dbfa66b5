#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet (apt-get, as root or through
# sudo); says which, after the name of the script that needs them.
#
#   bash tools/install-missing.sh WHO PACKAGE...
set -euo pipefail

who=$1
shift
missing=()
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0
echo "$who: installing ${missing[*]}"
as_root=()
[ "$(id -u)" = 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
