#!/usr/bin/env bash
# iogate propose end to end: a threshold file proposed from a baseline and from results lints,
# bounds each check by its shape (timed: iops_min and mbps_min; sized: duration_max; paced:
# latency_p99_max and iops_min) a margin from the recorded medians, says in comments what was
# measured where, and runs exactly the recorded workloads (compared in the results iogate check
# writes). -o is written whole, never over a file without --force; bad input exits 2 and writes
# nothing.
# Usage: propose_test.sh <iogate>
source "$IOGATE_E2E_LIB"
iogate=$1
ds=$(new_datastore)
trap cleanup_datastores EXIT
out=$E2E_DIR
py=/usr/bin/python3

cat > "$out/gate.toml" <<'TOML'
[suite]
name = "gate"
[[check]]
name = "rand_read_4k"
description = "random 4k reads, \"quoted\""
[check.workload]
block_size = "4k"
read = "100%"
random = "100%"
queue_depth = 4
file_size = "8MiB"
duration = "1s"
direct = false
[check.expect]
iops_min = 1
[[check]]
name = "seq_write_1m"
[check.workload]
block_size = "1MiB"
size = "16MiB"
layout = "grown"
direct = false
[check.expect]
duration_max = "1m"
[[check]]
name = "paced_read"
[check.workload]
block_size = "4k"
read = "100%"
random = "37.5%"
file_size = "4MiB"
duration = "1500ms"
rate_iops = 200
direct = false
[check.expect]
latency_max = "10s"
TOML

"$iogate" baseline record "$out/gate.toml" --datastore "$ds" --out "$out/b.json" --repeat 3 \
  --repeat-max 3 > "$out/record.log" 2>&1 || { cat "$out/record.log" >&2; fail "baseline record failed"; }

# What propose makes of figures is checked on figures that agree: a page-cached 8 MiB check on a
# shared machine has spread threefold over three runs (2.8e5-8.1e5 IOPS), and then propose rightly
# leaves it out (the wide-spread case is section 1b below and the ProposeBound unit tests). Each
# metric keeps its recorded median, with its runs set 1% either side of it.
$py - "$out/b.json" "$out/b-wide.json" <<'PY'
import json, statistics, sys
doc = json.load(open(sys.argv[1]))
for c in doc["checks"].values():
    for m in c["metrics"].values():
        med = statistics.median(m["samples"])
        m["samples"] = [med * 0.99, med, med * 1.01]
        m["median"] = med
        m["cv"] = statistics.stdev(m["samples"]) / statistics.mean(m["samples"]) if med else None
json.dump(doc, open(sys.argv[1], "w"))
# Each run's IOPS and MB/s together: a baseline's figures must agree with each other.
for key in ("iops", "mbps"):
    m = doc["checks"]["rand_read_4k"]["metrics"][key]
    m["samples"] = [m["median"] * f for f in (0.2, 1.0, 3.0)]
json.dump(doc, open(sys.argv[2], "w"))
PY

# 1. From the baseline, to stdout.
"$iogate" propose "$out/b.json" > "$out/p.toml" 2> "$out/propose.err" ||
  { cat "$out/propose.err" >&2; fail "propose from a baseline failed"; }
[ ! -s "$out/propose.err" ] || { cat "$out/propose.err" >&2; fail "propose said something on stderr"; }
"$iogate" lint "$out/p.toml" > "$out/lint.log" 2>&1 || { cat "$out/lint.log" "$out/p.toml" >&2; fail "proposal does not lint"; }
assert_contains "$out/lint.log" "ok \(suite b, 3 checks\)" "suite named after the baseline file"
assert_contains "$out/p.toml" "^# Proposed by .iogate propose. from .*b.json \(iogate baseline\)" "header"
assert_contains "$out/p.toml" "^# Measured .* on host $(hostname), datastore .*, 3 runs:" "when and where"
assert_contains "$out/p.toml" "^# Stack: filesystem " "stack per check"
assert_contains "$out/p.toml" "^# Margin 20%: rates may fall to 80% of the recorded median" "margin stated"

# The bounds: each shape's keys, at the margin (or wider) from the baseline's medians.
$py - "$out/p.toml" "$out/b.json" <<'PY' || fail "proposed bounds"
import json, statistics, sys, tomllib
p = tomllib.load(open(sys.argv[1], "rb"))
b = json.load(open(sys.argv[2]))["checks"]
want = {"rand_read_4k": ["iops_min", "mbps_min"], "seq_write_1m": ["duration_max"],
        "paced_read": ["latency_p99_max", "iops_min"]}
