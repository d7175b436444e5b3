# A check written both ways gives the same record: the example suite's rand_read_4k_file (a
# [[check]] of thresholds/handwritten-example.toml, run by its TEST_F's run()) and
# rand_read_4k_code (the same check built in C++ with CheckBuilder). Both are run by the suite
# executable on a fresh datastore; their per-check JSON must agree on everything but what names
# and measures them (name, description, figures, which run is the median, evidence text, times),
# and their JUnit properties must carry the same figures. (A mistake in a hand-built check:
# tests/unit/fixtures.)
suite=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT

ds=$(new_datastore)
out="$E2E_DIR/out"
mkdir -p "$out"
"$suite" --datastore "$ds" --report-dir "$out/reports" \
  --gtest_filter='Datastore.rand_read_4k_*' --gtest_output="xml:$out/gtest.xml" \
  > "$out/suite.log" 2>&1 || { cat "$out/suite.log" >&2; fail "the example suite failed"; }
assert_no_scratch "$ds"

/usr/bin/python3 - "$out/reports/handwritten_example" "$out/gtest.xml" <<'PY'
import json, sys, xml.etree.ElementTree as ET
folder, gtest = sys.argv[1:3]
def record(name):
    with open(f"{folder}/{name}.json") as f:
        return json.load(f)
a, b = record("rand_read_4k_file"), record("rand_read_4k_code")
def comparable(c):
    c = dict(c)
    for key in ("check", "description", "result", "repeats", "wall_s", "layout_s", "cleanup_s",
                "started_at", "start_time", "end_time"):
        c.pop(key)
    c.pop("shown_run", None)  # which of the runs is the median one: a measurement too
    c["expectations"] = [(e["key"], e["decision"]) for e in c["expectations"]]
    return c
problems = []
for key in sorted(set(comparable(a)) | set(comparable(b))):
    if comparable(a).get(key) != comparable(b).get(key):
        problems.append(f"{key}: file {comparable(a).get(key)!r} vs code {comparable(b).get(key)!r}")
if a["status"] != "pass":
    problems.append(f"rand_read_4k_file did not pass: {a['messages']}")
if sorted(a["result"]) != sorted(b["result"]):
    problems.append("the two results carry different figures")
props = {}
for case in ET.parse(gtest).getroot().iter("testcase"):
    props[case.get("name")] = sorted(p.get("name") for p in case.iter("property"))
if props.get("rand_read_4k_file") != props.get("rand_read_4k_code") or "iops" not in props.get("rand_read_4k_file", []):
    problems.append(f"JUnit properties differ: {props}")
for p in problems:
    print("FAIL:", p, file=sys.stderr)
print(f"records agree: status {a['status']}, {a['runs']} runs of {a['runs_allowed']}, "
      f"workload {len(a['workload'])} fields, expectations {a['expectations'] and [e['key'] for e in a['expectations']]}")
sys.exit(1 if problems else 0)
PY
echo "handwritten_records: ok"
