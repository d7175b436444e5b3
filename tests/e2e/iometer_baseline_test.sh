#!/usr/bin/env bash
# iogate baseline import iometer end to end: files in IOMeter 1.1.0's writer's shapes import (one
# manager; two, by --manager), a block-size mix as block_mix; seed 001's three IOMeter result CSVs
# become baselines
# holding the field report's figures; checks with "N% of baseline" bounds run against the LSI
# Logic one on a tmp datastore, and their lines name IOMeter and what its one figure means; a run
# throttled like the BusLogic VM fails against it, a check of another shape is refused as a
# different workload; a malformed CSV or an existing output is bad input (exit 2), nothing written.
# Usage: iometer_baseline_test.sh <iogate> <tests/data/iometer/results>
source "$IOGATE_E2E_LIB"
iogate=$1
csvs=$2
ds=$(new_datastore)
trap cleanup_datastores EXIT
out=$E2E_DIR

for seed in wd_green_buslogic wd_black_buslogic wd_black_lsi_logic; do
  "$iogate" baseline import iometer "$csvs/$seed.csv" --out "$out/$seed.json" > "$out/import.log" 2>&1 ||
    { cat "$out/import.log" >&2; fail "$seed: import failed"; }
done
# The figures are the field report's (IOMeter's MB/s are MiB/s), one sample each, under the names
# thresholds/vmware-community.toml gives its checks.
/usr/bin/python3 - "$out" <<'PY' || fail "imported figures differ from seed 001's tables"
import json, sys
seeds = {
  "wd_green_buslogic": ("IOMeter 2006.07.27", [(1392.61, 43.52, 43.99, 808.31), (113.25, 0.88, 528.28, 1594.38),
                         (94.96, 2.97, 628.82, 2266.18), (75.55, 0.59, 788.23, 5399.25)]),
  "wd_black_buslogic": ("IOMeter 2006.07.27", [(743.40, 23.23, 81.7536, 495.4186), (148.70, 1.16, 401.6210, 2453.4196),
                         (125.92, 3.94, 475.4601, 1919.5262), (139.83, 1.09, 426.9836, 2789.4462)]),
  "wd_black_lsi_logic": ("IOMeter 1.1.0", [(12392.23, 387.26, 4.598, 291.9839), (358.07, 2.8, 162.0115, 1115.5989),
                          (243.33, 7.60, 240.3390, 2361.3908), (390.20, 3.05, 147.6751, 927.4924)]),
}
names = ["Max_Throughput_100_Read", "RealLife_60_Rand_65_Read", "Max_Throughput_50_Read", "Random_8k_70_Read"]
shapes = [(32768, 100, 0), (8192, 65, 60), (32768, 50, 0), (8192, 70, 100)]
for seed, (tool, rows) in seeds.items():
    doc = json.load(open(f"{sys.argv[1]}/{seed}.json"))
    assert doc["version"] == 1 and doc["imported"]["tool"] == tool, (seed, doc.get("imported"))
    assert sorted(doc["checks"]) == sorted(names), (seed, sorted(doc["checks"]))
    for name, row, shape in zip(names, rows, shapes):
        m = doc["checks"][name]["metrics"]
        got = tuple(m[k]["samples"] for k in ("iops", "mbps", "latency_avg_ms", "latency_max_ms"))
        assert got == tuple([v] for v in row), (seed, name, got, row)
        w = doc["checks"][name]["workload"]
        assert (w["block_size"], w["read_pct"], w["random_pct"]) == shape, (seed, name, w)
        assert w["queue_depth"] == 64 and w["workers"] == 1 and w["block_mix"] is None, w
PY

# IOMeter 1.1.0's own shapes (tests/data/iometer/results/README.md): one manager with four workers
# and a mix; two managers, whose ALL row sums hosts, each manager by --manager.
"$iogate" baseline import iometer "$csvs/iometer-1.1.0-one-manager.csv" --out "$out/one.json" \
  > "$out/import.log" 2>&1 || { cat "$out/import.log" >&2; fail "one manager: import failed"; }
