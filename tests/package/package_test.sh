# The Debian package as an admin meets it: built by cpack from this build, installed with apt into
# a fresh minimal Debian 12 root (debootstrap --variant=minbase from the archive this machine's apt
# uses), then `iogate --version`, `iogate lint` of a shipped file and a small check on a datastore
# inside that root, with an HTML report that must carry Chart.js; the man page's EXIT STATUS and
# the bash completion, installed where bash-completion finds it.
#
# Both packages (iogate and iogate-dev) must pass lintian, Debian's policy checker, with no error
# and no warning; a copy without its copyright file must not.
#
# It proves it can fail: the same steps run on three broken copies of the .deb (a shared library
# dropped from Depends, libjs-chart.js dropped, a shipped file removed) and each must fail.
#
# The pristine root is cached under the build directory (PACKAGE_CACHE), so a rerun extracts it
# instead of downloading again; a fresh build directory (CI) starts from the archive. Exit 77
# (skipped) with the reason when not root, when debootstrap is missing, or when the archive cannot
# be reached.
#
# package_test.sh CPACK BUILD_DIR WORK_DIR
set -euo pipefail
SKIP=77
skip() { echo "SKIPPED: $*"; exit "$SKIP"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
log() { echo "package: $*"; }

# --verify ROOT DEB: installs DEB in ROOT with apt and runs the checks; exits non-zero at the first
# that fails. A process of its own, so `set -e` holds even when the caller tests its status.
if [ "${1:-}" = --verify ]; then
  root=$2; deb=$3
  cp "$deb" "$root/tmp/"
  in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "/tmp/$(basename "$deb")" > "$root/tmp/apt.log" 2>&1 || { tail -n 20 "$root/tmp/apt.log"; exit 1; }
  in_root iogate --version > "$root/tmp/version.txt"
  grep -Eq '^iogate [0-9]+\.[0-9]+\.[0-9]+$' "$root/tmp/version.txt"
  grep -Eq '^  psync +usable$' "$root/tmp/version.txt"
  in_root iogate lint /usr/share/iogate/thresholds/quick.toml
  cat > "$root/tmp/small.toml" <<'TOML'
[suite]
name = "package"
[[check]]
name = "small_write"
[check.workload]
block_size = "64k"
size = "8MiB"
[check.expect]
mbps_min = 0.001
TOML
  rm -rf "$root/var/tmp/datastore" && mkdir "$root/var/tmp/datastore"
  in_root iogate check /tmp/small.toml --datastore /var/tmp/datastore --html /tmp/report.html \
    > "$root/tmp/check.txt"
  grep -Eq '^\| small_write .*PASS' "$root/tmp/check.txt"
  grep -q 'Chart.js v' "$root/tmp/report.html" || { echo "report.html has no Chart.js"; exit 1; }
  [ -z "$(ls -A "$root/var/tmp/datastore")" ] || { echo "scratch left in the datastore"; exit 1; }
  zcat "$root/usr/share/man/man1/iogate-check.1.gz" | grep -q 'datastore'
  zcat "$root/usr/share/man/man1/iogate-check.1.gz" | grep -q '^\.SH "EXIT STATUS"$'
  in_root bash -c 'source /usr/share/bash-completion/completions/iogate
    COMP_WORDS=(iogate che); COMP_CWORD=1; _iogate; [ "${COMPREPLY[*]}" = check ]' ||
    { echo "the installed bash completion does not complete 'iogate che'"; exit 1; }
  in_root /usr/share/iogate/scripts/datastores-spec.sh /var/tmp/datastore /tmp \
    > "$root/tmp/datastores.json"
  grep -q '"id": "ds1", "slots": 1, "dir": "/tmp"' "$root/tmp/datastores.json"
  exit 0
fi

cpack=$1; build=$2; work=$3
[ "$(id -u)" -eq 0 ] || skip "the package test needs root (debootstrap, chroot)"
command -v debootstrap > /dev/null || skip "debootstrap is not installed (scripts/install-deps.sh --tests)"
command -v unshare > /dev/null || skip "unshare (util-linux) is not installed"
command -v lintian > /dev/null || skip "lintian is not installed (scripts/install-deps.sh --tests)"
if [ "${IOGATE_PACKAGE_IN_NS:-}" != 1 ]; then
  # /proc and /dev are mounted into the root inside a private mount namespace: they vanish with
  # this script's last process, whatever ends it.
  IOGATE_PACKAGE_IN_NS=1 exec unshare --mount --propagation private -- bash "$0" "$@"
fi
started=$(date +%s)
mkdir -p "$work"

# The archive this machine's apt uses for bookworm: a one-line `deb URL bookworm ...` or a deb822
# stanza of Types: deb, Suites: bookworm.
mirror=$(/usr/bin/python3 - <<'PY'
import glob, re
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        m = re.match(r"\s*deb\s+(\[[^\]]*\]\s+)?(\S+)\s+bookworm\s", line)
        if m:
            print(m.group(2)); raise SystemExit
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in open(path).read().split("\n\n"):
        fields = dict(re.findall(r"^([A-Za-z-]+):\s*(.*)$", stanza, re.M))
        if "deb" in fields.get("Types", "").split() and "bookworm" in fields.get("Suites", "").split():
            print(fields["URIs"].split()[0]); raise SystemExit
PY
)
[ -n "$mirror" ] || skip "no bookworm archive in /etc/apt/sources.list*"
log "archive $mirror"

# The package, from this build.
t=$(date +%s)
rm -rf "$work/packages"
"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$work/packages" > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/packages/iogate_*_amd64.deb)
log "built $(basename "$deb"): $(stat -c %s "$deb") bytes in $(($(date +%s) - t)) s"
dpkg-deb -f "$deb" Depends

