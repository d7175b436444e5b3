# iogate check writes every report format; the JUnit file validates against the Surefire schema
# and reads back through a real consumer (python3-junitparser) with the right counts, names,
# failures, figures and each test case's bounds; the Prometheus textfile parses with the
# Prometheus text-format parser (python3-prometheus-client) into the same verdicts, figures and
# bounds; `iogate report` redraws the
# reports from the JSON results, to standard output too ("-").
iogate=$1; schema=$2; golden_dir=$3
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)
out="$E2E_DIR/out"; mkdir -p "$out"
cp "$E2E_GATE_TOML" "$out/gate.toml"

set +e
"$iogate" check "$out/gate.toml" --datastore "$ds" --junit "$out/junit.xml" \
  --json "$out/results.json" --gbench-json "$out/gbench.json" --markdown "$out/summary.md" \
  --html "$out/report.html" --prom "$out/iogate.prom" --iometer-csv "$out/iometer.csv" \
  > "$out/check.log" 2>&1
rc=$?; set -e
[ "$rc" -eq 1 ] || { cat "$out/check.log"; fail "check exited $rc, expected 1 (one check fails)"; }
for f in junit.xml results.json gbench.json summary.md report.html iogate.prom iometer.csv; do
  [ -s "$out/$f" ] || fail "iogate check wrote no $f"
done

xmllint --noout --schema "$schema" "$out/junit.xml" || fail "junit.xml is not schema-valid"
xmllint --noout --schema "$schema" "$golden_dir/junit.xml" || fail "golden junit.xml invalid"

/usr/bin/python3 - "$out/junit.xml" "$golden_dir/junit.xml" "$ds" <<'PY'
import sys
from junitparser import JUnitXml, Failure, Error, Skipped
run, golden, ds = sys.argv[1:4]

def cases(path):
    xml = JUnitXml.fromfile(path)
    suites = list(xml)
    return suites, [c for s in suites for c in s]

suites, tcs = cases(run)
assert len(suites) == 1 and suites[0].name == "gate", [s.name for s in suites]
s = suites[0]
assert (s.tests, s.failures, s.errors, s.skipped) == (2, 1, 0, 0), (s.tests, s.failures, s.errors)
props = {p.name: p.value for p in s.properties()}
assert props["datastore"] == ds, props
assert props["host"] and "stack.filesystem" in props and "iogate_version" in props, props
by_name = {c.name: c for c in tcs}
assert set(by_name) == {"tiny_write", "unreachable_iops"}, by_name
assert all(c.classname == "gate" and c.time > 0 for c in tcs)
assert by_name["tiny_write"].is_passed
bad = by_name["unreachable_iops"]
failure = [r for r in bad.result if isinstance(r, Failure)][0]
assert failure.message.startswith("unreachable_iops: iops ") and "< iops_min" in failure.message, failure.message
assert "persisted: first sample at " in failure.text, failure.text
assert "Total I/O/sec" in failure.text and "| unreachable_iops" in failure.text, failure.text
for c in tcs:
    figures = dict(line.split("=", 1) for line in c.system_out.strip().splitlines())
    assert float(figures["iops"]) > 0 and int(figures["bytes"]) > 0, figures
    assert props[c.name + ".iops"] == figures["iops"], (props, figures)
assert int(dict(l.split("=", 1) for l in by_name["tiny_write"].system_out.strip().splitlines())["bytes"]) == 16 << 20  # gate.toml: size = "16MiB"
bad_out = dict(l.split("=", 1) for l in bad.system_out.strip().splitlines())
assert bad_out["confirmation"] == "persisted" and bad_out["confirmation.pause_s"] == "1", bad_out
# Each test case carries its own bounds and verdicts (what dashboards show of a test case is its
# output), before its figures: Jenkins keeps the first 500 characters of a passing test's output.
for c, key, bound in ((by_name["tiny_write"], "mbps_min", "0.001"),
                      (bad, "iops_min", "1000000000000")):
    lines = c.system_out.strip().splitlines()
    assert lines[0].startswith("status="), lines
    head = c.system_out[:500]
    assert "\nbound.%s=%s\n" % (key, bound) in head, (key, head)
    assert "\nverdict.%s=" % key in head, (key, head)
    assert head.index("bound." + key) < head.index("\niops="), head
    assert props[c.name + ".bound." + key] == bound, props

