# Helpers for the end-to-end scripts: fail loudly, make a datastore that is removed on exit, and
# prove a datastore holds nothing of iogate's after a run.
set -euo pipefail

# One check any disk passes and one no disk can: the file the downstream project uses too.
E2E_GATE_TOML="$(dirname "${BASH_SOURCE[0]}")/downstream/gate.toml"

fail() { echo "FAIL: $*" >&2; exit 1; }

# Each script works in a directory of its own, so scripts running in parallel (ctest -j) never
# remove each other's datastores.
mkdir -p "$IOGATE_E2E_SCRATCH"
E2E_DIR=$(mktemp -d "$IOGATE_E2E_SCRATCH/run.XXXXXX")

# new_datastore: prints a fresh directory in E2E_DIR.
new_datastore() { mktemp -d "$E2E_DIR/ds.XXXXXX"; }
cleanup_datastores() { rm -rf "$E2E_DIR"; }

assert_contains() {  # file pattern what
  grep -Eq -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "$3: no line matches /$2/"; }
}

assert_no_scratch() {  # datastore
  local left
  left=$(find "$1" -mindepth 1 -maxdepth 1 -name 'iogate-scratch-*' | head -n 5)
  [ -z "$left" ] || fail "scratch left behind in $1: $left"
}
