#!/usr/bin/env bash
# Baselines end to end: record a tiny check twice over, check against the baseline (a pass or,
# on a noisy machine, unstable — never an error), compare two recordings, and the two baseline
# errors a user meets first: no baseline named skips, a named one that is missing is an error
# (exit 2), a changed workload fails; a baseline with zero samples or without the figure compared
# is refused, and one of another host is named on the check, or refused with --strict-baseline.
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

# No baseline named: skipped with the reason, exit 0.
env -u IOGATE_BASELINE "$iogate" check "$out/gate.toml" --datastore "$ds" > "$out/skip.log" 2>&1 ||
  fail "a check with relative bounds and no baseline named must skip, not fail"
assert_contains "$out/skip.log" "SKIP seq_read_64k: skipped: relative bounds" "skip"

# A baseline named but missing (a typo): exit 2 before anything runs, not a skip that passes.
for how in flag env; do
  set +e
  if [ "$how" = flag ]; then
    "$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/none.json" > "$out/missing.log" 2>&1
  else
    IOGATE_BASELINE="$out/none.json" "$iogate" check "$out/gate.toml" --datastore "$ds" > "$out/missing.log" 2>&1
  fi
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$out/missing.log" >&2; fail "missing baseline by $how: exit $rc, expected 2"; }
  assert_contains "$out/missing.log" "^iogate: baseline .*none.json: cannot open: No such file or directory: record it with" "missing by $how"
  if grep -q "SKIP\|seq_read_64k " "$out/missing.log"; then fail "missing baseline by $how: a check ran"; fi
done

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

# A baseline that cannot honour the comparison is refused, never a pass or a quiet skip: zero
# samples (once PASS with a 300-digit ratio) at load (exit 2), a figure it lacks (once SKIPPED,
# exit 0) as the check's error.
edit_baseline() {  # out python-statement
  /usr/bin/python3 - "$out/b.json" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(doc, open(sys.argv[2], "w"))
PY
}
edit_baseline "$out/zero.json" 'doc["checks"]["seq_read_64k"]["metrics"]["mbps"]["samples"] = [0, 0, 0]'
set +e
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/zero.json" > "$out/zero.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || { cat "$out/zero.log" >&2; fail "zero baseline: exit $rc, expected 2"; }
assert_contains "$out/zero.log" "zero.json: checks.seq_read_64k.metrics.mbps.samples\[0\]: expected a positive number" "zero samples"
edit_baseline "$out/nombps.json" 'del doc["checks"]["seq_read_64k"]["metrics"]["mbps"]'
if "$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/nombps.json" > "$out/nombps.log" 2>&1; then
  fail "a baseline without the figure compared must not pass"
fi
assert_contains "$out/nombps.log" "check \"seq_read_64k\" has no mbps figure for mbps_min to compare with" "missing figure"

# lint weighs relative bounds against the baseline's runs: 3 runs against 3 can never reach the 1%
# a FAIL needs (the gate that once ended UNSTABLE for ever), and lint says which repeat_max can.
edit_baseline "$out/three.json" 'm = doc["checks"]["seq_read_64k"]["metrics"]
for k in m: m[k]["samples"] = m[k]["samples"][:3]'
sed 's/^repeat = 3$/repeat = 3\nrepeat_max = 3/' "$out/gate.toml" > "$out/toothless.toml"
"$iogate" lint "$out/toothless.toml" --baseline "$out/three.json" > "$out/lint-three.log" 2>&1 ||
  { cat "$out/lint-three.log" >&2; fail "lint of a gate that cannot fail must still exit 0"; }
assert_contains "$out/lint-three.log" "toothless.toml: check seq_read_64k: warning: mbps_min can never fail: 3 runs against a baseline of 3 cannot reach the 1% level a FAIL needs; repeat_max = 4 can" "lint against a baseline of 3"
"$iogate" lint "$out/gate.toml" --baseline "$out/three.json" > "$out/lint-twenty.log" 2>&1
if grep -q warning "$out/lint-twenty.log"; then fail "20 runs against 3 can fail: $(cat "$out/lint-twenty.log")"; fi

# A baseline of another host is named on the check's lines (it passes), and refused with
# --strict-baseline or IOGATE_STRICT_BASELINE=1 before any I/O: exit 2, the check never started,
# the datastore not touched (its entries and its own mtime, which a scratch directory made and
# removed would change).
edit_baseline "$out/elsewhere.json" 'doc["host"] = "db01"'
"$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/elsewhere.json" > "$out/elsewhere.log" 2>&1 ||
  { cat "$out/elsewhere.log" >&2; fail "a baseline of another host is named, not refused, by default"; }
