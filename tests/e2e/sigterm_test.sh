# SIGTERM and SIGINT in the middle of a run: the process dies of the signal and the scratch area
# (directory, marker, test file) is gone.
iogate=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT

for sig in TERM INT; do
  ds=$(new_datastore)
  # Job control on: a non-interactive shell's background jobs would otherwise ignore SIGINT.
  set -m
  "$iogate" run --bs 4k --time 60s --file-size 64MiB --datastore "$ds" > /dev/null 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 1 200); do
    ls "$ds"/iogate-scratch-*/run.dat > /dev/null 2>&1 && break
    sleep 0.05
  done
  ls "$ds"/iogate-scratch-*/run.dat > /dev/null 2>&1 || fail "SIG$sig: run never started"
  sleep 0.5
  kill -s "$sig" "$pid"
  set +e; wait "$pid"; rc=$?; set -e
  expected=$((128 + $(kill -l "$sig")))
  [ "$rc" -eq "$expected" ] || fail "SIG$sig: exit status $rc, expected $expected (killed by it)"
  assert_no_scratch "$ds"
done
echo "sigterm_cleanup: ok"