# The golden file: every status and the escaped names survive a real parser.
suites, tcs = cases(golden)
s = suites[0]
assert (s.tests, s.failures, s.errors, s.skipped) == (5, 2, 1, 1), (s.tests, s.failures, s.errors, s.skipped)
kinds = {c.name: type(c.result[0]).__name__ if c.result else "pass" for c in tcs}
assert kinds == {"rand_read_8k": "pass", 'seq_<write>_&_"8k"\ufffd': "Failure",
                 "rand_mixed": "Failure", "vs_baseline": "Skipped", "no_space": "Error"}, kinds
fail = [c for c in tcs if c.name.startswith("seq_")][0]
assert 'iops_min: baseline 400.00, current 250.00, -37.5%' in fail.result[0].text
assert "fingerprint: driver hpvsa" in fail.result[0].text
print("junitparser: ok")
PY

/usr/bin/python3 - "$out/gbench.json" "$out/results.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1])); r = json.load(open(sys.argv[2]))
names = [b["name"] for b in g["benchmarks"]]
# The failing check ran until its failure was certain (8 runs all below), then, after its pause,
# a second sample confirmed it, held to 5% instead of 1% (5 runs all below). One entry per run of
# the sample judged, the second.
runs = {c["check"]: c["runs"] for c in r["checks"]}
confirmed = {c["check"]: c.get("confirmation") for c in r["checks"]}
assert confirmed["tiny_write"] is None, confirmed
k = confirmed["unreachable_iops"]
assert k["outcome"] == "persisted" and k["first_runs"] >= 8 and k["pause_s"] == 1, k
assert "broken" in k["first"][0] and "broken" in k["second"][0], k
assert runs["tiny_write"] == 1 and 5 <= runs["unreachable_iops"] < k["first_runs"], runs
# A repeated check also has Google Benchmark's aggregates after its runs.
aggregates = ["gate/unreachable_iops_" + a for a in ("mean", "median", "stddev", "cv")]
assert names == (["gate/tiny_write"] + ["gate/unreachable_iops"] * runs["unreachable_iops"] +
                 aggregates), names
for b in g["benchmarks"]:
    for k in ("real_time", "cpu_time", "time_unit", "bytes_per_second", "items_per_second",
              "iterations", "run_type", "repetitions"):
        assert k in b, (k, b)
    assert b["time_unit"] == "us", b
    if b["run_type"] == "iteration":  # one iteration per I/O: time per I/O is 1 / IOPS
        assert abs(b["real_time"] * b["items_per_second"] / 1e6 - 1) < 1e-9, b
assert r["format"] == "iogate-results" and r["version"] >= 1 and r["summary"]["fail"] == 1, r["summary"]
c = r["checks"][0]
for k in ("workload", "result", "status", "messages", "repeats", "baseline", "fingerprint_changes"):
    assert k in c, k
for k in ("lat_histogram_ns", "lat_percentiles_ms", "intervals", "iops", "mbps"):
    assert k in c["result"], k
assert "storage_stack" in r["context"]
print("json: ok")
PY
/usr/bin/python3 - "$out/iogate.prom" "$out/results.json" "$ds" <<'PY'
import json, sys
from prometheus_client.parser import text_string_to_metric_families
text = open(sys.argv[1]).read()
r = json.load(open(sys.argv[2])); ds = sys.argv[3]
assert text.endswith("\n"), "node_exporter needs a final newline"
families = {f.name: f for f in text_string_to_metric_families(text)}
assert all(f.type == "gauge" for f in families.values()), [(f.name, f.type) for f in families.values()]
status = {(s.labels["check"], s.labels["status"]): s.value for s in families["iogate_check_status"].samples}
assert status[("tiny_write", "pass")] == 1 and status[("unreachable_iops", "fail")] == 1, status
assert sum(status.values()) == 2, status
for s in families["iogate_check_status"].samples:
    assert s.labels["suite"] == "gate" and s.labels["datastore"] == ds and s.labels["host"], s.labels
    assert s.timestamp is None, "no timestamps in a textfile"
iops = {s.labels["check"]: s.value for s in families["iogate_check_iops"].samples}
by_check = {c["check"]: c for c in r["checks"]}
for check, value in iops.items():
    assert abs(value / by_check[check]["result"]["iops"] - 1) < 1e-9, (check, value)
