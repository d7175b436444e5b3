# SIGINT and SIGTERM in the middle of a check leave valid, complete reports and no scratch, and
# the process still dies of the signal:
#   1. `iogate check` with --junit/--json/--json-dir/--markdown: the check in progress is an error
#      naming the signal, the one after it an error "not run"; exit status 128 + signal.
#   2. the suite executable on its own with --gtest_output: GoogleTest's XML is written whole.
#   3. under ctest: the suite process of one check is signalled; its per-check JSON says error
#      and the fixture's merge step still writes a valid junit.xml that includes it.
iogate=$1; cmake=$2; ctest=$3; iogate_build=$4; project=$5; schema=$6
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
gate="$project/halt.toml"

# wait_for_run DATASTORE: returns once the long check's test file exists and the run had a moment.
wait_for_run() {
  for _ in $(seq 1 300); do
    ls "$1"/iogate-scratch-*/long_write.dat > /dev/null 2>&1 && { sleep 1; return 0; }
    sleep 0.05
  done
  fail "the long check never started in $1"
}

# check_junit FILE SIG NOT_RUN: schema-valid; long_write an <error> naming SIG; short_write (when
# NOT_RUN is 1) an <error> "not run: interrupted by SIG".
check_junit() {
  xmllint --noout --schema "$schema" "$1" || fail "$1 is not schema-valid"
  /usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import sys
from junitparser import JUnitXml, Error
path, sig, not_run = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
cases = {c.name: c for s in JUnitXml.fromfile(path) for c in s}
want = {"long_write", "short_write"} if not_run else {"long_write"}
assert set(cases) == want, (path, sorted(cases))
errors = [r for r in cases["long_write"].result if isinstance(r, Error)]
assert errors and errors[0].message.startswith("long_write: error: interrupted by " + sig + " after "), \
    (path, [r.message for r in cases["long_write"].result])
if not_run:
    errors = [r for r in cases["short_write"].result if isinstance(r, Error)]
    assert errors and errors[0].message == "short_write: not run: interrupted by " + sig, \
        (path, [r.message for r in cases["short_write"].result])
PY
}

# check_json FILE...: each a check result (or a results document) whose checks are all errors.
check_json() {
  /usr/bin/python3 - "$@" <<'PY'
import json, sys
for path in sys.argv[1:]:
    doc = json.load(open(path))
    checks = doc["checks"] if "checks" in doc else [doc]
    assert checks and all(c["status"] == "error" for c in checks), (path, checks)
PY
}

for sig in TERM INT; do
  # 1. iogate check.
  ds=$(new_datastore); out="$E2E_DIR/check-$sig"; mkdir -p "$out"
  set -m  # job control: a non-interactive shell's background jobs would otherwise ignore SIGINT
  "$iogate" check "$gate" --datastore "$ds" --junit "$out/junit.xml" --json "$out/results.json" \
    --json-dir "$out/json" --markdown "$out/summary.md" > "$out/check.log" 2>&1 &
  pid=$!
  set +m
  wait_for_run "$ds"
  kill -s "$sig" "$pid"
  set +e; wait "$pid"; rc=$?; set -e
  expected=$((128 + $(kill -l "$sig")))
  [ "$rc" -eq "$expected" ] || { cat "$out/check.log"; fail "check SIG$sig: exit $rc, not $expected"; }
  assert_no_scratch "$ds"
  check_junit "$out/junit.xml" "SIG$sig" 1
  check_json "$out/results.json" "$out/json/long_write.json" "$out/json/short_write.json"
  assert_contains "$out/summary.md" "interrupted by SIG$sig" "check SIG$sig: summary.md"
  assert_contains "$out/check.log" "2 checks: 0 passed, 0 failed, 0 unstable, 0 skipped, 2 errors" \
    "check SIG$sig: the summary line is printed before dying"
done

# The suite project, built against this build tree.
ds=$(new_datastore); reports="$E2E_DIR/reports"; build="$E2E_DIR/halt-build"
"$cmake" -S "$project" -B "$build" -G Ninja -Diogate_DIR="$iogate_build" \
  -DHALT_DATASTORE="$ds" -DHALT_REPORT_DIR="$reports" > "$build.log" 2>&1 ||
  { cat "$build.log"; fail "configure"; }
"$cmake" --build "$build" >> "$build.log" 2>&1 || { cat "$build.log"; fail "build"; }

# 2. The suite executable on its own, with GoogleTest's XML.
out="$E2E_DIR/gtest"; mkdir -p "$out"
set -m
"$build/halt" --report-dir "$out/json" --gtest_output="xml:$out/gtest.xml" > "$out/log" 2>&1 &
pid=$!
set +m
wait_for_run "$ds"
kill -s TERM "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" -eq $((128 + 15)) ] || { cat "$out/log"; fail "suite: exit $rc, not killed by SIGTERM"; }
assert_no_scratch "$ds"
xmllint --noout "$out/gtest.xml" || fail "GoogleTest's XML is not well-formed"
assert_contains "$out/gtest.xml" 'tests="2" failures="2"' "gtest.xml: both checks failed"
assert_contains "$out/gtest.xml" "long_write: error: interrupted by SIGTERM after" "gtest.xml: why"
assert_contains "$out/gtest.xml" "short_write: not run: interrupted by SIGTERM" "gtest.xml: not run"
check_json "$out/json/halt/long_write.json" "$out/json/halt/short_write.json"

# 3. Under ctest: signal the suite process running one check.
for sig in TERM INT; do
  log="$E2E_DIR/ctest-$sig.log"
  set -m
  "$ctest" --test-dir "$build" -R '^halt\.long_write$' --output-on-failure > "$log" 2>&1 &
  ctest_pid=$!
  set +m
  suite_pid=""
  for _ in $(seq 1 300); do
    suite_pid=$(pgrep -P "$ctest_pid" -f 'gtest_filter=halt.long_write' || true)
    [ -n "$suite_pid" ] && break
    sleep 0.05
  done
  [ -n "$suite_pid" ] || { cat "$log"; fail "ctest SIG$sig: the suite process never started"; }
  wait_for_run "$ds"
  kill -s "$sig" "$suite_pid"
  set +e; wait "$ctest_pid"; rc=$?; set -e
  [ "$rc" -ne 0 ] || { cat "$log"; fail "ctest SIG$sig: ctest passed an interrupted check"; }
  assert_no_scratch "$ds"
  assert_contains "$log" "halt.long_write .*(Exception|Failed)" "ctest SIG$sig: the check fails"
  assert_contains "$log" "halt.reports .*Passed" "ctest SIG$sig: the merge step runs"
  check_json "$reports/halt/long_write.json" "$reports/halt/results.json"
  check_junit "$reports/halt/junit.xml" "SIG$sig" 0
done
echo "interrupt_reports: ok"
