#!/usr/bin/env bash
# datastores-spec.sh DIR...: prints a ctest resource spec listing each DIR as one datastore, for
# `ctest -jN --resource-spec-file FILE` with IOGATE_RESOURCE_SPEC_FILE=FILE (docs/suites.md,
# "Several datastores in one ctest run"). ctest ids cannot be paths, so each datastore gets the
# id ds0, ds1 ... and its absolute directory in "dir", a member ctest ignores and the checks read
# (src/runner/datastore_allocation.hpp). One slot each: one check at a time on it.
#
# Nothing is printed unless every DIR is an existing directory, named once: two ids for one
# directory (the same device and inode, however it is spelled) would let two checks share it.
set -euo pipefail

usage() { echo "usage: $0 DIR... > datastores.json" >&2; exit 2; }
die() { echo "datastores-spec: $*" >&2; exit 2; }
[ $# -gt 0 ] || usage
case "$1" in -h|--help) usage ;; esac

entries=()
declare -A seen=()
for dir in "$@"; do
  [ -e "$dir" ] || die "$dir does not exist (not mounted?)"
  [ -d "$dir" ] || die "$dir is not a directory"
  case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
  while [ "${#dir}" -gt 1 ] && [ "${dir%/}" != "$dir" ]; do dir=${dir%/}; done
  # JSON text is UTF-8 without control characters; such a name is refused rather than mangled.
  printf '%s' "$dir" | iconv -f UTF-8 -t UTF-8 > /dev/null 2>&1 ||
    die "$dir: not valid UTF-8, which a JSON file cannot carry"
  case "$dir" in *[[:cntrl:]]*) die "$dir: a control character in the name" ;; esac
  identity=$(stat -L -c '%d:%i' "$dir")
  [ -z "${seen[$identity]:-}" ] || die "$dir names the same directory as ${seen[$identity]}"
  seen[$identity]=$dir
  escaped=${dir//\\/\\\\}
  escaped=${escaped//\"/\\\"}
  entries+=("$(printf '      {"id": "ds%d", "slots": 1, "dir": "%s"}' "${#entries[@]}" "$escaped")")
done

printf '{\n  "version": {"major": 1, "minor": 0},\n  "local": [{\n    "datastores": [\n'
for i in "${!entries[@]}"; do
  sep=","
  [ "$i" -eq $((${#entries[@]} - 1)) ] && sep=""
  printf '%s%s\n' "${entries[$i]}" "$sep"
done
printf '    ]\n  }]\n}\n'