assert_contains "$out/import.log" "3 checks from .*iometer-1.1.0-one-manager.csv \(IOMeter 1.1.0\)" "one manager"
for host in ESX-GUEST-A ESX-GUEST-B; do
  "$iogate" baseline import iometer "$csvs/iometer-1.1.0-two-managers.csv" --manager $host \
    --out "$out/$host.json" > "$out/import.log" 2>&1 || { cat "$out/import.log" >&2; fail "$host: import failed"; }
done
set +e
"$iogate" baseline import iometer "$csvs/iometer-1.1.0-two-managers.csv" --out "$out/sum.json" > "$out/sum.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "two managers without --manager: exit $rc, expected 2"
assert_contains "$out/sum.log" "two-managers.csv:15:1: # Managers: 2 managers: .*--manager" "two managers"
/usr/bin/python3 - "$out" <<'PY' || fail "the writer's files imported other figures or shapes"
import json, sys
one = json.load(open(f"{sys.argv[1]}/one.json"))["checks"]
assert sorted(one) == ["4K_100_Read_100_Random", "64K_Seq_Write", "OLTP_Mix_8K_64K"], sorted(one)
mix = one["OLTP_Mix_8K_64K"]["workload"]
assert mix["block_mix"] == [{"block_size": 8192, "pct": 60.0}, {"block_size": 16384, "pct": 25.0},
                            {"block_size": 65536, "pct": 15.0}], mix
assert (mix["block_size"], mix["read_pct"], mix["random_pct"], mix["queue_depth"], mix["workers"]) == (8192, 70, 100, 16, 4), mix
a = json.load(open(f"{sys.argv[1]}/ESX-GUEST-A.json"))["checks"]
b = json.load(open(f"{sys.argv[1]}/ESX-GUEST-B.json"))["checks"]
# In the third test the hosts ran different specifications: each manager's own is its check.
assert sorted(a) == ["Max_Throughput_100_Read", "Random_8k_70_Read", "RealLife_60_Rand_65_Read"], sorted(a)
assert sorted(b) == ["Max_Throughput_100_Read", "Max_Throughput_50_Read", "RealLife_60_Rand_65_Read"], sorted(b)
assert a["Max_Throughput_100_Read"]["metrics"]["iops"]["samples"] == [12240.8]
assert a["Max_Throughput_100_Read"]["workload"]["queue_depth"] == 64
# Host B's worker has two disks: its queue depth per worker is not stated, so not kept.
assert "queue_depth" not in b["Max_Throughput_100_Read"]["workload"], b
PY

# Two of the community tests, shrunk to fractions of a second: their shape is IOMeter's, their
# length and file are not in the CSV and not compared.
cat > "$out/gate.toml" <<'TOML'
[suite]
name = "vmware_vs_iometer"
[defaults]
queue_depth = 64
file_size = "8MiB"
duration = "200ms"
ramp = "0s"
direct = false
flush = "none"
[[check]]
name = "Max_Throughput_100_Read"
[check.workload]
block_size = "32k"
read = "100%"
random = "0%"
[check.expect]
mbps_min = "80% of baseline"
[[check]]
name = "Random_8k_70_Read"
[check.workload]
block_size = "8k"
read = "70%"
random = "100%"
[check.expect]
iops_min = "80% of baseline"
TOML
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/wd_black_lsi_logic.json" \
  > "$out/check.log" 2>&1 || { cat "$out/check.log" >&2; fail "check against the LSI Logic figures"; }
cat "$out/check.log"
for name in Max_Throughput_100_Read Random_8k_70_Read; do
  assert_contains "$out/check.log" "^\| $name .*PASS" "$name verdict"
