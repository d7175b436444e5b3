# Helpers for the end-to-end scripts: fail loudly, make a datastore that is removed on exit, and
# prove a datastore holds nothing of iogate's after a run.
set -euo pipefail

fail() { echo "FAIL: $*" >&2; exit 1; }

# new_datastore: prints a fresh directory under $IOGATE_E2E_SCRATCH, removed when the script exits.
_e2e_dirs=()
new_datastore() {
  mkdir -p "$IOGATE_E2E_SCRATCH"
  local d
  d=$(mktemp -d "$IOGATE_E2E_SCRATCH/ds.XXXXXX")
  echo "$d"
}
cleanup_datastores() { rm -rf "$IOGATE_E2E_SCRATCH"/ds.* 2>/dev/null || true; }

assert_contains() {  # file pattern what
  grep -Eq -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "$3: no line matches /$2/"; }
}

assert_no_scratch() {  # datastore
  local left
  left=$(find "$1" -mindepth 1 -maxdepth 1 -name 'iogate-scratch-*' | head -n 5)
  [ -z "$left" ] || fail "scratch left behind in $1: $left"
}
