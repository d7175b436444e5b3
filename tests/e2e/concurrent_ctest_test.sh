# Two `ctest -j4` runs at once on one datastore (two build directories of one small suite, as two
# CI pipelines on one host would have) never overlap checks: ctest's RESOURCE_LOCK only orders the
# tests of one ctest process, the datastore lock (an flock on the datastore directory, see
# src/datastore/datastore_lock_posix.hpp) orders the two runs. A watcher lists the datastore every
# ~10 ms and records the most scratch directories seen at once: it must be 1. Both runs pass, and
# each check's wall time (its wait included) stays within the TIMEOUT ctest gave it. Then a check
# that finds the datastore held by another process waits, says so, and stops on SIGTERM.
cmake=$1; ctest=$2; iogate_build=$3; iogate=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)

project="$E2E_DIR/project"
suite_project "$project" \
  'iogate_add_suite(overlap THRESHOLDS overlap.toml DATASTORE "${OVERLAP_DATASTORE}")'
{
  printf '[suite]\nname = "overlap"\nprofile = "e2e"\n'
  for i in 1 2 3 4; do
    printf '\n[[check]]\nname = "c%s"\n[check.workload]\nblock_size = "64k"\n' "$i"
    # Each its own file size: this test is about checks never overlapping, not sharing a file.
    printf 'duration = "1s"\nfile_size = "%sMiB"\n[check.expect]\nmbps_min = 0.001\n' "$((7 + i))"
  done
} > "$project/overlap.toml"

for run in a b; do
  build_project "$cmake" "$project" "$E2E_DIR/build-$run" "$iogate_build" -DOVERLAP_DATASTORE="$ds"
done

watch_scratch "$ds" "$E2E_DIR/stop" > "$E2E_DIR/watch" &
watcher=$!

started=$(date +%s.%N)
"$ctest" --test-dir "$E2E_DIR/build-a" -j4 --output-on-failure > "$E2E_DIR/ctest-a.log" 2>&1 &
run_a=$!
"$ctest" --test-dir "$E2E_DIR/build-b" -j4 --output-on-failure > "$E2E_DIR/ctest-b.log" 2>&1 &
run_b=$!
rc_a=0 rc_b=0
wait "$run_a" || rc_a=$?
wait "$run_b" || rc_b=$?
elapsed=$(echo "$(date +%s.%N) - $started" | bc)
touch "$E2E_DIR/stop"
wait "$watcher"
read -r most polls < "$E2E_DIR/watch"

[ "$rc_a" -eq 0 ] || { cat "$E2E_DIR/ctest-a.log"; fail "ctest run a failed ($rc_a)"; }
[ "$rc_b" -eq 0 ] || { cat "$E2E_DIR/ctest-b.log"; fail "ctest run b failed ($rc_b)"; }
[ "$most" -eq 1 ] || fail "$most scratch directories at once on $ds (in $polls polls): checks overlapped"
waits=$(cat "$E2E_DIR"/build-?/Testing/Temporary/LastTest.log |
  grep -c "datastore $ds is locked (flock) by pid" || true)
[ "$waits" -gt 0 ] || fail "no check ever waited: the two runs did not contend, nothing was proven"
assert_no_scratch "$ds"

# Each check's wall time, its wait included, against the TIMEOUT ctest gave it.
for run in a b; do
  "$ctest" --test-dir "$E2E_DIR/build-$run" --show-only=json-v1 > "$E2E_DIR/tests-$run.json"
done
/usr/bin/python3 - "$E2E_DIR" <<'PY'
import json, re, sys
top = sys.argv[1]
worst = None
for run in "ab":
    limits = {t["name"]: {p["name"]: p["value"] for p in t.get("properties", [])}.get("TIMEOUT")
              for t in json.load(open(f"{top}/tests-{run}.json"))["tests"]}
    log = open(f"{top}/ctest-{run}.log").read()
    for name, secs in re.findall(r"Test +#\d+: (\S+) \.+ +Passed +([\d.]+) sec", log):
        if limits.get(name) and float(secs) > limits[name]:
            sys.exit(f"{name}: {secs} s, over its TIMEOUT of {limits[name]} s")
        if name.startswith("overlap.c") and (worst is None or float(secs) > worst[1]):
            worst = (name, float(secs), limits.get(name))
print(f"longest check: {worst[0]} {worst[1]:.2f} s (TIMEOUT {worst[2]} s)")
PY
echo "concurrent_ctest: at most $most scratch directory at once in $polls polls, $waits waits," \
  "both runs passed in ${elapsed%???????} s"

# A check waiting for the datastore (held here by a plain flock, as any other holder would) says
# so, and SIGTERM ends the wait like a run: reported, nothing left behind, killed by the signal.
/usr/bin/python3 -c 'import fcntl, os, sys, time
fcntl.flock(os.open(sys.argv[1], os.O_RDONLY), fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(60)' "$ds" "$E2E_DIR/held" > /dev/null 2>&1 &
holder=$!
for _ in $(seq 1 200); do [ -e "$E2E_DIR/held" ] && break; sleep 0.05; done
[ -e "$E2E_DIR/held" ] || fail "the datastore could not be locked for the waiting case"
"$iogate" run --bs 4k --size 1MiB --file-size 4MiB --datastore "$ds" > "$E2E_DIR/wait.log" 2>&1 &
waiter=$!
for _ in $(seq 1 200); do
  grep -q "datastore $ds is locked (flock) by" "$E2E_DIR/wait.log" && break
  sleep 0.05
done
# The holder is named (pid, command, user), not taken for "another iogate check".
assert_contains "$E2E_DIR/wait.log" \
  "^iogate: datastore $ds is locked \(flock\) by pid $holder \(python3, user 0 \(root\)\): waiting" \
  "the wait names its holder"
assert_no_scratch "$ds"
kill -TERM "$waiter"
rc=0
wait "$waiter" || rc=$?
kill "$holder"
[ "$rc" -eq 143 ] || { cat "$E2E_DIR/wait.log"; fail "SIGTERM while waiting: exit $rc, expected 143"; }
assert_contains "$E2E_DIR/wait.log" \
  "interrupted by SIGTERM while waiting for the lock on datastore $ds after" "the stop is reported"
assert_no_scratch "$ds"
echo "concurrent_ctest: a waiting check stops on SIGTERM"
