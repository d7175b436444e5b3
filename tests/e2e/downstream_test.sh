# A user's own CMake project consumes the iogate package and adds a suite in one line: its checks
# (a threshold file's and one written by hand on CheckFixture) become ctest tests named
# <suite>.<check> with labels, a datastore lock and a timeout; a reachable check passes, an
# unreachable one fails ctest with the one-line verdict.
cmake=$1; ctest=$2; iogate_build=$3; project=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)
build="$E2E_DIR/downstream-build"
"$cmake" -S "$project" -B "$build" -G Ninja -Diogate_DIR="$iogate_build" \
  -DGATE_DATASTORE="$ds" > "$build.log" 2>&1 || { cat "$build.log"; fail "configure"; }
"$cmake" --build "$build" >> "$build.log" 2>&1 || { cat "$build.log"; fail "build"; }

"$ctest" --test-dir "$build" --show-only=json-v1 > "$build/tests.json"
/usr/bin/python3 - "$build/tests.json" "$ds" <<'PY'
import json, sys
tests = {t["name"]: {p["name"]: p["value"] for p in t.get("properties", [])}
         for t in json.load(open(sys.argv[1]))["tests"]}
assert set(tests) == {"gate.tiny_write", "gate.unreachable_iops", "gate.tiny_read_code",
                      "gate.reports_clear", "gate.reports", "gate.layouts_cleanup"}, sorted(tests)
cleanup = tests["gate.layouts_cleanup"]
assert cleanup["FIXTURES_CLEANUP"] == ["iogate-layouts:gate"], cleanup
assert cleanup["RESOURCE_LOCK"] == ["iogate-datastore:" + sys.argv[2]], cleanup
for name, props in tests.items():
    if name.startswith("gate.reports") or name == "gate.layouts_cleanup":
        continue
    assert "iogate-layouts:gate" in props["FIXTURES_REQUIRED"], props
    assert "downstream" in props["LABELS"] and "gate" in props["LABELS"], props
    assert props["RESOURCE_LOCK"] == ["iogate-datastore:" + sys.argv[2]], props
    assert props["TIMEOUT"] > 0, props
PY

set +e; "$ctest" --test-dir "$build" --output-on-failure > "$build/ctest.log" 2>&1; rc=$?; set -e
[ "$rc" -ne 0 ] || { cat "$build/ctest.log"; fail "ctest passed with an unreachable threshold"; }
assert_contains "$build/ctest.log" "gate.tiny_write .*Passed" "reachable check passes"
assert_contains "$build/ctest.log" "gate.unreachable_iops .*Failed" "unreachable check fails"
assert_contains "$build/ctest.log" "gate.tiny_read_code .*Passed" "the check written by hand passes"
assert_contains "$build/ctest.log" \
  "unreachable_iops: iops [0-9.]+ IOPS \((one run|median of [0-9]+ runs)\) < iops_min 1000000000000.00 IOPS: " \
  "one-line verdict in the log"
assert_contains "$build/ctest.log" "Total I/O/sec" "the table row is printed"
assert_no_scratch "$ds"
echo "downstream_suite: ok"