done
[ "$(grep -c "changed since the baseline: tool IOMeter 1.1.0 (.*wd_black_lsi_logic.csv) → iogate: the baseline is one figure per check with no run-to-run spread, compared as exact, so the 1% false-fail rate covers this run's noise only" "$out/check.log")" = 2 ] ||
  fail "each check's lines name IOMeter's one figure and what it means"
assert_no_scratch "$ds"

# Throttled to 500 IOPS, as slow as the BusLogic VM's 743: 8 runs all below 80% of LSI Logic's
# 12392.23 IOPS fail it (judged as exact: evidence.hpp). rate_iops is not in the CSV, so the
# workload still matches.
cat > "$out/slow.toml" <<'TOML'
[suite]
name = "buslogic_like"
[[check]]
name = "Max_Throughput_100_Read"
repeat = 8
repeat_max = 8
confirm = false
[check.workload]
block_size = "32k"
read = "100%"
random = "0%"
queue_depth = 64
file_size = "8MiB"
duration = "100ms"
direct = false
flush = "none"
rate_iops = 500
[check.expect]
iops_min = "80% of baseline"
TOML
set +e
"$iogate" check "$out/slow.toml" --datastore "$ds" --baseline "$out/wd_black_lsi_logic.json" > "$out/slow.log" 2>&1
rc=$?
set -e
cat "$out/slow.log"
[ "$rc" = 1 ] || fail "a run at 500 IOPS against IOMeter's 12392.23: exit $rc, expected 1 (FAIL)"
assert_contains "$out/slow.log" "^\| Max_Throughput_100_Read .*FAIL" "throttled verdict"
assert_contains "$out/slow.log" "tool IOMeter 1.1.0" "throttled provenance"

# Another shape than IOMeter's test: refused as a different workload, never compared.
sed 's/^block_size = "32k"/block_size = "64k"/' "$out/gate.toml" > "$out/shape.toml"
if "$iogate" check "$out/shape.toml" --datastore "$ds" --baseline "$out/wd_black_lsi_logic.json" \
  > "$out/shape.log" 2>&1; then fail "a 64k check passed against IOMeter's 32k test"; fi
assert_contains "$out/shape.log" "different workload \(block_size 32768 \(baseline\) vs 65536 \(now\)\)" "shape"

# Bad input: exit 2 with file:line, nothing written; an existing baseline is kept.
# Cut short; two runs appended to one file (every check twice); I/O errors in a test; a
# specification of two lines iogate's mix cannot state (different read shares).
head -n -1 "$csvs/wd_black_lsi_logic.csv" > "$out/cut.csv"  # without its 'End Test
cat "$csvs/wd_black_lsi_logic.csv" "$csvs/wd_black_lsi_logic.csv" > "$out/twice.csv"
/usr/bin/python3 - "$csvs/wd_black_lsi_logic.csv" "$out" <<'PY'
import sys
text = open(sys.argv[1], newline="").read()
header = text.splitlines()[13].split(",")
row = text.splitlines()[14].split(",")
row[header.index("Errors")] = "3"
open(f"{sys.argv[2]}/errors.csv", "w", newline="").write(text.replace(text.splitlines()[14], ",".join(row), 1))
open(f"{sys.argv[2]}/mix.csv", "w", newline="").write(
    text.replace("32768,100,100,0,0,1,0,0\r\n", "32768,50,100,0,0,1,0,0\r\n65536,50,0,0,0,1,0,0\r\n", 1))
PY
declare -A why=([cut]="cut short or the run aborted" [twice]="a second test named Max_Throughput_100_Read"
  [errors]="errors.csv:15:1: Errors: IOMeter counted 3 I/O errors" [mix]="mix.csv:12:1: % reads: this line reads 0%")
for bad in cut twice errors mix exists; do
  set +e
  if [ $bad != exists ]; then
    "$iogate" baseline import iometer "$out/$bad.csv" --out "$out/$bad.json" > "$out/bad.log" 2>&1
  else
    "$iogate" baseline import iometer "$csvs/wd_green_buslogic.csv" --out "$out/wd_black_lsi_logic.json" > "$out/bad.log" 2>&1
  fi
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$out/bad.log" >&2; fail "$bad: exit $rc, expected 2"; }
  assert_contains "$out/bad.log" "baseline not written" "$bad"
  [ $bad = exists ] || assert_contains "$out/bad.log" "${why[$bad]}" "$bad"
  [ $bad = exists ] || [ ! -e "$out/$bad.json" ] || fail "$bad: a baseline was written"
done
assert_contains "$out/bad.log" "exists" "an existing output"
assert_contains "$out/wd_black_lsi_logic.json" '"tool": "IOMeter 1.1.0"' "existing baseline kept"
echo "iometer baseline: 3 seeds imported, LSI Logic judged, refusals hold"
