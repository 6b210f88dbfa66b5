#!/usr/bin/env bash
# Builds the Debian package (build/vari_VERSION_ARCH.deb, cpack) and installs it with apt on a
# brand-new Debian root (debootstrap, minimal), as a user would; then runs there what a user runs
# first: vari list, check and perft 2 of every shipped game, man vari, and bash's completion of a
# game's name. As root (debootstrap and chroot); about five minutes, most of it apt.
#
#   bash tools/package-test.sh [BUILD_FOLDER]     (default: build, as tools/setup.sh makes it)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ "$(id -u)" = 0 ] || { echo "tools/package-test.sh: needs root (debootstrap, chroot)" >&2; exit 2; }
bash tools/install-missing.sh package-test debootstrap dpkg-dev

cmake --build "$build"
(cd "$build" && rm -f vari_*.deb && cpack -G DEB >/dev/null)
deb=$(ls "$build"/vari_*.deb)
echo "package-test: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"
dpkg-deb --field "$deb" Depends

root=$(mktemp -d /var/tmp/vari-package-root.XXXXXX)
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf "$root"' EXIT
mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null)
echo "package-test: a new Debian root in $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
cp "$deb" "$root/tmp/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"

chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c '
set -euo pipefail
apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/vari_*.deb man-db >/dev/null
cd /root
echo "--- vari list"
vari list > list.txt
head -4 list.txt
for file in /usr/share/vari/games/*.vari; do
    game=$(basename "$file" .vari)
    vari check "$file" >/dev/null
    printf "%-36s perft 2 = %s\n" "$game" "$(vari perft "$game" 2)"
done
echo "--- man vari"
MANWIDTH=80 man vari > man.txt 2>/dev/null
head -8 man.txt
grep -q "perft" man.txt
echo "--- bash completion of: vari perft shafr"
completed=$(bash -c "source /usr/share/bash-completion/completions/vari;
                     COMP_WORDS=(vari perft shafr); COMP_CWORD=2; _vari; echo \${COMPREPLY[*]}")
echo "$completed"
[ "$completed" = shafran-chess ]
'
echo "package-test: passed"