def seconds(text):
    for unit, f in (("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9), ("s", 1.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * f
    raise SystemExit(f"no unit in {text}")
for c in p["check"]:
    keys = list(c["expect"])
    assert keys == want[c["name"]], (c["name"], keys)
    m = b[c["name"]]["metrics"]
    med = lambda k: statistics.median(m[k]["samples"])
    for k, v in c["expect"].items():
        if k == "iops_min":
            assert 0 < v <= 0.8 * med("iops"), (c["name"], k, v, med("iops"))
        elif k == "mbps_min":
            assert 0 < v <= 0.8 * med("mbps"), (c["name"], k, v, med("mbps"))
        elif k == "duration_max":
            assert seconds(v) >= med("duration_s") / 0.8, (c["name"], k, v, med("duration_s"))
        elif k == "latency_p99_max":
            assert seconds(v) * 1e3 >= med("latency_p99_ms") / 0.8, (c["name"], k, v)
assert "description" not in p["check"][0]  # a baseline keeps none
print("bounds ok")
PY

# The workloads run are the recorded ones, key by key (the seed aside: every run draws one).
"$iogate" check "$out/p.toml" --datastore "$ds" --json-dir "$out/proposed-run" > "$out/check.log" 2>&1 ||
  true  # on a shared machine a tiny check may miss its floor; what ran is what is checked here
$py - "$out/proposed-run" "$out/b.json" <<'PY' || { cat "$out/check.log" >&2; fail "workloads differ"; }
import json, os, sys
b = json.load(open(sys.argv[2]))["checks"]
seen = 0
for f in sorted(os.listdir(sys.argv[1])):
    doc = json.load(open(os.path.join(sys.argv[1], f)))
    if doc.get("format") != "iogate-check":
        continue
    assert doc["status"] != "error", (doc["check"], doc["messages"])
    ran = dict(doc["workload"]); ran.pop("seed", None)
    assert ran == b[doc["check"]]["workload"], (doc["check"], ran, b[doc["check"]]["workload"])
    seen += 1
assert seen == 3, seen
print("workloads ok")
PY

# 1b. Runs that spread too widely for a positive floor: that check is left out, said on stderr and
# in the file, and the others are still proposed.
"$iogate" propose "$out/b-wide.json" > "$out/wide.toml" 2> "$out/wide.err" ||
  { cat "$out/wide.err" >&2; fail "propose with one widely spread check failed"; }
assert_contains "$out/wide.err" "^iogate propose: left out rand_read_4k: no positive iops_min follows from iops .* over 3 runs \(the runs spread too widely" "wide spread on stderr"
assert_contains "$out/wide.toml" "^# Left out: rand_read_4k: no positive iops_min" "wide spread in the file"
"$iogate" lint "$out/wide.toml" | grep -q "2 checks" || fail "the widely spread check is still in the file"

# 2. -o: written whole, refused over an existing file, replaced with --force.
"$iogate" propose "$out/b.json" -o "$out/p2.toml" > "$out/o.log" 2>&1 || { cat "$out/o.log" >&2; fail "propose -o"; }
assert_contains "$out/o.log" "^wrote $out/p2.toml: suite b, 3 checks, margin 20%$" "-o says what it wrote"
cmp -s "$out/p.toml" "$out/p2.toml" || fail "-o and stdout differ"
sum=$(md5sum < "$out/p2.toml")
set +e
"$iogate" propose "$out/b.json" -o "$out/p2.toml" --margin 50% > "$out/exists.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "-o over an existing file: exit $rc, expected 2"
assert_contains "$out/exists.log" "p2.toml: exists; give --force to replace it" "refusal"
[ "$(md5sum < "$out/p2.toml")" = "$sum" ] || fail "an existing file was changed without --force"
"$iogate" propose "$out/b.json" -o "$out/p2.toml" --margin 50% --force --suite mine --profile nightly \
  > /dev/null 2>&1 || fail "--force"
assert_contains "$out/p2.toml" "^# Margin 50%: rates may fall to 50%" "--force replaced it"
assert_contains "$out/p2.toml" '^name = "mine"$' "--suite"
assert_contains "$out/p2.toml" '^profile = "nightly"$' "--profile"
ls "$out" | grep -q 'p2.toml.' && fail "a temporary file was left: $(ls "$out")"

# 3. From results: a run document and a directory of check documents; the suite keeps its name.
"$iogate" check "$out/gate.toml" --datastore "$ds" --json "$out/results.json" --json-dir "$out/res" \
  > "$out/results.log" 2>&1 || { cat "$out/results.log" >&2; fail "the recording run failed"; }
for from in "$out/results.json" "$out/res" "$out/res/rand_read_4k.json"; do
  "$iogate" propose "$from" -o "$out/from-results.toml" --force > "$out/r.log" 2>&1 ||
    { cat "$out/r.log" >&2; fail "propose from $from"; }
  "$iogate" lint "$out/from-results.toml" > "$out/lint.log" 2>&1 || fail "proposal from $from does not lint"
  assert_contains "$out/from-results.toml" '^name = "gate"$' "suite name from $from"
  assert_contains "$out/from-results.toml" "^# Measured .* 1 run, status pass:" "one run from $from"
  assert_contains "$out/from-results.toml" "one run: no spread known" "no spread from $from"
done
assert_contains "$out/from-results.toml" '^description = "random 4k reads, \\"quoted\\""$' "description kept"

# A check that errored is left out, said on stderr and in the file; all errored: exit 2.
$py - "$out/results.json" "$out/one-error.json" "$out/all-error.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["checks"][1]["status"] = "error"; doc["checks"][1]["messages"] = ["write failed: EIO"]
json.dump(doc, open(sys.argv[2], "w"))
for c in doc["checks"]:
    c["status"] = "error"
json.dump(doc, open(sys.argv[3], "w"))
PY
"$iogate" propose "$out/one-error.json" > "$out/one.toml" 2> "$out/one.err" || fail "one errored check failed the proposal"
assert_contains "$out/one.err" "^iogate propose: left out seq_write_1m: it ended in an error in that run: write failed: EIO$" "left out on stderr"
assert_contains "$out/one.toml" "^# Left out: seq_write_1m: it ended in an error" "left out in the file"
"$iogate" lint "$out/one.toml" | grep -q "2 checks" || fail "left-out check still in the file"

# 4. Bad input: exit 2, a message naming what was wrong, nothing written.
expect_refused() {  # pattern args...
  local pattern=$1 rc
  shift
  set +e
  "$iogate" propose "$@" -o "$out/never.toml" > "$out/bad.log" 2>&1
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$out/bad.log" >&2; fail "propose $*: exit $rc, expected 2"; }
  assert_contains "$out/bad.log" "$pattern" "propose $*"
  [ ! -e "$out/never.toml" ] || fail "propose $*: wrote a file"
}
echo 'not json' > "$out/text.json"
mkdir -p "$out/empty"
expect_refused "none.json: cannot open: No such file or directory" "$out/none.json"
expect_refused "text.json: not JSON" "$out/text.json"
expect_refused 'gate.toml: not JSON' "$out/gate.toml"
expect_refused "empty: no iogate check results in this directory" "$out/empty"
expect_refused "no check to propose bounds from; nothing written" "$out/all-error.json"
expect_refused '--margin 0%: expected a share above 0% and below 100%' "$out/b.json" --margin 0%
expect_refused '--margin 100%: expected a share above 0% and below 100%' "$out/b.json" --margin 100%
expect_refused '--margin abc' "$out/b.json" --margin abc
expect_refused "--suite bad-name: expected letters, digits and '_'" "$out/b.json" --suite bad-name
set +e
"$iogate" propose "$out/b.json" -o "$out/no/such/dir/p.toml" > "$out/bad.log" 2>&1; rc=$?
"$iogate" propose "$out/b.json" -o "$out/empty" > "$out/dir.log" 2>&1; rc_dir=$?
set -e
[ "$rc" = 2 ] || fail "-o into a missing directory: exit $rc"
assert_contains "$out/bad.log" "write into .*no/such/dir: No such file or directory; nothing written" "missing directory"
[ "$rc_dir" = 2 ] || fail "-o a directory: exit $rc_dir"
assert_contains "$out/dir.log" "write .*empty: Is a directory" "-o a directory"

# A recording whose check name no threshold file can hold (tests/data/reports/results.json names
# one with '<', '&', '"' and a control character): left out by name, shown printably, and the rest
# proposed; the proposal lints, and the control character reaches neither the terminal nor the
# file.
hostile="$(cd "$(dirname "$0")/.." && pwd)/data/reports/results.json"
set +e
"$iogate" propose "$hostile" -o "$out/hostile.toml" > /dev/null 2> "$out/hostile.err"; rc=$?
set -e
[ "$rc" = 0 ] || { cat "$out/hostile.err"; fail "a hostile check name: exit $rc"; }
assert_contains "$out/hostile.err" "not a name a threshold file can give a check" "hostile name"
if LC_ALL=C grep -q "$(printf '\001')" "$out/hostile.err" "$out/hostile.toml"; then
  fail "a control character reached the terminal or the proposal"
fi
"$iogate" lint "$out/hostile.toml" > /dev/null || fail "the proposal does not lint"
assert_no_scratch "$ds"
echo PASS
