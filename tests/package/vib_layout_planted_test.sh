#!/bin/bash
# The VIB builder and its layout check, without a static build: cmake/esxi/make_vib.cmake run as
# CPack's External generator would run it, on a tiny staged tree (a 129-byte static ELF as
# bin/iogate, a threshold file, the README and the licence), must give a VIB that
# vib_layout_test.py passes, and the same bytes twice; it must refuse a tree with a file outside
# opt/iogate or a name too long for a tar header. Then each defect planted in a copy
# (vib_plant.py) must fail the check with its own message, and with no other. Runs in seconds, as
# any user (label unit).
#
# vib_layout_planted_test.sh CMAKE SOURCE_DIR
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # vib_plant.py imports the check: no __pycache__ in the tree
cmake=$1
source_dir=$(realpath "$2")
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
check="$here/vib_layout_test.py"
plant="$here/vib_plant.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# make_vib STAGED TOPLEVEL: the VIB as the External generator's script makes it.
make_vib() {
  SOURCE_DATE_EPOCH=1700000000 "$cmake" -DCPACK_TEMPORARY_DIRECTORY="$1" \
    -DCPACK_TOPLEVEL_DIRECTORY="$2" -DCPACK_IOGATE_VIB_NAME=iogate \
    -DCPACK_IOGATE_VIB_VERSION=0.0.1-1 -DCPACK_IOGATE_VIB_FILE=iogate-0.0.1.vib \
    -DCPACK_PACKAGE_VENDOR=iogate "-DCPACK_PACKAGE_DESCRIPTION_SUMMARY=Storage checks & <more>" \
    "-DCPACK_IOGATE_VIB_DESCRIPTION=The planted test's VIB" \
    -P "$source_dir/cmake/esxi/make_vib.cmake"
}

staged="$work/staged"
mkdir -p "$staged/opt/iogate/bin" "$staged/opt/iogate/share/iogate/thresholds" \
         "$staged/opt/iogate/share/doc/iogate"
/usr/bin/python3 "$plant" tiny-elf "$staged/opt/iogate/bin/iogate"
chmod 0755 "$staged/opt/iogate/bin/iogate"
cp "$source_dir/thresholds/quick.toml" "$staged/opt/iogate/share/iogate/thresholds/"
cp "$source_dir/README.md" "$source_dir/LICENSE" "$staged/opt/iogate/share/doc/iogate/"

mkdir "$work/first" "$work/second"
make_vib "$staged" "$work/first" > "$work/make.log" 2>&1 || { cat "$work/make.log"; exit 1; }
make_vib "$staged" "$work/second" > /dev/null 2>&1
good="$work/first/iogate-0.0.1.vib"
cmp -s "$good" "$work/second/iogate-0.0.1.vib" || fail "two builds of the same tree differ"
if /usr/bin/python3 "$check" "$good"; then :; else fail "the VIB make_vib.cmake built fails"; fi
if command -v ar > /dev/null; then  # binutils, where installed, reads the same three members
  [ "$(ar t "$good" | tr '\n' ' ')" = "descriptor.xml sig.pkcs7 iogate " ] \
    || fail "binutils ar lists $(ar t "$good" | tr '\n' ' ')"
fi

cp -r "$staged" "$work/outside"
mkdir -p "$work/outside/opt/other" && touch "$work/outside/opt/other/file"
mkdir "$work/refused"
if make_vib "$work/outside" "$work/refused" > "$work/refused.log" 2>&1; then
  fail "make_vib.cmake built a VIB with opt/other/file"
elif ! grep -q "opt/other is outside opt/iogate" "$work/refused.log"; then
  cat "$work/refused.log"; fail "make_vib.cmake refused opt/other without naming it"
fi

# A name the tar header cannot hold without a GNU long-name entry is refused as well.
long="opt/iogate/share/doc/iogate/$(printf 'n%.0s' $(seq 80)).md"
cp -r "$staged" "$work/long" && touch "$work/long/$long"
mkdir "$work/refused-long"
if make_vib "$work/long" "$work/refused-long" > "$work/refused-long.log" 2>&1; then
  fail "make_vib.cmake built a VIB with a ${#long}-character name"
elif ! grep -q "is ${#long} characters as the payload stores it" "$work/refused-long.log"; then
  cat "$work/refused-long.log"; fail "make_vib.cmake refused the long name without saying so"
fi

# defect|what the check must say
planted=0
while IFS='|' read -r defect message; do
  planted=$((planted + 1))
  /usr/bin/python3 "$plant" "$defect" "$good" "$work/$defect.vib"
  set +e; /usr/bin/python3 "$check" "$work/$defect.vib" > "$work/$defect.log"; rc=$?; set -e
  if [ "$rc" != 1 ]; then
    cat "$work/$defect.log"; fail "$defect: exit $rc, expected 1"
  elif ! grep -qF -- "$message" "$work/$defect.log"; then
    cat "$work/$defect.log"; fail "$defect: no line saying '$message'"
  elif ! grep -q ': 1 problem$' "$work/$defect.log"; then
    cat "$work/$defect.log"; fail "$defect: more than the planted problem"
  else
    echo "caught $defect: $(grep -F -- "$message" "$work/$defect.log" | head -n 1 | cut -d: -f3-)"
  fi
done <<'DEFECTS'
wrong-checksum|sha-256 of payload iogate is
path-outside|etc/iogate.conf is outside opt/iogate/
missing-file-list-entry|is in the payload but not in the descriptor's file-list
dynamic-binary|opt/iogate/bin/iogate is dynamically linked (PT_INTERP
wrong-acceptance-level|acceptance-level is partner, expected community
wrong-member-order|ar members are ['sig.pkcs7', 'descriptor.xml', 'iogate']
dot-dot|has a '..', '.' or empty component
link-outside|opt/iogate/shadow links to ../../etc/shadow, outside /opt/iogate/
binary-not-executable|opt/iogate/bin/iogate has mode 0644, expected 0755
posix-tar|payload iogate is a POSIX ustar tar
long-name|is stored with a GNU long-name entry (././@LongLink)
gzip-name|payload iogate's gzip header carries a file name
wrong-gunzip-sha256|sha-256 of payload iogate gunzipped is
missing-gunzip-sha256|the descriptor has no sha-256 of payload iogate gunzipped
DEFECTS

if [ "$failures" != 0 ]; then
  echo "vib_layout_planted: $failures failed"
  exit 1
fi
echo "vib_layout_planted: the built VIB passes and builds the same twice; all $planted planted" \
  "defects are caught"
