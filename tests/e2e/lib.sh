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

# assert_refused WHAT PATTERN COMMAND...: COMMAND exits 2 (bad input) with a line matching
# PATTERN in what it prints.
assert_refused() {
  local what=$1 pattern=$2 rc=0
  shift 2
  "$@" > "$E2E_DIR/refused.txt" 2>&1 || rc=$?
  [ "$rc" -eq 2 ] || { cat "$E2E_DIR/refused.txt" >&2; fail "$what: exit $rc, expected 2"; }
  assert_contains "$E2E_DIR/refused.txt" "$pattern" "$what"
}

# json_value FILE KEY...: a value of a JSON file by its path (a number indexes a list).
json_value() {
  /usr/bin/python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2:]: v = v[int(k)] if k.isdigit() else v[k]
print(v)' "$@"
}

assert_no_scratch() {  # datastore
  local left
  left=$(find "$1" -mindepth 1 -maxdepth 1 -name 'iogate-scratch-*' | head -n 5)
  [ -z "$left" ] || fail "scratch left behind in $1: $left"
}

# suite_project DIR ADD_SUITE: writes DIR/CMakeLists.txt, a project that finds iogate and makes
# suites with the iogate_add_suite(...) call ADD_SUITE (its files relative to DIR).
suite_project() {
  mkdir -p "$1"
  printf '%s\n' 'cmake_minimum_required(VERSION 3.25)' 'project(e2e_suites LANGUAGES CXX)' \
    'set(CMAKE_CXX_STANDARD 20)' 'find_package(iogate CONFIG REQUIRED)' 'enable_testing()' "$2" \
    > "$1/CMakeLists.txt"
}

# build_project CMAKE SOURCE BUILD IOGATE_BUILD [-DVAR=VALUE ...]: configures and builds a project
# of iogate suites against an iogate build tree; its log is BUILD.log, shown on failure.
build_project() {
  local cmake=$1 source=$2 build=$3 iogate_build=$4
  shift 4
  "$cmake" -S "$source" -B "$build" -G Ninja -Diogate_DIR="$iogate_build" "$@" > "$build.log" 2>&1 ||
    { cat "$build.log"; fail "configure $source"; }
  "$cmake" --build "$build" >> "$build.log" 2>&1 || { cat "$build.log"; fail "build $source"; }
}

# watch_scratch DATASTORE STOP_FILE: polls DATASTORE every ~10 ms until STOP_FILE exists, then
# prints "<most iogate scratch directories seen at once> <polls>". Run it in the background.
watch_scratch() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import os, sys, time
ds, stop = sys.argv[1], sys.argv[2]
most = polls = 0
while not os.path.exists(stop):
    most = max(most, sum(1 for e in os.scandir(ds) if e.name.startswith("iogate-scratch-")))
    polls += 1
    time.sleep(0.01)
print(most, polls)
PY
}

# layouts JSON_DIR COUNT: from the per-check results of one run (COUNT of them; a suite's merged
# reports beside them are passed over), prints "<files laid out> <check<reused from ...>", and
# fails unless each check either laid out (layout_s > 0) or reused (layout_reused_from).
layouts() {
  /usr/bin/python3 - "$1" "$2" << 'PY'
import json, pathlib, sys
records = {p.stem: json.loads(p.read_text()) for p in pathlib.Path(sys.argv[1]).glob("*.json")
           if p.stem not in ("results", "gbench")}
assert len(records) == int(sys.argv[2]), sorted(records)
for name, r in records.items():
    assert r["layout_s"] >= 0, name
    assert (r["layout_s"] > 0) == ("layout_reused_from" not in r), (name, r["layout_s"])
print(sum("layout_reused_from" not in r for r in records.values()),
      " ".join(f"{n}<{r['layout_reused_from']}" for n, r in sorted(records.items())
               if "layout_reused_from" in r))
PY
}
