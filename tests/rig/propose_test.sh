#!/usr/bin/env bash
# The proof of `iogate propose`: on a healthy datastore (a loop device held by the blkio throttle
# to 1000 read IOPS and 32 MiB/s of writes, so it measures the same every time), a baseline is
# recorded, a threshold file proposed from it, and `iogate check` of that file must pass HEALTHY
# times in a row on the same datastore; with the device capped to a fifth (200 IOPS, 6.4 MiB/s)
# every check of it must fail, CAPPED times in a row. Two checks, one per shape a cap shows in
# differently: a timed random read (bounded by iops_min, mbps_min) and a sized sequential write
# (bounded by duration_max).
#
# Usage: propose_test.sh IOGATE   (HEALTHY, default 5; CAPPED, default 2)
# CI runs 3 healthy trials (about 5 s each) and 1 capped one (about 60 s: every check fails only
# after 8 runs below its bound and a confirming sample of 6), set in tests/rig/CMakeLists.txt;
# docs/measurements.md's figures are HEALTHY=10 CAPPED=3.
iogate=$1
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
healthy=${HEALTHY:-5}
capped=${CAPPED:-2}
iops=1000
wbps=$((32 << 20))

rig_make_datastore ext4 256M
ds=$RIG_DATASTORE
cp "$IOGATE_RIG_DATA/read_and_write.toml" "$RIG_DIR/gate.toml"

throttle() {  # read IOPS, write bytes/s
  rig_throttle read_iops "$1" > /dev/null 2>&1
  rig_throttle write_bps "$2" > /dev/null 2>&1
}
throttle "$iops" "$wbps"
rig_run "$iogate" baseline record "$RIG_DIR/gate.toml" --datastore "$ds" --out "$RIG_DIR/b.json" \
  --repeat 5 --repeat-max 10 > "$RIG_DIR/record.log" 2>&1 ||
  { cat "$RIG_DIR/record.log" >&2; rig_fail "baseline record failed"; }
"$iogate" propose "$RIG_DIR/b.json" -o "$RIG_DIR/proposed.toml" ||
  rig_fail "propose failed"
"$iogate" lint "$RIG_DIR/proposed.toml" || rig_fail "the proposal does not lint"
grep -E '^(iops_min|mbps_min|duration_max) = ' "$RIG_DIR/proposed.toml" >&2
# The cap below lasts: the confirming sample still runs, after 1 s instead of the default 30 s, so
# that the capped trials stay short.
sed -i 's/^\[suite\]$/&\nconfirm_pause = "1s"/' "$RIG_DIR/proposed.toml"
grep -q '^confirm_pause = "1s"' "$RIG_DIR/proposed.toml" || rig_fail "the proposal has no [suite]"

# statuses DIR: "check=status figure" for each check result in DIR.
statuses() {
  /usr/bin/python3 - "$1" <<'PY'
import json, os, sys
for f in sorted(os.listdir(sys.argv[1])):
    d = json.load(open(os.path.join(sys.argv[1], f)))
    if d.get("format") != "iogate-check":
        continue
    r = d["result"]
    print(f'{d["check"]}={d["status"]} (iops {r["iops"]:.0f}, {r["mbps"]:.2f} MB/s, '
          f'{r["duration_s"]:.2f} s, {d["runs"]} runs)')
PY
}

passed=0
for t in $(seq 1 "$healthy"); do
  rc=0
  rig_run "$iogate" check "$RIG_DIR/proposed.toml" --datastore "$ds" --json-dir "$RIG_DIR/h$t" \
    > "$RIG_DIR/h$t.log" 2>&1 || rc=$?
  line=$(statuses "$RIG_DIR/h$t" | tr '\n' ' ')
  rig_log "healthy trial $t: exit $rc: $line"
  if [ "$rc" = 0 ] && [ "$(statuses "$RIG_DIR/h$t" | grep -c '=pass ')" = 2 ]; then
    passed=$((passed + 1))
  else
    cat "$RIG_DIR/h$t.log" >&2
  fi
done

throttle $((iops / 5)) $((wbps / 5))
failed=0
for t in $(seq 1 "$capped"); do
  rc=0
  rig_run "$iogate" check "$RIG_DIR/proposed.toml" --datastore "$ds" --json-dir "$RIG_DIR/c$t" \
    > "$RIG_DIR/c$t.log" 2>&1 || rc=$?
  line=$(statuses "$RIG_DIR/c$t" | tr '\n' ' ')
  rig_log "capped trial $t: exit $rc: $line"
  if [ "$rc" = 1 ] && [ "$(statuses "$RIG_DIR/c$t" | grep -c '=fail ')" = 2 ]; then
    failed=$((failed + 1))
  else
    cat "$RIG_DIR/c$t.log" >&2
  fi
done
grep -E ' (FAIL|PASS) |: (iops|mbps|duration) ' "$RIG_DIR/c$capped.log" | head -n 6 || true
echo "healthy (read $iops IOPS, write $((wbps >> 20)) MiB/s): the proposal passed $passed of $healthy trials"
echo "capped to a fifth: every check failed in $failed of $capped trials"
[ "$passed" = "$healthy" ] && [ "$failed" = "$capped" ] || rig_fail "the proposal did not gate as it should"
rig_assert_clean "$ds"
echo PASS
