# iogate lint / run / check as a user calls them: exit codes, messages, JSON, cleanup.
iogate=$1; src=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
out=$(mktemp -d "${TMPDIR:-/tmp}/iogate-cli.XXXXXX"); trap 'cleanup_datastores; rm -rf "$out"' EXIT
ds=$(new_datastore)

# lint: the shipped files are valid; a bad one names file:line:column and exits 2.
"$iogate" lint "$src"/thresholds/*.toml > "$out/lint.txt"
assert_contains "$out/lint.txt" "quick.toml: ok" "lint of the shipped files"
if grep warning "$out/lint.txt"; then fail "a shipped check can never fail"; fi
# A check whose runs can never fail its bound lints (exit 0) with a warning: 3 runs, and 6 pooled
# with the confirming sample, cannot reach 1% (2^-6 = 1.6%); 4 can.
cat > "$out/toothless.toml" <<'TOML'
[suite]
name = "toothless"
[[check]]
name = "r"
repeat_max = 3
[check.workload]
block_size = "4k"
size = "1MiB"
[check.expect]
iops_min = 300
TOML
"$iogate" lint "$out/toothless.toml" > "$out/lint-toothless.txt" || fail "lint of a toothless gate exited non-zero"
assert_contains "$out/lint-toothless.txt" "toothless.toml: check r: warning: iops_min can never fail: 3 runs cannot reach the 1% level a FAIL needs; repeat_max = 4 can" "lint warns of a gate that cannot fail"
cat > "$out/bad.toml" <<'TOML'
[suite]
name = "bad"
[[check]]
name = "w"
[check.workload]
block_size = "8q"
size = "1MiB"
[check.expect]
iops_min = 1
TOML
set +e; "$iogate" lint "$out/bad.toml" 2> "$out/lint-bad.txt"; rc=$?; set -e
[ "$rc" -eq 2 ] || fail "lint of a bad file exited $rc, expected 2"
assert_contains "$out/lint-bad.txt" "bad.toml:6:[0-9]+: .*block_size.*" "lint error location"

# check on a bad file exits 2 and writes nothing to the datastore.
set +e; "$iogate" check "$out/bad.toml" --datastore "$ds" > /dev/null 2>&1; rc=$?; set -e
[ "$rc" -eq 2 ] || fail "check of a bad file exited $rc, expected 2"
[ -z "$(ls -A "$ds")" ] || fail "a bad threshold file wrote to the datastore: $(ls -A "$ds")"

# An installed iogate has no datastore of its own: without --datastore or IOGATE_DATASTORE it
# refuses (exit 2) and says how to name one; a named datastore that does not exist is refused
# too, never created (an unmounted array must not become a directory on the root disk).
for cmd in "run --bs 4k --size 1MiB" "check $E2E_GATE_TOML"; do
  set +e; env -u IOGATE_DATASTORE "$iogate" $cmd > "$out/none.txt" 2> "$out/none.err"; rc=$?; set -e
  [ "$rc" -eq 2 ] || { cat "$out/none.err"; fail "$cmd without a datastore exited $rc, expected 2"; }
  assert_contains "$out/none.err" "no datastore named: pass --datastore DIR or set IOGATE_DATASTORE" \
    "$cmd without a datastore says how to name one"
  set +e; "$iogate" $cmd --datastore "$ds/array/iogate" > /dev/null 2> "$out/missing.err"; rc=$?
  set -e
  [ "$rc" -eq 2 ] || { cat "$out/missing.err"; fail "$cmd on a missing datastore exited $rc"; }
  assert_contains "$out/missing.err" "datastore $ds/array/iogate does not exist" \
    "$cmd on a missing datastore names it"
  [ ! -e "$ds/array" ] || fail "$cmd created the missing datastore $ds/array/iogate"
done

# On tmpfs, I/O measures memory, direct or buffered: said, not silently passed off as storage.
if shm=$(mktemp -d /dev/shm/iogate-e2e.XXXXXX 2> /dev/null); then
  "$iogate" run --bs 4k --size 1MiB --file-size 1MiB --datastore "$shm" > /dev/null 2> "$out/shm.err" ||
    { rm -rf "$shm"; cat "$out/shm.err"; fail "run on tmpfs failed"; }
  "$iogate" run --bs 4k --size 1MiB --file-size 1MiB --direct 0 --datastore "$shm" > /dev/null \
    2> "$out/shm-buffered.err" || { rm -rf "$shm"; cat "$out/shm-buffered.err"; fail "buffered run on tmpfs failed"; }
  rm -rf "$shm"
  assert_contains "$out/shm.err" "warning: run: datastore $shm is on tmpfs, which is memory: this measures memory, not storage \\(direct = true" \
    "direct I/O on tmpfs warns"
  assert_contains "$out/shm-buffered.err" "warning: run: datastore $shm is on tmpfs, which is memory: this measures memory, not storage$" \
    "buffered I/O on tmpfs warns too"
fi

# run: a size-based write prints the table row and writes exact figures as JSON.
"$iogate" run --bs 4k --size 8MiB --read 0 --random 0 --datastore "$ds" --json "$out/run.json" \
  > "$out/run.txt"
assert_contains "$out/run.txt" "^iogate run on $ds\$" "run says which datastore it measures"
assert_contains "$out/run.txt" "Total I/O/sec" "run prints the table header"
assert_contains "$out/run.txt" "^\| run " "run prints its row"
/usr/bin/python3 - "$out/run.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]
for k in ["iops", "mbps", "bytes", "ios", "lat_avg_ms", "lat_max_ms", "lat_p99_ms", "cpu_pct",
          "duration_s"]:
    assert k in r, k
assert r["bytes"] == 8 << 20, r["bytes"]
assert r["ios"] == 2048, r["ios"]
assert r["iops"] > 0 and r["duration_s"] > 0
PY
assert_no_scratch "$ds"

# check: a reachable file passes (exit 0); an unreachable one fails (exit 1) with the one-line
# verdict; both leave the datastore clean.
cp "$E2E_GATE_TOML" "$out/gate.toml"
set +e; "$iogate" check "$out/gate.toml" --datastore "$ds" --json-dir "$out/json" > "$out/check.txt"
rc=$?; set -e
[ "$rc" -eq 1 ] || { cat "$out/check.txt"; fail "check with an unreachable threshold exited $rc"; }
assert_contains "$out/check.txt" "^\| tiny_write .*PASS" "reachable check passes"
assert_contains "$out/check.txt" \
  "unreachable_iops: iops [0-9.]+ IOPS \((one run|median of [0-9]+ runs)\) < iops_min 1000000000000.00 IOPS: interval .*; the table's row, (the run|run [0-9]+ of [0-9]+|run [0-9]+ of the second sample's [0-9]+): iops [0-9.]+ IOPS, [0-9.]+ [KMG]?i?B at" \
  "one-line verdict"
# The shortfall was weighed again after the check's pause, and the line under it says so.
assert_contains "$out/check.txt" \
  "^  persisted: first sample at [0-9T:.-]+Z: iops .*: broken; after a 1 s pause: iops .*: broken$" \
  "confirmation line"
# In a log (not a terminal) the table is whole: the pause's note and each check's verdict come
# while the checks run, then the header and, under it, only rows and the lines indented under
# them, up to the FAIL lines and the count.
/usr/bin/python3 - "$out/check.txt" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
header = [i for i, l in enumerate(lines) if l.startswith("| Test Name")]
assert len(header) == 1, lines
pause = [i for i, l in enumerate(lines) if "pause confirms it or not" in l]
assert pause and pause[0] < header[0], lines
assert lines.index("unreachable_iops: FAIL") < header[0], lines
end = next(i for i, l in enumerate(lines) if l.startswith("FAIL "))
table = lines[header[0] + 1:end]
assert [l.split("|")[1].strip() for l in table if l.startswith("| ")] == ["tiny_write", "unreachable_iops"], table
assert all(l.startswith("| ") or l.startswith("  ") for l in table), table
# The failure line gives the figure of the run the row shows as the row prints it.
row = [l for l in table if l.startswith("| unreachable_iops")][0]
failure = [l for l in lines if l.startswith("FAIL unreachable_iops: ")][0]
shown = failure.split("; the table's row, ")[1].split(": iops ")[1].split(" IOPS")[0]
assert shown == row.split("|")[2].strip(), (shown, row)
PY
[ -f "$out/json/tiny_write.json" ] || fail "no JSON result for tiny_write"
assert_no_scratch "$ds"
# --filter runs only the checks it selects (GoogleTest's syntax, the ctest name too); one that
# selects nothing is a typo: exit 2, the file's checks named, nothing run.
set +e; "$iogate" check "$out/gate.toml" --datastore "$ds" --filter 'gate.tiny_*' > "$out/filter.txt"
rc=$?; set -e
[ "$rc" -eq 0 ] || { cat "$out/filter.txt"; fail "check --filter 'gate.tiny_*' exited $rc, expected 0"; }
assert_contains "$out/filter.txt" "^1 check: 1 passed" "the filter ran the one check it selects"
set +e; "$iogate" check "$out/gate.toml" --datastore "$ds" --filter '-unreachable_*:tiny_*' \
  > "$out/filter-none.txt" 2>&1; rc=$?; set -e
[ "$rc" -eq 2 ] || { cat "$out/filter-none.txt"; fail "a filter selecting nothing exited $rc, expected 2"; }
assert_contains "$out/filter-none.txt" \
  '^iogate check: --filter "-unreachable_\*:tiny_\*" selects no check of gate \(its checks: tiny_write, unreachable_iops\)$' \
  "a filter selecting nothing is named"
assert_no_scratch "$ds"
# An unknown subcommand or option is named with the closest valid one; nothing runs (exit 2).
set +e; "$iogate" chek "$out/gate.toml" > "$out/chek.txt" 2>&1; rc=$?; set -e
[ "$rc" -eq 2 ] || { cat "$out/chek.txt"; fail "an unknown subcommand exited $rc, expected 2"; }
assert_contains "$out/chek.txt" '^iogate: unknown subcommand "chek"; did you mean "check"\?$' \
  "unknown subcommand named with the closest"
set +e; "$iogate" run --bs 4k --size 1MiB --datastor "$ds" > "$out/datastor.txt" 2>&1; rc=$?; set -e
[ "$rc" -eq 2 ] || { cat "$out/datastor.txt"; fail "an unknown option exited $rc, expected 2"; }
assert_contains "$out/datastor.txt" \
  '^iogate run: unknown option "--datastor"; did you mean "--datastore"\?$' \
  "unknown option named with the closest"
! grep -q "Total I/O/sec" "$out/datastor.txt" || fail "a run with an unknown option ran"

# --version says which engines are built in and usable here; a disabled one says why.
"$iogate" --version > "$out/version.txt"
assert_contains "$out/version.txt" '^iogate [0-9]+\.[0-9]+\.[0-9]+$' "version line"
assert_contains "$out/version.txt" '^  psync +usable$' "psync usable"
assert_contains "$out/version.txt" '^  io_uring +' "io_uring listed"
# A typo in the list is refused before anything runs, never a list that disables nothing.
set +e; IOGATE_DISABLE_ENGINES=io-uring "$iogate" --version > /dev/null 2> "$out/disable-typo.err"; rc=$?; set -e
[ "$rc" -eq 2 ] || fail "IOGATE_DISABLE_ENGINES=io-uring exited $rc, expected 2"
assert_contains "$out/disable-typo.err" '^iogate: IOGATE_DISABLE_ENGINES: unknown engine "io-uring"' "a typo in the disabled engines"
IOGATE_DISABLE_ENGINES=libaio "$iogate" --version > "$out/version-disabled.txt"
assert_contains "$out/version-disabled.txt" \
  '^  libaio +(built in, not usable here: disabled by IOGATE_DISABLE_ENGINES|not built in)$' \
  "a disabled engine says why"

# run shows check's progress line on a terminal (script(1) gives it one).
script -qec "'$iogate' run --bs 64k --time 3s --file-size 16MiB --datastore '$ds'" /dev/null \
  > "$out/tty.txt"
assert_contains "$out/tty.txt" 'run: [0-9.]+ MiB, [0-9.]+ MB/s, ETA [0-9]+:[0-9]{2}' \
  "run's progress line on a terminal"
assert_no_scratch "$ds"
echo "cli: ok"