# lint PACKAGE LOG: lintian's verdict; fails on an error or a warning (info tags are shown).
lint() {
  lintian --fail-on error,warning --display-info --tag-display-limit 0 "$1" > "$2" 2>&1
}
for package in "$work"/packages/*.deb; do
  t=$(date +%s)
  lint "$package" "$work/lintian.log" || { cat "$work/lintian.log"; fail "lintian: $(basename "$package")"; }
  log "lintian $(basename "$package"): 0 errors, 0 warnings, $(grep -c '^I: ' "$work/lintian.log") info in $(($(date +%s) - t)) s"
  sed 's/^/  /' "$work/lintian.log"
done
rm -rf "$work/no-copyright" && mkdir -p "$work/no-copyright" && dpkg-deb -R "$deb" "$work/no-copyright/tree"
rm "$work/no-copyright/tree/usr/share/doc/iogate/copyright"
dpkg-deb -b "$work/no-copyright/tree" "$work/no-copyright/iogate.deb" > /dev/null
if lint "$work/no-copyright/iogate.deb" "$work/no-copyright/lintian.log"; then
  cat "$work/no-copyright/lintian.log"; fail "lintian passed a package without its copyright file"
fi
log "self-test: lintian refuses a package without its copyright file ($(grep -c '^E: ' "$work/no-copyright/lintian.log") errors)"

# The pristine root: cached, else made (apt lists included, package cache emptied).
cache="$work/bookworm-minbase.tar"
if [ ! -s "$cache" ]; then
  /usr/bin/python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/dists/bookworm/Release", timeout=20)' \
    "$mirror" 2> /dev/null || skip "cannot reach $mirror (debootstrap needs the archive)"
  t=$(date +%s)
  rm -rf "$work/debootstrap"
  debootstrap --variant=minbase bookworm "$work/debootstrap" "$mirror" > "$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log"; fail "debootstrap from $mirror"; }
  cp /etc/resolv.conf "$work/debootstrap/etc/resolv.conf"
  chroot "$work/debootstrap" apt-get update -q > "$work/apt-update.log" 2>&1 ||
    { cat "$work/apt-update.log"; fail "apt-get update in the new root"; }
  chroot "$work/debootstrap" apt-get clean
  tar -C "$work/debootstrap" -cf "$cache.part" . && mv "$cache.part" "$cache"
  rm -rf "$work/debootstrap"
  log "made the minimal root in $(($(date +%s) - t)) s ($(du -sh "$cache" | cut -f1) cached)"
fi
t=$(date +%s)
root="$work/root"
# Never remove a tree with /dev bound into it.
! findmnt -rn -o TARGET | grep -q "^$root/" || fail "something is still mounted under $root"
rm -rf "$root" && mkdir "$root"
tar -C "$root" -xf "$cache"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
log "extracted the root in $(($(date +%s) - t)) s"

# purge ROOT: removes iogate and what apt installed for it.
purge() {
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q iogate > /dev/null 2>&1
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -q > /dev/null 2>&1
}

t=$(date +%s)
bash "$0" --verify "$root" "$deb" || fail "the package does not work in a fresh Debian 12 root"
log "installed and checked in $(($(date +%s) - t)) s: $(head -n 1 "$root/tmp/version.txt")"
sed 's/^/  /' "$root/tmp/version.txt"
purge

# Broken copies of the package: each must fail the same steps.
drop_depends() {  # drop_depends PACKAGE: removes PACKAGE from ./DEBIAN/control's Depends
  /usr/bin/python3 - "$1" <<'PY'
import re, sys
text = open("DEBIAN/control").read()
def drop(m):
    kept = [d for d in m.group(1).split(", ") if d.split(" ")[0] != sys.argv[1]]
    return "Depends: " + ", ".join(kept)
new = re.sub(r"^Depends: (.*)$", drop, text, flags=re.M)
assert new != text, "no " + sys.argv[1] + " in Depends"
open("DEBIAN/control", "w").write(new)
PY
}
broken() {  # broken NAME EDIT...: a copy of the package with EDIT applied to its unpacked tree
  local name=$1 dir="$work/broken-$1"; shift
  rm -rf "$dir" && mkdir -p "$dir" && dpkg-deb -R "$deb" "$dir/tree"
  ( cd "$dir/tree" && "$@" )
  dpkg-deb -b "$dir/tree" "$dir/iogate_broken_amd64.deb" > /dev/null
  if bash "$0" --verify "$root" "$dir/iogate_broken_amd64.deb" > "$dir/verify.log" 2>&1; then
    cat "$dir/verify.log"; fail "a package with $name still passed: the test cannot see it"
  fi
  log "self-test: a package with $name fails ($(tail -n 1 "$dir/verify.log"))"
  purge
}
lib=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -E '^lib(fmt|boost|uring|aio)' | head -n 1)
[ -n "$lib" ] || fail "no shared library in Depends: $(dpkg-deb -f "$deb" Depends)"
broken "$lib missing from Depends" drop_depends "$lib"
broken "libjs-chart.js missing from Depends" drop_depends libjs-chart.js
broken "quick.toml missing" rm usr/share/iogate/thresholds/quick.toml

log "package test: ok in $(($(date +%s) - started)) s"
