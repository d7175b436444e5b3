#!/usr/bin/env bash
# iogate compare reads whatever iogate check writes (results.json of --json, a --json-dir
# directory, one check's JSON in it) as well as a baseline; it refuses, naming the file and the
# key and saying which documents it reads, a document of another kind and figures that disagree
# with their own counts or exceed what any run measures (exit 2, nothing on stdout); and no
# refusal of compare, propose or check --baseline shows a value of the file (a 0600 file's
# "format" once reached the log).
# Usage: compare_inputs_test.sh <iogate>
source "$IOGATE_E2E_LIB"
iogate=$1
ds=$(new_datastore)
trap cleanup_datastores EXIT
out=$E2E_DIR
py=/usr/bin/python3
secret="sk-LIVE-SECRET-TOKEN-$$"

expect_exit() {  # expected-rc log command...
  local want=$1 log=$2; shift 2
  set +e; "$@" > "$log" 2> "$log.err"; local rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log" "$log.err" >&2; fail "exit $rc, expected $want: $*"; }
}

cat > "$out/gate.toml" <<'TOML'
[suite]
name = "gate"
[[check]]
name = "read_4k"
[check.workload]
block_size = "4k"
read = "100%"
size = "2MiB"
file_size = "2MiB"
direct = false
[check.expect]
iops_min = 1
TOML
"$iogate" baseline record "$out/gate.toml" --datastore "$ds" --out "$out/b.json" --repeat 3 \
  --repeat-max 3 > "$out/record.log" 2>&1 || { cat "$out/record.log" >&2; fail "baseline record"; }
"$iogate" check "$out/gate.toml" --datastore "$ds" --json "$out/results.json" \
  --json-dir "$out/dir" > "$out/check.log" 2>&1 || { cat "$out/check.log" >&2; fail "check"; }

# Every document check writes compares (exit 0 or 1: a verdict, never bad input).
for results in "$out/results.json" "$out/dir" "$out/dir/read_4k.json" "$out/b.json"; do
  set +e; "$iogate" compare "$out/b.json" "$results" > "$out/c.log" 2>&1; rc=$?; set -e
  [ "$rc" -lt 2 ] || { cat "$out/c.log" >&2; fail "compare with $results: exit $rc"; }
  assert_contains "$out/c.log" "^read_4k +iops " "compare with $results"
done

# Another document: refused with what compare reads, and nothing of the file.
$py - "$out/results.json" "$out/secret.json" "$secret" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["format"] = sys.argv[3]
json.dump(doc, open(sys.argv[2], "w"))
PY
# Without "checks" it is no results document either.
$py -c 'import json, sys; json.dump({"format": sys.argv[2]}, open(sys.argv[1], "w"))' \
  "$out/other.json" "$secret"
chmod 600 "$out/secret.json" "$out/other.json"
expect_exit 2 "$out/other.log" "$iogate" compare "$out/b.json" "$out/other.json" --json
assert_contains "$out/other.log.err" "other.json: format: expected a baseline .*iogate-results.* or that directory; got a string \(value not shown\)" "what compare reads"
[ ! -s "$out/other.log" ] || fail "a refused compare wrote to stdout"
for cmd in "compare $out/secret.json $out/b.json" "compare $out/b.json $out/other.json" \
  "propose $out/other.json" "check $out/gate.toml --datastore $ds --baseline $out/secret.json"; do
  expect_exit 2 "$out/leak.log" $iogate $cmd
  ! grep -q -- "$secret" "$out/leak.log" "$out/leak.log.err" || fail "$cmd: the file's value is shown"
  assert_contains "$out/leak.log.err" "(secret|other).json: format: expected .*\(value not shown\)" "$cmd"
done

# Figures that disagree with their own counts, or above what any run measures: refused by name.
edit() {  # from to python-statement
  $py - "$1" "$2" "$3" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(doc, open(sys.argv[2], "w"))
PY
}
edit "$out/dir/read_4k.json" "$out/huge.json" 'doc["result"]["iops"] = 1e300'
edit "$out/results.json" "$out/half.json" 'doc["checks"][0]["result"]["iops"] = 0.5'
edit "$out/b.json" "$out/b-huge.json" 'doc["checks"]["read_4k"]["metrics"]["iops"]["samples"][0] = 1e300'
edit "$out/b.json" "$out/b-half.json" 'doc["checks"]["read_4k"]["metrics"]["iops"]["samples"][1] = 0.5'
expect_exit 2 "$out/huge.log" "$iogate" compare "$out/b.json" "$out/huge.json"
assert_contains "$out/huge.log.err" "huge.json: result.iops: expected ios / duration_s \(to 6 significant digits\), got another number \(value not shown\)" "1e300"
expect_exit 2 "$out/half.log" "$iogate" compare "$out/b.json" "$out/half.json"
assert_contains "$out/half.log.err" "half.json: checks\[0\].result.iops: expected ios / duration_s" "0.5"
expect_exit 2 "$out/b-huge.log" "$iogate" compare "$out/b-huge.json" "$out/b.json"
assert_contains "$out/b-huge.log.err" "b-huge.json: checks.read_4k.metrics.iops.samples\[0\]: expected at most .* IOPS \(the most any run can measure\)" "baseline 1e300"
expect_exit 2 "$out/b-half.log" "$iogate" check "$out/gate.toml" --datastore "$ds" --baseline "$out/b-half.json"
assert_contains "$out/b-half.log.err" "b-half.json: checks.read_4k.metrics.mbps.samples\[1\]: expected iops.samples\[1\] times the workload's block size" "baseline 0.5"
for log in huge half b-huge b-half; do
  [ ! -s "$out/$log.log" ] || fail "$log: a refused command wrote to stdout"
  ! grep -q "e+300\|0\.5" "$out/$log.log.err" || fail "$log: the figure is shown"
done
echo "PASS"
