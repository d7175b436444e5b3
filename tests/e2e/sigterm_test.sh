# SIGTERM and SIGINT in the middle of a run: the run stops gracefully (it says how far it got),
# the scratch area (directory, marker, test file) is gone and the process dies of the signal.
# A second signal right after the first (the hard path when it lands while stopping) leaves no
# scratch either.
iogate=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT

# start_run DATASTORE LOG [FLAGS...]: starts a minute-long `iogate run` in the background (pid in
# $pid) and returns once its test file exists.
start_run() {
  local ds=$1 log=$2
  shift 2
  # Job control on: a non-interactive shell's background jobs would otherwise ignore SIGINT.
  set -m
  "$iogate" run --bs 4k --time 60s --datastore "$ds" "$@" > "$log" 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 1 200); do
    ls "$ds"/iogate-scratch-*/run.dat > /dev/null 2>&1 && return 0
    sleep 0.05
  done
  cat "$log"
  fail "run never started"
}

for sig in TERM INT; do
  ds=$(new_datastore); log="$E2E_DIR/run-$sig.log"
  start_run "$ds" "$log" --file-size 64MiB
  sleep 0.5
  kill -s "$sig" "$pid"
  set +e; wait "$pid"; rc=$?; set -e
  expected=$((128 + $(kill -l "$sig")))
  [ "$rc" -eq "$expected" ] || fail "SIG$sig: exit status $rc, expected $expected (killed by it)"
  assert_no_scratch "$ds"
  assert_contains "$log" "iogate run: interrupted by SIG$sig after .*, [0-9.]+ [KMG]?i?B transferred" \
    "SIG$sig: the run says how far it got"
done

# While the test file of a read workload is written through (1 GiB: seconds on most disks).
ds=$(new_datastore); log="$E2E_DIR/run-prealloc.log"
start_run "$ds" "$log" --read 100 --file-size 1GiB
kill -s TERM "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" -eq 143 ] || fail "preallocating: exit status $rc, expected 143"
assert_no_scratch "$ds"
assert_contains "$log" "interrupted by SIGTERM (while preallocating .*/run.dat )?after" \
  "preallocating: the run says where it stopped"

ds=$(new_datastore); log="$E2E_DIR/run-twice.log"
start_run "$ds" "$log" --file-size 64MiB
sleep 0.5
kill -s TERM "$pid"
kill -s INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
# SIGINT when it landed while stopping (the hard path), SIGTERM when the stop was already done.
[ "$rc" -eq 130 ] || [ "$rc" -eq 143 ] || fail "two signals: exit status $rc, expected 130 or 143"
assert_no_scratch "$ds"
echo "sigterm_cleanup: ok"
