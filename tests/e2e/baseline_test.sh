#!/usr/bin/env bash
# Baselines end to end: record a tiny check twice over, check against the baseline (a pass or,
# on a noisy machine, unstable — never an error), compare two recordings, and the two baseline
# errors a user meets first: a missing baseline skips, a changed workload fails.
# Usage: baseline_test.sh <iogate>
source "$IOGATE_E2E_LIB"
iogate=$1
ds=$(new_datastore)
trap cleanup_datastores EXIT
out=$E2E_DIR

cat > "$out/gate.toml" <<'TOML'
[suite]
name = "gate"
[[check]]
name = "seq_read_64k"
repeat = 3
[check.workload]
block_size = "64k"
read = "100%"
duration = "1s"
file_size = "16MiB"
direct = false
[check.expect]
mbps_min = "10% of baseline"
cv_max = "100%"
TOML

"$iogate" baseline record "$out/gate.toml" --datastore "$ds" --out "$out/b.json" --repeat 3 \
  > "$out/record.log" 2>&1 || { cat "$out/record.log" >&2; fail "baseline record failed"; }
assert_contains "$out/b.json" '"format": "iogate-baseline"' "baseline format"
assert_contains "$out/b.json" '"samples"' "baseline samples"
assert_no_scratch "$ds"

"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/b.json" > "$out/check.log" 2>&1 ||
  { cat "$out/check.log" >&2; fail "check against its own baseline failed (10% tolerance)"; }

# No baseline: skipped with the reason, exit 0.
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/none.json" > "$out/skip.log" 2>&1 ||
  fail "a missing baseline must skip, not fail"
assert_contains "$out/skip.log" "SKIP seq_read_64k: skipped: baseline .*none.json does not exist" "skip"

# A changed workload: fails without running, says to record again.
sed 's/block_size = "64k"/block_size = "32k"/' "$out/gate.toml" > "$out/changed.toml"
if "$iogate" check "$out/changed.toml" --datastore "$ds" --baseline "$out/b.json" > "$out/stale.log" 2>&1; then
  fail "a baseline with another workload must fail"
fi
assert_contains "$out/stale.log" "different workload \(block_size 65536 \(baseline\) vs 32768 \(now\)\)" "stale"

# A malformed baseline is bad input (exit 2).
echo '{"format": "iogate-baseline", "version": 1}' > "$out/bad.json"
set +e
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/bad.json" > "$out/bad.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "malformed baseline: exit $rc, expected 2"
assert_contains "$out/bad.log" "bad.json: iogate_version: missing; expected a string" "reader error"

# compare: a baseline against itself has no regression; against a far faster one, it has.
"$iogate" compare "$out/b.json" "$out/b.json" > "$out/compare.log" || fail "self-compare regressed"
assert_contains "$out/compare.log" "seq_read_64k +MB/s .* (ok|unstable)" "compare row"
/usr/bin/python3 - "$out/b.json" "$out/fast.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = d["checks"]["seq_read_64k"]["metrics"]
for k in ("iops", "mbps"):
    m[k]["samples"] = [v * 100 for v in m[k]["samples"]]
json.dump(d, open(sys.argv[2], "w"))
PY
if "$iogate" compare "$out/fast.json" "$out/b.json" > "$out/regress.log"; then
  fail "compare must exit non-zero on a regression"
fi
assert_contains "$out/regress.log" "REGRESSED" "regression row"

"$iogate" fingerprint --datastore "$ds" > "$out/fp.log"
assert_contains "$out/fp.log" "^filesystem " "fingerprint"
assert_no_scratch "$ds"
echo PASS
