#!/usr/bin/env bash
# Google Benchmark's own compare.py (Debian: libbenchmark-tools, with python3-scipy) reads two
# iogate runs' gbench.json and shows a datastore that became 25% slower as a time increase of
# about a third for every check: a timed random read (its run time is the fixed window, so only
# the time per I/O can show it) and a sized sequential write. The datastore is a loop device held
# by the blkio throttle to 1000 read IOPS and 32 MiB/s of writes, then to 750 and 24 MiB/s.
#
# Usage: gbench_compare_test.sh IOGATE
iogate=$1
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
compare=/usr/share/benchmark/compare.py
[ -f "$compare" ] || rig_skip "$compare missing (Debian package libbenchmark-tools)"
/usr/bin/python3 -c 'import scipy' 2> /dev/null || rig_skip "compare.py needs python3-scipy"
rig_enter "$@"
rig_need_throttle

rig_make_datastore ext4 256M
cp "$IOGATE_RIG_DATA/read_and_write.toml" "$RIG_DIR/gate.toml"

# run NAME READ_IOPS WRITE_BPS: the suite three times per check on the throttled datastore.
run() {
  rig_throttle read_iops "$2" > /dev/null 2>&1
  rig_throttle write_bps "$3" > /dev/null 2>&1
  rig_run "$iogate" check "$RIG_DIR/gate.toml" --datastore "$RIG_DATASTORE" --repeat 3 \
    --repeat-max 3 --gbench-json "$RIG_DIR/$1.json" > "$RIG_DIR/$1.log" 2>&1 ||
    { cat "$RIG_DIR/$1.log" >&2; rig_fail "$1: iogate check failed"; }
  rig_assert_clean "$RIG_DATASTORE"
}
run healthy 1000 $((32 << 20))
run slower 750 $((24 << 20))

/usr/bin/python3 "$compare" --no-color -d "$RIG_DIR/diff.json" benchmarks \
  "$RIG_DIR/healthy.json" "$RIG_DIR/slower.json" || rig_fail "compare.py failed"

# Each check's median: compare.py's relative time change, expected +1/3 (1000/750 - 1).
/usr/bin/python3 - "$RIG_DIR/diff.json" <<'PY' || rig_fail "compare.py did not show the slowdown"
import json, sys
rows = {r["name"]: r for r in json.load(open(sys.argv[1]))}
for check in ("gate/rand_read_4k", "gate/seq_write_1m"):
    row = rows.get(check + "_median")
    assert row, f"{check}_median missing from compare.py's output: {sorted(rows)}"
    change = row["measurements"][0]["time"]
    print(f"{check}: median time per I/O {change:+.4f}")
    assert 0.25 <= change <= 0.42, f"{check}: time change {change:+.4f}, expected about +0.333"
PY
echo "gbench_compare: ok"