rate = {s.labels["check"]: s.value for s in families["iogate_check_throughput_bytes_per_second"].samples}
assert abs(rate["tiny_write"] / (by_check["tiny_write"]["result"]["mbps"] * 1048576) - 1) < 1e-6, rate
lat = {s.labels["check"]: s.value for s in families["iogate_check_latency_p99_seconds"].samples}
assert 0 < lat["tiny_write"] < 10, lat
# Each check's bound, in the unit of the gauge it bounds: MB/s (MiB/s) as bytes per second.
bounds = {(s.labels["check"], s.labels["figure"], s.labels["sense"]): s.value
          for s in families["iogate_check_bound"].samples}
assert bounds == {("tiny_write", "throughput_bytes_per_second", "min"): 0.001 * 1048576,
                  ("unreachable_iops", "iops", "min"): 1e12}, bounds
counts = {s.labels["status"]: s.value for s in families["iogate_checks"].samples}
assert counts == {"pass": 1, "fail": 1, "unstable": 0, "skipped": 0, "error": 0}, counts
print("prometheus: ok,", len(families), "families")
PY
assert_contains "$out/summary.md" '^\| unreachable_iops \| .* \| FAIL \|$' "Markdown row"
# IOMeter's result CSV, read as its scripts read it: by the header's names, one ALL row per check,
# the run's I/O counts in its columns.
/usr/bin/python3 - "$out/iometer.csv" "$out/results.json" <<'PY'
import csv, json, sys
rows, header = [], None
for line in csv.reader(open(sys.argv[1], newline="")):
    if line and line[0] == "'Target Type":
        header = line
    elif line and line[0] == "ALL":
        assert header and len(line) == len(header) == 80, (len(line), header)
        rows.append(dict(zip(header, line)))
checks = {c["check"]: c["result"] for c in json.load(open(sys.argv[2]))["checks"]}
assert sorted(r["Access Specification Name"] for r in rows) == sorted(checks), rows
for r in rows:
    res = checks[r["Access Specification Name"]]
    assert int(r["Read I/Os"]) + int(r["Write I/Os"]) == res["ios"], (r, res)
    assert abs(float(r["IOps"]) - res["iops"]) <= 1e-6 * max(1, res["iops"]), (r["IOps"], res["iops"])
print("iometer csv: ok,", len(rows), "tests")
PY

# iogate report reads the results back and writes the same counts again.
"$iogate" report "$out/results.json" --junit "$out/again.xml" --html "$out/again.html" \
  > "$out/report.log" || { cat "$out/report.log"; fail "iogate report failed"; }
assert_contains "$out/report.log" "unreachable_iops .*FAIL" "report prints the table"
xmllint --noout --schema "$schema" "$out/again.xml" || fail "again.xml invalid"
[ "$(grep -c '<testcase' "$out/again.xml")" -eq 2 ] || fail "report lost test cases"
# "-" is standard output, for every report flag: the document alone on stdout (the table goes to
# stderr), no file named "-"; two formats on stdout would interleave and are refused.
( cd "$out" && "$iogate" report results.json --prom - --junit again-2.xml > stdout.prom 2> table.txt ) ||
  fail "iogate report --prom - failed"
/usr/bin/python3 -c 'import sys; from prometheus_client.parser import text_string_to_metric_families as p; assert any(f.name == "iogate_check_status" for f in p(open(sys.argv[1]).read()))' \
  "$out/stdout.prom" || { cat "$out/stdout.prom"; fail "--prom - wrote no Prometheus text to stdout"; }
assert_contains "$out/table.txt" "unreachable_iops .*FAIL" "the table goes to stderr when a report takes stdout"
[ ! -e "$out/-" ] && [ -s "$out/again-2.xml" ] || fail "--prom - made a file named '-' or lost the other report"
set +e; "$iogate" report "$out/results.json" --json - --markdown - > "$out/two.txt" 2>&1; rc=$?; set -e
[ "$rc" -eq 2 ] || { cat "$out/two.txt"; fail "two reports on stdout exited $rc, expected 2"; }
assert_contains "$out/two.txt" "only one report can go to standard output" "two reports on stdout refused"
set +e; "$iogate" report "$out/gate.toml" > /dev/null 2> "$out/bad.log"; rc=$?; set -e
[ "$rc" -eq 2 ] || fail "report of a non-JSON file exited $rc, expected 2"
assert_contains "$out/bad.log" "gate.toml: not JSON" "bad input named"
assert_no_scratch "$ds"
echo "reports_junit: ok"