assert_contains "$out/elsewhere.log" "^  changed since the baseline: host db01 → $(hostname)" "host named"
listing() { (cd "$ds" && find . -printf '%p %y %s %T@\n' | sort); }
listing > "$out/ds.before"
for how in flag env; do
  set +e
  if [ "$how" = flag ]; then
    "$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/elsewhere.json" --strict-baseline \
      --json-dir "$out/strict-json" > "$out/strict.log" 2>&1
  else
    IOGATE_STRICT_BASELINE=1 "$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/elsewhere.json" \
      --json-dir "$out/strict-json" > "$out/strict.log" 2>&1
  fi
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$out/strict.log" >&2; fail "strict baseline by $how: exit $rc, expected 2"; }
  assert_contains "$out/strict.log" "^iogate check: baseline .*elsewhere.json was recorded elsewhere \(host db01 → $(hostname)\), and --strict-baseline" "strict by $how"
  if grep -q "seq_read_64k\|^iogate check .* on " "$out/strict.log"; then
    cat "$out/strict.log" >&2; fail "strict baseline by $how: the check started"
  fi
  listing | cmp -s - "$out/ds.before" ||
    { listing | diff "$out/ds.before" - >&2; fail "strict baseline by $how: the datastore was touched"; }
  [ ! -e "$out/strict-json" ] || fail "strict baseline by $how: a result was written"
done
set +e
"$iogate" compare "$out/elsewhere.json" "$out/b.json" --strict-baseline > "$out/strict-compare.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || { cat "$out/strict-compare.log" >&2; fail "compare --strict-baseline: exit $rc, expected 2"; }
assert_contains "$out/strict-compare.log" "recorded elsewhere than .*b.json \(host db01 → $(hostname)\)" "strict compare"

# compare: a baseline against itself has no regression; against a far faster one, it has.
"$iogate" compare "$out/b.json" "$out/b.json" > "$out/compare.log" || fail "self-compare regressed"
# Never REGRESSED; "undecided" when the three samples spread wide (a loaded machine), since a
# sample held against itself gives a ratio interval as wide as its own spread.
assert_contains "$out/compare.log" "seq_read_64k +MB/s .* (ok|undecided) \\(" "compare row"
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
# --json: the same verdicts for scripts, the same exit status.
rc=0; "$iogate" compare "$out/fast.json" "$out/b.json" --json > "$out/regress.json" || rc=$?
[ "$rc" = 1 ] || fail "compare --json on a regression exited $rc, expected 1"
/usr/bin/python3 - "$out/regress.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "iogate-compare" and d["regressions"] >= 1, d
rows = {(r["check"], r["metric"]): r for r in d["rows"]}
r = rows[("seq_read_64k", "mbps")]
assert r["verdict"] == "REGRESSED" and r["delta_pct"] < -90 and r["interval"], r
assert all(r["verdict"] in ("ok", "REGRESSED", "undecided", "info") for r in d["rows"]), d["rows"]
PY

# compare with nothing in common (a baseline of another suite) compares nothing: exit 2, not
# "0 regressions".
/usr/bin/python3 - "$out/b.json" "$out/other.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["checks"] = {"other_check": d["checks"]["seq_read_64k"]}
json.dump(d, open(sys.argv[2], "w"))
PY
set +e
"$iogate" compare "$out/other.json" "$out/b.json" > "$out/disjoint.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || { cat "$out/disjoint.log" >&2; fail "compare with nothing in common: exit $rc, expected 2"; }
assert_contains "$out/disjoint.log" "have no check in common \(baseline: other_check; results: seq_read_64k\)" "disjoint compare"
if grep -q "regressions" "$out/disjoint.log"; then fail "disjoint compare still printed a regression count"; fi

# A directory given to compare names the path.
set +e
"$iogate" compare "$out" "$out/b.json" > "$out/dir.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "compare DIR: exit $rc, expected 2"
assert_contains "$out/dir.log" "^iogate: $out: is a directory, expected a baseline \(JSON\)" "compare dir"

"$iogate" fingerprint --datastore "$ds" > "$out/fp.log"
assert_contains "$out/fp.log" "^filesystem " "fingerprint"
# --json: the same fields, in the results' encoding, for scripts.
"$iogate" fingerprint --datastore "$ds" --json > "$out/fp.json"
/usr/bin/python3 - "$out/fp.json" "$out/fp.log" "$ds" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["datastore"] == sys.argv[3], doc
text = {line.split()[0] for line in open(sys.argv[2]) if line.strip()}
assert doc["storage_stack"]["filesystem"] and text <= set(doc["storage_stack"]), (text, doc)
PY

assert_no_scratch "$ds"
echo PASS
