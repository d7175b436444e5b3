#!/usr/bin/env bash
# iogate baseline import diskspd end to end: a DiskSpd -Rxml result (an OLTP run, 8 KiB random,
# 70% reads, 4 threads x 8) becomes a baseline of its figures and of the shape its <Profile>
# states; a check of that shape on a tmp datastore is judged against it and names DiskSpd on its
# lines; a run capped far below it fails; a check of another shape is refused as a different
# workload; a profile without results, a missing file and an existing output are bad input (exit
# 2), nothing written.
# Usage: diskspd_baseline_test.sh <iogate> <tests/data/diskspd>
source "$IOGATE_E2E_LIB"
iogate=$1
data=$2
ds=$(new_datastore)
trap cleanup_datastores EXIT
out=$E2E_DIR
run="$data/results/oltp-8k-70r-run.xml"

"$iogate" baseline import diskspd "$run" --out "$out/sql01.json" > "$out/import.log" 2>&1 ||
  { cat "$out/import.log" >&2; fail "import failed"; }
assert_contains "$out/import.log" "wrote .*sql01.json: 1 check from .*oltp-8k-70r-run.xml \(DiskSpd 2.1\)" "import line"
# 384000 I/Os of 8 KiB in 60 s over four threads; latency from the run's <Latency>; the shape is
# the profile's, block_mix null (one size), length and file not stated.
/usr/bin/python3 - "$out/sql01.json" <<'PY' || fail "imported figures or shape differ from the run's"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["imported"]["tool"] == "DiskSpd 2.1" and doc["host"] == "SQL01", doc
c = doc["checks"]["timespan_1"]
got = {k: v["samples"] for k, v in c["metrics"].items()}
want = {"iops": [6400.0], "mbps": [50.0], "latency_avg_ms": [0.318], "latency_max_ms": [9.5],
        "latency_p50_ms": [0.27], "latency_p99_ms": [1.25]}
assert got == want, got
assert c["workload"] == {"block_size": 8192, "block_mix": None, "read_pct": 70.0,
                         "random_pct": 100.0, "queue_depth": 8, "workers": 4, "direct": True,
                         "write_through": True}, c["workload"]
PY

# The run's shape, shrunk to a fraction of a second: length and file are not compared.
cat > "$out/gate.toml" <<'TOML'
[suite]
name = "sql01_vs_diskspd"
[defaults]
file_size = "8MiB"
duration = "200ms"
ramp = "0s"
[[check]]
name = "timespan_1"
[check.workload]
block_size = "8k"
read = "70%"
random = "100%"
queue_depth = 8
workers = 4
direct = true
write_through = true
[check.expect]
iops_min = "80% of baseline"
TOML
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/sql01.json" \
  > "$out/check.log" 2>&1 || { cat "$out/check.log" >&2; fail "check against DiskSpd's figures"; }
cat "$out/check.log"
assert_contains "$out/check.log" "^\| timespan_1 .*PASS" "verdict"
assert_contains "$out/check.log" "changed since the baseline: tool DiskSpd 2.1 \(.*oltp-8k-70r-run.xml\) → iogate: the baseline is one figure per check" "provenance"
assert_no_scratch "$ds"

# Capped at 300 IOPS against DiskSpd's 6400: 8 runs all below 80% fail it (6 would be undecided:
# the one figure is judged as exact, by order statistics).
sed -e 's/^name = "timespan_1"/&\nrepeat = 8\nrepeat_max = 8\nconfirm = false/' \
  -e 's/^write_through = true/&\nrate_iops = 300/' "$out/gate.toml" > "$out/slow.toml"
set +e
"$iogate" check "$out/slow.toml" --datastore "$ds" --baseline "$out/sql01.json" > "$out/slow.log" 2>&1
rc=$?
set -e
cat "$out/slow.log"
[ "$rc" = 1 ] || fail "a run at 300 IOPS against DiskSpd's 6400: exit $rc, expected 1 (FAIL)"
assert_contains "$out/slow.log" "^\| timespan_1 .*FAIL" "capped verdict"

# Another shape than the profile's: refused, never compared.
sed 's/^read = "70%"/read = "100%"/' "$out/gate.toml" > "$out/shape.toml"
if "$iogate" check "$out/shape.toml" --datastore "$ds" --baseline "$out/sql01.json" \
  > "$out/shape.log" 2>&1; then fail "a 100% read check passed against a 70% read run"; fi
assert_contains "$out/shape.log" "different workload \(read_pct 70.0 \(baseline\) vs 100.0 \(now\)\)" "shape"

# Bad input: a profile (what to run, no figures), a result without its <Profile>, a missing file,
# an existing output (kept as it was).
declare -A why=([profile]="oltp-8k-70r.xml:2:1: the root element is <Profile>, expected DiskSpd's <Results>"
  [bare]="two-threads-latency.xml:1:1: <Results>: the results' <Profile>, which says what ran"
  [missing]="no-such.xml: cannot open" [exists]="sql01.json: exists; give --force to replace it")
declare -A input=([profile]="$data/oltp-8k-70r.xml" [bare]="$data/results/two-threads-latency.xml"
  [missing]="$out/no-such.xml" [exists]="$data/results-rxml.xml")
for bad in profile bare missing exists; do
  target="$out/$bad.json"
  [ $bad != exists ] || target="$out/sql01.json"
  set +e
  "$iogate" baseline import diskspd "${input[$bad]}" --out "$target" > "$out/bad.log" 2>&1
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$out/bad.log" >&2; fail "$bad: exit $rc, expected 2"; }
  assert_contains "$out/bad.log" "baseline not written" "$bad"
  assert_contains "$out/bad.log" "${why[$bad]}" "$bad"
  [ $bad = exists ] || [ ! -e "$target" ] || fail "$bad: a baseline was written"
done
assert_contains "$out/sql01.json" '"iops"' "existing baseline kept"
grep -q '"block_size": 8192' "$out/sql01.json" || fail "existing baseline replaced"
echo "diskspd baseline: imported, judged, capped run failed, refusals hold"
